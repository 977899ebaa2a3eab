"""``iglu.gridworld``: a drop-in for the reference IGLU ``gridworld`` package (iglu-contest/gridworld),
module by module: ``env`` (GridWorld, create_env, SizeReward, Wrapper), ``tasks`` (Task, Tasks,
Subtasks, CustomTasks, RandomTasks, DUMMY_TASK), ``data`` (IGLUDataset, SingleTurnIGLUDataset,
CDMDataset), ``wrappers`` and ``visualizer``. Switch existing code by changing its imports::

    import gridworld                             ->  import iglu.gridworld as gridworld
    from gridworld.env import GridWorld          ->  from iglu.gridworld.env import GridWorld
    from gridworld.tasks import DUMMY_TASK       ->  from iglu.gridworld.tasks import DUMMY_TASK

With gym importable, importing it registers ``IGLUGridworld-v0`` and ``IGLUGridworldVector-v0``.
"""
from .env import GridWorld, create_env
from .tasks.task import Task, Tasks

__all__ = ["GridWorld", "Task", "Tasks", "create_env"]
