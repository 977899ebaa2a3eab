# Says hello (walking), then answers each step with a no-op only once the file named by its first
# argument exists: a test holds it in act() as long as it likes and opens the gate when it wants.
# On each step it touches "<gate>.asked" so the test knows the workbench is waiting for it.
import os
import sys
import time

from _wire import NOOP, hello, say, until

gate = sys.argv[1]
hello()
while until("step") is not None:
    open(gate + ".asked", "w").close()
    while not os.path.exists(gate):
        time.sleep(0.005)
    say(NOOP)
