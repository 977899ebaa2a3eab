"""The agent-environment contract, Python side: the core's action table
(``iglu._iglu.action_fields``, core/env/action.hpp) is the one statement of the action forms.
Enumerating it, every field is checked the same way by the scalar converter (``iglu.Env`` and the
drop-in ``GridWorld``), the vector converter (``iglu.VectorEnv``) and the spaces (``iglu.spaces``
and ``iglu.gridworld``), with a corpus of bad values per field: missing, unknown keys, wrong shape,
out of range, fractions, wrong types, NaN / inf, huge integers. A field added to one place only
fails here. The Lua side is tests/scripting/test_action_contract.cpp."""
import math

import numpy as np
import pytest

import iglu
from iglu import _iglu
from iglu.gridworld import GridWorld, Task, Tasks
from iglu.gridworld.env import make_action_space

FORMS = {"discrete": {"discretize": True}, "walking": {"action_space": "walking"}, "flying": {"action_space": "flying"}}


def task():
    return Task("one block", Tasks.to_dense([(0, -1, -3, 1)]), starting_grid=[], task_id="one")


def fields(form):
    return _iglu.action_fields(form)


def good_value(f):
    return [0.0] * f["shape"][0] if f["shape"] else int(f["low"])


def good_action(form):
    if form == "discrete":
        return good_value(fields(form)[0])
    return {f["name"]: good_value(f) for f in fields(form)}


def corpus(f):
    """(value, accepted by the converters) for field f, as the table's kind says."""
    lo, hi = f["low"], f["high"]
    if not f["shape"]:
        accepted = [int(x) for x in range(int(lo), int(hi) + 1)] + [float(hi), np.int64(hi), np.float32(lo), True, False]
        refused = [int(lo) - 1, int(hi) + 1, lo + 0.5, math.nan, math.inf, -math.inf, np.float64("nan"), 2 ** 63,
                   -2 ** 63 - 1, 10 ** 30, -10 ** 30, 10 ** 400, "1", None, [int(lo)], [], {}, b"0"]
        return [(v, True) for v in accepted] + [(v, False) for v in refused]
    n = f["shape"][0]
    cases = [([0.0] * n, True), (np.zeros(n, np.float32), True), (tuple(range(n)), True)]
    for c in range(n):
        for x, ok in [(hi + 10, True), (lo - 10, True), (2 ** 63, True), (math.nan, False), (math.inf, False),
                      (-math.inf, False), (10 ** 400, False), ("1", False), (None, False), ([0], False)]:
            v = [0.0] * n
            v[c] = x
            cases.append((v, ok))
    cases += [([0.0] * (n - 1), False), ([0.0] * (n + 1), False), (0.0, False), ("ab", False), ([[0.0] * n], False), (None, False)]
    return cases


def scalar_envs(form):
    env = iglu.Env(task(), **FORMS[form])
    env.reset()
    gw = GridWorld(render=False, **FORMS[form])
    gw.set_task(task())
    gw.reset()
    return [("Env", env), ("GridWorld", gw)]


def with_field(form, f, value):
    if form == "discrete":
        return value
    action = good_action(form)
    action[f["name"]] = value
    return action


@pytest.mark.parametrize("form", FORMS)
def test_scalar_converters_accept_and_refuse_exactly_per_the_table(form):
    for api, env in scalar_envs(form):
        for f in fields(form):
            for value, ok in corpus(f):
                action = with_field(form, f, value)
                if ok:
                    env.step(action)
                    continue
                before = (env.position, env.rotation, env.step_no)
                with pytest.raises(ValueError) as err:
                    env.step(action)
                assert f["name"] in str(err.value), f"{api} {form}.{f['name']} = {value!r}: {err.value}"
                assert (env.position, env.rotation, env.step_no) == before


@pytest.mark.parametrize("form", ["walking", "flying"])
def test_every_field_is_required_and_no_other_key_is_taken(form):
    for api, env in scalar_envs(form):
        for f in fields(form):
            action = good_action(form)
            del action[f["name"]]
            with pytest.raises(ValueError, match=f["name"] + ": missing"):
                env.step(action)
        for name in ["bogus", "movement" if form == "walking" else "hotbar"]:
            with pytest.raises(ValueError, match=name + ": is not a key"):
                env.step({**good_action(form), name: 0})


