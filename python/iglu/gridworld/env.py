"""``GridWorld``: a drop-in for the reference ``gridworld.env.GridWorld`` (same constructor, same
``set_task`` / ``reset`` / ``step``, same action formats, same observation keys, dtypes, shapes and
quirks), running the IGLU Workbench C++ environment, which replays every recorded reference
trace bit for bit. ``pov`` comes from the core's CPU renderer (no OpenGL, no display).

Observations are fresh arrays on every call, as the reference's (keep them freely). For
zero-copy views use :class:`iglu.Env`.
"""
from __future__ import annotations

from typing import Optional, Tuple

from .. import _iglu
from ..spaces import action_space as _action_space, observation_space as _observation_space
from .tasks.task import Task


class GridWorld(_iglu.CoreEnv):
    """``GridWorld(render=True, max_steps=250, select_and_place=False, discretize=False,
    right_placement_scale=1., wrong_placement_scale=0.1, render_size=(64, 64),
    target_in_obs=False, action_space='walking', vector_state=True, fake=False, name='')``.

    Extensions (keyword-only): the corrections ``fix_tunnelling``, ``done_after_max_steps`` and
    ``reset_clears_agent_state`` (all False = the reference's behaviour), ``pov_style``
    ('reference' or 'clean') and ``record`` (keep a rollout of every episode for
    :meth:`iglu.Catalog.record`).
    """

    def __init__(self, render: bool = True, max_steps: int = 250, select_and_place: bool = False,
                 discretize: bool = False, right_placement_scale: float = 1., wrong_placement_scale: float = 0.1,
                 render_size: Tuple[int, int] = (64, 64), target_in_obs: bool = False, action_space: str = 'walking',
                 vector_state: bool = True, fake: bool = False, name: str = '', *, record: bool = False, **extensions):
        if not vector_state:
            raise ValueError("vector_state: only vector_state=True is supported (the grid observation)")
        super().__init__(render=render, max_steps=max_steps, select_and_place=select_and_place, discretize=discretize,
                         right_placement_scale=right_placement_scale, wrong_placement_scale=wrong_placement_scale,
                         render_size=tuple(render_size), target_in_obs=target_in_obs, action_space=action_space,
                         **extensions)
        self.render_size = tuple(render_size)
        self.max_steps = max_steps
        self.select_and_place = select_and_place
        self.discretize = discretize
        self.right_placement_scale = right_placement_scale
        self.wrong_placement_scale = wrong_placement_scale
        self.target_in_obs = target_in_obs
        self.vector_state = vector_state
        self.fake = fake
        self.name = name
        self.do_render = render
        self.action_space = _action_space(action_space, discretize)
        self.observation_space = _observation_space(target_in_obs, render, render_size)
        self.initial_position = (0, 0, 0)
        self.initial_rotation = (0, 0)
        self._task: Optional[Task] = None
        if record:
            self._set_recording(True)

    @property
    def task(self) -> Optional[Task]:
        """The task last given to :meth:`set_task`."""
        return self._task

    def set_task(self, task: Task) -> None:
        """Sets the task of the following episodes (call :meth:`reset` next)."""
        self._set_task(task)
        self._task = task

    def reset(self) -> dict:
        """Starts an episode; returns the observation (``agentPos`` and ``compass`` are zero, as
        the reference's reset observation)."""
        if self._task is not None:
            self._task.reset()
        return self._reset_copy()

    # step(action) -> (obs, reward, done, info): the C++ method itself (no Python frame per
    # step). ``action`` is an int 0..17 with discretize=True, else the action space's dict. A bad
    # action raises ValueError naming the field and leaves the environment unchanged.
    step = _iglu.CoreEnv._step_gridworld

    def render(self, mode: str = "rgb_array"):
        """The current first-person view (uint8 (H, W, 3)), rendered on demand."""
        x, y, z = self.position
        yaw, pitch = self.rotation
        return _iglu.render_pov(self.grid, (x, y, z, yaw, pitch), self.render_size)

    def close(self) -> None:
        pass

    def __repr__(self) -> str:
        return f"<iglu.gridworld.GridWorld {self.options}>"


def create_env(render: bool = True, discretize: bool = True, size_reward: bool = False, select_and_place: bool = True,
               right_placement_scale: float = 1, render_size=(64, 64), target_in_obs: bool = False,
               vector_state: bool = True, max_steps: int = 250, action_space: str = 'walking',
               wrong_placement_scale: float = 0.1, name: str = '', fake: bool = False, **extensions) -> GridWorld:
    """The reference's ``create_env`` defaults (discretize and select_and_place on). Its
    ``SizeReward`` wrapper (``size_reward=True``) is not provided."""
    if size_reward:
        raise NotImplementedError("size_reward: the reference's SizeReward wrapper is not provided")
    return GridWorld(render=render, max_steps=max_steps, select_and_place=select_and_place, discretize=discretize,
                     right_placement_scale=right_placement_scale, wrong_placement_scale=wrong_placement_scale,
                     render_size=render_size, target_in_obs=target_in_obs, action_space=action_space,
                     vector_state=vector_state, fake=fake, name=name, **extensions)
