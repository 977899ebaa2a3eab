"""iglu.serve_agent: the agent side of the architect-session protocol (docs/agent_protocol.md).
Its conversions (observation in, act out) and its error exits; the workbench side is tested in
tests/architect/test_process_agent.cpp with real processes."""
import io
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import iglu
from iglu.gridworld.tasks.task import Task
from iglu.serve_agent import PROTOCOL, ProtocolError, act_message, observation_from_message


def env_obs():
    start = [(0, -1, 0, 3), (2, 0, -3, 4), (2, -1, -3, 1)]
    env = iglu.Env([Task("<Architect> hi", iglu.to_dense(start + [(1, -1, 1, 5)]), starting_grid=start)])
    obs, _ = env.reset()
    return obs


def wire(obs):
    """The obs object as the workbench writes it (architect/protocol.cpp): plain JSON lists."""
    return json.loads(json.dumps({k: obs[k].tolist() for k in ("grid", "agentPos", "inventory", "compass")}))


def test_observation_matches_the_gridworld_observation():
    obs = env_obs()
    got = observation_from_message(wire(obs), "<Architect> hi")
    assert set(got) == set(obs)
    for key in ("grid", "agentPos", "inventory", "compass"):
        assert got[key].dtype == obs[key].dtype, key
        assert got[key].shape == obs[key].shape, key
        np.testing.assert_array_equal(got[key], obs[key])
    assert got["dialog"] == "<Architect> hi"
    assert got["grid"][1, 7, 2] == 4   # block (2, 0, -3) at [y + 1, x + 5, z + 5]


@pytest.mark.parametrize("change, reason", [
    (lambda o: o.pop("grid"), "obs.grid is missing"),
    (lambda o: o.update(grid=[[0] * 11] * 9), "obs.grid: expected shape (9, 11, 11), got (9, 11)"),
    (lambda o: o.update(inventory=["a"] * 6), "obs.inventory: expected numbers of shape (6,)"),
    (lambda o: o.update(agentPos=[0, 0, 0]), "obs.agentPos: expected shape (5,), got (3,)"),
])
def test_bad_observations_name_the_field(change, reason):
    o = wire(env_obs())
    change(o)
    with pytest.raises(ProtocolError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        observation_from_message(o)


def test_act_messages_from_what_a_policy_returns():
    assert act_message(17) == {"type": "act", "action": 17}
    assert act_message(np.int64(3)) == {"type": "act", "action": 3}
    assert act_message(None) == {"type": "act", "action": None}
    fly = {"movement": np.array([0.5, 0, 1], np.float32), "camera": np.zeros(2), "inventory": np.int32(2), "placement": 1}
    msg = act_message((fly, [(0, -1, 0, 1)], "which one?"))
    assert msg == {"type": "act", "action": {"movement": [0.5, 0.0, 1.0], "camera": [0.0, 0.0], "inventory": 2, "placement": 1},
                   "belief": [[0, -1, 0, 1]], "question": "which one?"}
    json.dumps(msg, allow_nan=False)
    grid = np.zeros((9, 11, 11), np.int32)
    grid[0, 5, 5] = 6
    grid[3, 10, 0] = 2
    assert act_message({"action": None, "belief": grid})["belief"] == [[0, -1, 0, 6], [5, 2, -5, 2]]
    assert "question" not in act_message({"action": 0, "belief": None})


@pytest.mark.parametrize("result, reason", [
    ({"movement": [float("nan"), 0, 0], "camera": [0, 0], "inventory": 0, "placement": 0}, r"action.movement\[0\]: nan is not a finite number"),
    ((1, 2), r"the policy returned a tuple of 2; expected \(action, belief, question\)"),
    ((0, None, 5), "question: expected a string, got int"),
    (object(), "action: cannot send a object"),
])
def test_bad_results_are_refused(result, reason):
    with pytest.raises(ProtocolError, match=reason):
        act_message(result)


def transcript(obs):
    o = wire(obs)
    return "".join(json.dumps(m) + "\n" for m in [
        {"type": "reset", "protocol": 1, "task_id": "t1", "action_space": "walking", "obs": o},
        {"type": "step", "turn": 1, "step": 1, "dialog": "<Architect> build", "obs": o},
        {"type": "step", "turn": 1, "step": 2, "dialog": "<Architect> build", "obs": o},
        {"type": "bye"}])


def test_a_session_in_process(capsys):
    seen = []

    class Policy:
        def reset(self, obs, task_id):
            seen.append(("reset", task_id, obs["grid"].shape))

        def __call__(self, obs, dialog):
            print("thinking")   # must not reach the protocol stream
            seen.append(("step", dialog, obs["grid"].dtype.name))
            return 17 if len(seen) == 2 else (None, [(0, -1, 0, 1)], "what colour?")

    out = io.StringIO()
    assert iglu.serve_agent(Policy(), name="p", stdin=io.StringIO(transcript(env_obs())), stdout=out) == 0
    lines = [json.loads(l) for l in out.getvalue().splitlines()]
    assert lines == [{"type": "hello", "protocol": PROTOCOL, "action_space": "walking", "name": "p"},
                     {"type": "act", "action": 17},
                     {"type": "act", "action": None, "belief": [[0, -1, 0, 1]], "question": "what colour?"}]
    assert seen == [("reset", "t1", (9, 11, 11)), ("step", "<Architect> build", "int32"), ("step", "<Architect> build", "int32")]
    assert "thinking" in capsys.readouterr().err


def test_unknown_action_space_is_the_callers_error():
    with pytest.raises(ValueError, match="action_space"):
        iglu.serve_agent(lambda o, d: None, action_space="swimming", stdin=io.StringIO(""), stdout=io.StringIO())


AGENT = textwrap.dedent("""
    import sys, iglu
    def policy(obs, dialog):
        if dialog == "crash":
            raise RuntimeError("policy failed")
        return 0
    sys.exit(iglu.serve_agent(policy, action_space="walking"))
""")


def run_agent(stdin_text):
    return subprocess.run([sys.executable, "-c", AGENT], input=stdin_text, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ))


