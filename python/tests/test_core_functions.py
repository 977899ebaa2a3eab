"""The rest of the core from Python: maximal intersection (value, argmax, matched / missing /
extra), P / R / F1, the IGLU-2022 evaluator, the skill labeler, POV rendering, task lists."""
import json

import numpy as np
import pytest

import iglu


def cases():
    from conftest import CONFORMANCE
    path = CONFORMANCE / "max_intersection.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def test_every_recorded_intersection_case(conformance_dir):
    all_cases = cases()
    assert len(all_cases) >= 200
    for c in all_cases:
        target = iglu.to_dense(c["target_blocks"])
        built = iglu.to_dense(c["built_blocks"])
        mi = iglu.maximal_intersection(target, built)
        where = f"case {c['id']} ({c['kind']})"
        assert mi["value"] == c["max_intersection"], where
        assert mi["alignment"] == (c["argmax"]["dx"], c["argmax"]["dz"], c["argmax"]["rot"]), where
        assert len(mi["matched"]) == c["max_intersection"], where
        assert len(mi["matched"]) + len(mi["extra"]) == c["built_size"], where
        assert len(mi["matched"]) + len(mi["missing"]) == c["target_size"], where
        s = iglu.scores(target, built)
        assert (s["precision"], s["recall"], s["f1"]) == pytest.approx((c["precision"], c["recall"], c["f1"]), abs=1e-12), where
        assert iglu.intersection_at(target, built, 0, 0, 0) == c["intersection_no_invariance"], where
        ev = c["iglu2022_evaluator"]
        got = iglu.iglu2022_scores(target, iglu.to_dense(c["starting_blocks"] or []), built)
        assert got["intersection"] == ev["intersection"], where
        assert got["argmax_on_raw_grid"] == tuple(ev["argmax_on_raw_grid"][k] for k in ("dx", "dz", "rot")), where
        for mine, theirs in (("precision", "precision"), ("recall", "recall"), ("f1", "completion_rate_f1")):
            assert got[mine] == pytest.approx(ev[theirs], abs=1e-12), f"{where}: {mine}"


def test_task_methods_match_the_functions(conformance_tasks):
    task = conformance_tasks["CQ-game-6"] if "CQ-game-6" in conformance_tasks else next(iter(conformance_tasks.values()))
    built = iglu.to_dense(task.starting_grid or [])
    assert task.maximal_intersection(built) == iglu.maximal_intersection(task.target_grid, built)["value"]
    assert task.argmax_intersection(built) == iglu.maximal_intersection(task.target_grid, built)["alignment"]
    no_inv = iglu.Task(task.chat, task.target_grid, invariant=False)
    assert no_inv.maximal_intersection(built) == iglu.intersection_at(task.target_grid, built, 0, 0, 0)


def test_to_dense_and_to_sparse_round_trip_and_refuse_bad_blocks():
    blocks = [(-5, -1, -5, 1), (5, 7, 5, 6), (0, 3, -2, 4)]
    grid = iglu.to_dense(blocks)
    assert grid.dtype == np.int32 and grid.shape == (9, 11, 11)
    assert grid[-1 + 1, -5 + 5, -5 + 5] == 1 and grid[7 + 1, 10, 10] == 6
    assert iglu.to_sparse(grid) == sorted(blocks)
    for bad, field in [([(6, 0, 0, 1)], "blocks"), ([(0, 0, 0, 7)], "blocks"), ([(0, 0, 0, 1), (0, 0, 0, 2)], "blocks"),
                       ([(0, 0, 1)], "blocks[0]"), ([("a", 0, 0, 1)], "blocks[0].x")]:
        with pytest.raises(ValueError) as err:
            iglu.to_dense(bad)
        assert field in str(err.value), str(err.value)
    with pytest.raises(ValueError) as err:
        iglu.to_sparse(np.zeros((9, 11, 10), np.int32))
    assert "(9, 11, 11)" in str(err.value)
    bad = np.zeros((9, 11, 11), np.int32)
    bad[2, 3, 4] = 9
    with pytest.raises(ValueError) as err:
        iglu.to_sparse(bad)
    assert "[2, 3, 4]" in str(err.value)


def test_auto_label_gives_every_skill_with_a_reason():
    tower = iglu.to_dense([(0, y, 0, 1) for y in range(-1, 6)])
    labels = iglu.auto_label(tower)
    assert set(labels) == {"flat", "flying", "tricky", "tall", "diagonal"}
    assert labels["tall"][0] is True and labels["tall"][1]
    floating = iglu.to_dense([(0, 3, 0, 2)])
    assert iglu.auto_label(floating)["flying"][0] is True


def test_render_pov():
    img = iglu.render_pov(np.zeros((9, 11, 11), np.int32), (0, -0.25, 0, 0, -90), (64, 64))
    assert img.shape == (64, 64, 3) and img.dtype == np.uint8
    # Looking straight down from the start: the white build-zone floor fills the centre.
    assert (img[32, 32] > 200).all()
    with pytest.raises(ValueError):
        iglu.render_pov(np.zeros((9, 11, 11), np.int32), (0, 0, 0, 0, 0), (0, 64))
    with pytest.raises(ValueError):
        iglu.render_pov(np.zeros((9, 11, 11), np.int32), (0, 0, 0, 0, 0), (64, 64), style="fancy")


def test_read_tasks_names_file_line_and_field(tmp_path, conformance_dir):
    tasks = iglu.read_tasks(conformance_dir / "tasks.jsonl")
    assert len(tasks) == 62 and all(t.task_id for t in tasks)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "instruction": "", "starting_blocks": [], "target_blocks": [[0, 0, 0, 1]]}\n'
                   '{"id": "b", "instruction": "", "starting_blocks": [], "target_blocks": [[0, 0, 99, 1]]}\n')
    with pytest.raises(Exception) as err:
        iglu.read_tasks(bad)
    assert "bad.jsonl" in str(err.value) and ":2" in str(err.value)
