"""Task classes, as the reference's ``gridworld.tasks``."""
from .task import Subtasks, Task, Tasks
from .task_set import DUMMY_TASK, CustomTasks, RandomTasks

__all__ = ["DUMMY_TASK", "CustomTasks", "RandomTasks", "Subtasks", "Task", "Tasks"]
