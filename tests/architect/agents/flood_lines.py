# Answers a step with thousands of act lines at once (one act per step is the rule).
import sys

from _wire import NOOP, hello, until
import json

hello()
until("step")
line = json.dumps(NOOP) + "\n"
for _ in range(20000):
    sys.stdout.write(line)
sys.stdout.flush()
until("bye")
