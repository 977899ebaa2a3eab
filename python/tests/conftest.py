"""Shared fixtures: the reference material (../shared), the `iglu` CLI, temporary catalogs."""
import json
import os
import pathlib
import subprocess

import pytest

SHARED = pathlib.Path(os.environ.get("IGLU_SHARED_DIR", pathlib.Path(__file__).resolve().parents[2] / ".." / "shared"))
SOURCE = pathlib.Path(os.environ.get("IGLU_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CONFORMANCE = SHARED / "conformance"


def need_shared():
    if not (CONFORMANCE / "tasks.jsonl").is_file():
        pytest.skip(f"reference material not found in {CONFORMANCE} (set IGLU_SHARED_DIR)")


@pytest.fixture(scope="session")
def conformance_dir():
    need_shared()
    return CONFORMANCE


@pytest.fixture(scope="session")
def conformance_tasks(conformance_dir):
    import iglu
    return {t.task_id: t for t in iglu.read_tasks(conformance_dir / "tasks.jsonl")}


@pytest.fixture(scope="session")
def example_tasks():
    import iglu
    return iglu.read_tasks(SOURCE / "examples" / "tasks" / "bench_tasks.jsonl")


@pytest.fixture(scope="session")
def iglu_cli():
    cli = os.environ.get("IGLU_CLI")
    if not cli or not os.path.exists(cli):
        pytest.skip("the iglu CLI is not built (IGLU_CLI)")

    def run(*args, check=True):
        proc = subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=600)
        if check and proc.returncode != 0:
            raise AssertionError(f"iglu {' '.join(map(str, args))} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
        return proc
    return run


def load_json(path):
    with open(path) as f:
        return json.load(f)
