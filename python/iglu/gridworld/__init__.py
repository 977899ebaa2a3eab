"""``iglu.gridworld``: a drop-in for the reference IGLU ``gridworld`` package's public API.

Switch existing code by changing its imports::

    from gridworld.env import GridWorld          ->  from iglu.gridworld.env import GridWorld
    from gridworld.tasks.task import Task        ->  from iglu.gridworld.tasks.task import Task
    from gridworld import GridWorld, Task        ->  from iglu.gridworld import GridWorld, Task
"""
from .env import GridWorld, create_env
from .tasks.task import Task, Tasks

__all__ = ["GridWorld", "Task", "Tasks", "create_env"]
