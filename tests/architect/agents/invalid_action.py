# Answers a step with an action the environment cannot take; argv[1] picks which:
#   nan: NaN in the flying movement (Python's json writes the non-JSON token NaN)
#   range: walking hotbar 9 (0..6)     discrete: discrete id 18 (0..17)     huge: 1e400
import json
import sys

from _wire import hello, say, until

kind = sys.argv[1]
hello(action_space="flying" if kind == "nan" else "walking")
until("step")
walking = {"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 0}
if kind == "nan":
    say(json.dumps({"type": "act", "action": {"movement": [float("nan"), 0, 0], "camera": [0, 0], "inventory": 0, "placement": 0}}))
elif kind == "range":
    say({"type": "act", "action": dict(walking, hotbar=9)})
elif kind == "discrete":
    say({"type": "act", "action": 18})
elif kind == "huge":
    say('{"type": "act", "action": {"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, '
        '"use": 0, "camera": [1e400, 0], "hotbar": 0}}')
until("bye")
