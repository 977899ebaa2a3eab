"""iglu.VectorEnv: batched observations, determinism across thread counts, Gymnasium's
next-step autoreset, validation before any step, and the GIL released while stepping."""

import numpy as np
import pytest

import iglu
from iglu.gridworld import Task, Tasks


def run(tasks, threads, seed=5, n=24, steps=120, **options):
    venv = iglu.VectorEnv(tasks, num_envs=n, num_threads=threads, seed=seed, discretize=True, max_steps=40, **options)
    obs, info = venv.reset()
    rng = np.random.default_rng(seed)
    trail = [obs["grid"].tobytes(), info["task_index"].tobytes()]
    for _ in range(steps):
        obs, rew, term, trunc, info = venv.step(rng.integers(0, 18, size=n))
        trail += [obs["grid"].tobytes(), obs["agentPos"].tobytes(), obs["inventory"].tobytes(), rew.tobytes(),
                  term.tobytes(), trunc.tobytes(), info["task_index"].tobytes(), info["f1"].tobytes()]
    return trail


def test_results_depend_only_on_the_seed_not_the_thread_count(example_tasks):
    one = run(example_tasks, 1)
    assert one == run(example_tasks, 2) == run(example_tasks, 3) == run(example_tasks, 7)
    assert one != run(example_tasks, 2, seed=6)


def test_each_environment_matches_a_single_env_stepped_alone(example_tasks):
    # Environment i of the batch is an ordinary environment: replaying its task and actions in
    # iglu.Env gives the same observations and rewards.
    n = 4
    venv = iglu.VectorEnv(example_tasks, num_envs=n, num_threads=2, seed=1, discretize=True, max_steps=1000)
    obs, info = venv.reset()
    singles = []
    for i in range(n):
        e = iglu.Env(example_tasks, discretize=True, max_steps=1000)
        e.reset(options={"task": int(info["task_index"][i])})
        singles.append(e)
    rng = np.random.default_rng(2)
    for _ in range(200):
        actions = rng.integers(0, 18, size=n)
        obs, rew, term, trunc, info = venv.step(actions)
        for i, e in enumerate(singles):
            o, r, *_ = e.step(int(actions[i]))
            assert r == rew[i]
            assert np.array_equal(o["grid"], obs["grid"][i]) and np.array_equal(o["agentPos"], obs["agentPos"][i])


def test_next_step_autoreset(example_tasks):
    venv = iglu.VectorEnv(example_tasks[:1], num_envs=3, num_threads=1, seed=0, discretize=True, max_steps=3)
    obs, info = venv.reset()
    for k in range(3):
        obs, rew, term, trunc, info = venv.step(np.full(3, 14))
    assert trunc.all() and not term.any() and (info["elapsed_steps"] == 3).all()
    pitch_at_end = obs["agentPos"][:, 3].copy()
    assert (pitch_at_end == -15).all()
    # The next call resets instead of stepping: reward 0, flags False, the reset observation.
    obs, rew, term, trunc, info = venv.step(np.full(3, 17))
    assert not trunc.any() and not term.any() and (rew == 0).all() and (info["elapsed_steps"] == 0).all()
    assert (obs["agentPos"] == 0).all() and (obs["grid"] == 0).all()
    obs, rew, term, trunc, info = venv.step(np.full(3, 14))
    assert (info["elapsed_steps"] == 1).all()


def test_batched_shapes_and_read_only(example_tasks):
    venv = iglu.VectorEnv(example_tasks, num_envs=5, seed=0, discretize=True, target_in_obs=True, render=True,
                          render_size=(16, 24))
    obs, info = venv.reset()
    assert obs["grid"].shape == (5, 9, 11, 11) and obs["grid"].dtype == np.int32
    assert obs["target_grid"].shape == (5, 9, 11, 11)
    assert obs["agentPos"].shape == (5, 5) and obs["agentPos"].dtype == np.float32
    assert obs["inventory"].shape == (5, 6) and obs["compass"].shape == (5, 1)
    assert obs["pov"].shape == (5, 16, 24, 3) and obs["pov"].dtype == np.uint8
    assert len(obs["dialog"]) == 5 and all(isinstance(d, str) for d in obs["dialog"])
    for i in range(5):
        t = example_tasks[info["task_index"][i]]
        assert np.array_equal(obs["target_grid"][i], t.target_grid)
    with pytest.raises(ValueError):
        obs["grid"][0, 0, 0, 0] = 1


