# Says hello, closes its stdout on the first step and keeps running.
import os
import time

from _wire import hello, until

hello()
until("step")
os.close(1)
time.sleep(3600)
