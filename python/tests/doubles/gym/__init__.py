"""TEST-ONLY DOUBLE of the `gym` package (gym 0.21's surface that IGLU clients use: Env, Wrapper,
ObservationWrapper, spaces, envs.register / make / registry). gym is not a Debian package and
cannot be installed here; the tests put this folder on sys.path to check iglu.gridworld with "gym
importable". It is never installed and never used outside python/tests."""
from . import spaces
from .core import Env, ObservationWrapper, RewardWrapper, Wrapper
from .envs import make, register, spec

__version__ = "0.21.0-test-double"
__all__ = ["Env", "ObservationWrapper", "RewardWrapper", "Wrapper", "make", "register", "spaces", "spec"]
