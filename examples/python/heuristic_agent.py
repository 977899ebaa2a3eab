#!/usr/bin/env python3
"""A heuristic agent recorded into the catalog: it looks down and places the target's colours in
front of itself, one row at a time. Its episodes are stored as an experiment, so they appear in
the workbench (Experiments dock, Playback) and in `iglu experiments show NAME --db DB`.

usage: PYTHONPATH=build/release/python python3 examples/python/heuristic_agent.py --db iglu.db
       [--experiment NAME] [--filter "flat limit:20"] [--seeds 0 1 2]
"""
import argparse
import collections

import numpy as np

import iglu

LOOK_DOWN, BACK, TURN_RIGHT, PLACE, FORWARD = 14, 2, 13, 17, 1


def colours_to_place(task):
    """The target's colours, most frequent first (with repeats)."""
    start = iglu.to_dense(task.starting_grid or [])
    need = task.target_grid[(task.target_grid != start) & (task.target_grid > 0)]
    counts = collections.Counter(need.tolist())
    return [c for c, n in counts.most_common() for _ in range(n)]


def play(env, rng):
    """From the state after reset: looks 45 degrees down, then for each block selects its
    colour, places it and steps back."""
    plan = colours_to_place(env.task)
    actions = [LOOK_DOWN] * 9
    for colour in plan:
        actions += [5 + colour, PLACE, BACK, BACK, BACK, BACK]
        if rng.random() < 0.3:
            actions += [TURN_RIGHT] * int(rng.integers(1, 4))
    for a in actions:
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return info
    while True:  # idle until the episode ends, as an evaluation would
        obs, reward, terminated, truncated, info = env.step(0)
        if terminated or truncated:
            return info


def main():
    ap = argparse.ArgumentParser(description="heuristic agent recorded into a catalog")
    ap.add_argument("--db", required=True, help="catalog file (iglu import ... --db)")
    ap.add_argument("--experiment", default="python-heuristic")
    ap.add_argument("--filter", default="limit:20", help="task filter words, as `iglu run --tasks`")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0])
    ap.add_argument("--max-steps", type=int, default=250)
    args = ap.parse_args()

    cat = iglu.Catalog(args.db)  # an existing catalog: a mistyped path is an error
    tasks = cat.tasks(args.filter)
    if not tasks:
        raise SystemExit(f"no task in {args.db} matches '{args.filter}'")
    # One env records every episode: reset_clears_agent_state so each starts as a fresh env (and
    # replays as recorded; the reference keeps the active colour across reset()).
    env = iglu.Env(tasks, discretize=True, max_steps=args.max_steps, record=True, reset_clears_agent_state=True)
    f1s = []
    with cat.experiment(args.experiment, agent="examples/python/heuristic_agent.py", env=env) as run:
        for i in range(len(tasks)):
            for seed in args.seeds:
                env.reset(seed=seed, options={"task": i})
                play(env, np.random.default_rng(seed))
                episode = run.add(env, seed=seed)
                f1s.append(episode.f1)
    print(f"{args.experiment}: {len(f1s)} episodes stored in {args.db}, mean F1 {np.mean(f1s):.3f}")
    print(f"see them: iglu experiments show {args.experiment} --db {args.db}   (or the workbench's Experiments dock)")


if __name__ == "__main__":
    main()
