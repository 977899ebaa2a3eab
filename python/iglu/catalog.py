"""``iglu.Catalog``: the IGLU Workbench catalog from Python — tasks with the filters of
``iglu tasks``, skill labels, experiments — and the recording of any agent's episodes as a named
experiment that the workbench (Experiments dock, Playback) and ``iglu experiments show`` display
exactly like Lua runs.

    cat = iglu.Catalog("iglu.db")                      # an existing catalog (mode="create" makes one)
    tasks = cat.tasks("flying clear")                  # iglu.gridworld Tasks
    env = iglu.Env(tasks, discretize=True, record=True, reset_clears_agent_state=True)  # see iglu.Env
    with cat.experiment("my-ppo", agent="ppo.py", env=env) as run:
        for seed in range(10):
            obs, info = env.reset(seed=seed)
            ...                                        # step until terminated or truncated
            run.add(env, seed=seed)                    # the episode's rollout and metrics
    # stored in one transaction when the block ends (also when it ends by an exception)
"""
from __future__ import annotations

import json
import threading
from typing import List, Optional

from . import _iglu
from .gridworld.tasks.task import Task


def take_episode(env, seed: int, repetition: int, why_id: str):
    """The episode ``env`` (made with ``record=True``) played since its last reset, with its task
    (which must have a task_id); the env's recorder starts over."""
    if not env._recording:
        raise ValueError("env: was not made with record=True, so it kept no rollout")
    task = getattr(env, "task", None)
    task_id = getattr(task, "task_id", None)
    if not task_id:
        raise ValueError(f"env.task: has no task_id ({why_id})")
    episode = env._finish_episode(seed, repetition)
    episode.task_id = task_id
    return episode, task


def take_vector_episodes(venv) -> list:
    """Every episode ``venv`` (an iglu.VectorEnv made with ``record=True``) finished since the last
    take: [(env index, task, episode)]; each task must have a task_id."""
    for i, task in enumerate(venv.tasks):
        if not getattr(task, "task_id", None):
            raise ValueError(f"VectorEnv tasks[{i}]: has no task_id (store the tasks first (Catalog.add_task) and use the stored ones)")
    return venv.take_episodes()


class Catalog:
    """``Catalog(path, mode="write")``: mode "write" (the default: the catalog must exist, so a
    mistyped path is an error, not a new empty catalog), "read" (never written) or "create" (made
    if absent). Errors name the file.

    Threads: one connection per Catalog; threads sharing it take turns (each call waits for the
    one in progress). Processes: SQLite connections must not cross ``fork()``: in a forked child a
    Catalog opened by the parent raises ``RuntimeError`` on every use, and opening the same file
    there is refused too; close catalogs before forking, or start children with
    multiprocessing's "spawn" method."""

    def __init__(self, path: str, mode: str = "write"):
        self._open = _iglu.CoreCatalog(str(path), mode)
        self._path = self._open.path

    @property
    def _core(self):
        if self._open is None:
            raise ValueError(f"catalog {self._path} is closed")
        return self._open

    @property
    def path(self) -> str:
        return self._path

    def close(self) -> None:
        """Closes the database (tasks already read stay usable)."""
        self._open = None

    def __enter__(self) -> "Catalog":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- tasks ------------------------------------------------------------------------------
    def task_dicts(self, words: str = "", *, skills=(), text: str = "", clear: str = "", source: str = "",
                   limit: int = -1) -> List[dict]:
        """Tasks as plain dicts (id, instruction, dialog, chat, starting_blocks, target_blocks,
        source, clear, skills, human_skills, auto_skills, ...). ``words`` are the filter words of
        experiments (``"flying clear source:singleturn limit:10"``); the keywords are ``iglu
        tasks``' options (--skill, --text, --clear yes|no, --source, --limit)."""
        return self._core._tasks(words, list(skills), text, clear, source, limit)

    def tasks(self, words: str = "", **filters) -> List[Task]:
        """Tasks as :class:`iglu.gridworld.Task` (``task_id`` set), same filters as
        :meth:`task_dicts`."""
        return [Task.from_dict(d) for d in self.task_dicts(words, **filters)]

    def task(self, task_id: str) -> Optional[Task]:
        d = self._core._task(task_id)
        return None if d is None else Task.from_dict(d)

    def task_count(self) -> int:
        return self._core.task_count()

    def add_task(self, task: Task, source: str = "custom", *, replace: bool = False) -> None:
        """Stores a new task; it needs a ``task_id``. A task of that id already in the catalog is
        left as it is when it is the same (same blocks, instruction, ...: adding it again changes
        nothing) and refused, naming the id and what differs, when it is not: its human tape,
        labels and episodes belong to the stored content. ``replace=True`` replaces it and, in the
        same transaction, deletes what belonged to the old content (its rollouts, labels, note and
        every experiment's episodes of it)."""
        self._core._put_task(task, source, replace)

    def labels(self, task_id: str) -> List[dict]:
        """Every skill label of a task."""
        return self._core.labels(task_id)

    # -- experiments ------------------------------------------------------------------------
    def experiments(self) -> List[dict]:
        """[{name, script, config (dict), created, episodes}]."""
        out = []
        for e in self._core._experiments():
            e = dict(e)
            try:
                e["config"] = json.loads(e["config"]) if e["config"] else {}
            except ValueError:
                pass
            out.append(e)
        return out

    def episodes(self, experiment: str) -> List[dict]:
        """The stored episodes of an experiment (KeyError naming it when absent)."""
        return self._core._episodes(experiment)

    def experiment(self, name: str, *, agent: str, env=None, options: Optional[dict] = None) -> "ExperimentRecording":
        """Starts recording episodes under experiment ``name``: use as a context manager (or call
        :meth:`ExperimentRecording.commit`). ``agent`` describes the agent (a name, a file);
        ``env`` (an :class:`iglu.Env` / GridWorld) or ``options`` give the environment options
        stored with the experiment."""
        if env is not None:
            options = env.options
        return ExperimentRecording(self, name, agent, options or {})

    def record(self, name: str, episodes, *, agent: str, options: Optional[dict] = None, source: str = "python") -> int:
        """Stores finished episodes (:class:`iglu.Episode`, from ``env._finish_episode``) in one
        transaction; returns the experiment id."""
        config = _iglu.CoreCatalog._external_config(agent, source, json.dumps(options or {}))
        return self._core._store_episodes(name, agent, config, list(episodes))

    # -- training curves --------------------------------------------------------------------
    def log_scalar(self, run: str, tag: str, step: int, value: float) -> None:
        """Logs one value of a training curve (e.g. ``log_scalar("my-ppo", "train/return", update,
        mean_return)``), stored at once: the workbench's Curves tab (Experiments dock) draws it
        as TensorBoard does, ``iglu experiments scalars`` lists it. ``run`` is a free name, linked
        to the experiment of that name when there is one (deleting it deletes the curves); a step
        logged again replaces its value. ValueError naming the field for an empty or over-long
        (200 bytes) run or tag, a negative step, a NaN or infinite value."""
        self._core.log_scalar(run, tag, step, value)

    def log_scalars(self, run: str, step: int, values: dict) -> None:
        """Logs several tags at one step in one transaction: ``log_scalars(run, step, {"loss": l,
        "return": r})`` (one bad value stores none of them)."""
        self._core.log_scalars(run, step, dict(values))

    def scalar_runs(self) -> List[dict]:
        """[{run, experiment (or None), tags, points, last_wall_time}] by run name."""
        return self._core.scalar_runs()

    def scalar_tags(self, run: str) -> List[dict]:
        """[{tag, points, last_step, last_value}] of a run, by tag."""
        return self._core.scalar_tags(run)

    def scalar_series(self, run: str, tag: str) -> List[tuple]:
        """[(step, value)] of a run's tag, by step."""
        return self._core.scalar_series(run, tag)


