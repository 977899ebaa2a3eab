# Never says hello; writes to stderr without end (the workbench keeps only the tail).
import sys

n = 0
while True:
    n += 1
    sys.stderr.write(f"log line {n}\n")
