"""iglu.Catalog: tasks with `iglu tasks`' filters, labels, experiments; episodes recorded from
Python are stored as an experiment that the `iglu` CLI reads back like a Lua run."""
import json
import numpy as np
import pytest

import iglu


def fill(db, conformance_dir):
    cat = iglu.Catalog(db, mode="create")
    for task in iglu.read_tasks(conformance_dir / "tasks.jsonl"):
        cat.add_task(task)
    return cat


@pytest.fixture()
def catalog_path(tmp_path, conformance_dir):
    db = tmp_path / "cat.db"
    fill(db, conformance_dir)
    return db


def test_tasks_and_filters(catalog_path):
    cat = iglu.Catalog(catalog_path, mode="read")
    assert cat.task_count() == 62
    assert {d["source"] for d in cat.task_dicts()} == {"custom"}
    tasks = cat.tasks()
    assert len(tasks) == 62 and all(isinstance(t, iglu.Task) and t.task_id for t in tasks)
    dicts = cat.task_dicts(limit=5)
    assert len(dicts) == 5 and {"id", "instruction", "starting_blocks", "target_blocks", "skills", "source"} <= set(dicts[0])
    t = cat.task(dicts[0]["id"])
    assert np.array_equal(t.target_grid, iglu.to_dense(dicts[0]["target_blocks"]))
    assert cat.task("no-such-task") is None
    assert len(cat.tasks("limit:3")) == 3
    with pytest.raises(Exception) as err:
        cat.tasks("limit:abc")
    assert "limit" in str(err.value)


def test_bad_catalogs_are_clear_errors(tmp_path):
    with pytest.raises(Exception) as err:
        iglu.Catalog(tmp_path / "absent.db", mode="read")
    assert "absent.db" in str(err.value)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(Exception) as err:
        iglu.Catalog(junk)
    assert "junk.db" in str(err.value)
    with pytest.raises(ValueError):
        iglu.Catalog(tmp_path / "x.db", mode="sideways")


def record_run(catalog_path, name, seeds=(0, 1), steps=60, policy_seed=0):
    cat = iglu.Catalog(catalog_path)
    tasks = cat.tasks("limit:4")
    env = iglu.Env(tasks, discretize=True, max_steps=steps, record=True)
    rng = np.random.default_rng(policy_seed)
    with cat.experiment(name, agent="random-python", env=env) as run:
        for task_index in range(len(tasks)):
            for seed in seeds:
                env.reset(seed=seed, options={"task": task_index})
                while True:
                    _, _, term, trunc, _ = env.step(int(rng.choice([1, 12, 14, 16, 17])))
                    if term or trunc:
                        break
                run.add(env, seed=seed)
    return cat, tasks


def test_recorded_episodes_are_an_experiment_the_cli_reads(catalog_path, iglu_cli, conformance_dir):
    cat, tasks = record_run(catalog_path, "py-random")
    episodes = cat.episodes("py-random")
    assert len(episodes) == len(tasks) * 2
    assert all(e["rollout_id"] is not None and e["steps"] > 0 for e in episodes)
    exp = next(e for e in cat.experiments() if e["name"] == "py-random")
    assert exp["config"]["agent"] == "random-python" and exp["config"]["env"]["action_space"] == "walking"
    # The CLI shows it like a Lua run (per-skill table) and exports its rollouts.
    shown = json.loads(iglu_cli("experiments", "show", "py-random", "--db", catalog_path, "--json").stdout)
    assert shown["episodes"] == len(episodes)
    assert shown["mean_f1"] == pytest.approx(np.mean([e["f1"] for e in episodes]))
    out = catalog_path.parent / "rollouts.jsonl"
    iglu_cli("export", "rollouts", "--db", catalog_path, "--experiment", "py-random", "-o", out)
    lines = [json.loads(l) for l in out.read_text().splitlines() if l.strip()]
    assert len(lines) == len(episodes)
    # Re-importing replays every episode in the C++ environment: no divergence, same metrics.
    fresh = catalog_path.parent / "fresh.db"
    fill(fresh, conformance_dir)
    iglu_cli("import", "rollouts", out, "--db", fresh, "--experiment", "again")
    again = iglu.Catalog(fresh, mode="read").episodes("again")
    key = lambda e: (e["task_id"], e["seed"], e["repetition"])
    for a, b in zip(sorted(episodes, key=key), sorted(again, key=key)):
        assert key(a) == key(b) and a["steps"] == b["steps"] and a["f1"] == b["f1"] and a["total_return"] == b["total_return"]


