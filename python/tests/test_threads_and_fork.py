"""Python objects shared by threads and carried across fork(): iglu.Env, iglu.VectorEnv (GIL
released while stepping), iglu.Catalog (GIL released while reading and storing) and the
recorders. Several threads per object, every join bounded; fork children report through a pipe
read with a bounded select (a hang fails the test, it never blocks the suite)."""
import json
import os
import select
import signal
import sqlite3
import threading

import numpy as np
import pytest

import iglu

JOIN_S = 120  # generous: the suite also runs under ASan on 2 shared cores


def run_threads(targets):
    """Runs every callable in its own thread; returns the exceptions raised; fails on a hang."""
    errors = []

    def wrap(f):
        def run():
            try:
                f()
            except BaseException as e:  # reported below, with the thread's traceback text
                errors.append(e)
        return run

    threads = [threading.Thread(target=wrap(f), daemon=True) for f in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=JOIN_S)
    assert not any(t.is_alive() for t in threads), "a thread is still running: deadlock"
    return errors


def in_child(work):
    """Runs `work()` in a forked child; returns (exit code, the text it wrote). `work` returns a
    JSON-able value; an exception is reported as {"error": type, "message": text}."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 0
        try:
            os.close(r)
            try:
                out = {"ok": work()}
            except Exception as e:
                out = {"error": type(e).__name__, "message": str(e)}
            os.write(w, json.dumps(out).encode())
        except BaseException:
            code = 3
        finally:
            os._exit(code)
    os.close(w)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([r], [], [], JOIN_S)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                pytest.fail("the forked child hangs")
            data = os.read(r, 65536)
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(r)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status), f"the forked child died by signal {os.WTERMSIG(status) if os.WIFSIGNALED(status) else '?'}"
    return os.WEXITSTATUS(status), json.loads(b"".join(chunks).decode() or "null")


# -- VectorEnv -------------------------------------------------------------------------------

def test_vector_env_stepped_from_several_threads_loses_no_step(example_tasks):
    n, per_thread, threads = 64, 40, 4
    venv = iglu.VectorEnv(example_tasks, num_envs=n, num_threads=2, seed=3, discretize=True, max_steps=10**6)
    venv.reset()
    noop = np.zeros(n, dtype=np.int64)

    def stepper():
        for _ in range(per_thread):
            obs = venv.step(noop)[0]
            assert len(obs["dialog"]) == n

    errors = run_threads([stepper] * threads)
    assert errors == []
    # Every step happened once and whole: each environment counted every one of them.
    obs, rew, term, trunc, info = venv.step(noop)
    assert (info["elapsed_steps"] == threads * per_thread + 1).all()


def test_vector_env_threads_mixing_resets_steps_and_bad_actions(example_tasks):
    n = 16
    venv = iglu.VectorEnv(example_tasks, num_envs=n, num_threads=3, seed=0, discretize=True, max_steps=30)
    venv.reset()
    rng = np.random.default_rng(0)
    bad = np.full(n, 99)

    def stepper():
        for _ in range(60):
            venv.step(rng.integers(0, 18, size=n))

    def resetter():
        for s in range(20):
            venv.reset(seed=s)

    def wrong():
        for _ in range(40):
            with pytest.raises(ValueError, match=r"actions\[0\]"):
                venv.step(bad)

    assert run_threads([stepper, stepper, resetter, wrong]) == []
    # Still a working environment, and still deterministic from a seed.
    def trail(v):
        v.reset(seed=7)
        out = []
        for k in range(20):
            o, *_ = v.step(np.full(n, k % 18))
            out.append(o["grid"].tobytes())
        return out
    assert trail(venv) == trail(iglu.VectorEnv(example_tasks, num_envs=n, num_threads=1, seed=0, discretize=True, max_steps=30))


def trail_after(venv, n, steps=25):
    out = []
    for k in range(steps):
        obs, rew, term, trunc, info = venv.step(np.full(n, (k * 5) % 18))
        out.append([obs["grid"].sum().item(), obs["agentPos"].sum().item(), rew.sum().item(), info["elapsed_steps"].tolist()])
    return out


def test_vector_env_steps_in_a_forked_child_as_in_the_parent(example_tasks):
    n = 12
    venv = iglu.VectorEnv(example_tasks, num_envs=n, num_threads=3, seed=1, discretize=True, max_steps=50)
    venv.reset()
    trail_after(venv, n, 5)  # the pool threads have run
    code, out = in_child(lambda: trail_after(venv, n))
    assert code == 0 and "ok" in out, out
    assert out["ok"] == json.loads(json.dumps(trail_after(venv, n)))  # the parent goes on unharmed


def test_vector_env_dropped_in_a_forked_child_does_not_wait_for_the_parent_threads(example_tasks):
    venv = iglu.VectorEnv(example_tasks, num_envs=8, num_threads=4, seed=1, discretize=True)
    venv.reset()

    def drop():
        nonlocal venv
        import gc
        del venv
        gc.collect()
        return "dropped"
    code, out = in_child(drop)
    assert (code, out) == (0, {"ok": "dropped"})
    venv.step(np.zeros(8, dtype=np.int64))


def test_vector_env_forked_while_another_thread_steps(example_tasks):
    # The child either steps normally (the fork caught the object idle) or refuses clearly (it
    # caught a step in flight): never a hang, never a crash.
    n = 256
    venv = iglu.VectorEnv(example_tasks, num_envs=n, num_threads=2, seed=1, discretize=True)
    venv.reset()
    stop = threading.Event()

    def stepper():
        while not stop.is_set():
            venv.step(np.ones(n, dtype=np.int64))

    t = threading.Thread(target=stepper, daemon=True)
    t.start()
    try:
        outcomes = set()
        for _ in range(6):
            code, out = in_child(lambda: len(trail_after(venv, n, 3)))
            assert code == 0
            if "ok" in out:
                outcomes.add("stepped")
            else:
                assert out["error"] == "RuntimeError" and "forked" in out["message"], out
                outcomes.add("refused")
        assert outcomes
    finally:
        stop.set()
        t.join(timeout=JOIN_S)
    assert not t.is_alive()


# -- Env -------------------------------------------------------------------------------------

def test_env_stepped_and_recorded_from_several_threads(example_tasks):
    env = iglu.Env(example_tasks[:1], discretize=True, record=True, max_steps=10**6)
    env.reset(seed=0)
    steps = []

    def stepper(k):
        def run():
            for i in range(50):
                action = (k + i) % 18
                env.step(action)
                steps.append(action)
        return run

    assert run_threads([stepper(k) for k in range(4)]) == []
    assert env.step_no == 200
    episode = env._finish_episode(0, 0)
    assert episode.frames == 200 and len(episode.actions) == 200


# -- Catalog and recorders -------------------------------------------------------------------

@pytest.fixture()
def catalog(tmp_path, conformance_dir):
    cat = iglu.Catalog(tmp_path / "threads.db", mode="create")
    for task in iglu.read_tasks(conformance_dir / "tasks.jsonl")[:12]:
        cat.add_task(task)
    return cat


def play(env, actions=(14, 14, 6, 17, 1, 17)):
    for a in actions:
        env.step(a)


def test_one_catalog_shared_by_threads_that_read_and_record(catalog):
    tasks = catalog.tasks()
    recording = threading.Barrier(3 + 2)
    done = []

    def reader():
        recording.wait(timeout=JOIN_S)
        for _ in range(2000):  # reads for as long as the recorders write (bounded)
            if len(done) == 3:
                break
            assert len(catalog.tasks()) == len(tasks)
            assert catalog.task_count() == len(tasks)
            catalog.experiments()
            catalog.labels(tasks[0].task_id)

    def recorder(name):
        def run():
            env = iglu.Env(tasks, discretize=True, record=True, reset_clears_agent_state=True, max_steps=50)
            recording.wait(timeout=JOIN_S)
            try:
                for round_ in range(3):
                    for seed in range(4):
                        with catalog.experiment(name, agent="threads", env=env) as rec:  # one transaction each
                            env.reset(seed=seed, options={"task": (seed + round_) % len(tasks)})
                            play(env)
                            rec.add(env, seed=seed, repetition=round_)
                        catalog.episodes(name)
            finally:
                done.append(name)
        return run

    assert run_threads([reader, reader, recorder("a"), recorder("b"), recorder("c")]) == []
    for name in "abc":
        assert len(catalog.episodes(name)) == 12
    path = catalog.path
    catalog.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_one_recording_and_one_rollout_writer_shared_by_threads(catalog, tmp_path):
    tasks = catalog.tasks()
    out = iglu.RolloutWriter(tmp_path / "threads.jsonl", agent="threads")
    rec = catalog.experiment("shared", agent="threads", options={"discretize": True})

    def player(k):
        def run():
            env = iglu.Env(tasks, discretize=True, record=True, reset_clears_agent_state=True, max_steps=50)
            for seed in range(5):
                env.reset(seed=seed, options={"task": k})
                play(env)
                rec.add(env, seed=seed, repetition=k)
                env.reset(seed=seed, options={"task": k})
                play(env)
                out.add(env, seed=seed, repetition=k)
        return run

    assert run_threads([player(k) for k in range(4)]) == []
    rec.commit()
    out.close()
    assert len(catalog.episodes("shared")) == 20
    lines = (tmp_path / "threads.jsonl").read_text().splitlines()
    assert len(lines) == 20 == out.count and all(json.loads(line)["agent"] == "threads" for line in lines)


def test_catalog_is_refused_in_a_forked_child_and_the_parent_keeps_it(catalog):
    count = catalog.task_count()
    path = catalog.path

    def use_inherited():
        return catalog.task_count()

    def open_again():
        return iglu.Catalog(path, mode="read").task_count()

    for work in (use_inherited, open_again):
        code, out = in_child(work)
        assert code == 0 and out.get("error") == "RuntimeError", out
        assert "fork" in out["message"] and path in out["message"], out
    # The parent's connection is untouched by the child (which never closed it).
    assert catalog.task_count() == count
    env = iglu.Env(catalog.tasks(), discretize=True, record=True, max_steps=20)
    with catalog.experiment("after-fork", agent="parent", env=env) as rec:
        env.reset(seed=0, options={"task": 0})
        play(env)
        rec.add(env)
    assert len(catalog.episodes("after-fork")) == 1
    catalog.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_a_catalog_opened_in_the_child_after_the_parent_closed_its_own(catalog, tmp_path):
    path = catalog.path
    catalog.close()
    import gc
    gc.collect()
    code, out = in_child(lambda: iglu.Catalog(path, mode="read").task_count())
    assert (code, out) == (0, {"ok": 12})
