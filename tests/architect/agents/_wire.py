"""The few lines the misbehaving test agents share: say hello, read the workbench's messages."""
import json
import sys


def say(msg, end="\n"):
    sys.stdout.write((msg if isinstance(msg, str) else json.dumps(msg)) + end)
    sys.stdout.flush()


def hello(protocol=1, action_space="walking"):
    say({"type": "hello", "protocol": protocol, "action_space": action_space, "name": "test"})


def until(kind):
    """Reads messages until one of type `kind`; returns it (None at end of input)."""
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == kind:
            return msg
    return None


NOOP = {"type": "act", "action": 0}
