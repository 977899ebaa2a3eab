"""The clarifying-question track (IGLU 2022 NLP task) for Python models.

A model is two callables (either may be None):

- ``when(task)``: the probability (0..1) that the instruction needs a clarification, or a bool;
- ``what(task)``: one score per candidate question (``task["candidates"]`` order, higher = ask
  first), or the candidates' ids in the order to ask them.

``task`` is a dict: ``id``, ``instruction``, ``starting`` (the world as (x, y, z, colour) tuples)
and ``candidates`` (``[{"id": ..., "text": ...}]``); never the target. :func:`run` scores the model
on every task of the catalog with a clarity label or a gold question and stores the result as an
experiment of kind ``clarification`` — listed by ``iglu experiments``, shown in the Experiments
dock, compared with ``iglu experiments compare`` — exactly as ``iglu nlp run`` does for the
shipped baselines and Lua models. An exception in a callable fails that task only (its message is
stored); Ctrl-C stops the run and keeps the finished tasks.

>>> import iglu.nlp
>>> summary = iglu.nlp.run("catalog.db", "short-is-unclear",
...                        when=lambda t: len(t["instruction"]) < 40,
...                        what=lambda t: [len(c["text"]) for c in t["candidates"]])
>>> summary["when"]["f1"], summary["what"]["mrr"], summary["per_skill"].keys()
"""
from __future__ import annotations

import os
from typing import Any, Callable, Iterable, Optional

from . import _iglu

__all__ = ["run", "summary"]


def _label(model: Any, when: Optional[Callable], what: Optional[Callable]) -> str:
    target = model if model is not None else (when or what)
    name = getattr(target, "__qualname__", None) or type(target).__name__
    module = getattr(target, "__module__", None)
    return "python:" + (f"{module}.{name}" if module else name)


def run(db: str | os.PathLike, name: str, model: Any = None, *, when: Optional[Callable] = None,
        what: Optional[Callable] = None, tasks: Optional[Iterable[str]] = None,
        progress: Optional[Callable[[int, int], None]] = None) -> dict:
    """Runs a model over the catalog's clarification tasks and stores it as experiment ``name``
    (a clarification experiment of that name is extended / updated; a build experiment's name is
    refused). ``model``: an object with ``when`` and / or ``what`` methods, or pass the callables.
    ``tasks``: restrict to these task ids. Returns the summary (``iglu experiments show --json``):
    ``when`` {precision, recall, f1, accuracy, n, ...}, ``what`` {mrr, recall_at_1, recall_at_5,
    recall_at_20, n}, ``per_skill`` and ``run`` {tasks, stored, errors}."""
    if model is not None:
        when = when or getattr(model, "when", None)
        what = what or getattr(model, "what", None)
    if when is None and what is None:
        raise ValueError("model: give when(task) and / or what(task) (callables, or a model object with those methods)")
    for field, f in (("when", when), ("what", what)):
        if f is not None and not callable(f):
            raise TypeError(f"{field}: must be callable, got {type(f).__name__}")
    return _iglu._run_clarification(os.fspath(db), name, when, what, _label(model, when, what),
                                    None if tasks is None else [str(t) for t in tasks], progress)


def summary(db: str | os.PathLike, name: str) -> dict:
    """A stored clarification experiment: its summary and per task ``predictions`` (task,
    needs_probability, gold_needs, gold_question, gold_rank, top, error)."""
    return _iglu._clarification_summary(os.fspath(db), name)
