#!/usr/bin/env python3
"""Speed of the Python bridge, as JSON (one object), side by side with the reference `gridworld`
package when it is importable (it is not a dependency):

  gridworld_steps_per_s   drop-in GridWorld, walking discrete, uniform random actions, render=False,
                          resets included (done -> set_task + reset), as the reference was measured
                          (shared/conformance/README.md: 4,078 steps/s with resets)
  gridworld_wrapped_steps_per_s  the same GridWorld inside one reference-style Wrapper (gym.Wrapper
                          when gym is importable), as RL wrapper stacks run it
  env_steps_per_s         iglu.Env, same policy, zero-copy observations
  vector_steps_per_s      iglu.VectorEnv, 256 environments (num_threads = cores), random int actions
  reference_*             the same loops on gridworld.GridWorld, when importable

usage: PYTHONPATH=build/release/python python3 python/benchmarks/bench_python.py [--quick] [--tasks FILE]
"""
import argparse
import json
import os
import pathlib
import sys
import time

import numpy as np


def tasks_from(path):
    import iglu
    return iglu.read_tasks(path)


def bench_gridworld(GridWorld, tasks, steps, seed=0, wrap=None):
    env = GridWorld(render=False, discretize=True, max_steps=250)
    if wrap is not None:
        env = wrap(env)
    rng = np.random.default_rng(seed)
    actions = rng.integers(0, 18, size=steps).tolist()
    picks = rng.integers(0, len(tasks), size=steps // 10 + 2).tolist()
    env.set_task(tasks[picks[0]])
    env.reset()
    k = 1
    start = time.perf_counter()
    for a in actions:
        _, _, done, _ = env.step(a)
        if done:
            env.set_task(tasks[picks[k % len(picks)]])
            k += 1
            env.reset()
    return steps / (time.perf_counter() - start), k - 1


def bench_env(tasks, steps, seed=0):
    import iglu
    env = iglu.Env(tasks, discretize=True, max_steps=250)
    rng = np.random.default_rng(seed)
    actions = rng.integers(0, 18, size=steps).tolist()
    env.reset(seed=seed)
    resets = 0
    step = env.step
    start = time.perf_counter()
    for a in actions:
        _, _, term, trunc, _ = step(a)
        if term or trunc:
            env.reset()
            resets += 1
    return steps / (time.perf_counter() - start), resets


def bench_vector(tasks, num_envs, calls, threads, seed=0):
    import iglu
    venv = iglu.VectorEnv(tasks, num_envs=num_envs, num_threads=threads, seed=seed, discretize=True, max_steps=250)
    venv.reset()
    rng = np.random.default_rng(seed)
    batches = [rng.integers(0, 18, size=num_envs) for _ in range(64)]
    step = venv.step
    start = time.perf_counter()
    for i in range(calls):
        step(batches[i & 63])
    return num_envs * calls / (time.perf_counter() - start)


def best_of(runs, fn):
    return max(fn() for _ in range(runs))


def main():
    here = pathlib.Path(__file__).resolve()
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tasks", default=str(here.parents[2] / "examples" / "tasks" / "bench_tasks.jsonl"))
    ap.add_argument("--quick", action="store_true", help="tiny counts (a smoke run, not a measurement)")
    ap.add_argument("--runs", type=int, default=3, help="best of N runs per figure")
    args = ap.parse_args()

    import iglu
    from iglu.gridworld import GridWorld
    tasks = tasks_from(args.tasks)
    scale = 0.01 if args.quick else 1.0
    runs = 1 if args.quick else args.runs
    threads = os.cpu_count() or 1
    out = {"python": sys.version.split()[0], "numpy": np.__version__, "iglu": iglu.__version__, "cores": threads,
           "tasks": len(tasks), "quick": args.quick}
    n = int(300_000 * scale) or 100
    out["gridworld_steps_per_s"] = round(best_of(runs, lambda: bench_gridworld(GridWorld, tasks, n)[0]))
    from iglu.gridworld.env import Wrapper
    out["gridworld_wrapped_steps_per_s"] = round(best_of(runs, lambda: bench_gridworld(GridWorld, tasks, n, wrap=Wrapper)[0]))
    out["env_steps_per_s"] = round(best_of(runs, lambda: bench_env(tasks, int(1_000_000 * scale) or 100)[0]))
    out["vector_envs"] = 256
    out["vector_threads"] = threads
    out["vector_steps_per_s"] = round(best_of(runs, lambda: bench_vector(tasks, 256, int(20_000 * scale) or 10, threads)))
    out["vector_steps_per_s_1_thread"] = round(best_of(runs, lambda: bench_vector(tasks, 256, int(10_000 * scale) or 10, 1)))
    try:
        from gridworld.env import GridWorld as ReferenceGridWorld  # the reference package, if installed
        from gridworld.tasks.task import Task as ReferenceTask
        ref_tasks = [ReferenceTask(t.chat, t.target_grid, starting_grid=t.starting_grid) for t in tasks]
        m = int(20_000 * scale) or 50
        out["reference_gridworld_steps_per_s"] = round(bench_gridworld(ReferenceGridWorld, ref_tasks, m)[0])
        out["speedup_vs_reference"] = round(out["gridworld_steps_per_s"] / out["reference_gridworld_steps_per_s"], 1)
    except ImportError as e:
        out["reference"] = f"not importable ({e.name or e}); see shared/conformance/README.md for its figures"
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
