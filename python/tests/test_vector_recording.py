"""iglu.VectorEnv(record=True) stores evaluation episodes as iglu.Env does: every sub-environment
records each episode, autoreset included; the episodes are the same for any thread count and the
same as single Envs playing the same tasks with the same actions; stored as an experiment, the CLI
shows them, and `iglu export rollouts` + `iglu import rollouts` replays them without divergence."""
import json

import numpy as np
import pytest

import iglu


def fill(db, conformance_dir, count):
    cat = iglu.Catalog(db, mode="create")
    tasks = iglu.read_tasks(conformance_dir / "tasks.jsonl")[:count]
    for task in tasks:
        cat.add_task(task)
    return cat


# Mostly looking down, placing and breaking, with some walking: grids change, episodes of
# different lengths end by truncation (max_steps) and some by completion.
POLICY = [1, 3, 12, 14, 14, 16, 17, 17, 6, 7, 17, 5]


def play(venv, steps, policy_seed):
    rng = np.random.default_rng(policy_seed)
    venv.reset()
    for _ in range(steps):
        venv.step(rng.choice(POLICY, size=venv.num_envs))


def summary(episode):
    return (episode.task_id, episode.seed, episode.repetition, episode.steps, episode.total_return, episode.f1,
            tuple(episode.actions))


@pytest.fixture()
def catalog(tmp_path, conformance_dir):
    return fill(tmp_path / "vec.db", conformance_dir, 6)


