"""Training curves from Python (Catalog.log_scalar / log_scalars): logged, read back by step by
another connection and by `iglu experiments scalars`, a step logged again replaced, bad values a
ValueError naming the field with nothing stored, deleted with the experiment of the run's name."""
import json
import math
import numpy as np
import pytest

import iglu


def test_log_read_and_log_more(tmp_path):
    db = tmp_path / "cat.db"
    cat = iglu.Catalog(db, mode="create")
    for update in range(3):
        cat.log_scalars("ppo", update, {"train/loss": 1.0 / (update + 1), "train/return": np.float64(update)})
    cat.log_scalar("ppo", "train/loss", np.int64(1), 0.4)  # numpy scalars; a step logged again is replaced
    reader = iglu.Catalog(db, mode="read")  # another connection sees the committed values
    assert reader.scalar_series("ppo", "train/loss") == [(0, 1.0), (1, 0.4), (2, 1.0 / 3)]
    assert reader.scalar_series("ppo", "train/return") == [(0, 0.0), (1, 1.0), (2, 2.0)]
    runs = reader.scalar_runs()
    assert [(r["run"], r["experiment"], r["tags"], r["points"]) for r in runs] == [("ppo", None, 2, 6)]
    tags = reader.scalar_tags("ppo")
    assert [(t["tag"], t["points"], t["last_step"], t["last_value"]) for t in tags] == [
        ("train/loss", 3, 2, 1.0 / 3), ("train/return", 3, 2, 2.0)]
    cat.log_scalar("ppo", "train/loss", 3, 0.2)
    assert reader.scalar_series("ppo", "train/loss")[-1] == (3, 0.2)


@pytest.mark.parametrize("run, tag, step, value, says", [
    ("ppo", "", 0, 1.0, 'tag "" is empty'),
    ("ppo", "t" * 201, 0, 1.0, "is 201 bytes long"),
    ("", "loss", 0, 1.0, 'run "" is empty'),
    ("ppo", "loss", -1, 1.0, "must be >= 0"),
    ("ppo", "loss", 0, math.nan, "got NaN"),
    ("ppo", "loss", 0, math.inf, "got inf"),
    ("ppo", "loss", 0, -math.inf, "got -inf"),
])
def test_bad_values_are_value_errors_naming_the_field(tmp_path, run, tag, step, value, says):
    db = tmp_path / "cat.db"
    cat = iglu.Catalog(db, mode="create")
    with pytest.raises(ValueError) as err:
        cat.log_scalar(run, tag, step, value)
    assert says in str(err.value) and "cat.db" in str(err.value)
    with pytest.raises(ValueError):
        cat.log_scalars("ppo", 0, {"fine": 1.0, tag or "x": math.nan})
    assert cat.scalar_runs() == []
    with pytest.raises(TypeError):
        cat.log_scalar("ppo", "loss", 0, "not a number")


def test_cli_lists_runs_and_delete_takes_the_curves(tmp_path, iglu_cli):
    db = tmp_path / "cat.db"
    cat = iglu.Catalog(db, mode="create")
    cat.log_scalars("pg-eval", 0, {"train/loss": 2.0, "train/f1": 0.1})
    cat.log_scalars("pg-eval", 1, {"train/loss": 1.5, "train/f1": 0.2})
    cat.log_scalar("sweep-lr", "train/loss", 0, 3.0)
    out = json.loads(iglu_cli("experiments", "scalars", "--db", db, "--json").stdout)
    assert [(r["run"], r["points"]) for r in out] == [("pg-eval", 4), ("sweep-lr", 1)]
    assert {t["tag"]: t["last_value"] for t in out[0]["tags"]} == {"train/f1": 0.2, "train/loss": 1.5}
    text = iglu_cli("experiments", "scalars", "--db", db, "--run", "pg-eval").stdout
    assert "train/loss" in text and "1.5" in text and "sweep-lr" not in text
    # Recording episodes under the run's name makes it the experiment's; deleting that takes the curves.
    cat.record("pg-eval", [], agent="train_pg.py")
    assert [r["experiment"] for r in cat.scalar_runs()] == ["pg-eval", None]
    deleted = json.loads(iglu_cli("experiments", "delete", "pg-eval", "--db", db, "--json").stdout)
    assert deleted["scalar_points"] == 4
    assert [r["run"] for r in cat.scalar_runs()] == ["sweep-lr"]
    assert cat.scalar_series("pg-eval", "train/loss") == []
