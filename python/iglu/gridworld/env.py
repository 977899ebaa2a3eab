"""``GridWorld``: a drop-in for the reference ``gridworld.env`` module (``GridWorld``, ``Wrapper``,
``SizeReward``, ``create_env``, ``String``, the two gym ids), running the IGLU Workbench C++
environment, which replays every recorded reference trace bit for bit. ``pov`` comes from the
core's CPU renderer (no OpenGL, no display).

When ``gym`` is importable, ``GridWorld`` is a ``gym.Env`` with ``gym.spaces`` and importing this
module registers ``IGLUGridworld-v0`` / ``IGLUGridworldVector-v0`` (entry point
``iglu.gridworld.env:create_env``), as importing the reference's does.

Observations are fresh arrays on every call, as the reference's. For zero-copy views use
:class:`iglu.Env`. The reference behaviours reproduced and those not are listed in
python/README.md.
"""
from __future__ import annotations

import types
import warnings
from typing import Tuple

import numpy as np

from .. import _iglu
from . import _gym
from ._gym import Box, Dict, Discrete, String  # noqa: F401  (the reference's names in this module)
from ..spaces import from_action_table
from .tasks.task import Task, Tasks

_NO_TASK = ("Task is not initialized! Initialize task before working with the environment using .set_task "
            "method OR set tasks distribution using .set_task_generator method")


def make_action_space(action_space: str = "walking", discretize: bool = False):
    """The reference's action space (gym.spaces when gym is importable); flying ignores discretize.
    Built from the core's action table, as the converters check it."""
    form = "flying" if action_space != "walking" else "discrete" if discretize else "walking"
    return from_action_table(form, Dict, Box, Discrete)


def make_observation_space(render=True, render_size=(64, 64), target_in_obs=False, vector_state=True):
    """The reference's observation space, with its bounds (``agentPos`` low y = -2, grids -1..7)."""
    spaces = {"inventory": Box(low=0, high=20, shape=(6,), dtype=np.float32),
              "compass": Box(low=-180, high=180, shape=(1,), dtype=np.float32),
              "dialog": String()}
    if vector_state:
        spaces["agentPos"] = Box(low=np.array([-8, -2, -8, -90, 0], dtype=np.float32),
                                 high=np.array([8, 12, 8, 90, 360], dtype=np.float32), shape=(5,), dtype=np.float32)
        spaces["grid"] = Box(low=-1, high=7, shape=(9, 11, 11), dtype=np.int32)
    if target_in_obs:
        spaces["target_grid"] = Box(low=-1, high=7, shape=(9, 11, 11), dtype=np.int32)
    if render:
        spaces["pov"] = Box(low=0, high=255, shape=(*render_size, 3), dtype=np.uint8)
    return Dict(spaces)


class Agent:
    """``env.agent``: the agent's state as the reference's ``Agent`` names it (a view of the core's;
    setting ``position`` / ``rotation`` moves the agent)."""

    def __init__(self, env: "GridWorld"):
        self._env = env

    @property
    def position(self) -> Tuple[float, float, float]:
        return self._env.position

    @position.setter
    def position(self, value):
        x, y, z = (float(v) for v in value)
        yaw, pitch = self._env.rotation
        self._env._set_pose(x, y, z, yaw, pitch)

    @property
    def rotation(self) -> Tuple[float, float]:
        return self._env.rotation

    @rotation.setter
    def rotation(self, value):
        yaw, pitch = (float(v) for v in value)
        self._env._set_pose(*self._env.position, yaw, pitch)

    @property
    def inventory(self) -> list:
        return [int(v) for v in self._env._observation_copy()["inventory"]]

    @property
    def flying(self) -> bool:
        return self._env.action_space_type == "flying"

    def __repr__(self):
        return f"Agent(position={self.position}, rotation={self.rotation})"


class World:
    """``env.world``: the blocks of the world as the reference's ``World`` names them (a view)."""

    def __init__(self, env: "GridWorld"):
        self._env = env

    @property
    def placed(self) -> set:
        """Positions ``(x, y, z)`` of the blocks in the zone."""
        return {(x, y, z) for x, y, z, _ in _iglu.to_sparse(self._env.grid)}

    @property
    def world(self) -> dict:
        """``{(x, y, z): colour}`` of the blocks in the zone (the reference's also holds the floor)."""
        return {(x, y, z): c for x, y, z, c in _iglu.to_sparse(self._env.grid)}

    @property
    def initialized(self) -> bool:
        return True


