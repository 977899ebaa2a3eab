"""The IGLU datasets as the reference's ``gridworld.data.iglu_dataset`` presents them:
``IGLUDataset`` (multi-turn sessions as :class:`Subtasks`, keyed by structure) and
``SingleTurnIGLUDataset`` (one :class:`Task` per instruction, keyed ``<session>/step-N``), with
the reference's constructor, ``reset()`` and iteration protocol.

The data is read from a local folder in its original layout by the IGLU Workbench importers
(datasets/, as ``iglu import`` reads it), or from a catalog (``catalog=``). The folder is
``data_path=`` or, as the reference looks for it, ``$IGLU_DATA_PATH`` (``$IGLU_DATA_PATH/data/iglu``
for the multi-turn set) or ``~/.iglu/data/...``. When it holds no dataset the reference's download
is tried; offline that ends with :class:`~iglu.gridworld.data.load.DatasetUnavailable`.
"""
from __future__ import annotations

import csv
import os
import re
from collections import defaultdict

import numpy as np

from ..tasks.task import Subtasks, Task, Tasks
from .load import download, extract_zip, import_folder

VOXELWORLD_GROUND_LEVEL = 63


def _catalog_tasks(catalog, source: str):
    from ...catalog import Catalog
    if isinstance(catalog, (str, os.PathLike)):
        c = Catalog(str(catalog), "read")
        try:
            return c.task_dicts(source=source)
        finally:
            c.close()
    return catalog.task_dicts(source=source)


def _blocks(blocks) -> list:
    return [tuple(int(v) for v in b) for b in blocks]


