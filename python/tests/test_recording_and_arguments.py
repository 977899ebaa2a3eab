"""Recording from Python is right or refused: a bad action mid-episode changes nothing (not the
environment, not the recording); an environment reused across episodes records only episodes a
fresh environment replays (every accepted one is imported by `iglu import rollouts`, which
replays and verifies it); the recorder grows with the episode, not with max_steps. Constructor
arguments of Env, VectorEnv and Catalog are checked by name (table of bad values)."""
import json

import numpy as np
import pytest

import iglu

LOOK_DOWN = [14] * 6


def state(env):
    return env.step_no, env.position, env.rotation, env.grid.tobytes()


def import_all(iglu_cli, tmp_path, path, name, expected):
    db = tmp_path / f"{name}.db"
    iglu_cli("import", "rollouts", path, "--db", db, "--experiment", name)  # exit 1 if any line diverged
    assert len(iglu.Catalog(db, mode="read").episodes(name)) == expected


# -- bad actions -----------------------------------------------------------------------------

BAD_DISCRETE = [3.5, "1", None, [1], {"forward": 1}, 18, -1, 10**30, float("nan"), np.float64(2.5)]
BAD_WALKING = [
    1, {"forward": 1},
    {"forward": 1, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 9},
    {"forward": 2, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 0},
    {"forward": 1, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0], "hotbar": 0},
    {"forward": 1, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, "x"], "hotbar": 0},
    {"forward": 1, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 0, "fly": 1},
]


@pytest.mark.parametrize("options,bad", [({"discretize": True}, BAD_DISCRETE), ({"action_space": "walking"}, BAD_WALKING)])
def test_bad_actions_mid_episode_change_nothing(example_tasks, tmp_path, iglu_cli, options, bad):
    env = iglu.Env(example_tasks[:1], record=True, max_steps=500, **options)
    rng = np.random.default_rng(1)
    with iglu.RolloutWriter(tmp_path / "bad.jsonl", agent="bad-actions") as out:
        env.reset(seed=0)
        good = 0
        for k in range(60):
            before = state(env)
            if k % 3 == 1:
                with pytest.raises((ValueError, TypeError)):
                    env.step(bad[k % len(bad)])
                assert state(env) == before
            else:
                action = int(rng.integers(0, 18)) if options.get("discretize") else env.action_space.sample()
                if options.get("discretize") and k % 2 == 0:
                    action = float(action)  # an exact float is an action too (and recorded as one)
                env.step(action)
                good += 1
        episode = out.add(env)
    assert episode.frames == good == env.step_no
    import_all(iglu_cli, tmp_path, tmp_path / "bad.jsonl", "bad", 1)


# -- environments reused across episodes -----------------------------------------------------

def test_carried_agent_state_is_refused_with_the_remedy(example_tasks):
    env = iglu.Env(example_tasks[:1], discretize=True, record=True)
    env.reset(seed=0)
    for a in [8] + LOOK_DOWN:  # select colour 3
        env.step(a)
    env._finish_episode(0, 0)
    env.reset(seed=1)          # the reference keeps the active colour: 3
    for a in LOOK_DOWN + [17]:  # places colour 3; a fresh environment would place colour 1
        env.step(a)
    assert (env.grid == 3).sum() == 1
    with pytest.raises(ValueError, match="does not replay.*reset_clears_agent_state=True"):
        env._finish_episode(1, 0)
    # With the correction the same sequence records and replays.
    env = iglu.Env(example_tasks[:1], discretize=True, record=True, reset_clears_agent_state=True)
    env.reset(seed=0)
    for a in [8] + LOOK_DOWN:
        env.step(a)
    env._finish_episode(0, 0)
    env.reset(seed=1)
    for a in LOOK_DOWN + [17]:
        env.step(a)
    assert (env.grid == 1).sum() == 1
    assert env._finish_episode(1, 0).frames == 7


@pytest.mark.parametrize("options", [{"discretize": True}, {"discretize": True, "reset_clears_agent_state": True},
                                     {"action_space": "flying"}])
def test_every_episode_recorded_by_a_reused_env_replays(example_tasks, tmp_path, iglu_cli, options):
    env = iglu.Env(example_tasks, record=True, max_steps=40, **options)
    env.action_space.seed(3)
    rng = np.random.default_rng(3)
    accepted = refused = 0
    path = tmp_path / "reused.jsonl"
    with iglu.RolloutWriter(path, agent="reused") as out:
        for episode in range(24):
            env.reset(seed=episode)
            for _ in range(int(rng.integers(1, 40))):
                _, _, term, trunc, _ = env.step(env.action_space.sample())
                if term or trunc:
                    break
            try:
                out.add(env, seed=episode)
                accepted += 1
            except ValueError as e:
                assert "does not replay" in str(e)
                refused += 1
    assert accepted > 1
    if options.get("reset_clears_agent_state"):
        assert refused == 0
    import_all(iglu_cli, tmp_path, path, "reused", accepted)