def test_recording_again_replaces_episodes_with_the_same_key(catalog_path):
    record_run(catalog_path, "again", seeds=(0,), policy_seed=1)
    cat, tasks = record_run(catalog_path, "again", seeds=(0,), policy_seed=2)
    assert len(cat.episodes("again")) == len(tasks)


def test_recording_needs_catalog_tasks_and_a_recording_env(catalog_path):
    cat = iglu.Catalog(catalog_path)
    loose = iglu.Task("", iglu.to_dense([(0, -1, 0, 1)]), starting_grid=[])
    env = iglu.Env(loose, discretize=True, record=True)
    env.reset()
    with pytest.raises(ValueError):
        cat.experiment("x", agent="a", env=env).add(env)
    named = iglu.Task("", iglu.to_dense([(0, -1, 0, 1)]), starting_grid=[], task_id="not-in-catalog")
    env = iglu.Env(named, discretize=True, record=True)
    env.reset()
    env.step(1)
    run = cat.experiment("x", agent="a", env=env)
    run.add(env)
    with pytest.raises(Exception) as err:
        run.commit()
    assert "not-in-catalog" in str(err.value)
    assert all(e["name"] != "x" or e["episodes"] == 0 for e in cat.experiments())
    plain = iglu.Env(named, discretize=True)
    plain.reset()
    with pytest.raises(ValueError):
        cat.experiment("y", agent="a", env=plain).add(plain)


def test_rollout_writer_files_import_without_divergence(tmp_path, conformance_dir, iglu_cli):
    tasks = iglu.read_tasks(conformance_dir / "tasks.jsonl")[:3]
    path = tmp_path / "episodes.jsonl"
    results = {}
    for options in ({"discretize": True}, {"action_space": "flying"}):
        env = iglu.Env(tasks, max_steps=80, record=True, reset_clears_agent_state=True, **options)
        rng = np.random.default_rng(4)
        with iglu.RolloutWriter(path if options.get("discretize") else tmp_path / "flying.jsonl", agent="writer") as out:
            for i in range(len(tasks)):
                env.reset(options={"task": i})
                while True:
                    a = env.action_space.sample()
                    _, _, term, trunc, _ = env.step(a)
                    if term or trunc:
                        break
                e = out.add(env, seed=i)
                results[(options.get("action_space", "walking"), tasks[i].task_id)] = e.f1
        assert out.count == len(tasks)
    # The tasks travel inline: a fresh catalog without them imports the files (tasks stored as custom).
    fresh = tmp_path / "fresh.db"
    for name, f in (("walking", path), ("flying", tmp_path / "flying.jsonl")):
        iglu_cli("import", "rollouts", f, "--db", fresh, "--experiment", name)  # exit 1 if any diverged
        episodes = iglu.Catalog(fresh, mode="read").episodes(name)
        assert len(episodes) == len(tasks)
        for ep in episodes:
            assert ep["f1"] == pytest.approx(results[(name, ep["task_id"])])


def test_reference_recorder_episodes_are_stored(catalog_path):
    cat = iglu.Catalog(catalog_path)
    task = cat.tasks("limit:1")[0]
    rec = iglu.ReferenceRecorder(iglu.gridworld.GridWorld(render=False, discretize=True, max_steps=40),
                                 discretize=True, max_steps=40)
    rec.set_task(task)
    rec.reset()
    done = False
    rng = np.random.default_rng(0)
    while not done:
        _, _, done, _ = rec.step(int(rng.integers(18)))
    assert rec.divergence is None
    with cat.experiment("reference-run", agent="reference gridworld", env=rec.mirror) as run:
        run.add(rec.mirror, seed=0)
    [ep] = cat.episodes("reference-run")
    assert ep["task_id"] == task.task_id and ep["steps"] == 40


