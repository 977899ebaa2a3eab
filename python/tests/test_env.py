"""iglu.Env: Gymnasium's API, zero-copy observation views, info metrics, bad actions, lifetimes."""
import gc

import numpy as np
import pytest

import iglu
from iglu.gridworld import GridWorld, Task, Tasks


def small_task(task_id="one-block"):
    return Task("place one blue block", Tasks.to_dense([(0, -1, -3, 1)]), starting_grid=[], task_id=task_id)


def test_reset_and_step_follow_gymnasium(example_tasks):
    env = iglu.Env(example_tasks, action_space="walking", discretize=True, max_steps=50)
    obs, info = env.reset(seed=3)
    assert set(obs) == {"inventory", "compass", "dialog", "agentPos", "grid"}
    assert info["task_id"] == example_tasks[info["task_index"]].task_id
    assert env.observation_space.contains(obs)
    for key, space in env.observation_space.spaces.items():
        if key != "dialog":
            assert obs[key].shape == space.shape and obs[key].dtype == space.dtype, key
    rng = np.random.default_rng(0)
    for _ in range(49):
        obs, reward, terminated, truncated, info = env.step(int(rng.integers(18)))
        assert isinstance(reward, float) and isinstance(terminated, bool) and isinstance(truncated, bool)
        assert set(info) >= {"max_intersection", "precision", "recall", "f1", "target_size", "step"}
        if terminated:
            break
    if not terminated:
        obs, reward, terminated, truncated, info = env.step(0)
        assert truncated and info["step"] == 50


def test_same_seed_same_episode(example_tasks):
    def run(seed):
        env = iglu.Env(example_tasks, discretize=True, max_steps=100)
        obs, info = env.reset(seed=seed)
        out = [info["task_id"]]
        for _ in range(100):
            obs, r, term, trunc, info = env.step(env.action_space.sample())
            out.append((r, obs["grid"].tobytes(), obs["agentPos"].tobytes()))
        return out
    assert run(7) == run(7)


def test_observations_are_read_only_views_updated_in_place():
    env = iglu.Env(small_task(), discretize=True)
    obs, _ = env.reset()
    grid = obs["grid"]
    assert not grid.flags.writeable and not grid.flags.owndata
    with pytest.raises(ValueError):
        grid[0, 0, 0] = 3
    obs2, *_ = env.step(14)  # look down
    assert obs2 is obs and obs2["grid"] is grid
    # The next step rewrites the same arrays: a kept reference sees the new pose.
    pitch_before = float(obs["agentPos"][3])
    env.step(14)
    assert float(obs["agentPos"][3]) == pitch_before - 5


def test_terminated_when_the_target_is_built_and_scores_in_info():
    env = iglu.Env(small_task(), discretize=True, max_steps=250)
    env.reset()
    # Settle, look 45 degrees down and place: the block lands in front of the agent's feet, which
    # the synthetic task accepts anywhere (rotation and translation invariant).
    for a in [0, 0, 0] + [14] * 9:
        obs, r, term, trunc, info = env.step(a)
    assert not term
    obs, r, term, trunc, info = env.step(17)
    assert r == 1.0 and term and not trunc
    assert info["max_intersection"] == 1 and info["f1"] == 1.0 and info["precision"] == 1.0


def test_target_equal_to_start_terminates_on_the_first_step():
    blocks = [(1, -1, 1, 2)]
    env = iglu.Env(Task("", Tasks.to_dense(blocks), starting_grid=blocks), discretize=True)
    env.reset()
    assert env.step(0)[2] is True


BAD_DISCRETE = [(-1, "action"), (18, "action"), (2.5, "action"), ("forward", "action"), (None, "action"),
                ({"forward": 1}, "action")]