@pytest.mark.parametrize("lines, reason", [
    (["not json"], "line 1 from the workbench: not JSON"),
    (["[1, 2]"], "line 1 from the workbench: expected a JSON object with a \"type\""),
    (['{"type": "step", "dialog": "x", "obs": {}}'], "line 1 from the workbench: step before reset"),
    (['{"type": "dance"}'], "line 1 from the workbench: unknown message type 'dance'"),
    (['{"type": "reset", "protocol": 7, "obs": {}}'], "line 1 from the workbench: the workbench speaks protocol 7, this agent speaks 1"),
    (['{"type": "reset", "protocol": 1, "action_space": "flying", "obs": {}}'], "line 1 from the workbench: the world is flying, this agent acts walking"),
    (['{"type": "reset", "protocol": 1, "obs": {"grid": []}}'], "line 1 from the workbench: obs.agentPos is missing"),
])
def test_protocol_errors_exit_with_code_2(lines, reason):
    r = run_agent("".join(l + "\n" for l in lines))
    assert r.returncode == 2, r.stderr
    assert json.loads(r.stdout.splitlines()[0])["type"] == "hello"
    assert f"iglu.serve_agent: {reason}" in r.stderr


def test_policy_errors_propagate_and_the_end_of_input_ends_it():
    o = json.dumps(wire(env_obs()))
    reset = '{"type": "reset", "protocol": 1, "obs": %s}\n' % o
    r = run_agent(reset + '{"type": "step", "dialog": "crash", "obs": %s}\n' % o)
    assert r.returncode == 1 and "RuntimeError: policy failed" in r.stderr
    r = run_agent(reset + '{"type": "step", "dialog": "ok", "obs": %s}\n' % o)   # no bye: the pipe closes
    assert r.returncode == 0, r.stderr
    assert [json.loads(l)["type"] for l in r.stdout.splitlines()] == ["hello", "act"]
