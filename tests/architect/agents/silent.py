# Never says hello: reads its input and waits.
import sys
import time

time.sleep(3600)
sys.stdin.read()
