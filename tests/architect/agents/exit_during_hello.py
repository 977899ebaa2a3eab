# Fails before its hello: a message on stderr, exit code 3.
import sys

sys.stderr.write("cannot load the model weights: file not found\n")
sys.exit(3)