class _Renderer:
    """``env.renderer`` when rendering is on: ``render()`` is the env's RGBA frame."""

    def __init__(self, env: "GridWorld"):
        self._env = env

    def render(self) -> np.ndarray:
        return self._env._render_rgba()


class GridWorld(_iglu.CoreEnv, _gym.Env):
    """``GridWorld(render=True, max_steps=250, select_and_place=False, discretize=False,
    right_placement_scale=1., wrong_placement_scale=0.1, render_size=(64, 64),
    target_in_obs=False, action_space='walking', vector_state=True, fake=False, name='')``.

    Extensions (keyword-only): the corrections ``fix_tunnelling``, ``done_after_max_steps`` and
    ``reset_clears_agent_state`` (all False = the reference's behaviour), ``pov_style``
    ('reference' or 'clean') and ``record`` (keep a rollout of every episode for
    :meth:`iglu.Catalog.record`).
    """

    metadata = {"render.modes": ["rgb_array"]}

    def __init__(self, render=True, max_steps=250, select_and_place=False, discretize=False,
                 right_placement_scale=1., wrong_placement_scale=0.1, render_size=(64, 64), target_in_obs=False,
                 action_space='walking', vector_state=True, fake=False, name='', *, record: bool = False, **extensions):
        if action_space not in ("walking", "flying"):
            raise ValueError(f"action_space: must be 'walking' or 'flying', got {action_space!r}")
        render_size = (64, 64) if render_size is None else tuple(int(v) for v in render_size)
        # The reference's render_size is (width, height): frames are (height, width, .); the core
        # takes [height, width].
        super().__init__(render=bool(render and not fake), max_steps=max_steps, select_and_place=select_and_place,
                         discretize=bool(discretize) and action_space == "walking",
                         right_placement_scale=right_placement_scale, wrong_placement_scale=wrong_placement_scale,
                         render_size=render_size[::-1], target_in_obs=target_in_obs, action_space=action_space,
                         **extensions)
        self.render_size = render_size
        self.max_steps = max_steps
        self.select_and_place = select_and_place
        self.discretize = discretize
        self.right_placement_scale = right_placement_scale
        self.wrong_placement_scale = wrong_placement_scale
        self.target_in_obs = target_in_obs
        self.vector_state = vector_state
        self.action_space_type = action_space
        self.fake = fake
        self.name = name
        self.do_render = bool(render)
        self._core_renders = bool(render and not fake)
        self._pov_style = self.options["pov_style"]
        self.renderer = _Renderer(self) if render and not fake else None
        self.action_space = make_action_space(action_space, discretize)
        self.observation_space = make_observation_space(render, render_size, target_in_obs, vector_state)
        self.agent = Agent(self)
        self.world = World(self)
        # The reference sets these once and never updates them (SizeReward reads wrong_placement).
        self.right_placement = 0
        self.wrong_placement = 0
        self.initial_position = (0, 0, 0)
        self.initial_rotation = (0, 0)
        self.starting_grid = None
        self._task = None
        self._task_generator = None
        self._overwrite_starting_grid = None
        self._core_task_key = None
        self._max_int = None
        self._max_int_of = None
        if record:
            self._set_recording(True)

    # -- tasks ------------------------------------------------------------------------------
    @property
    def task(self):
        """The current task (from the task generator when none was set)."""
        if self._task is None:
            if self._task_generator is None:
                raise ValueError(_NO_TASK)
            self._task = self._task_generator.reset()
            self.starting_grid = self._task.starting_grid
        return self._task

    def set_task(self, task) -> None:
        """Sets the task (a Task, or a collection such as CustomTasks whose ``reset()`` picks one)
        and resets the environment, as the reference's."""
        if self._task_generator is not None:
            warnings.warn("The .set_task method has no effect with an initialized tasks generator. "
                          "Drop it using .set_tasks_generator(None) after calling .set_task")
        self._task = task
        self.reset()

    def set_task_generator(self, task_generator) -> None:
        """Every reset takes the task from ``task_generator.reset()``; resets now."""
        self._task_generator = task_generator
        self.reset()

    def initialize_world(self, starting_grid, initial_poisition) -> None:
        """Replaces the task's starting grid and the initial pose ``(x, y, z, yaw, pitch)`` for the
        following episodes; resets now (the reference's argument name, typo included)."""
        self._overwrite_starting_grid = starting_grid
        warnings.warn("Default task starting grid is overwritten using .initialize_world method. "
                      "Use .deinitialize_world to restore the original state.")
        self.initial_position = tuple(initial_poisition[:3])
        self.initial_rotation = tuple(initial_poisition[3:])
        self.reset()

    def deinitialize_world(self) -> None:
        self._overwrite_starting_grid = None
        self.initial_position = (0, 0, 0)
        self.initial_rotation = (0, 0)
        self.reset()

    def _apply_task(self, task, start) -> None:
        target, chat = task.target_grid, task.chat
        key = (target, start, chat)
        old = self._core_task_key
        if old is not None and all(a is b for a, b in zip(old, key)):
            return
        if start is getattr(task, "starting_grid", None):
            self._set_task(task)
        else:
            self._set_task(types.SimpleNamespace(target_grid=target, starting_grid=start, chat=chat,
                                                 task_id=getattr(task, "task_id", None)))
        self._core_task_key = key

    # -- the episode ------------------------------------------------------------------------
    def reset(self, **_ignored) -> dict:
        """Starts an episode on the task (or the generator's next task): the task's ``reset()``,
        its starting grid (or initialize_world's), the initial pose, 20 blocks per colour minus
        the starting ones. ``agentPos`` and ``compass`` of this observation are zero, as the
        reference's."""
        if self._task is None:
            if self._task_generator is None:
                raise ValueError(_NO_TASK)
            self._task = self._task_generator.reset()
        elif self._task_generator is not None:
            self._task = self._task_generator.reset()
        task = self._task
        task.reset()
        start = self._overwrite_starting_grid if self._overwrite_starting_grid is not None else task.starting_grid
        self.starting_grid = start
        self._apply_task(task, start)
        obs = self._reset_copy()
        if tuple(self.initial_position) != (0, 0, 0) or tuple(self.initial_rotation) != (0, 0):
            x, y, z = (float(v) for v in self.initial_position)
            yaw, pitch = (float(v) for v in self.initial_rotation)
            self._set_pose(x, y, z, yaw, pitch)
            obs = self._observation_copy()
            obs["agentPos"][:] = 0
            obs["compass"][:] = 0
        self._max_int = None
        self._max_int_of = (task, start)
        self._choose_step()
        return self._finish_obs(obs)

    @property
    def max_int(self) -> int:
        """The reference's ``env.max_int``: the task's maximal intersection with the world at the
        last reset (never updated by steps)."""
        if self._max_int is None:
            if self._max_int_of is None:
                return 0
            task, start = self._max_int_of
            grid = np.zeros((9, 11, 11), np.int32) if start is None else _iglu.to_dense(list(start))
            self._max_int = int(task.maximal_intersection(grid))
        return self._max_int

    def step(self, action):
        """``(obs, reward, done, info)``. A bad action raises ValueError naming the field and leaves
        the environment unchanged. After a reset, when a subclass does not override it, the
        instance's ``step`` is the chosen implementation itself: in the common configuration the
        C++ method (no Python frame per step), else :meth:`_step_python`."""
        impl = self.__dict__.get("_step_impl")
        if impl is None:
            raise ValueError(_NO_TASK if self._task_generator is None else "Task is not initialized! Run .reset() first.")
        return impl(action)

    def _choose_step(self) -> None:
        needs_pov = self.do_render and not self._core_renders
        fast = (self.vector_state and not needs_pov and isinstance(self.right_placement_scale, float)
                and isinstance(self.wrong_placement_scale, float))
        self._step_impl = _iglu.CoreEnv._step_gridworld.__get__(self) if fast else self._step_python
        if type(self).step is GridWorld.step:
            self.step = self._step_impl

    def _step_python(self, action):
        obs, _, done, info = _iglu.CoreEnv._step_gridworld(self, action)
        right, wrong = self._placements
        reward = right * self.right_placement_scale if right != 0 else wrong * self.wrong_placement_scale
        return self._finish_obs(obs), reward, done, info

    def _finish_obs(self, obs: dict) -> dict:
        if not self.vector_state:
            del obs["grid"], obs["agentPos"]
        if self.do_render and "pov" not in obs:
            obs["pov"] = self.observation_space["pov"].sample() if self.fake else self._render_rgba()[..., :-1]
        return obs

    # -- rendering --------------------------------------------------------------------------
    def _render_rgba(self) -> np.ndarray:
        x, y, z = self.position
        yaw, pitch = self.rotation
        rgb = _iglu.render_pov(self.grid, (x, y, z, yaw, pitch), tuple(self.render_size[::-1]), self._pov_style)
        out = np.empty(rgb.shape[:2] + (4,), np.uint8)
        out[..., :3] = rgb
        out[..., 3] = 255
        return out

    def render(self, mode: str = "rgb_array", **_ignored) -> np.ndarray:
        """The first-person view as the reference's renderer returns it: uint8 RGBA (H, W, 4)
        (``obs['pov']`` is its RGB part). ValueError unless made with render=True (or
        :meth:`enable_renderer` was called)."""
        if not self.do_render:
            raise ValueError("create env with render=True")
        if self.fake:
            raise AttributeError("'NoneType' object has no attribute 'render' (fake=True has no renderer)")
        return self._render_rgba()

    def enable_renderer(self) -> None:
        """Turns rendering on (``obs['pov']`` from the next step; resets now), as the reference's."""
        if self.renderer is None and not self.fake:
            self.reset()
            self.renderer = _Renderer(self)
            self.do_render = True
            self._choose_step()

    def close(self) -> None:
        pass

    def __repr__(self) -> str:
        return f"<iglu.gridworld.GridWorld {self.options}>"


