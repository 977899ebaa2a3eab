"""gym.spaces (test double): Space, Box, Discrete, Dict with gym 0.21's constructors."""
from collections import OrderedDict

import numpy as np


class Space:
    def __init__(self, shape=None, dtype=None):
        self._shape = None if shape is None else tuple(shape)
        self.dtype = None if dtype is None else np.dtype(dtype)
        self.np_random = np.random.RandomState()

    @property
    def shape(self):
        return self._shape

    def seed(self, seed=None):
        self.np_random = np.random.RandomState(seed)
        return [seed]

    def sample(self):
        raise NotImplementedError

    def contains(self, x):
        raise NotImplementedError

    def __contains__(self, x):
        return self.contains(x)


class Discrete(Space):
    def __init__(self, n):
        self.n = int(n)
        super().__init__((), np.int64)

    def sample(self):
        return int(self.np_random.randint(self.n))

    def contains(self, x):
        if isinstance(x, int):
            v = x
        elif isinstance(x, np.generic) and x.dtype.kind in "iu" and x.shape == ():
            v = int(x)
        else:
            return False
        return 0 <= v < self.n

    def __repr__(self):
        return f"Discrete({self.n})"

    def __eq__(self, other):
        return isinstance(other, Discrete) and self.n == other.n


class Box(Space):
    def __init__(self, low, high, shape=None, dtype=np.float32):
        if shape is None:
            shape = np.asarray(low).shape if np.ndim(low) else np.asarray(high).shape
        shape = tuple(shape)
        self.low = np.full(shape, low, dtype=dtype) if np.isscalar(low) else np.asarray(low, dtype=dtype)
        self.high = np.full(shape, high, dtype=dtype) if np.isscalar(high) else np.asarray(high, dtype=dtype)
        assert self.low.shape == shape and self.high.shape == shape, "Box: low / high do not match the shape"
        super().__init__(shape, dtype)

    def sample(self):
        if self.dtype.kind == "f":
            return self.np_random.uniform(self.low, self.high, self.shape).astype(self.dtype)
        return self.np_random.randint(self.low, self.high.astype(np.int64) + 1, self.shape).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high))

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class Dict(Space):
    def __init__(self, spaces=None, **kwargs):
        if spaces is None:
            spaces = kwargs
        if isinstance(spaces, dict) and not isinstance(spaces, OrderedDict):
            spaces = OrderedDict(sorted(spaces.items()))
        self.spaces = OrderedDict(spaces)
        super().__init__(None, None)

    def sample(self):
        return OrderedDict((k, s.sample()) for k, s in self.spaces.items())

    def contains(self, x):
        return isinstance(x, dict) and len(x) == len(self.spaces) and all(k in x and s.contains(x[k]) for k, s in self.spaces.items())

    def __getitem__(self, key):
        return self.spaces[key]

    def __setitem__(self, key, value):
        self.spaces[key] = value

    def __iter__(self):
        return iter(self.spaces)

    def __len__(self):
        return len(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def items(self):
        return self.spaces.items()

    def values(self):
        return self.spaces.values()

    def __repr__(self):
        return "Dict(" + ", ".join(f"{k}:{s}" for k, s in self.spaces.items()) + ")"
