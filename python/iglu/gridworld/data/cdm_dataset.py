"""The Collaborative Dialogue in Minecraft dataset (Narayan-Chen et al., ACL 2019) as the reference's
``gridworld.data.cdm_dataset.CDMDataset`` presents it: ``tasks[structure_id]`` a list of
:class:`Task` (the final world state of each game session, its chat history as the dialog).

Its layout (``index.csv`` with ``structure_id, group, session_id``, and
``<group>/logs/<session>/postprocessed-observations.json``) is read from ``data_path=`` or the
reference's folder (``$IGLU_DATA_PATH/data/cdm``, else ``~/.iglu/data/iglu``); no other IGLU
Workbench importer reads it. Offline without the data: DatasetUnavailable.
"""
from __future__ import annotations

import csv
import json
import os
import zipfile
from collections import defaultdict

import numpy as np

from ..tasks.task import BUILD_ZONE_SIZE, Task
from .load import download, extract_zip


def _data_prefix():
    if "IGLU_DATA_PATH" in os.environ:
        return os.path.join(os.environ["IGLU_DATA_PATH"], "data", "cdm")
    return os.path.join(os.path.expanduser("~"), ".iglu", "data", "iglu")


class CDMDataset:
    """``CDMDataset(dataset_version="v0.1.0-rc1", task_kwargs=None, force_download=False)``;
    extension ``data_path=``. ``reset()`` draws a session with ``numpy.random``; iterating yields
    the tasks."""

    ALL = {}
    DATASET_URL = {"v0.1.0-rc1": "https://iglumturkstorage.blob.core.windows.net/public-data/cdm_dataset.zip"}
    block_map = {"air": 0, "cwc_minecraft_blue_rn": 1, "cwc_minecraft_green_rn": 2, "cwc_minecraft_red_rn": 3,
                 "cwc_minecraft_orange_rn": 4, "cwc_minecraft_purple_rn": 5, "cwc_minecraft_yellow_rn": 6}

    def __init__(self, dataset_version="v0.1.0-rc1", task_kwargs=None, force_download=False, *, data_path=None):
        self.dataset_version = dataset_version
        self.force_download = force_download
        self.task_kwargs = {} if task_kwargs is None else task_kwargs
        self.data_path = str(data_path) if data_path is not None else _data_prefix()
        self.tasks = defaultdict(list)
        self.current = None
        index = os.path.join(self.data_path, "index.csv")
        if force_download or not os.path.isfile(index):
            archive = os.path.join(self.data_path, "data.zip")
            download(url=self.DATASET_URL[dataset_version], destination=archive, data_prefix=self.data_path)
            extract_zip(archive, self.data_path)
        with open(index, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        for line, row in enumerate(sorted(rows, key=lambda r: r.get("structure_id", "")), start=2):
            try:
                task_id, group, session = row["structure_id"], row["group"], row["session_id"]
            except KeyError as e:
                raise ValueError(f"{index}: missing column {e}")
            path = os.path.join(self.data_path, group, "logs", session)
            self.tasks[task_id.lower()].append(Task(*self._parse_task(path, task_id), **self.task_kwargs))

    def reset(self):
        sample = np.random.choice(list(self.tasks.keys()))
        sess_id = np.random.choice(len(self.tasks[sample]))
        self.current = self.tasks[sample][sess_id]
        return self.current

    def __len__(self):
        # The reference's len() of a generator fails; this counts the tasks.
        return sum(len(ts) for ts in self.tasks.values())

    def __iter__(self):
        for ts in self.tasks.values():
            yield from ts

    def set_task(self, task_id):
        self.current = self.tasks[task_id]
        return self.current

    def _parse_task(self, path, task_id, update_task_dict=False):
        if not os.path.exists(path):
            prefix, top = path, ""
            while top != "logs" and prefix not in ("", os.sep):
                prefix, top = os.path.split(prefix)
            logs_zip = os.path.join(prefix, "logs.zip")
            if not os.path.isfile(logs_zip):
                raise FileNotFoundError(f"{path}: no such session folder (and no {logs_zip})")
            with zipfile.ZipFile(logs_zip) as z:
                z.extractall(prefix)
        name = os.path.join(path, "postprocessed-observations.json")
        with open(name, encoding="utf-8") as f:
            try:
                data = json.load(f)["WorldStates"][-1]
            except (ValueError, KeyError, IndexError) as e:
                raise ValueError(f"{name}: not a CDM observations file ({e})")
        chat = "\n".join(data["ChatHistory"])
        target = np.zeros(BUILD_ZONE_SIZE, dtype=np.int32)
        total = 0
        for block in data["BlocksInGrid"]:
            c = block["AbsoluteCoordinates"]
            x, y, z = c["X"], c["Y"], c["Z"]
            if not (-5 <= x <= 5 and -5 <= z <= 5 and 0 <= y <= 8):
                continue
            if block["Type"] not in self.block_map:
                raise ValueError(f"{name}: unknown block type {block['Type']!r}")
            target[y - 1, x + 5, z + 5] = self.block_map[block["Type"]]
            total += 1
        if update_task_dict:
            colors = len({b["Type"] for b in data["BlocksInGrid"]})
            CDMDataset.ALL[task_id] = f"{CDMDataset.ALL.get(task_id, task_id)} ({total} blocks, {colors} colors)"
        return chat, target

    def __repr__(self):
        return "TaskSet(" + ", ".join(f'"{t}"' for t in self.tasks) + ")"

    @staticmethod
    def subset(task_set):
        return {k: v for k, v in CDMDataset.ALL.items() if k in task_set}
