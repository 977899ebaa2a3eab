"""In the style of the IGLU 2022 starter kit's local evaluator: gym.make the registered env,
iterate the multi-turn dataset's subtasks, run parallel envs with a scripted agent, score each
episode with the synthetic (target - start) task as the evaluator does."""
import json
import sys

import gym
import numpy as np

import iglu.gridworld as gridworld  # noqa: F401  (registers the gym ids)
from iglu.gridworld.data import IGLUDataset
from iglu.gridworld.tasks import Task, Tasks


def create_single_env(action_space_name="walking"):
    return gym.make("IGLUGridworld-v0", action_space=action_space_name, size_reward=False, max_steps=40,
                    vector_state=True)


def metrics(subtask, obs):
    init = Tasks.to_dense(subtask.starting_grid)
    synthetic = Task("", target_grid=subtask.target_grid - init)
    argmax = synthetic.argmax_intersection(obs["grid"])
    synthetic_obs = obs["grid"] - init
    inter = synthetic.get_intersection(synthetic_obs, *argmax)
    precision = inter / (synthetic.target_size + 1e-10)
    recall = inter / (len(synthetic_obs.nonzero()[0]) + 1e-10)
    return 2 * precision * recall / (precision + recall + 1e-10)


def main(data_path):
    dataset = IGLUDataset(dataset_version="v0.1.0-rc1", task_kwargs=None, force_download=False, data_path=data_path)
    sizes = {}
    for task_id, session_id, subtask_id, subtask in dataset:
        diff = subtask.target_grid - Tasks.to_dense(subtask.starting_grid)
        sizes[(task_id, session_id, subtask_id)] = len(diff.nonzero()[0])
    it = iter(dataset)
    envs = [create_single_env() for _ in range(2)]
    rng = np.random.default_rng(0)
    results, steps, pov_shapes = [], 0, set()
    for _ in range(3):
        key_task = [next(it) for _ in envs]
        for env, (_, _, _, subtask) in zip(envs, key_task):
            env.set_task(subtask)
            obs = env.reset()
            agent_obs = obs.copy()
            agent_obs.pop("agentPos", None)
            pov_shapes.add(agent_obs["pov"].shape)
        done = [False] * len(envs)
        last = [None] * len(envs)
        while not all(done):
            for i, env in enumerate(envs):
                if done[i]:
                    continue
                obs, rew, d, info = env.step(int(rng.integers(18)))
                steps += 1
                last[i], done[i] = obs, d
        for (tid, sid, k, subtask), obs in zip(key_task, last):
            results.append([tid, sid, k, round(metrics(subtask, obs), 6)])
    print(json.dumps({"tasks": len(sizes), "episodes": len(results), "steps": steps, "f1": results,
                      "spec": envs[0].unwrapped.spec.id, "is_gym_env": isinstance(envs[0].unwrapped, gym.Env),
                      "pov_shapes": sorted(map(list, pov_shapes))}))


if __name__ == "__main__":
    main(sys.argv[1])