def test_the_recorder_grows_with_the_episode_not_max_steps(example_tasks, tmp_path, iglu_cli):
    envs = [iglu.Env(example_tasks[:1], discretize=True, record=True, max_steps=10**9) for _ in range(8)]
    with iglu.RolloutWriter(tmp_path / "long.jsonl", agent="long") as out:
        for i, env in enumerate(envs):
            env.reset(seed=i)
            for a in LOOK_DOWN + [6 + i % 6, 17] * 3:
                env.step(a)
            assert not env._truncated()
            assert out.add(env, seed=i).frames == 12
    import_all(iglu_cli, tmp_path, tmp_path / "long.jsonl", "long", 8)


# -- constructor arguments -------------------------------------------------------------------

VECTOR_ARGS = [
    ({"num_envs": 2.7}, TypeError, "num_envs"),
    ({"num_envs": "4"}, TypeError, "num_envs"),
    ({"num_envs": True}, TypeError, "num_envs"),
    ({"num_envs": 0}, ValueError, "num_envs"),
    ({"num_envs": 2**40}, ValueError, "num_envs"),
    ({"num_envs": 65536}, ValueError, "GiB"),  # the memory it needs, before allocating it
    ({"num_envs": 2, "num_threads": 0}, ValueError, "num_threads"),
    ({"num_envs": 2, "num_threads": 10**12}, ValueError, "num_threads"),
    ({"num_envs": 2, "num_threads": 1.0}, TypeError, "num_threads"),
    ({"num_envs": 2, "seed": -1}, ValueError, "seed"),
    ({"num_envs": 2, "seed": 2**64}, ValueError, "seed"),
    ({"num_envs": 2, "seed": 0.5}, TypeError, "seed"),
    ({"num_envs": 2, "max_steps": 2**70}, ValueError, "max_steps"),
    ({"num_envs": 2, "max_steps": 0}, ValueError, "max_steps"),
]


@pytest.mark.parametrize("kwargs,error,name", VECTOR_ARGS)
def test_vector_env_arguments_are_checked_by_name(example_tasks, kwargs, error, name):
    with pytest.raises(error) as err:
        iglu.VectorEnv(example_tasks, **kwargs)
    assert name in str(err.value)
    assert "Invoked with" not in str(err.value)  # never pybind11's signature dump


def test_vector_env_accepts_the_edges(example_tasks):
    venv = iglu.VectorEnv(example_tasks, num_envs=np.int64(3), num_threads=1024, seed=2**64 - 1, discretize=True)
    assert venv.num_envs == 3 and venv.num_threads == 3
    venv.reset(seed=2**64 - 1)
    with pytest.raises(ValueError, match="seed"):
        venv.reset(seed=-1)


ENV_ARGS = [({"max_steps": 2**70}, "max_steps"), ({"max_steps": 0}, "max_steps"), ({"max_steps": 2.5}, "max_steps"),
            ({"max_steps": "3"}, "max_steps"), ({"action_space": "x"}, "action_space"), ({"render_size": [0, 4]}, "render_size")]


@pytest.mark.parametrize("kwargs,name", ENV_ARGS)
def test_env_arguments_are_checked_by_name(example_tasks, kwargs, name):
    with pytest.raises(ValueError) as err:
        iglu.Env(example_tasks, **kwargs)
    assert name in str(err.value) and "Invoked with" not in str(err.value)


def test_catalog_opens_existing_catalogs_and_creates_only_when_asked(tmp_path):
    typo = tmp_path / "typo.db"
    for mode in ("write", "read"):
        with pytest.raises(RuntimeError, match="typo.db"):
            iglu.Catalog(typo, mode=mode)
    with pytest.raises(RuntimeError, match="typo.db"):
        iglu.Catalog(typo)
    assert not typo.exists()
    with pytest.raises(ValueError, match="mode"):
        iglu.Catalog(typo, mode="c")
    made = iglu.Catalog(typo, mode="create")
    assert made.task_count() == 0 and typo.exists()
    made.close()
    assert iglu.Catalog(typo).task_count() == 0
