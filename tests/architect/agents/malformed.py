# Answers a step with a line that is not JSON.
from _wire import hello, say, until

hello()
until("step")
say('{"type": "act", "action": 0,')
until("bye")
