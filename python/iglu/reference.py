"""Recording episodes of the reference ``gridworld.GridWorld`` itself (or any environment with
its API): :class:`ReferenceRecorder` wraps the environment, passes every call through unchanged,
replays the same task and actions in the IGLU Workbench environment alongside, and reports the
first step where the two diverge (reward, done, grid or agent position). The replayed episodes
can be stored in a catalog like any other (``Catalog.experiment(...).add(recorder.mirror)``).

    from gridworld.env import GridWorld              # the reference package
    env = iglu.ReferenceRecorder(GridWorld(render=False, discretize=True), discretize=True)
    env.set_task(task); obs = env.reset()
    obs, reward, done, info = env.step(action)       # the reference's own results
    env.divergence                                   # None, or {"episode", "step", "what"}

No reference code is used: the wrapper only observes calls and their results.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from .gridworld.env import GridWorld

_OPTION_NAMES = ("max_steps", "select_and_place", "discretize", "right_placement_scale", "wrong_placement_scale",
                 "target_in_obs", "action_space")


class ReferenceRecorder:
    """``ReferenceRecorder(env, **options)``: ``options`` are the wrapped environment's
    constructor arguments (GridWorld keyword names); where omitted they are read from the
    environment's attributes of the same names when it has them."""

    def __init__(self, env, *, check_position: bool = True, **options):
        self.env = env
        for name in _OPTION_NAMES:
            if name not in options and isinstance(getattr(env, name, None), (bool, int, float, str)):
                options[name] = getattr(env, name)
        if not isinstance(options.get("action_space", "walking"), str):
            options.pop("action_space")
        self.mirror = GridWorld(render=False, record=True, **options)
        self.check_position = check_position
        self.divergence: Optional[dict] = None
        self.episode = 0
        self.steps = 0

    def set_task(self, task) -> None:
        self.env.set_task(task)
        self.mirror.set_task(task)

    def reset(self, *args, **kwargs):
        obs = self.env.reset(*args, **kwargs)
        self.mirror.reset()
        self.episode += 1 if self.steps or self.episode else 0
        self.steps = 0
        self.divergence = None
        return obs

    def step(self, action):
        result = self.env.step(action)
        obs, reward, done = result[0], result[1], result[2]
        mine, my_reward, my_done, _ = self.mirror.step(action)
        self.steps += 1
        if self.divergence is None:
            what = self._compare(obs, reward, done, mine, my_reward, my_done)
            if what:
                self.divergence = {"episode": self.episode, "step": self.steps, "what": what}
        return result

    def _compare(self, obs, reward, done, mine, my_reward, my_done) -> str:
        if float(reward) != float(my_reward):
            return f"reward {reward!r} from the environment, {my_reward!r} replayed"
        if bool(done) != bool(my_done):
            return f"done {bool(done)} from the environment, {bool(my_done)} replayed"
        if isinstance(obs, dict) and "grid" in obs:
            theirs = np.asarray(obs["grid"])
            if theirs.shape == mine["grid"].shape and not np.array_equal(theirs, mine["grid"]):
                cells = np.argwhere(theirs != mine["grid"])[:3].tolist()
                return f"grid differs at [y+1, x+5, z+5] cells {cells}"
        if self.check_position and isinstance(obs, dict) and "agentPos" in obs:
            if not np.array_equal(np.asarray(obs["agentPos"], np.float32), mine["agentPos"]):
                return f"agentPos {np.asarray(obs['agentPos']).tolist()} from the environment, {mine['agentPos'].tolist()} replayed"
        return ""

    @property
    def task(self):
        return self.mirror.task

    def __getattr__(self, name):
        return getattr(self.env, name)
