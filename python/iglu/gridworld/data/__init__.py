"""The IGLU datasets, as the reference's ``gridworld.data``."""
from .cdm_dataset import CDMDataset
from .iglu_dataset import IGLUDataset, SingleTurnIGLUDataset
from .load import DatasetUnavailable

__all__ = ["CDMDataset", "DatasetUnavailable", "IGLUDataset", "SingleTurnIGLUDataset"]
