"""``iglu.VectorEnv``: N environments stepped inside C++ per call, across threads with the GIL
released (EnvPool-style), with Gymnasium's vector API:

    venv = iglu.VectorEnv(tasks, num_envs=256, seed=0, action_space="walking", discretize=True)
    obs, info = venv.reset()
    obs, rewards, terminated, truncated, info = venv.step(actions)   # actions: int array (N,)

* Options are GridWorld's keyword names (see :class:`iglu.Env`).
* Observations are batched, preallocated, read-only numpy arrays (``grid`` (N, 9, 11, 11)
  int32, ``agentPos`` (N, 5), ``inventory`` (N, 6), ``compass`` (N, 1) float32, ``target_grid``
  / ``pov`` (N, H, W, 3) when enabled) updated in place by every call: copy what you keep.
  ``obs["dialog"]`` is a read-only object array of N strings.
* Autoreset follows Gymnasium's vector convention ("next-step"): an environment that
  terminated or truncated is reset by the following ``step()`` call, which ignores its action and
  returns its reset observation with reward 0 and both flags False. Each reset draws the
  environment's task from its own generator seeded by ``(seed, index)``.
* Results depend only on ``seed``, never on ``num_threads``.
* Threads: one call at a time (others wait for it); the arrays are shared, so a step from
  another thread updates what this thread was given. After ``os.fork()`` the child can step
  (its thread pool is recreated), unless another thread was stepping at the fork: then every
  call in the child raises ``RuntimeError``.
* Recording (``record=True``, which sets ``reset_clears_agent_state=True``; passing it False is an
  error): every environment records each episode it plays, autoreset included; an episode that
  ended (terminated or truncated) waits in C++ until :meth:`take_episodes` — memory grows with
  the episodes not taken. ``Catalog.experiment(...).add(venv)`` and ``RolloutWriter.add(venv)``
  take them all. An episode in progress when ``reset()`` is called is dropped. Each is checked
  to replay in a fresh environment (as ``iglu.Env``'s) and has ``seed`` = the vector's seed (of
  the last ``reset(seed=...)``) and ``repetition`` = ``k * num_envs + i`` for the k-th episode of
  environment i: the same episodes for any ``num_threads``, the same as an ``iglu.Env`` playing
  that task with the same actions.
* ``info``: per-environment arrays ``max_intersection``, ``precision``, ``recall``, ``f1`` (of
  the current grid), ``task_index``, ``elapsed_steps``.
"""
from __future__ import annotations

from typing import Optional, Tuple

import numpy as np

from . import _iglu
from .env import as_tasks
from ._gymnasium import VectorEnvBase
from .spaces import action_space as _action_space, batched as _batched, observation_space as _observation_space


class VectorEnv(_iglu.CoreVectorEnv, VectorEnvBase):
    """``VectorEnv(tasks, num_envs, num_threads=None, seed=0, *, record=False, **env options)``."""

    def __init__(self, tasks, num_envs: int, num_threads: Optional[int] = None, seed: int = 0, *, record: bool = False,
                 **options):
        options.setdefault("render", False)
        if record:
            if options.get("reset_clears_agent_state", True) is False:
                raise ValueError("record: needs reset_clears_agent_state=True (each environment records several episodes, and "
                                 "the reference's reset() keeps agent state a rollout does not hold)")
            options["reset_clears_agent_state"] = True
        self.tasks = as_tasks(tasks)
        # num_envs 1..65536, num_threads None (one per core) or 1..1024, seed 0..2**64-1: checked
        # by name in C++ (TypeError for a non-integer, ValueError outside the range).
        super().__init__(self.tasks, num_envs, num_threads, seed, **options)
        opts = self.options
        self.single_action_space = _action_space(opts["action_space"], opts["discretize"])
        self.single_observation_space = _observation_space(opts["target_in_obs"], opts["render"], opts["render_size"])
        n = self.num_envs
        dict_space = type(self.single_observation_space)    # iglu.spaces.Dict or gymnasium.spaces.Dict
        if opts["discretize"]:
            self.action_space = _batched(self.single_action_space, n)
        else:
            self.action_space = dict_space({k: _batched(s, n) for k, s in self.single_action_space.spaces.items()})
        self.observation_space = dict_space({k: _batched(s, n) for k, s in self.single_observation_space.spaces.items()
                                             if k != "dialog"})
        buffers = self._buffers()
        self._obs = buffers["obs"]
        self._info = buffers["info"]
        self._rewards = buffers["rewards"]
        self._terminated = buffers["terminated"]
        self._truncated = buffers["truncated"]
        self._seed = seed
        if record:
            self._set_recording(True)

    def take_episodes(self) -> list:
        """The episodes finished since the last call (``record=True``), as :class:`iglu.Episode`
        (task_id set), ordered by environment index, then by time: ``[(env_index, task, episode)]``."""
        if not self._recording:
            raise ValueError("VectorEnv: was not made with record=True, so it kept no episodes")
        out = []
        for env_index, task_index, episode in self._take_episodes():
            task = self.tasks[task_index]
            task_id = getattr(task, "task_id", None)
            if task_id:
                episode.task_id = task_id
            out.append((env_index, task, episode))
        return out

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Tuple[dict, dict]:
        """Resets every environment (with ``seed``: re-seeds every task generator first)."""
        self._reset(seed)
        return self._observations(), self._info

    def step(self, actions) -> Tuple[dict, np.ndarray, np.ndarray, np.ndarray, dict]:
        """One step of every environment: ``actions`` an int array (N,) with discretize=True, else
        a dict of arrays with a first dimension of N. Every action is validated before any
        environment moves: a bad one raises ``ValueError`` naming it (``actions[3].camera``)."""
        self._step(actions)
        return self._observations(), self._rewards, self._terminated, self._truncated, self._info

    def _observations(self) -> dict:
        if self._dialogs_changed():
            dialogs = np.empty(self.num_envs, dtype=object)
            dialogs[:] = self._dialogs()
            dialogs.setflags(write=False)
            self._obs["dialog"] = dialogs
        return self._obs

    def _dialogs_changed(self) -> bool:
        # Dialogs change only when an environment is reset onto another task.
        key = self._info["task_index"].tobytes()
        if getattr(self, "_dialog_key", None) != key:
            self._dialog_key = key
            return True
        return False

    def close(self) -> None:
        pass

    def __repr__(self) -> str:
        return f"<iglu.VectorEnv {self.num_envs} envs, {self.num_threads} threads, {len(self.tasks)} tasks>"

