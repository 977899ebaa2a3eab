"""In the style of the reference package's examples (run_env, iglu_dataset_singleturn,
visualizer): gym.make both ids, DUMMY_TASK, a task generator, set_task_generator(None)."""
import json
import sys

import gym
import numpy as np

import iglu.gridworld as gridworld  # noqa: F401
from iglu.gridworld.data import SingleTurnIGLUDataset
from iglu.gridworld.tasks import DUMMY_TASK
from iglu.gridworld.visualizer import Visualizer


def main(data_path):
    out = {}
    env = gym.make("IGLUGridworld-v0")
    env.set_task(DUMMY_TASK)
    env.action_space.seed(0)
    steps = 0
    for _ in range(2):
        done, obs = False, env.reset()
        while not done:
            obs, reward, done, info = env.step(env.action_space.sample())
            steps += 1
    out["run_env_steps"] = steps
    out["run_env_obs"] = sorted(obs)
    dataset = SingleTurnIGLUDataset(task_kwargs={"invariant": True}, limit=50, data_path=data_path)
    venv = gym.make("IGLUGridworldVector-v0")
    np.random.seed(5)
    venv.set_task_generator(dataset)
    first = venv.reset()
    out["dialog_is_task_chat"] = first["dialog"] == venv.task.chat
    second = venv.reset()
    out["vector_obs"] = sorted(second)
    venv.set_task_generator(None)
    subtask = dataset.tasks[next(iter(dataset.tasks))][0].reset()
    venv.set_task(subtask)
    out["after_set_task"] = venv.reset()["dialog"] == subtask.chat
    vis = Visualizer(render_size=(32, 32))
    vis.set_world_state(blocks=[(0, -1, 2, 3)], add=True)
    vis.set_agent_state(position=[0, 0, 3], rotation=[0, -35])
    img = vis.render()
    out["visualizer"] = [list(img.shape), str(img.dtype), int(img.reshape(-1, 3).std(axis=0).sum() > 0)]
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
