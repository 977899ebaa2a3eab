# Acts in the flying action space (the test world walks).
from _wire import hello, until

hello(action_space="flying")
until("bye")
