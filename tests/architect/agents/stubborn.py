# Says hello, then ignores bye, the end of its input and SIGTERM: only SIGKILL ends it.
import signal
import sys
import time

from _wire import hello

signal.signal(signal.SIGTERM, signal.SIG_IGN)
hello()
sys.stdin.read()   # returns at the end of input (bye, then the pipe closed)
while True:
    time.sleep(3600)
