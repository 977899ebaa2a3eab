"""The reference's ``gridworld.wrappers``: ``Actions`` (the 17 discrete actions without "use"),
``debug`` (keeps the episode's actions, writes suspicious episodes to ``wrong_actions/``) and
``Logged`` (episodes to ``<path>/step<N>/`` as .npz, .csv and .mp4). OpenCV (``cv2``) is needed
only by ``Logged``, when it is made (the reference imports it with the module)."""
from __future__ import annotations

import os
import pickle
from collections import defaultdict
from uuid import uuid4

import numpy as np

from ._gym import Discrete, Env, Wrapper


class Actions(Wrapper):
    """Discrete actions 0..16 mapped to the env's 0..16 (17, "use", is left out)."""

    def __init__(self, env: Env) -> None:
        super().__init__(env)
        self.action_map = list(range(17))
        self.action_space = Discrete(len(self.action_map))

    def step(self, action):
        return self.env.step(self.action_map[action])


class debug(Wrapper):  # noqa: N801  (the reference's name)
    """Keeps the episode's actions and return; at the end of an episode whose return exceeds
    ``18 - (turn - 1) * 3`` pickles them to ``wrong_actions/`` (needs a Subtasks task)."""

    def __init__(self, env):
        super().__init__(env)
        self.actions = []
        self.total_reward = 0
        self.turn = None
        self.turn_goal = None

    def step(self, action):
        self.actions.append(action)
        obs, reward, done, info = self.env.step(action)
        self.total_reward += reward
        if done and self.total_reward > (18 - (self.turn - 1) * 3):
            os.makedirs("wrong_actions", exist_ok=True)
            # The reference calls uuid4().hex() (a str is not callable) and fails here.
            with open(f"wrong_actions/{uuid4().hex[:10]}.pkl", "wb") as f:
                pickle.dump((self.actions, self.total_reward, self.turn, self.turn_goal), f)
            print(f"reward of {self.total_reward} at turn {self.turn}")
        return obs, reward, done, info

    def reset(self, **kwargs):
        obs = self.env.reset(**kwargs)
        self.actions = []
        self.total_reward = 0
        self.turn = self.unwrapped.task.task_start
        self.turn_goal = self.unwrapped.task.task_goal
        return obs


class Logged(Wrapper):
    """Records episodes once ``turn_on()`` (or ``enable_renderer()``) was called: observations,
    rewards, dones and the view (BGR) to ``<path>/step<glob_step>/ep_<desc>_<id>.npz``, the actions
    to ``.csv`` and the view to ``.mp4`` (OpenCV; re-encoded with ffmpeg when it is installed)."""

    def __init__(self, env: Env) -> None:
        super().__init__(env)
        try:
            import cv2
        except ImportError as e:
            raise ImportError("gridworld.wrappers.Logged needs OpenCV (python3-opencv)") from e
        self._cv2 = cv2
        self.fourcc = cv2.VideoWriter_fourcc(*"mp4v")
        self.data = defaultdict(list)
        self.actions = []
        self.desc = ""
        self.logging = False
        self.turned_off = True
        self.glob_step = 0
        self.path = "episodes"

    def turn_on(self):
        self.turned_off = False
        self.logging = True

    def set_path(self, path):
        self.path = path

    def set_desc(self, desc, glob_step):
        self.desc = desc
        self.glob_step = glob_step

    def step(self, action):
        obs, reward, done, info = self.env.step(action)
        if self.logging:
            pov = self.env.render()[..., :-1]
            for key in obs:
                self.data[key].append(obs[key])
            self.data["reward"].append(reward)
            self.data["done"].append(done)
            self.data["pov"].append(pov[..., ::-1])
            self.actions.append(action)
        if done and self.logging and self.unwrapped.step_no != 0:
            self._write()
        return obs, reward, done, info

    def _write(self):
        path = f"{self.path}/step{self.glob_step}"
        os.makedirs(path, exist_ok=True)
        for k in self.data:
            if k != "pov":
                self.data[k] = np.stack(self.data[k], axis=0)
        fname = f"ep_{self.desc}_{uuid4().hex[:6]}"
        np.savez_compressed(f"{path}/{fname}.npz", **self.data)
        with open(f"{path}/{fname}.csv", "w") as f:
            for action in self.actions:
                f.write(f"{action}\n")
        if len(self.data["pov"]) > 1:
            h, w = self.data["pov"][0].shape[:2]
            writer = self._cv2.VideoWriter(f"{path}/{fname}.mp4", self.fourcc, 20, (w, h))
            for pov in self.data["pov"]:
                writer.write(np.ascontiguousarray(pov))
            writer.release()
        self.data = defaultdict(list)
        self.actions = []

    def reset(self, **kwargs):
        obs = self.env.reset(**kwargs)
        if not self.turned_off:
            pov = self.env.render()[..., :-1]
            self.data["pov"].append(pov[..., ::-1])
            for k in obs:
                self.data[k].append(obs[k])
        return obs

    def enable_renderer(self):
        self.env.enable_renderer()
        self.logging = True
