"""gym.envs registration (test double): register / make / spec with gym 0.21's behaviour
(make sets env.unwrapped.spec; an id registered twice is an error)."""
import copy
import importlib


class EnvSpec:
    def __init__(self, id, entry_point=None, kwargs=None, max_episode_steps=None):
        self.id = id
        self.entry_point = entry_point
        self._kwargs = {} if kwargs is None else dict(kwargs)
        self.max_episode_steps = max_episode_steps

    def make(self, **kwargs):
        module, attr = self.entry_point.split(":")
        fn = getattr(importlib.import_module(module), attr)
        merged = dict(self._kwargs)
        merged.update(kwargs)
        env = fn(**merged)
        spec = copy.deepcopy(self)
        spec._kwargs = merged
        env.unwrapped.spec = spec
        return env


class EnvRegistry:
    def __init__(self):
        self.env_specs = {}

    def register(self, id, **kwargs):
        if id in self.env_specs:
            raise ValueError(f"Cannot re-register id: {id}")
        self.env_specs[id] = EnvSpec(id, **kwargs)

    def spec(self, id):
        if id not in self.env_specs:
            raise KeyError(f"No registered env with id: {id}")
        return self.env_specs[id]

    def make(self, id, **kwargs):
        return self.spec(id).make(**kwargs)


registry = EnvRegistry()


def register(id, **kwargs):
    return registry.register(id, **kwargs)


def make(id, **kwargs):
    return registry.make(id, **kwargs)


def spec(id):
    return registry.spec(id)
