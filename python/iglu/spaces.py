"""Observation and action space descriptions with Gymnasium's names and attributes (``n``,
``shape``, ``dtype``, ``low`` / ``high``, ``spaces``, ``sample()``, ``contains()``, ``seed()``),
without depending on gym or gymnasium. When gymnasium is importable, :func:`action_space` and
:func:`observation_space` return the real ``gymnasium.spaces`` (:func:`to_gymnasium`), so
``isinstance`` checks of RL libraries hold.
"""
from __future__ import annotations

from typing import Dict as DictT, Optional, Sequence

import numpy as np


class Space:
    def __init__(self, shape=None, dtype=None, seed: Optional[int] = None):
        self.shape = None if shape is None else tuple(shape)
        self.dtype = None if dtype is None else np.dtype(dtype)
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        self.np_random = np.random.default_rng(seed)

    def __contains__(self, x) -> bool:
        return self.contains(x)


class Discrete(Space):
    """Integers 0 .. n-1."""

    def __init__(self, n: int, seed: Optional[int] = None):
        super().__init__((), np.int64, seed)
        self.n = int(n)

    def sample(self) -> int:
        return int(self.np_random.integers(self.n))

    def contains(self, x) -> bool:
        try:
            v = int(x)
        except (TypeError, ValueError):
            return False
        return v == x and 0 <= v < self.n

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


class Box(Space):
    """An array of ``shape`` with values in [low, high]."""

    def __init__(self, low, high, shape: Sequence[int], dtype=np.float32, seed: Optional[int] = None):
        super().__init__(shape, dtype, seed)
        self.low = np.broadcast_to(np.asarray(low, dtype=self.dtype), self.shape).copy()
        self.high = np.broadcast_to(np.asarray(high, dtype=self.dtype), self.shape).copy()

    def sample(self) -> np.ndarray:
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high, endpoint=True, size=self.shape).astype(self.dtype)
        low = np.where(np.isfinite(self.low), self.low, -1.0)
        high = np.where(np.isfinite(self.high), self.high, 1.0)
        return self.np_random.uniform(low, high, size=self.shape).astype(self.dtype)

    def contains(self, x) -> bool:
        a = np.asarray(x)
        return a.shape == self.shape and bool(np.all(a >= self.low)) and bool(np.all(a <= self.high))

    def __repr__(self) -> str:
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class Text(Space):
    """A string (the dialog)."""

    def __init__(self, max_length: int = 1 << 20, seed: Optional[int] = None):
        super().__init__((), None, seed)
        self.max_length = max_length

    def sample(self) -> str:
        return ""

    def contains(self, x) -> bool:
        return isinstance(x, str) and len(x) <= self.max_length

    def __repr__(self) -> str:
        return "Text()"


class Dict(Space):
    """Named sub-spaces."""

    def __init__(self, spaces: DictT[str, Space], seed: Optional[int] = None):
        super().__init__(None, None, seed)
        self.spaces = dict(spaces)

    def seed(self, seed: Optional[int] = None) -> None:
        super().seed(seed)
        for i, s in enumerate(self.spaces.values()):
            s.seed(None if seed is None else seed + i)

    def sample(self) -> dict:
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(s.contains(x[k]) for k, s in self.spaces.items())

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def __setitem__(self, key: str, space: Space) -> None:
        self.spaces[key] = space

    def __iter__(self):
        return iter(self.spaces)

    def __len__(self) -> int:
        return len(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def values(self):
        return self.spaces.values()

    def items(self):
        return self.spaces.items()

    def __repr__(self) -> str:
        return "Dict(" + ", ".join(f"{k}: {s!r}" for k, s in self.spaces.items()) + ")"


def to_gymnasium(space):
    """The same space as ``gymnasium.spaces`` (the dialog: a Space that holds any string)."""
    import gymnasium.spaces as gs
    if isinstance(space, Discrete):
        return gs.Discrete(space.n)
    if isinstance(space, Box):
        return gs.Box(space.low, space.high, space.shape, space.dtype)
    if isinstance(space, Dict):
        return gs.Dict({k: to_gymnasium(s) for k, s in space.spaces.items()})
    if isinstance(space, Text):
        return _GymnasiumString()
    return space


def _GymnasiumString():
    import gymnasium.spaces as gs

    class String(gs.Space):
        """Any string (the dialog): gymnasium's Text restricts the characters."""

        def __init__(self):
            super().__init__((), np.dtype(object))

        def sample(self, mask=None):
            return ""

        def contains(self, x) -> bool:
            return isinstance(x, str)
    return String()


def _maybe_gymnasium(space):
    from ._gymnasium import HAVE_GYMNASIUM
    return to_gymnasium(space) if HAVE_GYMNASIUM else space


def batched(space, n: int):
    """The space of a batch of ``n`` (VectorEnv): a Discrete becomes an int64 Box (n,), a Box
    gains a first dimension; others are kept. Works for iglu.spaces and gymnasium.spaces."""
    if hasattr(space, "n") and not hasattr(space, "low"):
        return _maybe_gymnasium(Box(0, int(space.n) - 1, (n,), np.int64))
    if hasattr(space, "low") and hasattr(space, "high"):
        return _maybe_gymnasium(Box(np.broadcast_to(space.low, (n,) + space.shape), np.broadcast_to(space.high, (n,) + space.shape),
                                    (n,) + tuple(space.shape), space.dtype))
    return space


def action_space(action_space: str = "walking", discretize: bool = False) -> Space:
    """The reference's action space for these options (gymnasium.spaces when importable)."""
    return _maybe_gymnasium(_action_space(action_space, discretize))


def _action_space(action_space: str, discretize: bool) -> Space:
    return from_action_table("discrete" if discretize else "flying" if action_space == "flying" else "walking")


def from_action_table(form: str, dict_space=Dict, box=Box, discrete=Discrete):
    """The action space of a form ('discrete', 'walking', 'flying') built from the core's table
    (``_iglu.action_fields``, core/env/action.hpp), the one statement of the fields, shapes and
    ranges that the converters check: a flag is Discrete(2), an integer field Discrete(high + 1),
    a real field a float32 Box(low, high). The space classes are parameters (the drop-in passes
    gym's)."""
    from . import _iglu

    def one(f):
        if f["kind"] == "real":
            return box(low=f["low"], high=f["high"], shape=f["shape"], dtype=np.float32)
        return discrete(int(f["high"]) + 1)
    fields = _iglu.action_fields(form)
    if form == "discrete":
        return one(fields[0])
    return dict_space({f["name"]: one(f) for f in fields})


def observation_space(target_in_obs: bool = False, render: bool = False, render_size=(64, 64)) -> Dict:
    """The reference's observation space (vector_state=True) for these options (gymnasium.spaces
    when importable)."""
    return _maybe_gymnasium(_observation_space(target_in_obs, render, render_size))


def _observation_space(target_in_obs: bool, render: bool, render_size) -> Dict:
    spaces = {
        "inventory": Box(0, 20, (6,), np.float32),
        "compass": Box(-180, 180, (1,), np.float32),
        "dialog": Text(),
        "agentPos": Box(np.array([-8, -10, -8, -90, 0], np.float32), np.array([8, 12, 8, 90, 360], np.float32), (5,), np.float32),
        "grid": Box(0, 6, (9, 11, 11), np.int32),
    }
    if target_in_obs:
        spaces["target_grid"] = Box(0, 6, (9, 11, 11), np.int32)
    if render:
        spaces["pov"] = Box(0, 255, (int(render_size[0]), int(render_size[1]), 3), np.uint8)
    return Dict(spaces)
