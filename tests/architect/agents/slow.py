# Says hello, then answers its first step long after any act timeout.
import time

from _wire import NOOP, hello, say, until

hello()
until("step")
time.sleep(60)
say(NOOP)
