"""``iglu.Env``: the IGLU environment with Gymnasium's API (without depending on gymnasium).

    env = iglu.Env(tasks, action_space="walking", discretize=True, max_steps=250)
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(action)

* ``terminated``: the task is complete (the built structure matches the target's changes);
  ``truncated``: ``max_steps`` steps were taken without completing it.
* ``info``: ``max_intersection`` (target blocks matched at the best alignment), ``target_size``,
  ``precision``, ``recall``, ``f1`` (of the current grid against the target) and ``step``; on
  reset also ``task_id`` and ``task_index``.
* **Observations are read-only numpy views into the environment's buffers, not copies**: the
  same dict and arrays are returned by every call and updated in place by the next ``reset()`` or
  ``step()``. Copy what you keep (``obs["grid"].copy()``, or ``buffer[i] = obs["grid"]``). A view
  keeps its environment alive, so it stays valid (never dangling) after the env is dropped.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np

from . import _iglu
from ._gymnasium import EnvBase
from .gridworld.tasks.task import Task
from .spaces import action_space as _action_space, observation_space as _observation_space

TaskLike = Union[Task, dict]


def as_task(task: TaskLike) -> Task:
    """A gridworld Task from a Task or a task dict (catalog / task list)."""
    if isinstance(task, Task):
        return task
    if isinstance(task, dict):
        return Task.from_dict(task)
    if hasattr(task, "target_grid"):
        return task
    raise TypeError(f"task: expected an iglu.gridworld Task or a task dict, got {type(task).__name__}")


def as_tasks(tasks) -> list:
    if isinstance(tasks, (Task, dict)):
        tasks = [tasks]
    tasks = [as_task(t) for t in tasks]
    if not tasks:
        raise ValueError("tasks: at least one task is needed")
    return tasks


class Env(_iglu.CoreEnv, EnvBase):
    """``Env(tasks, *, record=False, **options)``: options by the reference GridWorld's keyword
    names (``action_space``, ``discretize``, ``max_steps``, ``select_and_place``,
    ``right_placement_scale``, ``wrong_placement_scale``, ``target_in_obs``, ``render``,
    ``render_size``, ``pov_style``, and the corrections ``fix_tunnelling``,
    ``done_after_max_steps``, ``reset_clears_agent_state``). ``render`` defaults to False here.

    Each ``reset(seed=...)`` draws a task uniformly from ``tasks`` (``options={"task": i}`` picks
    task ``i``, ``options={"task": task}`` gives one). With ``record=True`` every episode's steps
    are recorded; :meth:`iglu.Catalog.record` stores them as an experiment. An episode is taken
    only if a fresh environment replays it exactly: the reference's ``reset()`` keeps the active
    colour, vertical speed and pending strafe, so pass ``reset_clears_agent_state=True`` to record
    several episodes with one env. Threads: each call is whole (the GIL is held throughout).
    """

    metadata = {"render_modes": ["rgb_array"]}

    def __init__(self, tasks, *, record: bool = False, render: bool = False, **options):
        super().__init__(render=render, **options)
        self.tasks = as_tasks(tasks)
        opts = self.options
        self.action_space = _action_space(opts["action_space"], opts["discretize"])
        self.observation_space = _observation_space(opts["target_in_obs"], opts["render"], opts["render_size"])
        self.render_mode = "rgb_array" if render else None
        self.np_random = np.random.default_rng()
        self.task: Optional[Task] = None
        self.task_index = -1
        if record:
            self._set_recording(True)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Tuple[dict, dict]:
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
            self.action_space.seed(seed)
        choice = (options or {}).get("task")
        if choice is None:
            index = int(self.np_random.integers(len(self.tasks))) if len(self.tasks) > 1 else 0
            task = self.tasks[index]
        elif isinstance(choice, (int, np.integer)):
            if not 0 <= int(choice) < len(self.tasks):
                raise ValueError(f"options['task']: index {choice} outside 0..{len(self.tasks) - 1}")
            index, task = int(choice), self.tasks[int(choice)]
        else:
            index, task = -1, as_task(choice)
        if task is not self.task:
            self._set_task(task)
        self.task, self.task_index = task, index
        self._reset()
        info = self._info()
        info["task_id"] = task.task_id
        info["task_index"] = index
        return self._observation_views(), info

    # step(action) -> (obs, reward, terminated, truncated, info): the C++ method itself (no
    # Python frame per step). A bad action raises ValueError naming the field; the environment
    # is unchanged.
    step = _iglu.CoreEnv._step_views

    def render(self) -> np.ndarray:
        """The first-person view (uint8 (H, W, 3)) of the current state."""
        x, y, z = self.position
        yaw, pitch = self.rotation
        size = self.options["render_size"]
        return _iglu.render_pov(self.grid, (x, y, z, yaw, pitch), tuple(size), self.options["pov_style"])

    def close(self) -> None:
        pass

    def __repr__(self) -> str:
        return f"<iglu.Env {len(self.tasks)} tasks {self.options}>"