def test_dict_actions_flying(example_tasks):
    n = 6
    venv = iglu.VectorEnv(example_tasks, num_envs=n, num_threads=2, seed=0, action_space="flying")
    venv.reset()
    rng = np.random.default_rng(0)
    for _ in range(50):
        actions = {"movement": rng.uniform(-1, 1, (n, 3)), "camera": rng.uniform(-5, 5, (n, 2)),
                   "inventory": rng.integers(0, 7, n), "placement": rng.integers(0, 3, n)}
        obs, *_ = venv.step(actions)
    assert venv.action_space["movement"].shape == (n, 3)


def test_bad_actions_are_refused_before_any_environment_moves(example_tasks):
    n = 4
    venv = iglu.VectorEnv(example_tasks, num_envs=n, seed=0, discretize=True)
    obs, _ = venv.reset()
    venv.step(np.full(n, 14))
    before = (obs["agentPos"].copy(), obs["grid"].copy())
    for actions, field in [(np.array([1, 2, 18, 0]), "actions[2]"), (np.array([1, 2, 3]), "actions"),
                           (np.array([[1, 2], [3, 4]]), "actions"), (np.array([0.5, 1, 1, 1]), "actions"),
                           ({"movement": np.zeros((n, 3))}, "actions")]:
        with pytest.raises(ValueError) as err:
            venv.step(actions)
        assert field in str(err.value), str(err.value)
        assert np.array_equal(obs["agentPos"], before[0]) and np.array_equal(obs["grid"], before[1])
    fly = iglu.VectorEnv(example_tasks, num_envs=n, seed=0, action_space="flying")
    fly.reset()
    good = {"movement": np.zeros((n, 3)), "camera": np.zeros((n, 2)), "inventory": np.zeros(n, int), "placement": np.zeros(n, int)}
    for key, value, field in [("camera", np.array([[0, 0], [0, np.nan], [0, 0], [0, 0]]), "actions[1].camera"),
                              ("placement", np.array([0, 0, 0, 5]), "actions[3].placement"),
                              ("inventory", np.array([0, -1, 0, 0]), "actions[1].inventory"),
                              ("movement", np.zeros((n, 2)), "movement")]:
        with pytest.raises(ValueError) as err:
            fly.step({**good, key: value})
        assert field in str(err.value), str(err.value)


def test_the_gil_is_released_while_stepping(example_tasks):
    # The binding asks Python (PyGILState_Check) from inside the work whether this thread holds
    # the GIL; a step or reset that kept the GIL would leave the flag true. No timing involved.
    venv = iglu.VectorEnv(example_tasks, num_envs=64, num_threads=1, seed=0, discretize=True)
    assert venv._held_gil_while_working  # nothing has run yet
    venv.reset()
    assert not venv._held_gil_while_working
    venv.step(np.full(64, 1))
    assert not venv._held_gil_while_working
    fly = iglu.VectorEnv(example_tasks, num_envs=4, seed=0, action_space="flying")
    fly.reset()
    fly.step({"movement": np.zeros((4, 3)), "camera": np.zeros((4, 2)),
              "inventory": np.zeros(4, int), "placement": np.zeros(4, int)})
    assert not fly._held_gil_while_working


def test_bad_construction():
    t = Task("", Tasks.to_dense([(0, -1, 0, 1)]), starting_grid=[])
    for kwargs, text in [({"num_envs": 0}, "num_envs"), ({"num_envs": 2, "num_threads": 0}, "num_threads"),
                         ({"num_envs": 2, "max_steps": -1}, "max_steps")]:
        with pytest.raises(ValueError) as err:
            iglu.VectorEnv([t], **kwargs)
        assert text in str(err.value)
    with pytest.raises(ValueError):
        iglu.VectorEnv([], num_envs=2)
    with pytest.raises(ValueError) as err:  # 4096 views of 512 x 512: 3 GiB, refused before allocating
        iglu.VectorEnv([t], num_envs=4096, render=True, render_size=(512, 512))
    assert "1 GiB" in str(err.value)


def test_batched_views_outlive_the_vector_env(example_tasks):
    import gc
    venv = iglu.VectorEnv(example_tasks, num_envs=3, num_threads=2, seed=0, discretize=True)
    obs, info = venv.reset()
    grid, f1 = obs["grid"], info["f1"]
    expected = grid.copy()
    del venv, obs, info
    gc.collect()
    assert np.array_equal(grid, expected) and f1.shape == (3,)
