"""gym when it is importable (the reference package depends on it), else stand-ins with the same
names: the base class of GridWorld and of the wrappers, and the spaces.

* ``gym`` importable: ``Env`` / ``Wrapper`` / ``ObservationWrapper`` are gym's, spaces are
  ``gym.spaces``, and :func:`register` registers ids in gym's registry.
* not importable: small classes with gym's API (``unwrapped``, ``spec``, ``metadata``,
  attribute look-up through wrappers) and :mod:`iglu.spaces`; :func:`register` does nothing.
"""
from __future__ import annotations

import numpy as np

from .. import spaces as _own

try:
    import gym as _gym
    from gym import spaces as _spaces
except ImportError:  # gym is optional: not a Debian package
    _gym = None
    _spaces = None

HAVE_GYM = _gym is not None

if HAVE_GYM:
    Env = _gym.Env
    Wrapper = _gym.Wrapper
    Dict, Box, Discrete, Space = _spaces.Dict, _spaces.Box, _spaces.Discrete, _spaces.Space

    class String(Space):
        """The dialog's space, as the reference's ``gridworld.env.String``."""

        def __init__(self):
            super().__init__(shape=(), dtype=np.object_)

        def sample(self):
            return ""

        def contains(self, obj):
            return isinstance(obj, str)
else:
    Dict, Box, Discrete, Space = _own.Dict, _own.Box, _own.Discrete, _own.Space

    class String(_own.Text):
        """The dialog's space, as the reference's ``gridworld.env.String``."""

        def __init__(self):
            super().__init__()
            self.dtype = np.dtype(object)

        def sample(self):
            return ""

    class Env:
        """gym.Env's surface without gym."""
        metadata = {"render.modes": []}
        reward_range = (-float("inf"), float("inf"))
        spec = None
        action_space = None
        observation_space = None

        @property
        def unwrapped(self):
            return self

        def close(self):
            pass

        def seed(self, seed=None):
            return []

        def __enter__(self):
            return self

        def __exit__(self, *args):
            self.close()
            return False

        def __str__(self):
            return f"<{type(self).__name__} instance>"

    class Wrapper(Env):
        """gym.Wrapper's surface without gym: unknown attributes are read from the wrapped env."""

        def __init__(self, env):
            self.env = env
            self._action_space = None
            self._observation_space = None
            self._metadata = None

        def __getattr__(self, name):
            if name.startswith("_"):
                raise AttributeError(f"attempted to get missing private attribute '{name}'")
            return getattr(self.env, name)

        @property
        def spec(self):
            return self.env.spec

        @property
        def action_space(self):
            return self.env.action_space if self._action_space is None else self._action_space

        @action_space.setter
        def action_space(self, space):
            self._action_space = space

        @property
        def observation_space(self):
            return self.env.observation_space if self._observation_space is None else self._observation_space

        @observation_space.setter
        def observation_space(self, space):
            self._observation_space = space

        @property
        def metadata(self):
            return self.env.metadata if self._metadata is None else self._metadata

        @metadata.setter
        def metadata(self, value):
            self._metadata = value

        @property
        def reward_range(self):
            return self.env.reward_range

        def step(self, action):
            return self.env.step(action)

        def reset(self, **kwargs):
            return self.env.reset(**kwargs)

        def render(self, mode="human", **kwargs):
            return self.env.render(mode, **kwargs)

        def close(self):
            return self.env.close()

        def seed(self, seed=None):
            return self.env.seed(seed)

        @property
        def unwrapped(self):
            return self.env.unwrapped

        def __str__(self):
            return f"<{type(self).__name__}{self.env}>"

        def __repr__(self):
            return str(self)


def register(env_id: str, entry_point: str, kwargs: dict) -> None:
    """Registers ``env_id`` in gym's registry (once) when gym is importable."""
    if not HAVE_GYM:
        return
    registry = _gym.envs.registry
    known = getattr(registry, "env_specs", registry)  # gym < 0.26: EnvRegistry.env_specs; later: a dict
    try:
        if env_id in known:
            return
    except TypeError:
        pass
    _gym.envs.register(id=env_id, entry_point=entry_point, kwargs=kwargs)
