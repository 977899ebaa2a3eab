"""In the style of the IGLU 2022 RL baseline's environment stack: a GridWorld with a placeholder
task, wrappers that generate subtasks and re-initialize the world on reset, an observation
wrapper that adds a key to the observation space, reward shaping from env.task, an action
wrapper that repeats actions, and Sample Factory-style checks of the spaces."""
import json

import gym
import numpy as np
from gym.spaces import Box

from iglu.gridworld.env import GridWorld
from iglu.gridworld.tasks.task import Task


class TargetGenerator(gym.Wrapper):
    def __init__(self, env):
        super().__init__(env)
        self.figure = np.zeros((9, 11, 11))

    def reset(self):
        self.figure[0, 5, 5] = 1
        return super().reset()


class SubtaskGenerator(gym.Wrapper):
    def __init__(self, env):
        super().__init__(env)
        self.steps = 0
        self.rng = np.random.RandomState(7)

    def reset(self):
        obs = super().reset()
        blocks = [(int(x), -1, int(z), 1) for x, z in self.rng.randint(-5, 6, size=(3, 2))]
        blocks = list({b[:3]: b for b in blocks}.values())
        target = np.zeros((9, 11, 11))
        target[0, 5, 5] = 1
        self.env.initialize_world(blocks, (0, 0, 2, 0, 45))
        self.env.task = Task("", target)                     # sets TargetGenerator's attribute, as in the baseline
        self.steps = 0
        return obs

    def step(self, action):
        obs, reward, done, info = super().step(action)
        self.steps += 1
        if self.steps >= 30:
            done = True
        return obs, reward, done, info


class VectorObservationWrapper(gym.Wrapper):
    def __init__(self, env):
        super().__init__(env)
        self.observation_space = gym.spaces.Dict({
            "agentPos": gym.spaces.Box(low=-5000.0, high=5000.0, shape=(5,)),
            "grid": gym.spaces.Box(low=0.0, high=6.0, shape=(9, 11, 11)),
            "inventory": gym.spaces.Box(low=0.0, high=20.0, shape=(6,)),
            "target_grid": gym.spaces.Box(low=0.0, high=6.0, shape=(9, 11, 11)),
        })

    def observation(self, obs):
        return {"agentPos": obs["agentPos"], "grid": obs["grid"], "inventory": obs["inventory"],
                "target_grid": self.env.task.target_grid}

    def reset(self):
        return self.observation(super().reset())

    def step(self, action):
        obs, reward, done, info = super().step(action)
        info["grid"] = obs["grid"]
        info["agentPos"] = obs["agentPos"]
        return self.observation(obs), reward, done, info


class JumpAfterPlace(gym.Wrapper):
    def step(self, action):
        total = 0
        for a in ([action, 5, 5] if 5 < action < 12 else [action]):
            obs, reward, done, info = super().step(a)
            total += reward
            if done:
                break
        return obs, total, done, info


class Closeness(gym.Wrapper):
    def reset(self):
        self.dist = 1e6
        return super().reset()

    def step(self, action):
        obs, reward, done, info = super().step(action)
        roi = np.where(self.env.task.target_grid != 0)
        goal = np.mean(roi[1]), np.mean(roi[2]), np.mean(roi[0])
        a = info["agentPos"][:3]
        d = ((goal[0] - a[0] - 5) ** 2 + (goal[1] - a[2] - 5) ** 2 + (goal[2] - a[1] - 1) ** 2) ** 0.5
        if d < self.dist:
            self.dist, reward = d, reward + 0.001
        return obs, reward, done, info


class FakeObsWrapper(gym.ObservationWrapper):
    def __init__(self, env):
        super().__init__(env)
        self.observation_space = self.env.observation_space
        self.observation_space["obs"] = Box(0.0, 1.0, shape=(1,))

    def observation(self, observation):
        observation["obs"] = np.array([0.0])
        return observation


def make_iglu():
    env = GridWorld(render=False, select_and_place=True, discretize=True, max_steps=1000)
    env.set_task(Task("", np.ones((9, 11, 11)), invariant=False))
    env = TargetGenerator(env)
    env = SubtaskGenerator(env)
    env = VectorObservationWrapper(env)
    env = JumpAfterPlace(env)
    env = Closeness(env)
    env = FakeObsWrapper(env)
    return env


def main():
    env = make_iglu()
    assert isinstance(env.unwrapped, gym.Env)
    assert isinstance(env.unwrapped.action_space, gym.spaces.Discrete)
    assert all(isinstance(s, gym.spaces.Space) for s in env.unwrapped.observation_space.spaces.values())
    rng = np.random.RandomState(0)
    returns, first = [], None
    for ep in range(3):
        obs = env.reset()
        if first is None:
            first = {"pos": list(env.unwrapped.position), "rot": list(env.unwrapped.rotation),
                     "blocks": sorted(env.unwrapped.world.placed), "inventory": env.unwrapped.agent.inventory}
        done, total = False, 0.0
        while not done:
            obs, reward, done, info = env.step(int(rng.randint(18)))
            total += reward
        returns.append(round(float(total), 6))
        assert set(obs) == {"agentPos", "grid", "inventory", "target_grid", "obs"}
    print(json.dumps({"returns": returns, "first_reset": first, "obs_keys": sorted(env.observation_space.keys())}))


if __name__ == "__main__":
    main()
