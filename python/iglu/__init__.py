"""IGLU Workbench from Python: the fast, reference-exact IGLU environment and the catalog.

* :mod:`iglu.gridworld` — a drop-in for the reference ``gridworld`` package (GridWorld, Task, Tasks).
* :class:`iglu.Env` — Gymnasium-style single environment (zero-copy observation views).
* :class:`iglu.VectorEnv` — N environments stepped in C++ threads per call.
* :class:`iglu.Catalog` — tasks, labels, experiments; recording any agent's episodes.
* :class:`iglu.ReferenceRecorder` — records the reference GridWorld and checks it against ours.
* :class:`iglu.RolloutWriter` — episodes to a rollout file for `iglu import rollouts`.
* :func:`iglu.serve_agent` — a policy as an agent process of architect sessions (docs/agent_protocol.md).
* Functions: :func:`maximal_intersection`, :func:`scores`, :func:`iglu2022_scores`,
  :func:`auto_label`, :func:`render_pov`, :func:`to_dense`, :func:`to_sparse`,
  :func:`read_tasks`.
"""
from __future__ import annotations

from . import _iglu
from ._iglu import (Episode, InvalidAction, EnvOptionError, auto_label, iglu2022_scores, intersection_at,
                    maximal_intersection, render_pov, scores, to_dense, to_sparse)
from . import _gymnasium, gridworld, spaces
from .catalog import Catalog, ExperimentRecording, RolloutWriter
from .env import Env
from .gridworld.tasks.task import Task
from .reference import ReferenceRecorder
from .serve_agent import serve_agent
from .vector import VectorEnv

__version__ = _iglu.__version__
_gymnasium.register()    # iglu/IGLU-v0 when gymnasium is importable


def read_tasks(path: str) -> list:
    """A JSON Lines task list (tasks.jsonl: id, instruction, starting_blocks, target_blocks) as
    :class:`iglu.gridworld.Task` objects. Errors name the file, line and field."""
    return [Task.from_dict(d) for d in _iglu._read_task_list(str(path))]


__all__ = ["Catalog", "Env", "Episode", "EnvOptionError", "ExperimentRecording", "InvalidAction", "ReferenceRecorder", "RolloutWriter",
           "Task", "VectorEnv", "auto_label", "gridworld", "iglu2022_scores", "intersection_at", "maximal_intersection",
           "read_tasks", "render_pov", "scores", "serve_agent", "spaces", "to_dense", "to_sparse"]
