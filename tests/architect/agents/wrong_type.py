# Starts with an act instead of a hello.
from _wire import NOOP, say, until

say(NOOP)
until("bye")
