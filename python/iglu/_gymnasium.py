"""Gymnasium when it is importable: the bases of :class:`iglu.Env` / :class:`iglu.VectorEnv`
(``gymnasium.Env`` / ``gymnasium.vector.VectorEnv``), the spaces (:mod:`iglu.spaces` builds
``gymnasium.spaces``) and the registered ids ``iglu/IGLU-v0`` (``gymnasium.make("iglu/IGLU-v0",
tasks=...)``; with Gymnasium >= 1.0 also ``gymnasium.make_vec``). Without it: ``object`` bases,
iglu.spaces' own classes, no registration."""
from __future__ import annotations

try:
    import gymnasium
    import gymnasium.vector
except ImportError:  # optional: not a Debian package
    gymnasium = None

HAVE_GYMNASIUM = gymnasium is not None
EnvBase = gymnasium.Env if HAVE_GYMNASIUM else object
VectorEnvBase = gymnasium.vector.VectorEnv if HAVE_GYMNASIUM else object

ENV_ID = "iglu/IGLU-v0"


def register() -> None:
    """Registers ``iglu/IGLU-v0`` once (entry point ``iglu.env:Env``, vector entry point
    ``iglu.vector:VectorEnv`` where Gymnasium supports one)."""
    if not HAVE_GYMNASIUM or ENV_ID in gymnasium.envs.registry:
        return
    try:
        gymnasium.register(id=ENV_ID, entry_point="iglu.env:Env", vector_entry_point="iglu.vector:VectorEnv")
    except TypeError:  # Gymnasium < 1.0: no vector entry points
        gymnasium.register(id=ENV_ID, entry_point="iglu.env:Env")