class Wrapper(_gym.Wrapper):
    """The reference's ``gridworld.env.Wrapper``: attributes are read from the wrapped env;
    ``render()`` of a GridWorld takes no mode."""

    def __getattr__(self, name):
        if name == "env":
            raise AttributeError(name)
        return getattr(self.env, name)

    def render(self, mode="human", **kwargs):
        if isinstance(self.env, GridWorld):
            return self.env.render()
        return self.env.render(mode, **kwargs)


class SizeReward(Wrapper):
    """The reference's ``SizeReward``, computed exactly as it is: the reward is the growth of
    ``max(env.max_int, size)`` plus ``min(env.wrong_placement * 0.02, 0)``. Since the reference's
    ``env.max_int`` is set at reset only and ``env.wrong_placement`` stays 0, an episode's first
    step is rewarded ``float(env.max_int)`` (the task's maximal intersection with its starting
    grid) and every later step ``0.0``."""

    def __init__(self, env):
        super().__init__(env)
        self.size = 0

    def reset(self, **kwargs):
        self.size = 0
        return super().reset(**kwargs)

    def step(self, action):
        obs, reward, done, info = super().step(action)
        intersection = self.unwrapped.max_int
        reward = max(intersection, self.size) - self.size
        self.size = max(intersection, self.size)
        reward += min(self.unwrapped.wrong_placement * 0.02, 0)
        return obs, reward, done, info


def create_env(render=True, discretize=True, size_reward=True, select_and_place=True, right_placement_scale=1,
               render_size=(64, 64), target_in_obs=False, vector_state=False, max_steps=250, action_space='walking',
               wrong_placement_scale=0.1, name='', fake=False, **extensions):
    """The reference's ``create_env`` with its defaults (discretize, select_and_place and
    size_reward on, vector_state off: POV-only observations); flying ignores ``discretize``."""
    env = GridWorld(render=render, select_and_place=select_and_place, discretize=discretize,
                    right_placement_scale=right_placement_scale, wrong_placement_scale=wrong_placement_scale, name=name,
                    render_size=render_size, target_in_obs=target_in_obs, vector_state=vector_state,
                    max_steps=max_steps, action_space=action_space, fake=fake, **extensions)
    if size_reward:
        env = SizeReward(env)
    return env


_gym.register("IGLUGridworld-v0", "iglu.gridworld.env:create_env", {})
_gym.register("IGLUGridworldVector-v0", "iglu.gridworld.env:create_env", {"vector_state": True, "render": False})