def test_vector_episodes_are_stored_and_round_trip(catalog, tmp_path, conformance_dir, iglu_cli):
    tasks = catalog.tasks()
    options = dict(discretize=True, max_steps=37)
    venv = iglu.VectorEnv(tasks, num_envs=5, num_threads=2, seed=7, record=True, **options)
    assert venv.options["reset_clears_agent_state"] is True
    with catalog.experiment("vec", agent="vector-random", env=venv) as run:
        play(venv, 120, policy_seed=3)
        taken = run.add(venv)
        play(venv, 50, policy_seed=4)   # reset() drops the episodes in progress, keeps none of them
        taken += run.add(venv)
    assert len(taken) >= 5 * (120 // 37)
    assert len({(e.task_id, e.seed, e.repetition) for e in taken}) == len(taken)
    assert all(1 <= e.steps <= 37 for e in taken)
    stored = catalog.episodes("vec")
    assert len(stored) == len(taken)

    # Same episodes with one thread.
    again = iglu.VectorEnv(tasks, num_envs=5, num_threads=1, seed=7, record=True, **options)
    play(again, 120, policy_seed=3)
    first = again.take_episodes()
    play(again, 50, policy_seed=4)
    assert [summary(e) for e in taken] == [summary(e) for _, _, e in first + again.take_episodes()]

    # Same episodes as single Envs given the same task and actions.
    by_id = {t.task_id: t for t in tasks}
    for episode in taken:
        env = iglu.Env(by_id[episode.task_id], record=True, reset_clears_agent_state=True, **options)
        env.reset(seed=0)
        for text in episode.actions:
            kind, number = text.split()
            assert kind == "discrete"
            env.step(int(number))
        single = env._finish_episode(episode.seed, episode.repetition)
        single.task_id = episode.task_id
        assert summary(single) == summary(episode)
        assert single.precision == episode.precision and single.recall == episode.recall
        assert single.iglu2022_f1 == episode.iglu2022_f1  # the RL track's score, at the evaluator's step
    assert any(e.iglu2022_f1 > 0 for e in taken)
    by_key = {(e.task_id, e.seed, e.repetition): e for e in taken}
    for row in stored:
        assert row["iglu2022_f1"] == by_key[(row["task_id"], row["seed"], row["repetition"])].iglu2022_f1

    # The CLI reads it like any experiment; export + import replays every episode.
    shown = json.loads(iglu_cli("experiments", "show", "vec", "--db", catalog.path, "--json").stdout)
    assert shown["episodes"] == len(taken)
    assert shown["mean_f1"] == pytest.approx(np.mean([e.f1 for e in taken]))
    out = tmp_path / "vec.jsonl"
    iglu_cli("export", "rollouts", "--db", catalog.path, "--experiment", "vec", "-o", out)
    assert len(out.read_text().splitlines()) == len(taken)
    fresh = fill(tmp_path / "fresh.db", conformance_dir, 6)
    iglu_cli("import", "rollouts", out, "--db", fresh.path, "--experiment", "again")  # exit 1 on any divergence
    key = lambda e: (e["task_id"], e["seed"], e["repetition"])
    imported = sorted(fresh.episodes("again"), key=key)
    assert [(key(a), a["steps"], a["f1"], a["total_return"]) for a in sorted(stored, key=key)] == \
        [(key(b), b["steps"], b["f1"], b["total_return"]) for b in imported]


def test_vector_beliefs_are_kept_with_their_episodes(catalog):
    tasks = catalog.tasks()
    venv = iglu.VectorEnv(tasks[:1], num_envs=3, num_threads=2, seed=1, record=True, discretize=True, max_steps=4)
    guess = [(0, -1, 0, 1), (1, -1, 0, 2)]
    with catalog.experiment("vec-beliefs", agent="believer", env=venv) as run:
        venv.reset()
        venv.publish_belief(0, guess)           # env 0 believes from step 0
        venv.step(np.zeros(3, dtype=int))
        venv.publish_belief(2, guess[:1])       # env 2 from step 1
        for _ in range(3):
            venv.step(np.zeros(3, dtype=int))   # the fourth step truncates every episode
        taken = run.add(venv)
    by_env = {e.repetition: e for e in taken}
    assert by_env[0].beliefs == [(0, sorted(guess))]
    assert by_env[1].beliefs == []
    assert by_env[2].beliefs == [(1, guess[:1])]
    rows = {r["repetition"]: r for r in catalog.episodes("vec-beliefs")}
    target = tasks[0].target_grid
    assert rows[0]["prediction_f1"] == pytest.approx(iglu.scores(target, iglu.to_dense(guess))["f1"])
    assert rows[1]["prediction_f1"] is None
    for index, blocks, text in [(3, guess, "index"), (-1, guess, "index"), (0, [(0, 0, 0, 9)], "belief")]:
        with pytest.raises((IndexError, ValueError)) as err:
            venv.publish_belief(index, blocks)
        assert text in str(err.value)


def test_flying_vector_episodes_written_to_a_rollout_file_replay(catalog, tmp_path, iglu_cli, conformance_dir):
    venv = iglu.VectorEnv(catalog.tasks(), num_envs=3, seed=2, record=True, action_space="flying", max_steps=25)
    rng = np.random.default_rng(0)
    venv.reset()
    with iglu.RolloutWriter(tmp_path / "fly.jsonl", agent="fly") as out:
        for _ in range(60):
            venv.step({"movement": rng.uniform(-1, 1, (3, 3)), "camera": rng.uniform(-10, 10, (3, 2)),
                       "inventory": rng.integers(0, 7, 3), "placement": rng.integers(0, 3, 3)})
        written = out.add(venv)
    assert len(written) == 6 and out.count == 6
    fresh = fill(tmp_path / "fly.db", conformance_dir, 6)
    iglu_cli("import", "rollouts", tmp_path / "fly.jsonl", "--db", fresh.path, "--experiment", "fly")
    assert len(fresh.episodes("fly")) == 6


def test_recording_rules(example_tasks):
    with pytest.raises(ValueError, match="reset_clears_agent_state=True"):
        iglu.VectorEnv(example_tasks, num_envs=2, record=True, reset_clears_agent_state=False, discretize=True)
    plain = iglu.VectorEnv(example_tasks, num_envs=2, discretize=True)
    with pytest.raises(ValueError, match="record=True"):
        plain.take_episodes()
    venv = iglu.VectorEnv(example_tasks, num_envs=2, record=True, discretize=True, max_steps=10)
    venv.reset()
    for _ in range(9):
        venv.step(np.zeros(2, dtype=np.int64))
    assert venv.take_episodes() == []          # nothing ended yet
    venv.step(np.zeros(2, dtype=np.int64))     # both truncated now
    taken = venv.take_episodes()
    assert [(i, e.steps, e.repetition) for i, _, e in taken] == [(0, 10, 0), (1, 10, 1)]
    assert venv.take_episodes() == []          # taken once
    venv.step(np.zeros(2, dtype=np.int64))     # the autoreset step: ignored, not recorded
    for _ in range(10):
        venv.step(np.zeros(2, dtype=np.int64))
    assert [(i, e.steps, e.repetition) for i, _, e in venv.take_episodes()] == [(0, 10, 2), (1, 10, 3)]
    # Tasks without ids cannot be stored, and nothing is taken when refused.
    loose = iglu.Task("", iglu.to_dense([(0, -1, 0, 1)]), starting_grid=[])
    venv = iglu.VectorEnv([loose], num_envs=1, record=True, discretize=True, max_steps=2)
    venv.reset()
    venv.step(np.zeros(1, dtype=np.int64))
    venv.step(np.zeros(1, dtype=np.int64))
    with pytest.raises(ValueError, match="task_id"):
        iglu.ExperimentRecording(None, "x", "a", {}).add(venv)
    assert len(venv.take_episodes()) == 1


def test_threads_step_and_take_without_losing_or_repeating_an_episode(example_tasks):
    # 4 threads step one recording VectorEnv (taking turns through its guard) while each also
    # takes episodes: every finished episode is taken exactly once. Noop actions: every episode
    # is truncated at max_steps, so after C step calls each env finished (C + 1) // (M + 1).
    import threading
    venv = iglu.VectorEnv(example_tasks, num_envs=2, num_threads=2, record=True, discretize=True, max_steps=10)
    venv.reset()
    taken, lock = [], threading.Lock()

    def worker():
        for k in range(30):
            venv.step(np.zeros(2, dtype=np.int64))
            if k % 7 == 0:
                got = venv.take_episodes()
                with lock:
                    taken.extend(got)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive()
    taken += venv.take_episodes()
    assert sorted(e.repetition for _, _, e in taken) == list(range(2 * (121 // 11)))
    assert all(e.steps == 10 for _, _, e in taken)
