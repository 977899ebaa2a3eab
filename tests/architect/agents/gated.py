# Says hello (walking, or the action space named by its second argument), then answers each step
# only once the file named by its first argument exists: a no-op (walking) or "done" (flying).
# A test holds it in act() as long as it likes and opens the gate when it wants. On each step it
# touches "<gate>.asked" so the test knows the workbench is waiting for it. With a third argument
# "gate-hello" it also waits for the gate before its hello.
import os
import sys
import time

from _wire import NOOP, hello, say, until

gate = sys.argv[1]
space = sys.argv[2] if len(sys.argv) > 2 else "walking"
if len(sys.argv) > 3 and sys.argv[3] == "gate-hello":
    open(gate + ".asked", "w").close()
    while not os.path.exists(gate):
        time.sleep(0.005)
hello(action_space=space)
while until("step") is not None:
    open(gate + ".asked", "w").close()
    while not os.path.exists(gate):
        time.sleep(0.005)
    say(NOOP if space == "walking" else {"type": "act", "action": None})