def test_a_closed_catalog_says_so_and_its_tasks_stay_usable(catalog_path):
    cat = iglu.Catalog(catalog_path, mode="read")
    tasks = cat.tasks("limit:2")
    cat.close()
    with pytest.raises(ValueError) as err:
        cat.tasks()
    assert "closed" in str(err.value) and str(catalog_path) in str(err.value)
    env = iglu.Env(tasks, discretize=True)
    env.reset()
    assert env.step(1)[4]["target_size"] == tasks[env.task_index].target_size


def play(env, seed, steps=(1, 12, 14, 16)):
    env.reset(seed=seed)
    for a in steps:
        env.step(a)


def test_a_failed_commit_keeps_the_recording_for_a_retry(catalog_path):
    # A sequence: record 3 episodes; another connection holds the write lock, so the commit fails
    # ("database is locked") and stores nothing; the lock is released; the retry stores 3 of 3.
    import sqlite3
    cat = iglu.Catalog(catalog_path)
    task = cat.tasks("limit:1")[0]
    env = iglu.Env(task, discretize=True, max_steps=20, record=True)
    run = cat.experiment("locked", agent="a", env=env)
    for seed in range(3):
        play(env, seed)
        run.add(env, seed=seed)
    holder = sqlite3.connect(catalog_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    with pytest.raises(Exception) as err:
        run.commit()
    assert "locked" in str(err.value)
    assert len(run.episodes) == 3
    assert all(e["name"] != "locked" for e in cat.experiments())
    holder.execute("ROLLBACK")
    holder.close()
    run.commit()
    assert len(cat.episodes("locked")) == 3 and run.episodes == []


def test_episodes_with_the_same_key_in_one_commit_are_refused(catalog_path):
    cat = iglu.Catalog(catalog_path)
    task = cat.tasks("limit:1")[0]
    env = iglu.Env(task, discretize=True, max_steps=20, record=True)
    run = cat.experiment("twice", agent="a", env=env)
    for _ in range(2):
        play(env, 7)
        run.add(env, seed=7)
    with pytest.raises(Exception) as err:
        run.commit()
    message = str(err.value)
    assert "episode 1" in message and "episode 2" in message and task.task_id in message
    assert all(e["name"] != "twice" for e in cat.experiments())
    run.episodes.pop()
    run.commit()
    assert len(cat.episodes("twice")) == 1


def test_adding_a_task_with_an_existing_id_is_refused_unless_replaced(catalog_path):
    # A sequence: add, re-add the same (no change), add other blocks under the id (refused,
    # nothing changed), replace (the old task's episodes and rollouts go with it).
    cat = iglu.Catalog(catalog_path)
    task = cat.tasks("limit:1")[0]
    cat.add_task(task)  # the same content again: nothing to change
    env = iglu.Env(task, discretize=True, max_steps=20, record=True)
    with cat.experiment("on-old", agent="a", env=env) as run:
        play(env, 0)
        run.add(env, seed=0)
    other = iglu.Task("changed", iglu.to_dense([(0, -1, 0, 3)]), starting_grid=[], task_id=task.task_id)
    with pytest.raises(Exception) as err:
        cat.add_task(other)
    assert task.task_id in str(err.value) and "replace=True" in str(err.value)
    assert np.array_equal(cat.task(task.task_id).target_grid, task.target_grid)
    assert len(cat.episodes("on-old")) == 1
    cat.add_task(other, replace=True)
    assert np.array_equal(cat.task(task.task_id).target_grid, other.target_grid)
    assert cat.episodes("on-old") == []
