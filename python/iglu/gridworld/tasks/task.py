"""Tasks as the reference ``gridworld.tasks.task`` module defines them (same names, arguments,
attributes, return values and array layout), computed by the IGLU Workbench core.

A target grid is a dense int array of shape (9, 11, 11) indexed ``[y + 1, x + 5, z + 5]``; cells
may be negative (the reference's removal tasks ``target - start``). A starting grid is a sparse
list of ``(x, y, z, colour)`` (a dense array is accepted and turned into one).
"""
from __future__ import annotations

from typing import Optional, Tuple

import numpy as np

from ... import _iglu

BUILD_ZONE_SIZE_X = 11
BUILD_ZONE_SIZE_Z = 11
BUILD_ZONE_SIZE = 9, 11, 11


def _is_block_list(blocks) -> bool:
    return isinstance(blocks, (list, tuple)) and all(isinstance(b, (list, tuple)) for b in blocks)


class Tasks:
    """Base of task collections (the reference's): grid conversions and the collection protocol
    ``reset() -> Task``, ``__len__``, ``__iter__``."""

    @classmethod
    def to_dense(cls, blocks):
        """A list of ``(x, y, z, colour)`` -> an int64 (9, 11, 11) grid ``[y+1, x+5, z+5]`` (a later
        block at the same cell wins). Anything else (a dense array, None) is returned unchanged,
        as the reference does. A block outside the zone raises ValueError naming it (the reference
        wraps negative indices around)."""
        if not _is_block_list(blocks):
            return blocks
        grid = np.zeros(BUILD_ZONE_SIZE, dtype=np.int64)
        for i, block in enumerate(blocks):
            try:
                x, y, z, colour = (int(v) for v in block)
            except (TypeError, ValueError, OverflowError):
                raise ValueError(f"blocks[{i}]: must be (x, y, z, colour) integers, got {block!r}") from None
            if not (-5 <= x <= 5 and -1 <= y <= 7 and -5 <= z <= 5):
                raise ValueError(f"blocks[{i}]: ({x}, {y}, {z}) is outside the zone (x, z in -5..5, y in -1..7)")
            grid[y + 1, x + 5, z + 5] = colour
        return grid

    @classmethod
    def to_sparse(cls, blocks):
        """A dense grid -> its blocks as the reference computes them: tuples in the order of
        ``grid.nonzero()`` and, a reference quirk reproduced, **not** ``(x, y, z, colour)``: the
        reference names the index axes (y+1, x+5, z+5) x, y, z and returns ``(i0 - 5, i1 - 1, i2 - 5,
        colour)`` = ``(y - 4, x + 4, z, colour)``. Lists pass through unchanged. For the real
        ``(x, y, z, colour)`` blocks use :func:`iglu.to_sparse`."""
        if isinstance(blocks, np.ndarray):
            idx = blocks.nonzero()
            return [(a - BUILD_ZONE_SIZE_X // 2, b - 1, c - BUILD_ZONE_SIZE_Z // 2, blocks[a, b, c]) for a, b, c in zip(*idx)]
        return blocks

    def reset(self):
        return NotImplemented

    def __len__(self) -> int:
        return NotImplemented

    def __iter__(self):
        return NotImplemented

    def set_task(self, task_id):
        return NotImplemented

    def get_target(self):
        return NotImplemented

    def set_task_obj(self, task: "Task"):
        return NotImplemented


def _check_grid(grid, field: str) -> np.ndarray:
    a = np.asarray(grid)
    if a.shape != BUILD_ZONE_SIZE:
        raise ValueError(f"{field}: must have shape (9, 11, 11) [y+1, x+5, z+5], got {a.shape}")
    if a.dtype.kind not in "iubf":
        raise ValueError(f"{field}: must hold integers, got dtype {a.dtype}")
    bad = (a < -6) | (a > 6) | (a != np.round(a)) if a.dtype.kind == "f" else (a < -6) | (a > 6)
    if bad.any():
        i = tuple(int(v) for v in np.argwhere(bad)[0])
        raise ValueError(f"{field}: cell {list(i)} holds {a[i]}, expected an integer -6..6")
    return a


class Task:
    """One building task: ``Task(chat, target_grid, last_instruction=None, starting_grid=None,
    full_grid=None, invariant=True)``, as the reference's (the arrays are kept as given).

    ``full_grid`` (the whole structure of a multi-turn session) decides the admissible shifts of
    the maximal intersection; ``invariant=False`` allows only the identity alignment. ``task_id``
    (an IGLU Workbench extension) names the task when it comes from a catalog or a task list.
    """

    def __init__(self, chat, target_grid, last_instruction=None, starting_grid=None, full_grid=None,
                 invariant=True, task_id: Optional[str] = None):
        self.chat = chat
        self.last_instruction = last_instruction
        self.target_grid = _check_grid(target_grid, "target_grid")
        if isinstance(starting_grid, np.ndarray) and starting_grid.ndim == 3:
            starting_grid = _iglu.to_sparse(starting_grid)
        if starting_grid is not None:
            _iglu.to_dense(starting_grid)  # validates positions and colours, naming the block
        self.starting_grid = starting_grid
        self.full_grid = None if full_grid is None else _check_grid(full_grid, "full_grid")
        self.invariant = invariant
        self.task_id = task_id
        self.target_size = int((self.target_grid != 0).sum())
        self.full_size = self.target_size if self.full_grid is None else int((self.full_grid != 0).sum())
        self._max_int = 0
        self._max_int_start = None
        self.prev_grid_size = 0
        self.right_placement = 0
        self.wrong_placement = 0
        self._target_grids = None
        self._admissible = None

    @property
    def max_int(self) -> int:
        """The maximal intersection so far (after reset: with the starting grid; computed when
        first read, so that resets that never read it cost nothing)."""
        if self._max_int_start is not None:
            start, self._max_int_start = self._max_int_start, None
            self._max_int = self.maximal_intersection(Tasks.to_dense(start))
        return self._max_int

    @max_int.setter
    def max_int(self, value) -> None:
        self._max_int_start = None
        self._max_int = value

    # -- the reference's derived tables (computed on first use) ------------------------------
    @property
    def target_grids(self) -> list:
        """The target and its three rotations about the vertical axis (the reference's rule)."""
        if self._target_grids is None:
            self._target_grids = [self.target_grid] + [_iglu._rotated(self.target_grid, r) for r in (1, 2, 3)]
        return self._target_grids

    @property
    def admissible(self) -> list:
        """Per rotation, the shifts ``(dx, dz)`` that keep the whole (full) structure in the zone,
        in the reference's order (``[[(0, 0)]]`` when not invariant)."""
        if self._admissible is None:
            if not self.invariant:
                self._admissible = [[(0, 0)]]
            else:
                base = self.target_grid if self.full_grid is None else self.full_grid
                self._admissible = []
                for r in range(4):
                    g = base if r == 0 else _iglu._rotated(base, r)
                    cols = np.asarray(g != 0).any(axis=0)
                    xs, zs = np.nonzero(cols)
                    ok = []
                    for dx in range(-BUILD_ZONE_SIZE_X + 1, BUILD_ZONE_SIZE_X):
                        for dz in range(-BUILD_ZONE_SIZE_Z + 1, BUILD_ZONE_SIZE_Z):
                            if len(xs) == 0 or (xs.min() >= max(dx, 0) and xs.max() < BUILD_ZONE_SIZE_X + min(dx, 0)
                                                and zs.min() >= max(dz, 0) and zs.max() < BUILD_ZONE_SIZE_Z + min(dz, 0)):
                                ok.append((dx, dz))
                    self._admissible.append(ok)
        return self._admissible

    # -- the reference's per-episode bookkeeping ------------------------------------------
    def reset(self) -> "Task":
        """Starts an episode: ``max_int`` = the maximal intersection with the starting grid,
        ``prev_grid_size`` = its block count (the reference counts the list's entries); returns
        the task itself."""
        if self.starting_grid is not None:
            self.max_int = 0
            self._max_int_start = self.starting_grid
            self.prev_grid_size = len(self.starting_grid)
        else:
            self.max_int = 0
            self.prev_grid_size = 0
        self.right_placement = 0
        self.wrong_placement = 0
        return self

    def __len__(self) -> int:
        return 1

    def __iter__(self):
        yield self

    def maximal_intersection(self, grid) -> int:
        """The largest number of target blocks matched by ``grid`` over the admissible alignments."""
        return _iglu._task_intersection(self.target_grid, self.full_grid, grid, bool(self.invariant))[0]

    def argmax_intersection(self, grid) -> Tuple[int, int, int]:
        """The first best alignment ``(dx, dz, rot)`` in the reference's search order ((0, 0, 0)
        when nothing matches)."""
        return _iglu._task_intersection(self.target_grid, self.full_grid, grid, bool(self.invariant))[1]

    def get_intersection(self, grid, dx: int, dz: int, rot: int) -> int:
        """The intersection at one alignment."""
        return _iglu._task_intersection_at(self.target_grid, grid, int(dx), int(dz), int(rot))

    def step_intersection(self, grid) -> Tuple[int, int, bool]:
        """Updates ``max_int`` from ``grid`` (recomputed only when the block count changed):
        returns ``(right_placement, wrong_placement, done)``."""
        size = int((np.asarray(grid) != 0).sum())
        wrong = self.prev_grid_size - size
        max_int = self.maximal_intersection(grid) if wrong != 0 else self.max_int
        done = max_int == self.target_size
        self.prev_grid_size = size
        right = max_int - self.max_int
        self.max_int = max_int
        self.right_placement = right
        self.wrong_placement = wrong
        return right, wrong, done

    def scores(self, grid) -> dict:
        """Precision / recall / F1 of ``grid`` at the best alignment (IGLU Workbench extension)."""
        return _iglu.scores(self.target_grid, grid)

    def __repr__(self) -> str:
        # The reference's form; it fails on last_instruction=None, this one does not.
        text = self.last_instruction
        if text is not None and len(text) >= 20:
            text = text[:20] + "..."
        return f"Task(instruction={text})"

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_target_grids"] = state["_admissible"] = None
        return state

    @classmethod
    def from_dict(cls, d: dict) -> "Task":
        """A task from a task-list / catalog dict (id, chat or instruction, *_blocks)."""
        return cls(chat=d.get("chat") or d.get("instruction", ""),
                   target_grid=_iglu.to_dense(d["target_blocks"]),
                   last_instruction=d.get("instruction"),
                   starting_grid=[tuple(b) for b in d.get("starting_blocks", [])],
                   task_id=d.get("id"))


class Subtasks(Tasks):
    """A multi-turn session as a staged task (the reference's): ``Subtasks(dialog, structure_seq,
    invariant=False, progressive=True)``. ``dialog[i]`` is turn i's utterances (a string or a list
    of strings), ``structure_seq[i]`` the block list after turn i. ``reset()`` draws a turn with
    ``numpy.random`` (the reference's generator); attributes of the current task are read through.
    With ``progressive``, completing a turn moves the goal to the next one."""

    def __init__(self, dialog, structure_seq, invariant=False, progressive=True) -> None:
        self.dialog = dialog
        self.invariant = invariant
        self.progressive = progressive
        self.structure_seq = structure_seq
        self.next = None
        self.full = False
        self.task_start = 0
        self.task_goal = 0
        self.task_id = None
        self.full_structure = self.to_dense(self.structure_seq[-1])
        self.current = self.reset()

    def __getattr__(self, name):
        if name in ("current", "__getstate__", "__setstate__") or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.current, name)

    def reset(self) -> Task:
        if self.next is None:
            turn = -1 if len(self.structure_seq) == 1 else int(np.random.choice(len(self.structure_seq))) - 1
            turn_goal = turn + 1
        else:
            turn, turn_goal = self.next, self.next + 1
        self.task_start, self.task_goal = turn, turn_goal
        self.current = self.create_task(self.task_start, self.task_goal)
        return self.current

    def __len__(self) -> int:
        return len(self.structure_seq)

    def __iter__(self):
        for i in range(len(self)):
            yield self.create_task(i - 1, i)

    def __repr__(self) -> str:
        return (f"Subtasks(total_steps={len(self.structure_seq)}, current_task_start={self.task_start}, "
                f"current_task_end={self.task_goal})")

    def create_task(self, turn_start: int, turn_goal: int) -> Task:
        """The task from the world after turn ``turn_start`` (-1: empty) to the one after
        ``turn_goal``, with the utterances up to ``turn_goal`` as its chat."""
        dialog = ""
        for turn in self.dialog[:turn_goal + 1]:
            if isinstance(turn, list):
                turn = "\n".join(turn)
            dialog += "\n" + turn if len(dialog) > 0 else turn
        initial_blocks = [] if turn_start == -1 else self.structure_seq[turn_start]
        tid = min(turn_goal, len(self.structure_seq) - 1) if not self.full else -1
        # '\n'.join of a string turn puts a newline between its characters, as the reference's.
        task = Task(dialog, target_grid=self.to_dense(self.structure_seq[tid]), starting_grid=self.to_sparse(initial_blocks),
                    full_grid=self.full_structure, last_instruction="\n".join(self.dialog[tid]))
        task.reset()
        return task

    def step_intersection(self, grid):
        right, wrong, done = self.current.step_intersection(grid)
        if done and len(self.structure_seq) > self.task_goal and self.progressive:
            self.task_goal += 1
            self.current = self.create_task(self.task_start, self.task_goal)
            self.current.prev_grid_size = 0
            _, _, done = self.current.step_intersection(grid)
        return right, wrong, done

    def set_task(self, task_id):
        """The task of turn ``task_id`` (from the world of the turn before). The reference's
        method fails (it calls ``create_task`` with one argument)."""
        self.task_id = task_id
        self.current = self.create_task(task_id - 1, task_id)
        return self.current

    def set_task_obj(self, task: Task):
        self.task_id = None
        self.current = task
        return self.current
