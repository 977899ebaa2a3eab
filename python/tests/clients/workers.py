"""In the style of RL frameworks' worker processes: environments made by name (gym.make) or from a
pickled constructor inside spawn and fork workers; each episode's result depends only on its seed,
never on the worker count or the start method."""
import functools
import hashlib
import json
import multiprocessing as mp
import pickle

import gym
import numpy as np

import iglu.gridworld  # noqa: F401  (registers the ids in this process; spawned workers import it by name)
from iglu.gridworld.env import create_env
from iglu.gridworld.tasks import CustomTasks, Task, Tasks

GOALS = CustomTasks([("a", [(0, -1, 0, 1), (0, 0, 0, 1)]), ("b", [(1, -1, 1, 3), (2, -1, 1, 3), (2, 0, 1, 4)])])


def episode(args):
    seed, how = args
    np.random.seed(seed)
    if how == "name":
        env = gym.make("IGLUGridworldVector-v0", max_steps=60)
    else:
        env = pickle.loads(how)()
    env.set_task(pickle.loads(pickle.dumps(GOALS)))
    rng = np.random.default_rng(seed)
    obs, total, done, t = env.reset(), 0.0, False, 0
    while not done:
        action = 14 if t < 6 else int(rng.integers(18))   # look down first, so that blocks get placed
        obs, reward, done, _ = env.step(action)
        t += 1
        total += reward
    return [seed, round(float(total), 6), hashlib.sha1(obs["grid"].tobytes()).hexdigest()[:12], obs["dialog"]]


def main():
    ctor = pickle.dumps(functools.partial(create_env, render=False, vector_state=True, max_steps=60))  # = the Vector id
    seeds = list(range(6))
    results = {}
    for how_name, how in (("name", "name"), ("ctor", ctor)):
        results[f"{how_name}-inline"] = [episode((s, how)) for s in seeds]
        for method in ("spawn", "fork"):
            for workers in (1, 2):
                with mp.get_context(method).Pool(workers) as pool:
                    results[f"{how_name}-{method}-{workers}"] = pool.map(episode, [(s, how) for s in seeds])
    task = Task("x", Tasks.to_dense([(0, -1, 0, 1)]), starting_grid=[(1, -1, 1, 2)])
    back = pickle.loads(pickle.dumps(task))
    print(json.dumps({"results": results, "task_pickles": back.reset().max_int == task.reset().max_int}))


if __name__ == "__main__":
    main()
