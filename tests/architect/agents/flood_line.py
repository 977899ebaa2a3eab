# Answers a step with an endless line (no newline ever).
import sys

from _wire import hello, until

hello()
until("step")
chunk = "x" * 65536
while True:
    sys.stdout.write(chunk)