@pytest.mark.parametrize("form", ["walking", "flying"])
def test_vector_converter_accepts_and_refuses_exactly_per_the_table(form):
    n = 2
    venv = iglu.VectorEnv([task()], num_envs=n, num_threads=1, **FORMS[form])
    venv.reset(seed=0)

    def batch(field=None, value=None):
        out = {f["name"]: np.array([good_value(f)] * n, dtype=np.float64) for f in fields(form)}
        if field is not None:
            rows = [good_value(field), value]
            out[field["name"]] = np.array(rows, dtype=np.float64)
        return out

    for f in fields(form):
        for value, ok in corpus(f):
            if isinstance(value, (str, bytes)) or (isinstance(value, list) and any(isinstance(x, str) for x in value)):
                continue   # numpy would parse the text while building the column; columns of text are below
            try:   # the values a numeric column can hold; the others are column errors below
                actions = batch(f, value)
            except (TypeError, ValueError, OverflowError):
                continue
            if ok:
                venv.step(actions)
                continue
            with pytest.raises(ValueError, match=r"actions\[1\]\." + f["name"]):
                venv.step(actions)
        # a missing key, a column of the wrong shape or type, an unknown key
        actions = batch()
        del actions[f["name"]]
        with pytest.raises(ValueError, match=f["name"] + ": missing"):
            venv.step(actions)
        width = f["shape"][0] if f["shape"] else 1
        for column in [np.zeros((n, width + 1)), np.zeros((n + 1, width)), np.zeros((n, width, 1)), np.array(["a"] * n),
                       np.array([None] * n)]:
            with pytest.raises(ValueError, match=f["name"]):
                venv.step({**batch(), f["name"]: column})
    with pytest.raises(ValueError, match="bogus: is not a key"):
        venv.step({**batch(), "bogus": np.zeros(n)})


def check_space(space, form):
    """The space is the table: keys in order, Discrete(high + 1) for flags and integers, a
    float32 Box(low, high, shape) for reals."""
    table = fields(form)
    spaces = [space] if form == "discrete" else [space[k] for k in space.spaces.keys()]
    if form != "discrete":
        assert list(space.spaces.keys()) == [f["name"] for f in table]
    for s, f in zip(spaces, table):
        if f["kind"] == "real":
            assert s.shape == f["shape"] and s.dtype == np.float32
            assert np.all(s.low == f["low"]) and np.all(s.high == f["high"])
        else:
            assert f["shape"] == () and f["low"] == 0 and s.n == int(f["high"]) + 1
    assert space.contains(good_action(form) if form == "discrete" else
                          {k: (np.asarray(v, np.float32) if isinstance(v, list) else v) for k, v in good_action(form).items()})


@pytest.mark.parametrize("form", FORMS)
def test_spaces_are_built_from_the_table(form):
    opts = FORMS[form]
    check_space(iglu.spaces.action_space(opts.get("action_space", "walking"), opts.get("discretize", False)), form)
    check_space(iglu.Env(task(), **opts).action_space, form)
    if form != "discrete":   # the drop-in's flying ignores discretize, as the reference
        check_space(make_action_space(opts["action_space"], False), form)
        check_space(GridWorld(render=False, **opts).action_space, form)
    else:
        check_space(make_action_space("walking", True), form)


@pytest.mark.parametrize("form", FORMS)
def test_the_space_and_the_converters_agree_on_integers_and_differ_only_where_the_table_says(form):
    # Discrete spaces hold exactly the integers the converters take; a real Box bounds what the
    # space samples, while the converters take any finite number (the reference does not clip).
    space = iglu.spaces.action_space(FORMS[form].get("action_space", "walking"), FORMS[form].get("discretize", False))
    for f in fields(form):
        s = space if form == "discrete" else space[f["name"]]
        if f["kind"] == "real":
            assert not s.contains(np.full(f["shape"], f["high"] + 10, np.float32))
            continue
        for value, ok in corpus(f):
            if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
                assert s.contains(value) == ok, f"{form}.{f['name']} = {value!r}"
