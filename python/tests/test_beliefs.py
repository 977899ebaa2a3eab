"""The agent's belief from Python and the RL track's score: env.publish_belief(blocks) is kept in a
recorded episode where it changes, stored with the episode (prediction, prediction_f1) and its
rollout, reported by `iglu experiments show --json` (mean_prediction_f1, mean_iglu2022_f1); bad
beliefs raise ValueError naming the field and record nothing."""
import json

import numpy as np
import pytest

import iglu


@pytest.fixture()
def catalog_path(tmp_path, conformance_dir):
    db = tmp_path / "cat.db"
    cat = iglu.Catalog(db, mode="create")
    for task in iglu.read_tasks(conformance_dir / "tasks.jsonl"):
        cat.add_task(task)
    return db


def play(env, task_index, beliefs):
    """No-op steps; beliefs: {step: blocks} published before that step's action."""
    env.reset(seed=0, options={"task": task_index})
    for step in range(6):
        if step in beliefs:
            env.publish_belief(beliefs[step])
        env.step(0)


def test_beliefs_recorded_stored_and_reported(catalog_path, iglu_cli):
    cat = iglu.Catalog(catalog_path)
    tasks = cat.tasks("limit:2")
    env = iglu.Env(tasks, discretize=True, max_steps=20, record=True)
    guess = [(0, -1, 0, 1), (1, -1, 0, 2)]
    with cat.experiment("believer", agent="believer.py", env=env) as run:
        for i in range(len(tasks)):
            dense = np.zeros((9, 11, 11), dtype=np.int32)
            dense[0, 5, 5] = 1  # (0, -1, 0, 1) as a grid
            play(env, i, {0: guess, 2: guess, 3: dense})  # step 2 repeats: not stored
            episode = env._finish_episode(0, 0)
            assert episode.beliefs == [(0, sorted(guess)), (3, [(0, -1, 0, 1)])]
            assert episode.iglu2022_f1 == 0.0  # it built nothing
            play(env, i, {0: guess, 2: guess, 3: dense})
            run.add(env, seed=0)
    episodes = cat.episodes("believer")
    assert len(episodes) == len(tasks)
    for e in episodes:
        assert e["prediction"] == [(0, -1, 0, 1)]
        target = cat.task(e["task_id"]).target_grid
        expected = iglu.scores(target, iglu.to_dense([(0, -1, 0, 1)]))["f1"]
        assert e["prediction_f1"] == pytest.approx(expected)
        assert e["iglu2022_f1"] == 0.0
    shown = json.loads(iglu_cli("experiments", "show", "believer", "--db", catalog_path, "--json").stdout)
    assert shown["mean_iglu2022_f1"] == 0.0
    assert shown["prediction_episodes"] == len(tasks)
    assert shown["mean_prediction_f1"] == pytest.approx(np.mean([e["prediction_f1"] for e in episodes]))
    listed = json.loads(iglu_cli("experiments", "list", "--db", catalog_path, "--json").stdout)
    assert next(x for x in listed if x["name"] == "believer")["mean_prediction_f1"] == pytest.approx(shown["mean_prediction_f1"])


BAD_BELIEFS = [
    ([(6, 0, 0, 1)], "belief"),
    ([(0, 8, 0, 1)], "belief"),
    ([(0, -1, 0, 7)], "belief"),
    ([(0, -1, 0, 0)], "belief"),
    ([(0, -1, 0)], "belief[0]"),
    ([(0, -1, 0, 1), "x"], "belief[1]"),
    ([(0.5, -1, 0, 1)], "belief[0].x"),
    ("blocks", "belief"),
    (None, "belief"),
    (np.zeros((9, 11, 10)), "belief"),
    (np.full((9, 11, 11), 9), "belief"),
]


@pytest.mark.parametrize("belief,field", BAD_BELIEFS)
def test_bad_beliefs_name_the_field_and_record_nothing(conformance_tasks, belief, field):
    env = iglu.Env(list(conformance_tasks.values())[:1], discretize=True, max_steps=10, record=True)
    env.reset(seed=0)
    env.publish_belief([(0, -1, 0, 3)])
    env.step(0)
    with pytest.raises(ValueError) as err:
        env.publish_belief(belief)
    assert field in str(err.value)
    env.step(0)
    assert env._finish_episode(0, 0).beliefs == [(0, [(0, -1, 0, 3)])]
