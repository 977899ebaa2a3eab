# Acts once, then crashes on the second step of the turn (a traceback on stderr, exit code 1).
from _wire import NOOP, hello, say, until

hello()
until("step")
say(NOOP)
until("step")
raise RuntimeError("the policy lost its mind")
