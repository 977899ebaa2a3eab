"""Tasks as the reference ``gridworld.tasks.task`` module defines them (same names, same
arguments, same array layout), computed by the IGLU Workbench core.

A target grid is a dense int array of shape (9, 11, 11) indexed ``[y + 1, x + 5, z + 5]``; a
starting grid is a sparse list of ``(x, y, z, colour)`` (a dense array is accepted too).
"""
from __future__ import annotations

from typing import Iterable, Optional, Sequence, Tuple

import numpy as np

from ... import _iglu

Block = Tuple[int, int, int, int]


class Tasks:
    """Base of task collections; holds the reference's grid conversions."""

    @staticmethod
    def to_dense(blocks: Iterable[Sequence[int]]) -> np.ndarray:
        """Sparse ``(x, y, z, colour)`` blocks -> int32 (9, 11, 11) grid ``[y+1, x+5, z+5]``."""
        return _iglu.to_dense(list(blocks))

    @staticmethod
    def to_sparse(grid: np.ndarray) -> list:
        """A (9, 11, 11) grid -> its ``(x, y, z, colour)`` blocks sorted by (x, y, z)."""
        return _iglu.to_sparse(grid)


class Task:
    """One building task: ``Task(chat, target_grid, last_instruction=None, starting_grid=None,
    full_grid=None, invariant=True)``, as the reference's.

    ``invariant=False`` makes :meth:`maximal_intersection` consider only the identity alignment
    (the environment's rewards always use the invariant form, as the reference's do).
    ``task_id`` (an IGLU Workbench extension) names the task when it comes from a catalog or a
    task list; episodes can only be stored in a catalog for tasks it holds.
    """

    def __init__(self, chat: str, target_grid, last_instruction: Optional[str] = None,
                 starting_grid=None, full_grid=None, invariant: bool = True,
                 task_id: Optional[str] = None):
        self.chat = chat
        self.last_instruction = last_instruction
        self.target_grid = np.asarray(target_grid, dtype=np.int32)
        if self.target_grid.shape != (9, 11, 11):
            raise ValueError(f"target_grid: must have shape (9, 11, 11) [y+1, x+5, z+5], got {self.target_grid.shape}")
        _iglu.to_sparse(self.target_grid)  # validates colours
        if starting_grid is not None and isinstance(starting_grid, np.ndarray) and starting_grid.ndim == 3:
            starting_grid = _iglu.to_sparse(starting_grid)
        self.starting_grid = None if starting_grid is None else [tuple(int(v) for v in b) for b in starting_grid]
        if self.starting_grid is not None:
            _iglu.to_dense(self.starting_grid)  # validates positions and colours
        self.full_grid = self.target_grid if full_grid is None else np.asarray(full_grid, dtype=np.int32)
        self.invariant = invariant
        self.task_id = task_id
        self.target_size = int(np.count_nonzero(self.target_grid))
        self.reset()

    # -- the reference's per-episode bookkeeping ------------------------------------------
    def reset(self) -> None:
        """Clears the incremental state (max_int, prev_grid_size, placements)."""
        self.max_int = 0
        self.prev_grid_size = 0
        self.right_placement = 0
        self.wrong_placement = 0

    def maximal_intersection(self, grid) -> int:
        """The largest number of target blocks matched by ``grid`` over rotations and shifts."""
        if not self.invariant:
            return _iglu.intersection_at(self.target_grid, grid, 0, 0, 0)
        return _iglu.maximal_intersection(self.target_grid, grid)["value"]

    def argmax_intersection(self, grid) -> Tuple[int, int, int]:
        """The first best alignment ``(dx, dz, rot)`` in the reference's search order."""
        if not self.invariant:
            return (0, 0, 0)
        return tuple(_iglu.maximal_intersection(self.target_grid, grid)["alignment"])

    def get_intersection(self, grid, dx: int, dz: int, rot: int) -> int:
        """The intersection at one alignment."""
        return _iglu.intersection_at(self.target_grid, grid, dx, dz, rot)

    def step_intersection(self, grid) -> Tuple[int, int, bool]:
        """Updates max_int from ``grid``: returns (right_placement, wrong_placement, done)."""
        size = int(np.count_nonzero(grid))
        wrong = self.prev_grid_size - size
        max_int = self.maximal_intersection(grid) if wrong != 0 else self.max_int
        self.right_placement = max_int - self.max_int
        self.wrong_placement = wrong
        self.max_int = max_int
        self.prev_grid_size = size
        return self.right_placement, self.wrong_placement, self.max_int == self.target_size

    def scores(self, grid) -> dict:
        """Precision / recall / F1 of ``grid`` at the best alignment (IGLU Workbench extension)."""
        return _iglu.scores(self.target_grid, grid)

    def __repr__(self) -> str:
        name = f" {self.task_id}" if self.task_id else ""
        return f"<Task{name}: {self.target_size} target blocks, {len(self.starting_grid or [])} start blocks>"

    @classmethod
    def from_dict(cls, d: dict) -> "Task":
        """A task from a task-list / catalog dict (id, chat or instruction, *_blocks)."""
        return cls(chat=d.get("chat") or d.get("instruction", ""),
                   target_grid=Tasks.to_dense(d["target_blocks"]),
                   last_instruction=d.get("instruction"),
                   starting_grid=list(d.get("starting_blocks", [])),
                   task_id=d.get("id"))