BAD_FLYING = [
    ({"movement": [0, 0], "camera": [0, 0], "inventory": 0, "placement": 0}, "movement"),
    ({"movement": [0, 0, float("nan")], "camera": [0, 0], "inventory": 0, "placement": 0}, "movement"),
    ({"movement": [0, 0, 0], "camera": [0, float("inf")], "inventory": 0, "placement": 0}, "camera"),
    ({"movement": [0, 0, 0], "camera": [0, 0], "inventory": 7, "placement": 0}, "inventory"),
    ({"movement": [0, 0, 0], "camera": [0, 0], "inventory": 0, "placement": 3}, "placement"),
    ({"movement": [0, 0, 0], "camera": [0, 0], "inventory": 0}, "placement"),
    ({"movement": [0, 0, 0], "camera": [0, 0], "inventory": 0, "placement": 0, "jump": 1}, "jump"),
    ({"movement": "abc", "camera": [0, 0], "inventory": 0, "placement": 0}, "movement"),
    (3, "action"),
]
BAD_WALKING = [
    ({"forward": 2, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 0}, "forward"),
    ({"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": -1}, "hotbar"),
    ({"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0], "hotbar": 0}, "camera"),
    ({"back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 0}, "forward"),
]


@pytest.mark.parametrize("options,cases", [
    ({"discretize": True}, BAD_DISCRETE),
    ({"action_space": "flying"}, BAD_FLYING),
    ({"action_space": "walking"}, BAD_WALKING),
], ids=["discrete", "flying", "walking"])
@pytest.mark.parametrize("api", ["Env", "GridWorld"])
def test_bad_actions_raise_value_error_naming_the_field_and_change_nothing(options, cases, api):
    env = iglu.Env(small_task(), **options) if api == "Env" else GridWorld(render=False, **options)
    if api == "GridWorld":
        env.set_task(small_task())
    env.reset()
    for _ in range(3):
        env.step(_good_action(options))
    before = (env.position, env.rotation, env.step_no, env.grid.tobytes())
    for action, field in cases:
        with pytest.raises(ValueError) as err:
            env.step(action)
        assert field in str(err.value), f"{action!r}: {err.value}"
        assert (env.position, env.rotation, env.step_no, env.grid.tobytes()) == before, f"{action!r} changed the env"


def _good_action(options):
    if options.get("discretize"):
        return 14
    if options.get("action_space") == "flying":
        return {"movement": [0, 0, 0], "camera": [0, -5], "inventory": 0, "placement": 0}
    return {"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, -5], "hotbar": 0}


def test_bad_options_name_the_option():
    for kwargs, name in [({"max_steps": 0}, "max_steps"), ({"action_space": "swimming"}, "action_space"),
                         ({"render_size": (0, 64)}, "render_size"), ({"bogus": 1}, "bogus"),
                         ({"pov_style": "fancy"}, "pov_style"), ({"max_steps": "ten"}, "max_steps")]:
        with pytest.raises(ValueError) as err:
            iglu.Env(small_task(), **kwargs)
        assert name in str(err.value), f"{kwargs}: {err.value}"


def test_step_before_reset_is_an_error_not_a_crash():
    env = GridWorld(render=False, discretize=True)
    with pytest.raises(ValueError, match="Task is not initialized"):   # the reference's exception
        env.step(0)
    env.set_task(small_task())      # the reference's set_task resets: stepping is allowed
    env.step(0)


def test_a_view_outlives_its_environment():
    env = iglu.Env(small_task(), discretize=True, render=True, render_size=(32, 48))
    obs, _ = env.reset()
    grid, pov, pos = obs["grid"], obs["pov"], obs["agentPos"]
    assert pov.shape == (32, 48, 3) and pov.dtype == np.uint8
    del env, obs
    gc.collect()
    # The views keep the environment's buffers alive: reading them is safe.
    assert grid.sum() == 0 and pov.shape == (32, 48, 3) and int(pov.sum()) > 0 and pos.shape == (5,)


def test_pov_observation_equals_render_pov():
    env = iglu.Env(small_task(), discretize=True, render=True)
    obs, _ = env.reset()
    for a in (13, 13, 14, 1, 1, 17):
        obs, *_ = env.step(a)
    x, y, z = env.position
    yaw, pitch = env.rotation
    assert np.array_equal(obs["pov"], iglu.render_pov(env.grid, (x, y, z, yaw, pitch), (64, 64)))
    assert np.array_equal(env.render(), obs["pov"])
