#!/usr/bin/env python3
"""Evaluates a policy over many tasks on a Dask cluster and stores the episodes in a catalog as
one experiment (the workbench's Experiments dock, `iglu experiments show NAME --db DB`).

* Each job is one (task, repetition); the worker makes its environment by name (the entry point
  "iglu.env:Env", as a Gymnasium registry would) from plain, picklable arguments.
* Seeding does not depend on the workers: job (task i, repetition r) seeds its environment and its
  policy from ``numpy.random.SeedSequence([seed, i, r])``, so 1 or 20 workers, threads or
  processes, give the same episodes.
* One process writes the catalog (SQLite connections do not cross processes): workers return
  their actions and results; this process replays each episode in a recording environment (the
  C++ env: microseconds per step), checks it gives the worker's results, and stores them all in
  one transaction.

usage: PYTHONPATH=build/release/python python3 examples/python/dask_evaluate.py --db iglu.db
       [--experiment NAME] [--filter "limit:20"] [--repetitions 2] [--workers 2] [--processes]
       [--seed 0] [--max-steps 250]
Needs Dask's `distributed` (Debian: python3-distributed).
"""
import argparse
import importlib

import numpy as np

import iglu

ENTRY_POINT = "iglu.env:Env"
# Walking discrete actions the policy draws from: look down, turn, move, select colours, place, break.
LOOK_DOWN, PLACE, BREAK = 14, 17, 16
MOVES = [1, 2, 3, 4, 12, 13]


def make_env(entry_point, tasks, **options):
    """An environment by name ("module:Class"), as gym / Gymnasium registries construct them."""
    module, name = entry_point.split(":")
    return getattr(importlib.import_module(module), name)(tasks, **options)


def job_seed(seed, task_index, repetition):
    """The job's seed: a function of the job only, never of the worker that runs it."""
    return int(np.random.SeedSequence([seed, task_index, repetition]).generate_state(1)[0])


def policy(env, rng):
    """A simple builder: looks down, then places the target's colours with some moves and breaks."""
    colours = [int(c) for c in np.unique(env.task.target_grid) if c > 0] or [1]
    actions = [LOOK_DOWN] * 8
    while True:
        for a in actions:
            obs, reward, terminated, truncated, info = env.step(a)
            yield a
            if terminated or truncated:
                return
        r = rng.random()
        if r < 0.5:
            actions = [5 + int(rng.choice(colours)), PLACE, int(rng.choice(MOVES))]
        elif r < 0.6:
            actions = [BREAK]
        else:
            actions = [int(rng.choice(MOVES))] * int(rng.integers(1, 4))


def evaluate(job, task_dict, options):
    """Runs one episode in a worker: returns the job, its actions and its results."""
    task_index, repetition, seed = job
    env = make_env(ENTRY_POINT, [task_dict], **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = list(policy(env, rng))
    info = env._info()
    return {"task_index": task_index, "repetition": repetition, "seed": seed, "actions": actions,
            "steps": env.step_no, "f1": info["f1"], "max_intersection": info["max_intersection"]}


def record(catalog, name, tasks, results, options, agent):
    """Replays each worker's episode in a recording env and stores them as one experiment."""
    env = iglu.Env(tasks, record=True, **options)
    with catalog.experiment(name, agent=agent, env=env) as run:
        for res in results:
            env.reset(seed=res["seed"], options={"task": res["task_index"]})
            for a in res["actions"]:
                env.step(a)
            info = env._info()
            if (env.step_no, info["f1"]) != (res["steps"], res["f1"]):
                raise RuntimeError(f"task {tasks[res['task_index']].task_id}: the worker's episode replays differently")
            run.add(env, seed=res["seed"], repetition=res["repetition"])
    return len(results)


def main(argv=None):
    ap = argparse.ArgumentParser(description="evaluate a policy over many tasks with a Dask LocalCluster")
    ap.add_argument("--db", required=True, help="catalog file (iglu import ... --db)")
    ap.add_argument("--experiment", default="dask-eval")
    ap.add_argument("--filter", default="limit:20", help="task filter words, as `iglu run --tasks`")
    ap.add_argument("--repetitions", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--processes", action="store_true", help="worker processes (default: threads in this process)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-steps", type=int, default=250)
    args = ap.parse_args(argv)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise SystemExit("Dask's distributed is not installed (Debian: apt-get install python3-distributed)")

    catalog = iglu.Catalog(args.db)
    task_dicts = catalog.task_dicts(args.filter)
    if not task_dicts:
        raise SystemExit(f"no task in {args.db} matches '{args.filter}'")
    tasks = [iglu.Task.from_dict(d) for d in task_dicts]
    # reset_clears_agent_state: every episode starts as in a fresh env (and replays as recorded).
    options = dict(discretize=True, max_steps=args.max_steps, reset_clears_agent_state=True)
    jobs = [(i, r, job_seed(args.seed, i, r)) for i in range(len(tasks)) for r in range(args.repetitions)]

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=args.processes,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        futures = [client.submit(evaluate, job, task_dicts[job[0]], options, pure=False) for job in jobs]
        results = client.gather(futures)   # in job order, whatever finished first
    stored = record(catalog, args.experiment, tasks, results, options, agent="dask_evaluate.py")
    mean_f1 = float(np.mean([r["f1"] for r in results]))
    print(f"{stored} episodes of {len(tasks)} tasks on {args.workers} workers stored as '{args.experiment}' "
          f"in {args.db}: mean F1 {mean_f1:.3f}")


if __name__ == "__main__":
    main()
