"""iglu.nlp: a Python model of the clarifying-question track run over a real catalog (the bundled
single-turn sample with its question bank) and stored as a clarification experiment — the same
scores as computed here by hand from the stored predictions, the same experiment the CLI shows;
bad answers and raising callables fail their task only, naming the field; a build experiment's
name is refused."""
import json

import pytest

import iglu
import iglu.nlp
from iglu import _iglu

from conftest import SOURCE


@pytest.fixture()
def db(tmp_path):
    path = tmp_path / "c.db"
    _iglu._import_dataset("singleturn", str(SOURCE / "examples" / "data" / "iglu-singleturn"), str(path))
    return path


def rank_of(scores, candidates, gold):
    order = sorted(range(len(scores)), key=lambda i: -scores[i])  # stable: ties keep order
    ranking = [candidates[i]["id"] for i in order]
    return ranking.index(gold) + 1 if gold in ranking else 0


def test_run_stores_and_scores_by_hand(db):
    seen = {}

    def when(task):
        assert set(task) == {"id", "instruction", "starting", "candidates"}  # never the target
        return len(task["instruction"]) < 60

    def what(task):
        scores = [float(len(c["text"])) for c in task["candidates"]]
        seen[task["id"]] = (scores, task["candidates"])
        return scores

    s = iglu.nlp.run(db, "short", when=when, what=what)
    assert s["kind"] == "clarification" and s["run"]["errors"] == 0
    assert s["run"]["stored"] == s["run"]["tasks"] > 0
    stored = iglu.nlp.summary(db, "short")
    preds = {p["task"]: p for p in stored["predictions"]}
    assert len(preds) == s["run"]["tasks"]
    tp = sum(1 for p in preds.values() if p["gold_needs"] is True and p["needs_probability"] >= 0.5)
    assert s["when"]["tp"] == tp
    ranks = [rank_of(*seen[t], p["gold_question"]) for t, p in preds.items() if p["gold_rank"] is not None]
    assert [p["gold_rank"] for p in preds.values() if p["gold_rank"] is not None] == ranks
    mrr = sum(1 / r for r in ranks if r > 0) / len(ranks)
    assert s["what"]["mrr"] == pytest.approx(mrr)
    for key in ("precision", "recall", "f1", "accuracy", "n"):
        assert key in s["when"]
    for key in ("mrr", "recall_at_1", "recall_at_5", "recall_at_20", "n"):
        assert key in s["what"]


def test_model_object_orderings_and_cli_agree(db, iglu_cli):
    class Model:
        def when(self, task):
            return 0.25

        def what(self, task):
            return [c["id"] for c in reversed(task["candidates"])][:3]

    s = iglu.nlp.run(db, "obj", Model())
    shown = json.loads(iglu_cli("experiments", "show", "obj", "--db", db, "--json").stdout)
    assert shown["kind"] == "clarification"
    assert shown["what"]["mrr"] == pytest.approx(s["what"]["mrr"])
    assert shown["model"].startswith("python:")
    listed = json.loads(iglu_cli("experiments", "list", "--db", db, "--json").stdout)
    assert [e["kind"] for e in listed] == ["clarification"]


@pytest.mark.parametrize("answer, message", [
    (lambda t: 1.5, "when: the probability must be a number within 0..1"),
    (lambda t: "yes", "when returned str"),
    (lambda t: 1 / 0, "ZeroDivisionError"),
])
def test_bad_when_fails_each_task_only(db, answer, message):
    s = iglu.nlp.run(db, "bad", when=answer)
    assert s["run"]["errors"] == s["run"]["tasks"]
    errors = {p["error"] for p in iglu.nlp.summary(db, "bad")["predictions"]}
    assert all(message in e for e in errors), errors


@pytest.mark.parametrize("answer, message", [
    (lambda t: [1.0], "what: 1 scores for"),
    (lambda t: ["nope"], "'nope' is not one of the task's candidates"),
    (lambda t: [float("nan")] * len(t["candidates"]), "what: score 1 is not a finite number"),
    (lambda t: 3, "what returned int"),
])
def test_bad_what_fails_each_task_only(db, answer, message):
    s = iglu.nlp.run(db, "bad-what", what=answer)
    errors = [p["error"] for p in iglu.nlp.summary(db, "bad-what")["predictions"] if p["gold_question"]]
    assert errors and all(message in e for e in errors), errors
    assert s["what"]["n"] == 0


def test_refusals(db):
    with pytest.raises(ValueError, match="when"):
        iglu.nlp.run(db, "none")
    with pytest.raises(TypeError, match="what: must be callable"):
        iglu.nlp.run(db, "x", what=3)
    with pytest.raises(ValueError, match="no experiment named 'missing'"):
        iglu.nlp.summary(db, "missing")
    with pytest.raises(RuntimeError, match="no task to run"):  # catalog::CatalogError
        iglu.nlp.run(db, "subset", when=lambda t: 0.5, tasks=["not-a-task"])
