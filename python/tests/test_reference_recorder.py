"""ReferenceRecorder: wraps an environment with the reference GridWorld's API, passes calls
through unchanged, replays them in ours and reports the first divergence. The reference package
is not installed here, so the wrapped environments are real GridWorlds: one configured
identically (no divergence over whole episodes) and one whose reward differs (found at the first
step where it matters)."""
import numpy as np

import iglu
from iglu.gridworld import GridWorld


def play(env, task, steps, seed):
    env.set_task(task)
    env.reset()
    rng = np.random.default_rng(seed)
    results = []
    for _ in range(steps):
        obs, reward, done, info = env.step(int(rng.integers(18)))
        results.append((reward, done))
    return results


def test_identical_environment_never_diverges_and_results_pass_through(conformance_tasks):
    tasks = list(conformance_tasks.values())[:6]
    for seed, task in enumerate(tasks):
        wrapped = GridWorld(render=False, discretize=True, max_steps=120)
        rec = iglu.ReferenceRecorder(wrapped, discretize=True, max_steps=120)
        alone = GridWorld(render=False, discretize=True, max_steps=120)
        assert play(rec, task, 150, seed) == play(alone, task, 150, seed)
        assert rec.divergence is None, rec.divergence


def test_a_different_environment_is_reported_at_its_first_divergent_step(conformance_tasks):
    task = next(t for t in conformance_tasks.values() if t.target_size >= 3)
    other = GridWorld(render=False, discretize=True, wrong_placement_scale=0.5)  # the "reference" differs
    rec = iglu.ReferenceRecorder(other, discretize=True, wrong_placement_scale=0.1)
    rec.set_task(task)
    rec.reset()
    mine = GridWorld(render=False, discretize=True)
    mine.set_task(task)
    mine.reset()
    rng = np.random.default_rng(11)
    first = None
    for t in range(1, 600):
        a = int(rng.choice([1, 12, 14, 16, 17, 17, 6, 7]))
        _, r_other, _, _ = rec.step(a)
        _, r_mine, _, _ = mine.step(a)
        if first is None and r_other != r_mine:
            first = t
    assert first is not None, "the policy never made a wrong placement"
    assert rec.divergence is not None and rec.divergence["step"] == first
    assert "reward" in rec.divergence["what"]
    rec.reset()
    assert rec.divergence is None and rec.episode == 1
