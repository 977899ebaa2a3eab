"""Task collections as the reference ``gridworld.tasks.task_set`` module defines them:
``CustomTasks`` (your goal structures), ``RandomTasks`` (random flat structures) and
``DUMMY_TASK``. Random choices use ``numpy.random`` (the global generator), as the reference's."""
from __future__ import annotations

import pickle
import uuid
from typing import List, Tuple

import numpy as np

from .task import BUILD_ZONE_SIZE, BUILD_ZONE_SIZE_X, BUILD_ZONE_SIZE_Z, Task, Tasks


class CustomTasks(Tasks):
    """``CustomTasks(goals, task_kwargs=None)``: ``goals`` a list of ``(conversation, grid)``
    (grid dense or a block list). ``reset()`` draws one uniformly; the current task's attributes
    are read through (``target_grid``, ``chat``, ...), so the collection can be given to
    ``GridWorld.set_task``."""

    def __init__(self, goals: List[Tuple[str, np.ndarray]], task_kwargs=None):
        super().__init__()
        self.task_kwargs = {} if task_kwargs is None else task_kwargs
        self.tasks = {uuid.uuid4().hex: Task(conversation, self.to_dense(grid), **self.task_kwargs)
                      for conversation, grid in goals}
        self.task_ids = list(self.tasks.keys())
        self.reset()

    def __getattr__(self, name):
        if name == "current" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.current, name)

    def __len__(self):
        return len(self.task_ids)

    def __iter__(self):
        # The reference's __iter__ unpacks the dict's keys and fails; this yields the tasks.
        for task in self.tasks.values():
            yield from iter(task)

    def reset(self) -> Task:
        task_id = np.random.choice(self.task_ids)
        self.current = self.tasks[task_id].reset()
        return self.current


class RandomTasks(Tasks):
    """``RandomTasks(max_blocks=4, height_levels=1, allow_float=False, max_dist=2, num_colors=1,
    max_cache=0)``: random structures of ``max_blocks`` blocks per height level, each within
    ``max_dist`` (Chebyshev) of the level's first block (the reference's sampler, draw for draw).
    With ``max_cache`` > 0, that many are made once and ``reset()`` picks among them."""

    def __init__(self, max_blocks=4, height_levels=1, allow_float=False, max_dist=2, num_colors=1, max_cache=0):
        self.height_levels = height_levels
        self.max_blocks = max_blocks
        self.allow_float = allow_float
        self.max_dist = max_dist
        self.num_colors = num_colors
        self.max_cache = max_cache
        self.tasks = {}
        self.current = None
        for _ in range(self.max_cache):
            self.tasks[uuid.uuid4().hex] = self.sample_task()
        self.reset()

    def __getattr__(self, name):
        if name == "current" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.current, name)

    def dump(self, path):
        with open(path, "wb") as f:
            pickle.dump({uid: t.target_grid for uid, t in self.tasks.items()}, f)

    def load(self, path):
        with open(path, "rb") as f:
            grids = pickle.load(f)
        self.tasks = {uid: Task("", g) for uid, g in grids.items()}

    def __len__(self):
        return self.max_cache

    def __iter__(self):
        # As the reference: the cache's keys.
        for task in self.tasks:
            yield task

    def __repr__(self):
        hps = dict(max_blocks=self.max_blocks, height_levels=self.height_levels, allow_float=self.allow_float,
                   max_dist=self.max_dist, num_colors=self.num_colors, max_cache=self.max_cache)
        return "RandomTasks(" + ", ".join(f"{k}={v}" for k, v in hps.items()) + ")"

    def reset(self):
        if self.max_cache > 0:
            sample = np.random.choice(list(self.tasks.keys()))
            self.current = self.tasks[sample]
            self.current_id = sample
        else:
            self.current = self.sample_task()
        return self.current

    def set_task(self, task_id):
        self.current = self.tasks[task_id]
        return self.current

    def sample_task(self) -> Task:
        target = np.zeros(BUILD_ZONE_SIZE, dtype=np.int32)
        for height in range(self.height_levels):
            bx = np.random.choice(BUILD_ZONE_SIZE_X)
            bz = np.random.choice(BUILD_ZONE_SIZE_Z)
            color = np.random.choice(self.num_colors) + 1
            target[height, bx, bz] = color
            for _ in range(self.max_blocks - 1):
                dx, dz = 0, 0
                while (dx == 0 and dz == 0) or not (0 <= bx + dx < BUILD_ZONE_SIZE_X and 0 <= bz + dz < BUILD_ZONE_SIZE_Z) \
                        or target[height, bx + dx, bz + dz] != 0:
                    dx = np.random.choice(2 * self.max_dist + 1) - self.max_dist
                    dz = np.random.choice(2 * self.max_dist + 1) - self.max_dist
                    color = np.random.choice(self.num_colors) + 1
                target[height, bx + dx, bz + dz] = color
        return Task("", target)


# The reference's placeholder task: one blue block at (5, 7, 5), identity alignment only.
DUMMY_TASK = CustomTasks(goals=[("", [(5, 7, 5, 1)])], task_kwargs={"invariant": False})