class IGLUDataset(Tasks):
    """``IGLUDataset(dataset_version="v0.1.0-rc2", task_kwargs=None, force_download=False)``: the
    multi-turn sessions, ``tasks[structure_id]`` a list of :class:`Subtasks` (one per session;
    ``structure_seq[i]`` the world after builder turn i, turns whose world is empty merged into
    the next, as the reference does; the key is dialogs.csv's ``structureId``, else the session
    folder's ``c<N>``). Iterating yields ``(structure_id, session_index, turn,
    task)``. Utterances come from the folder's ``dialogs.csv`` when it is there (the reference's
    rules: qualified rows, architect odd steps, builder clarifying questions), else are empty.
    Extensions: ``data_path=`` (the folder), ``catalog=`` (an iglu.Catalog or its path)."""

    DATASET_URL = {
        "v0.1.0-rc1": "https://iglumturkstorage.blob.core.windows.net/public-data/iglu_dataset.zip",
        "v0.1.0-rc2": ("https://iglumturkstorage.blob.core.windows.net/public-data/iglu_dataset.zip",
                       "https://iglumturkstorage.blob.core.windows.net/public-data/parsed_tasks_multi_turn_dataset.tar.bz2"),
    }
    DIALOGS_FILENAME = "dialogs.csv"
    BLOCK_MAP = {0: 0, 57: 1, 50: 6, 59: 2, 47: 4, 56: 5, 60: 3}

    def __init__(self, dataset_version="v0.1.0-rc2", task_kwargs=None, force_download=False, *,
                 data_path=None, catalog=None) -> None:
        self.dataset_version = dataset_version
        if dataset_version not in self.DATASET_URL:
            raise Exception("Unknown dataset_version:{} provided.".format(dataset_version))
        self.task_kwargs = {} if task_kwargs is None else task_kwargs
        self.tasks = defaultdict(list)
        self.current = None
        if catalog is not None:
            self.data_path = None
            self._build(_catalog_tasks(catalog, self._source()), None)
            return
        self.data_path = str(data_path) if data_path is not None else self.get_data_path()[0]
        if force_download or not self._has_data(self.data_path):
            self.download_dataset(self.data_path, force_download)
        records, _ = import_folder(self._kind(), self.data_path)
        self._build(records, self.data_path)

    # -- where the data is ------------------------------------------------------------------
    @classmethod
    def get_data_path(cls):
        """``($IGLU_DATA_PATH/data/iglu, True)`` or ``(~/.iglu/data/iglu, False)``."""
        if "IGLU_DATA_PATH" in os.environ:
            return os.path.join(os.environ["IGLU_DATA_PATH"], "data", "iglu"), True
        return os.path.join(os.path.expanduser("~"), ".iglu", "data", "iglu"), False

    def _kind(self) -> str:
        return "sessions"

    def _source(self) -> str:
        return "session"

    def _has_data(self, path) -> bool:
        return os.path.isdir(os.path.join(path, "builder-data")) or os.path.isdir(
            os.path.join(path, "initial_world_states", "builder-data"))

    def download_dataset(self, data_path, force_download):
        url = self.DATASET_URL[self.dataset_version]
        url = url if isinstance(url, str) else url[0]
        path = os.path.join(data_path, url.split("/")[-1])
        download(url=url, destination=path, data_prefix=data_path, description="downloading multiturn dataset")
        extract_zip(path, data_path)

    def process(self, s):
        """The reference's text clean-up: runs of ``$`` become a newline."""
        return re.sub(r"\$+", "\n", s)

    @classmethod
    def transform_block(cls, block):
        """A voxel-world block ``(x, y, z, id)`` in IGLU coordinates and colours."""
        x, y, z, bid = block
        return x, y - VOXELWORLD_GROUND_LEVEL - 1, z, cls.BLOCK_MAP[bid]

    # -- building the sessions --------------------------------------------------------------
    def _dialog_turns(self, path):
        """{session: (structureId, [(builder step, [utterances before it]), ...])} from dialogs.csv,
        or None."""
        if path is None or not os.path.isfile(os.path.join(path, self.DIALOGS_FILENAME)):
            return None
        rows = defaultdict(list)
        name = os.path.join(path, self.DIALOGS_FILENAME)
        try:
            with open(name, newline="", encoding="utf-8") as f:
                for line, row in enumerate(csv.DictReader(f), start=2):
                    try:
                        rows[row["PartitionKey"]].append((int(float(row["StepId"])), row))
                    except (KeyError, TypeError, ValueError, OverflowError) as e:
                        raise ValueError(f"{name}:{line}: bad PartitionKey / StepId ({e})") from None
        except (UnicodeDecodeError, csv.Error) as e:
            raise ValueError(f"{name}: not a UTF-8 CSV file ({e})") from None
        out = {}
        for session, steps in rows.items():
            structure = next((r.get("structureId") for _, r in steps if r.get("structureId")), None)
            turns, pending = [], None
            for step, row in sorted(steps, key=lambda s: s[0]):
                if str(row.get("IsHITQualified", "")).strip().lower() not in ("true", "1", "yes"):
                    continue
                text = {k: (row.get(k) or "") for k in ("instruction", "Answer4ClarifyingQuestion", "ClarifyingQuestion")}
                if step % 2 == 1:
                    if text["instruction"]:
                        pending = [f"<Architect> {self.process(text['instruction'])}"]
                    elif text["Answer4ClarifyingQuestion"] and pending is not None:
                        pending.append(f"<Architect> {self.process(text['Answer4ClarifyingQuestion'])}")
                else:
                    if text["ClarifyingQuestion"] and pending is not None:
                        pending.append(f"<Builder> {self.process(text['ClarifyingQuestion'])}")
                        continue
                    turns.append((step, pending or []))
                    pending = None
            out[session] = (structure, turns)
        return out

    def _build(self, records, path) -> None:
        by_session = defaultdict(dict)
        for r in records:
            if r.get("session_id"):
                by_session[r["session_id"]][int(r["turn"])] = r
        dialogs = self._dialog_turns(path)
        for session in sorted(by_session, key=_session_key):
            turns = by_session[session]
            structure = session.split("-", 1)[1] if "-" in session else session
            if dialogs is not None:
                if session not in dialogs:
                    continue
                structure = dialogs[session][0] or structure
                utt_seq, blocks = [], []
                for step, utterances in dialogs[session][1]:
                    if step not in turns:
                        break  # the reference stops a session at its first missing step file
                    utt_seq.append(list(utterances))
                    blocks.append(_blocks(turns[step]["target_blocks"]))
            else:
                ordered = sorted(turns)
                utt_seq = [[] for _ in ordered]
                blocks = [_blocks(turns[n]["target_blocks"]) for n in ordered]
            i = 0
            while i < len(blocks):  # merge turns that leave the world empty into the next (the reference's rule)
                if len(blocks[i]) == 0:
                    if i == len(blocks) - 1:
                        blocks, utt_seq = blocks[:i], utt_seq[:i]
                    else:
                        blocks = blocks[:i] + blocks[i + 1:]
                        utt_seq[i] = utt_seq[i] + utt_seq[i + 1]
                        utt_seq = utt_seq[:i + 1] + utt_seq[i + 2:]
                else:
                    i += 1
            if blocks:
                self.tasks[structure].append(Subtasks(utt_seq, blocks, **self.task_kwargs))

    # -- the collection protocol ------------------------------------------------------------
    def reset(self):
        sample = np.random.choice(list(self.tasks.keys()))
        sess_id = np.random.choice(len(self.tasks[sample]))
        self.current = self.tasks[sample][sess_id]
        return self.current.reset()

    def __len__(self):
        return sum(len(sess.structure_seq) for sess in sum(self.tasks.values(), []))

    def __iter__(self):
        for task_id, tasks in self.tasks.items():
            for j, task in enumerate(tasks):
                for k, subtask in enumerate(task):
                    yield task_id, j, k, subtask


