#!/usr/bin/env python3
"""A random agent on the drop-in API (iglu.gridworld), exactly as code written for the reference
`gridworld` package would run it — only the imports differ.

usage: PYTHONPATH=build/release/python python3 examples/python/random_agent.py [TASKS.jsonl] [--episodes N]
"""
import argparse
import pathlib

import numpy as np

import iglu
from iglu.gridworld import GridWorld  # was: from gridworld.env import GridWorld


def main():
    here = pathlib.Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description="random agent on iglu.gridworld")
    ap.add_argument("tasks", nargs="?", default=str(here.parent / "tasks" / "bench_tasks.jsonl"))
    ap.add_argument("--episodes", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    tasks = iglu.read_tasks(args.tasks)
    env = GridWorld(render=False, discretize=True, max_steps=250)
    rng = np.random.default_rng(args.seed)
    for episode in range(args.episodes):
        task = tasks[episode % len(tasks)]
        env.set_task(task)
        obs = env.reset()
        total, done, steps = 0.0, False, 0
        while not done:
            obs, reward, done, info = env.step(env.action_space.sample())
            total += reward
            steps += 1
        s = task.scores(obs["grid"])
        print(f"episode {episode}: task {task.task_id}, {steps} steps, return {total:+.1f}, F1 {s['f1']:.2f}")


if __name__ == "__main__":
    main()
