"""Where the IGLU datasets are found, and their download (the reference's ``gridworld.data.load``).

The datasets are read from a local folder in their original layout by the IGLU Workbench
importers (``iglu import``, datasets/), through a temporary catalog. Downloading keeps the
reference's URLs; without network it ends with :class:`DatasetUnavailable` saying where to put
the data.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import urllib.request
import zipfile

from ... import _iglu


class DatasetUnavailable(RuntimeError):
    """The dataset is not in the local folder and could not be downloaded."""


def download(url, destination, data_prefix, description="downloading dataset into"):
    """Downloads ``url`` to ``destination`` (the reference's signature). Raises
    :class:`DatasetUnavailable` naming the URL and the folder when it fails (no network)."""
    os.makedirs(data_prefix, exist_ok=True)
    print(f"{description} into {data_prefix}")
    partial = destination + ".part"
    try:
        with urllib.request.urlopen(url, timeout=30) as response, open(partial, "wb") as out:
            shutil.copyfileobj(response, out, 1 << 20)
    except OSError as e:  # URLError, timeouts, refused connections, disk errors
        if os.path.exists(partial):
            os.remove(partial)
        raise DatasetUnavailable(
            f"could not download {url} ({getattr(e, 'reason', e)}); put the dataset in its original layout in "
            f"{data_prefix} (or set IGLU_DATA_PATH, or pass data_path=...)") from e
    os.replace(partial, destination)


def extract_zip(path, folder):
    with zipfile.ZipFile(path) as z:
        z.extractall(folder)


def import_folder(kind: str, path: str):
    """Imports a dataset folder (``singleturn`` or ``sessions``) with the Workbench importer into a
    temporary catalog; returns ``(task dicts, report)``. The import report's skipped items are
    printed, as the reference prints what it skips."""
    from ...catalog import Catalog
    with tempfile.TemporaryDirectory(prefix="iglu-data-") as tmp:
        db = os.path.join(tmp, "tasks.db")
        report = _iglu._import_dataset(kind, str(path), db)
        for issue in report["issues"]:
            print(f"Skipping: {issue}")
        catalog = Catalog(db, "read")
        try:
            tasks = catalog.task_dicts(source="session" if kind == "sessions" else kind)
        finally:
            catalog.close()
    return tasks, report