def _session_key(session: str):
    attempt, _, rest = session.partition("-")
    return (int(attempt) if attempt.isdigit() else 1 << 30, rest, session)


class SingleTurnIGLUDataset(IGLUDataset):
    """``SingleTurnIGLUDataset(dataset_version='v0.1.0-rc3', task_kwargs=None,
    force_download=False, limit=None)``: one :class:`Task` per instruction, ``tasks[key]`` a list
    keyed ``<session>/step-N`` of its starting world; chat and ``last_instruction``
    ``'<Architect> ' + instruction``; ``full_grid`` the target. Rows whose target equals the start
    are skipped (the reference's rule); ``limit`` keeps the first rows of the CSV. Iterating yields
    ``(key, index, 1, task)``."""

    DATASET_URL = {
        "v0.1.0-rc1": "https://iglumturkstorage.blob.core.windows.net/public-data/single_turn_dataset.zip",
        "v0.1.0-rc2": ("https://iglumturkstorage.blob.core.windows.net/public-data/single_turn_dataset.zip",
                       "https://iglumturkstorage.blob.core.windows.net/public-data/parsed_tasks_single_turn_dataset.tar.bz2"),
        "v0.1.0-rc3": ("https://iglumturkstorage.blob.core.windows.net/public-data/single_turn_dataset.zip",
                       "https://iglumturkstorage.blob.core.windows.net/public-data/parsed_tasks_single_turn_dataset.rc3.tar.bz2"),
    }
    BLOCK_MAP = {0: 0, 57: 1, 50: 6, 59: 2, 47: 4, 56: 5, 60: 3, 86: 1, 87: 6, 88: 2, 89: 4, 90: 5, 91: 3}
    CSV_FILENAME = "clarifying_questions_train.csv"

    def __init__(self, dataset_version="v0.1.0-rc3", task_kwargs=None, force_download=False, limit=None, *,
                 data_path=None, catalog=None) -> None:
        self.limit = limit
        super().__init__(dataset_version=dataset_version, task_kwargs=task_kwargs, force_download=force_download,
                         data_path=data_path, catalog=catalog)

    @classmethod
    def get_data_path(cls):
        """``($IGLU_DATA_PATH, True)`` or ``(~/.iglu/data/single_turn_dataset, False)``."""
        if "IGLU_DATA_PATH" in os.environ:
            return os.environ["IGLU_DATA_PATH"], True
        return os.path.join(os.path.expanduser("~"), ".iglu", "data", "single_turn_dataset"), False

    def _kind(self) -> str:
        return "singleturn"

    def _source(self) -> str:
        return "singleturn"

    def _has_data(self, path) -> bool:
        return os.path.isfile(os.path.join(path, self.CSV_FILENAME))

    def download_dataset(self, data_path, force_download):
        url = self.DATASET_URL[self.dataset_version]
        url = url if isinstance(url, str) else url[0]
        path = os.path.join(data_path, "single_turn_dataset.zip")
        print(f"Downloading dataset from {url}")
        download(url=url, destination=path, data_prefix=data_path)
        extract_zip(path, data_path)

    def create_task(self, previous_chat, initial_grid, target_grid, last_instruction):
        task = Task(chat=previous_chat, target_grid=Tasks.to_dense(target_grid), starting_grid=Tasks.to_sparse(initial_grid),
                    full_grid=Tasks.to_dense(target_grid), last_instruction=last_instruction)  # task_kwargs unused, as the reference
        task.reset()
        return task

    def _build(self, records, path) -> None:
        if path is not None:  # the CSV's row order (the catalog's is by id)
            with open(os.path.join(path, self.CSV_FILENAME), newline="", encoding="utf-8", errors="replace") as f:
                order = {row.get("GameId"): i for i, row in enumerate(csv.DictReader(f))}
            records = sorted((r for r in records if r["id"] in order), key=lambda r: order[r["id"]])
            if self.limit is not None:
                records = [r for r in records if order[r["id"]] < self.limit]
        elif self.limit is not None:
            records = records[:self.limit]
        for r in records:
            start, target = _blocks(r["starting_blocks"]), _blocks(r["target_blocks"])
            if sorted(start) == sorted(target):
                print(f"Skipping '{r['id']}'. Target structure is the same as the initial one.")
                continue
            last_instruction = "<Architect> " + self.process(r.get("instruction") or "")
            task = self.create_task(last_instruction, start, target, last_instruction=last_instruction)
            task.task_id = r["id"]
            meta = r.get("metadata") or {}
            key = f"{meta.get('initial_session', r.get('session_id', ''))}/{meta.get('initial_step', '')}"
            self.tasks[key].append(task)

    def __iter__(self):
        for task_id, tasks in self.tasks.items():
            for j, task in enumerate(tasks):
                yield task_id, j, 1, task

    def __len__(self):
        return len(sum(self.tasks.values(), []))
