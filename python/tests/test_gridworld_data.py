"""iglu.gridworld.data on the real IGLU data (../shared/data/iglu-singleturn, original layout):
the reference's dataset classes, their keys, iteration protocol and task fields; multi-turn
Subtasks chains (with a dialogs.csv written here in the multi-turn layout's form); a catalog as
the source; the download path (a file:// archive, and an unreachable URL offline)."""
import csv
import os
import pathlib
import shutil
import zipfile

import numpy as np
import pytest

from conftest import SHARED
from iglu import _iglu
from iglu.gridworld.data import DatasetUnavailable, IGLUDataset, SingleTurnIGLUDataset
from iglu.gridworld.tasks import Subtasks, Task, Tasks

DATA = SHARED / "data" / "iglu-singleturn"
SESSIONS = DATA / "initial_world_states" / "builder-data"


@pytest.fixture(scope="module")
def singleturn():
    if not (DATA / "clarifying_questions_train.csv").is_file():
        pytest.skip(f"the IGLU single-turn sample is not in {DATA} (set IGLU_SHARED_DIR)")
    return SingleTurnIGLUDataset(data_path=DATA)


def test_singleturn_keys_iteration_and_tasks(singleturn):
    with open(DATA / "clarifying_questions_train.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    items = list(singleturn)
    assert len(items) == len(singleturn) >= 440
    key, index, one, task = items[0]
    first = rows[0]                                            # the CSV's first row comes first
    assert key == "/".join(first["InitializedWorldPath"].split("/")[-2:]) and index == 0 and one == 1
    assert isinstance(task, Task) and task.task_id == first["GameId"]
    assert task.chat == task.last_instruction == "<Architect> " + first["InputInstruction"]
    assert task.target_grid.dtype == np.int64 and task.full_size == task.target_size
    assert isinstance(task.starting_grid, list) and task.prev_grid_size == len(task.starting_grid)
    assert task.max_int == task.maximal_intersection(Tasks.to_dense(task.starting_grid))
    assert all(sorted(t.starting_grid) != sorted(_iglu.to_sparse(t.target_grid)) for *_, t in items)
    # the evaluator's synthetic removal task: target - start, negative cells accepted
    diff = Task("", task.target_grid - Tasks.to_dense(task.starting_grid))
    assert diff.target_size == len((task.target_grid - Tasks.to_dense(task.starting_grid)).nonzero()[0])
    np.random.seed(0)
    assert isinstance(singleturn.reset(), Task)
    assert len(SingleTurnIGLUDataset(data_path=DATA, limit=10)) <= 10


def test_multiturn_sessions_as_subtasks():
    if not SESSIONS.is_dir():
        pytest.skip("no multi-turn sessions in the sample")
    data = IGLUDataset(data_path=DATA)
    assert len(data.tasks) >= 20 and all(k.startswith("c") for k in data.tasks)
    assert all(isinstance(s, Subtasks) for ss in data.tasks.values() for s in ss)
    items = list(data)
    assert len(items) == len(data)
    for structure, j, k, task in items[:50]:
        session = data.tasks[structure][j]
        assert task.target_grid.tolist() == Tasks.to_dense(session.structure_seq[k]).tolist()
        assert task.starting_grid == ([] if k == 0 else session.structure_seq[k - 1])
        assert task.full_size == int((session.full_structure != 0).sum())
    np.random.seed(1)
    t = data.reset()
    assert isinstance(t, Task) and t is data.current.current


def test_dialogs_csv_gives_the_utterances(tmp_path):
    session = SESSIONS / "2-c136"
    if not session.is_dir():
        pytest.skip("session 2-c136 is not in the sample")
    (tmp_path / "builder-data").mkdir()
    shutil.copytree(session, tmp_path / "builder-data" / "2-c136")
    rows = [  # PartitionKey, StepId, IsHITQualified, instruction, Answer4ClarifyingQuestion, ClarifyingQuestion
        ("2-c136", 1, "False", "ignored", "", ""),
        ("2-c136", 3, "True", "build$$a wall", "", ""),
        ("2-c136", 4, "True", "", "", ""),
        ("2-c136", 5, "True", "now add", "", ""),
        ("2-c136", 6, "True", "", "", "which colour?"),
        ("2-c136", 7, "True", "", "red", ""),
        ("2-c136", 12, "True", "", "", ""),
        ("2-c136", 13, "True", "more", "", ""),
        ("2-c136", 14, "True", "", "", ""),                     # step-14 is missing: the session ends
        ("2-c136", 15, "True", "after the gap", "", ""),
        ("2-c136", 16, "True", "", "", ""),
    ]
    with open(tmp_path / "dialogs.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["PartitionKey", "StepId", "IsHITQualified", "instruction", "Answer4ClarifyingQuestion", "ClarifyingQuestion"])
        w.writerows(rows)
    data = IGLUDataset(data_path=tmp_path)
    (session_tasks,) = data.tasks["c136"]                      # no structureId column: the folder's
    assert session_tasks.dialog == [["<Architect> build\na wall"],
                                    ["<Architect> now add", "<Builder> which colour?", "<Architect> red"]]
    assert len(session_tasks.structure_seq) == 2
    last = list(session_tasks)[-1]
    assert last.chat == "<Architect> build\na wall\n<Architect> now add\n<Builder> which colour?\n<Architect> red"
    text = (tmp_path / "dialogs.csv").read_text().splitlines()
    (tmp_path / "dialogs.csv").write_text("\n".join([text[0] + ",structureId"] + [t + ",C136x" for t in text[1:]]) + "\n")
    assert list(IGLUDataset(data_path=tmp_path).tasks) == ["C136x"]


def test_catalog_source(tmp_path):
    if not SESSIONS.is_dir():
        pytest.skip("no sample data")
    db = tmp_path / "cat.db"
    _iglu._import_dataset("singleturn", str(DATA), str(db))
    _iglu._import_dataset("sessions", str(DATA), str(db))
    from_catalog = IGLUDataset(catalog=str(db))
    from_folder = IGLUDataset(data_path=DATA)
    assert {k: len(v) for k, v in from_catalog.tasks.items()} == {k: len(v) for k, v in from_folder.tasks.items()}
    st = SingleTurnIGLUDataset(catalog=str(db))
    assert len(st) >= 440


def test_download_path(tmp_path, monkeypatch):
    if not SESSIONS.is_dir():
        pytest.skip("no sample data")
    archive = tmp_path / "iglu_dataset.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for p in (SESSIONS / "2-c136").iterdir():
            z.write(p, f"builder-data/2-c136/{p.name}")
    monkeypatch.setitem(IGLUDataset.DATASET_URL, "v0.1.0-rc1", archive.as_uri())
    target = tmp_path / "home"
    data = IGLUDataset(dataset_version="v0.1.0-rc1", data_path=target)     # downloads, extracts, reads
    assert list(data.tasks) == ["c136"] and (target / "builder-data" / "2-c136").is_dir()
    monkeypatch.setitem(IGLUDataset.DATASET_URL, "v0.1.0-rc1", "http://127.0.0.1:9/iglu_dataset.zip")
    with pytest.raises(DatasetUnavailable, match=r"could not download http://127\.0\.0\.1:9/.*put the dataset"):
        IGLUDataset(dataset_version="v0.1.0-rc1", data_path=tmp_path / "empty")
    assert not any((tmp_path / "empty").glob("*.part"))
    with pytest.raises(Exception, match="Unknown dataset_version"):
        IGLUDataset(dataset_version="v9")


def test_data_path_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("IGLU_DATA_PATH", str(tmp_path))
    assert IGLUDataset.get_data_path() == (os.path.join(str(tmp_path), "data", "iglu"), True)
    assert SingleTurnIGLUDataset.get_data_path() == (str(tmp_path), True)
    monkeypatch.delenv("IGLU_DATA_PATH")
    assert IGLUDataset.get_data_path()[1] is False


def test_cdm_dataset_layout(tmp_path):
    # The CDM layout (no public copy here): a minimal dataset written in its form.
    import json as _json
    from iglu.gridworld.data import CDMDataset
    session = tmp_path / "data-3" / "logs" / "B1-A3-C8-1522"
    session.mkdir(parents=True)
    blocks = [{"AbsoluteCoordinates": {"X": 0, "Y": 1, "Z": 0}, "Type": "cwc_minecraft_red_rn"},
              {"AbsoluteCoordinates": {"X": 1, "Y": 2, "Z": -1}, "Type": "cwc_minecraft_blue_rn"},
              {"AbsoluteCoordinates": {"X": 9, "Y": 1, "Z": 0}, "Type": "cwc_minecraft_red_rn"}]     # outside: dropped
    (session / "postprocessed-observations.json").write_text(_json.dumps(
        {"WorldStates": [{"ChatHistory": [], "BlocksInGrid": []},
                         {"ChatHistory": ["<Architect> hi", "<Builder> ok"], "BlocksInGrid": blocks}]}))
    (tmp_path / "index.csv").write_text("structure_id,group,session_id\nC8,data-3,B1-A3-C8-1522\n")
    data = CDMDataset(data_path=tmp_path)
    (task,) = data.tasks["c8"]
    assert len(data) == 1 and list(data) == [task] and task.chat == "<Architect> hi\n<Builder> ok"
    assert task.target_grid[0, 5, 5] == 3 and task.target_grid[1, 6, 4] == 1 and task.target_size == 2
    (session / "postprocessed-observations.json").write_text("{")
    with pytest.raises(ValueError, match="postprocessed-observations.json"):
        CDMDataset(data_path=tmp_path)


@pytest.mark.parametrize("content", [
    b"PartitionKey,StepId,IsHITQualified\n2-c136,four,True\n",              # StepId not a number
    b"Partition,Step\n2-c136,4\n",                                           # columns missing
    b"PartitionKey,StepId,IsHITQualified,instruction\n2-c136,3,True,\xff\xfe\n",  # not UTF-8
    b"PartitionKey,StepId\n2-c136,1e999\n",                                  # infinite step
], ids=["step", "columns", "utf8", "inf"])
def test_bad_dialogs_csv_is_a_clear_error(tmp_path, content):
    session = SESSIONS / "2-c136"
    if not session.is_dir():
        pytest.skip("session 2-c136 is not in the sample")
    (tmp_path / "builder-data").mkdir()
    shutil.copytree(session, tmp_path / "builder-data" / "2-c136")
    (tmp_path / "dialogs.csv").write_bytes(content)
    with pytest.raises(ValueError, match=r"dialogs\.csv"):
        IGLUDataset(data_path=tmp_path)
