"""Task classes, as the reference's ``gridworld.tasks``."""
from .task import Task, Tasks

__all__ = ["Task", "Tasks"]