class ExperimentRecording:
    """Collects episodes and stores them together (see :meth:`Catalog.experiment`)."""

    def __init__(self, catalog: Catalog, name: str, agent: str, options: dict):
        self.catalog, self.name, self.agent, self.options = catalog, name, agent, options
        self.episodes = []
        self._lock = threading.Lock()  # threads may add to one recording

    def add(self, env, seed: int = 0, repetition: int = 0, error: Optional[str] = None):
        """Takes the episode ``env`` played since its last reset (it must have been made with
        ``record=True``). ``error`` marks an episode the agent failed (stored, counted as an
        error). Returns the :class:`iglu.Episode`. An :class:`iglu.VectorEnv` (``record=True``):
        takes every episode it finished (their own seeds and repetitions); returns the list."""
        if hasattr(env, "take_episodes"):
            episodes = [e for _, _, e in take_vector_episodes(env)]
            with self._lock:
                self.episodes.extend(episodes)
            return episodes
        episode, _ = take_episode(env, seed, repetition,
                                  "store the task first (Catalog.add_task) and use the stored one")
        if error is not None:
            episode.ok, episode.error = False, str(error)
        with self._lock:
            self.episodes.append(episode)
        return episode

    def commit(self) -> int:
        """Stores the collected episodes (one transaction); returns the experiment id. The
        recording is emptied only once the transaction has committed: when storing fails (e.g.
        "database is locked" while another program writes), nothing is stored, the episodes stay
        in :attr:`episodes` and ``commit()`` may be called again. Threads that add episodes wait
        while a commit runs."""
        with self._lock:
            if not self.episodes:
                return -1
            experiment_id = self.catalog.record(self.name, list(self.episodes), agent=self.agent,
                                                options=self.options)
            self.episodes = []
            return experiment_id

    def __enter__(self) -> "ExperimentRecording":
        return self

    def __exit__(self, *exc) -> None:
        self.commit()


class RolloutWriter:
    """Writes recorded episodes to a rollout file (JSON Lines, docs/rollout_format.md), for agents
    that run where there is no catalog: ``iglu import rollouts FILE --db DB`` later replays each
    episode in the C++ environment, verifies its rewards and final grid, and stores it.

        with iglu.RolloutWriter("episodes.jsonl", agent="my_ppo") as out:
            obs, info = env.reset(seed=s)            # env = iglu.Env(..., record=True)
            ...
            out.add(env, seed=s)
    """

    def __init__(self, path, *, agent: str):
        self.path, self.agent = str(path), agent
        self._file = open(self.path, "w", encoding="utf-8")
        self.count = 0
        self._lock = threading.Lock()  # threads may write to one file: whole lines, counted

    def add(self, env, seed: int = 0, repetition: int = 0):
        """Writes the episode ``env`` played since its last reset (made with ``record=True``); an
        :class:`iglu.VectorEnv`: every episode it finished (returns the list)."""
        if hasattr(env, "take_episodes"):
            taken = take_vector_episodes(env)
            lines = "".join(e._rollout_line(self.agent, task, env.options) + "\n" for _, task, e in taken)
        else:
            episode, task = take_episode(env, seed, repetition, "a rollout line names its task")
            taken = [(0, task, episode)]
            lines = episode._rollout_line(self.agent, task, env.options) + "\n"
        with self._lock:
            self._file.write(lines)
            self._file.flush()
            self.count += len(taken)
        return [e for _, _, e in taken] if hasattr(env, "take_episodes") else taken[0][2]

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()

    def __enter__(self) -> "RolloutWriter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
