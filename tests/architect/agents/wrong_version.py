# Speaks protocol 2.
from _wire import hello, until

hello(protocol=2)
until("bye")
