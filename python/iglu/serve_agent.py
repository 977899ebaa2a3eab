"""``iglu.serve_agent``: a Python policy as an architect-session agent (docs/agent_protocol.md).

The workbench (``iglu talk``, the Architect plugin) starts the script as a process and speaks
JSON lines over its stdin / stdout::

    import iglu

    def policy(obs, dialog):          # obs: the dict iglu.gridworld's GridWorld returns
        return 17                     # an action; None = done with this turn

    iglu.serve_agent(policy, action_space="walking", name="my agent")

The policy returns an action (a discrete id, the walking dict, the flying dict, or None when the
turn is done), or ``(action, belief, question)``, or a dict with those keys. ``belief`` is a
list of ``(x, y, z, colour)`` in IGLU coordinates or a (9, 11, 11) grid; ``question`` a string
(it ends the turn: the architect answers in the next one). A policy object may also have
``reset(obs, task_id)``, called when the session starts.

While the policy runs, ``print()`` goes to stderr (stdout is the protocol). Protocol errors (a
line that is not a message, a message out of order) are reported on stderr and end the process
with exit code 2; an exception of the policy propagates (its traceback reaches the workbench).
"""
from __future__ import annotations

import contextlib
import json
import math
import sys

import numpy as np

PROTOCOL = 1
EXIT_PROTOCOL_ERROR = 2

__all__ = ["serve_agent", "observation_from_message", "act_message", "ProtocolError", "PROTOCOL"]


class ProtocolError(ValueError):
    """A message this agent cannot take; the text names the line and the field."""


def _array(value, field, shape, dtype):
    try:
        a = np.asarray(value, dtype=dtype)
    except (TypeError, ValueError) as e:
        raise ProtocolError(f"obs.{field}: expected numbers of shape {shape}: {e}") from None
    if a.shape != shape:
        raise ProtocolError(f"obs.{field}: expected shape {shape}, got {a.shape}")
    return a


def observation_from_message(obs: dict, dialog: str = "") -> dict:
    """The protocol's obs object as iglu.gridworld's observation: inventory float32 (6,), compass
    float32 (1,), agentPos float32 (5,) [x, y, z, pitch, yaw], grid int32 (9, 11, 11) indexed
    [y + 1, x + 5, z + 5], dialog str."""
    if not isinstance(obs, dict):
        raise ProtocolError(f"obs: expected an object, got {type(obs).__name__}")
    for key in ("grid", "agentPos", "inventory", "compass"):
        if key not in obs:
            raise ProtocolError(f"obs.{key} is missing")
    return {"inventory": _array(obs["inventory"], "inventory", (6,), np.float32),
            "compass": _array(obs["compass"], "compass", (1,), np.float32),
            "dialog": dialog,
            "agentPos": _array(obs["agentPos"], "agentPos", (5,), np.float32),
            "grid": _array(obs["grid"], "grid", (9, 11, 11), np.int32)}


def _plain(value, field):
    """numpy scalars and arrays to JSON numbers and lists; NaN / inf refused."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    elif isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, dict):
        return {str(k): _plain(v, f"{field}.{k}") for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, f"{field}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, float) and not math.isfinite(value):
        raise ProtocolError(f"{field}: {value} is not a finite number")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ProtocolError(f"{field}: cannot send a {type(value).__name__}")


def _belief(belief):
    if belief is None:
        return None
    a = np.asarray(belief) if not isinstance(belief, list) else None
    if a is not None and a.shape == (9, 11, 11):
        ys, xs, zs = np.nonzero(a)
        return [[int(x) - 5, int(y) - 1, int(z) - 5, int(a[y, x, z])] for y, x, z in zip(ys, xs, zs)]
    return _plain(list(belief), "belief")


def act_message(result) -> dict:
    """The act message for what a policy returned: an action, (action, belief, question), or a
    dict with those keys."""
    belief = question = None
    if isinstance(result, tuple):
        if len(result) != 3:
            raise ProtocolError(f"the policy returned a tuple of {len(result)}; expected (action, belief, question)")
        action, belief, question = result
    elif isinstance(result, dict) and set(result) <= {"action", "belief", "question"} and "action" in result:
        action, belief, question = result["action"], result.get("belief"), result.get("question")
    else:
        action = result
    msg = {"type": "act", "action": _plain(action, "action")}
    if belief is not None:
        msg["belief"] = _belief(belief)
    if question is not None:
        if not isinstance(question, str):
            raise ProtocolError(f"question: expected a string, got {type(question).__name__}")
        msg["question"] = question
    return msg


def _fail(message: str):
    sys.stderr.write(f"iglu.serve_agent: {message}\n")
    sys.stderr.flush()
    sys.exit(EXIT_PROTOCOL_ERROR)


def serve_agent(policy, *, action_space: str = "walking", name: str | None = None, stdin=None, stdout=None) -> int:
    """Serves ``policy`` over the agent protocol until the workbench says bye (returns 0) or closes
    the pipe (returns 0). See the module docstring."""
    if action_space not in ("walking", "flying"):
        raise ValueError(f"action_space: expected 'walking' or 'flying', got {action_space!r}")
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    name = name or getattr(policy, "__name__", None) or type(policy).__name__

    def write(msg):
        try:
            out.write(json.dumps(msg, allow_nan=False, separators=(",", ":")) + "\n")
            out.flush()
        except BrokenPipeError:  # the workbench is gone: nothing to tell
            sys.exit(0)

    write({"type": "hello", "protocol": PROTOCOL, "action_space": action_space, "name": name})
    started = False
    for line_no, line in enumerate(stdin, 1):
        where = f"line {line_no} from the workbench"
        try:
            msg = json.loads(line)
        except ValueError as e:
            _fail(f"{where}: not JSON: {e}")
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            _fail(f"{where}: expected a JSON object with a \"type\"")
        kind = msg["type"]
        try:
            if kind == "bye":
                return 0
            if kind == "reset":
                if msg.get("protocol", PROTOCOL) != PROTOCOL:
                    _fail(f"{where}: the workbench speaks protocol {msg.get('protocol')}, this agent speaks {PROTOCOL}")
                if msg.get("action_space", action_space) != action_space:
                    _fail(f"{where}: the world is {msg.get('action_space')}, this agent acts {action_space}")
                obs = observation_from_message(msg.get("obs"))
                if hasattr(policy, "reset"):
                    with contextlib.redirect_stdout(sys.stderr):
                        policy.reset(obs, msg.get("task_id"))
                started = True
            elif kind == "step":
                if not started:
                    _fail(f"{where}: step before reset")
                dialog = msg.get("dialog", "")
                if not isinstance(dialog, str):
                    _fail(f"{where}: step.dialog: expected a string")
                obs = observation_from_message(msg.get("obs"), dialog)
                with contextlib.redirect_stdout(sys.stderr):
                    result = policy(obs, dialog)
                write(act_message(result))
            else:
                _fail(f"{where}: unknown message type {kind!r} (reset, step, bye)")
        except ProtocolError as e:
            _fail(f"{where}: {e}")
    return 0
