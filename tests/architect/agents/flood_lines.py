# Answers a step with 20,000 act lines at once (one act per step is the rule).
import json
import sys

from _wire import NOOP, hello, until

hello()
until("step")
sys.stdout.write((json.dumps(NOOP) + "\n") * 20000)   # one write: the first read sees many lines
sys.stdout.flush()
until("bye")
