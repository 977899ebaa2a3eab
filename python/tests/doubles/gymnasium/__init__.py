"""TEST-ONLY DOUBLE of the `gymnasium` package (the surface iglu uses: Env, vector.VectorEnv,
spaces, register / make / envs.registry with Gymnasium 1.0's behaviour). gymnasium is not a
Debian package and cannot be installed here; tests put this folder on sys.path of a child process.
Never installed, never used outside python/tests."""
import importlib
import types

import numpy as np

from . import spaces, vector  # noqa: F401

__version__ = "1.0.0-test-double"


class EnvSpec:
    def __init__(self, id, entry_point, kwargs=None, vector_entry_point=None):
        self.id, self.entry_point, self.kwargs, self.vector_entry_point = id, entry_point, dict(kwargs or {}), vector_entry_point


envs = types.SimpleNamespace(registry={})


def register(id, entry_point=None, kwargs=None, vector_entry_point=None, **_):
    if id in envs.registry:
        raise ValueError(f"Cannot re-register id: {id}")
    envs.registry[id] = EnvSpec(id, entry_point, kwargs, vector_entry_point)


def _load(name):
    module, attr = name.split(":")
    return getattr(importlib.import_module(module), attr)


def make(id, **kwargs):
    spec = envs.registry[id]
    env = _load(spec.entry_point)(**{**spec.kwargs, **kwargs})
    env.unwrapped.spec = spec
    return env


def make_vec(id, num_envs=1, **kwargs):
    spec = envs.registry[id]
    return _load(spec.vector_entry_point)(num_envs=num_envs, **{**spec.kwargs, **kwargs})


class Env:
    metadata = {"render_modes": []}
    render_mode = None
    spec = None
    action_space = None
    observation_space = None
    _np_random = None

    @property
    def np_random(self):
        if self._np_random is None:
            self._np_random = np.random.default_rng()
        return self._np_random

    @np_random.setter
    def np_random(self, value):
        self._np_random = value

    @property
    def unwrapped(self):
        return self

    def close(self):
        pass
