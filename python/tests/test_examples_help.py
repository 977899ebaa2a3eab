"""Every Python example answers --help with its usage, whatever optional package it needs (a
newcomer reads --help before installing PyTorch or Dask), and train_pg.py without PyTorch ends
with the install hint, not a traceback."""
import importlib.util
import os
import subprocess
import sys

import pytest

from conftest import SOURCE

EXAMPLES = sorted((SOURCE / "examples" / "python").glob("*.py"))


def run(path, *args):
    env = dict(os.environ)
    return subprocess.run([sys.executable, str(path), *args], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, env=env)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_help_needs_no_optional_package(path):
    r = run(path, "--help")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: " + path.name), r.stdout


def test_train_pg_without_torch_says_how_to_install(tmp_path):
    if importlib.util.find_spec("torch") is not None:
        pytest.skip("PyTorch is installed here: the hint is not shown")
    r = run(SOURCE / "examples" / "python" / "train_pg.py", "--db", str(tmp_path / "none.db"))
    assert r.returncode != 0
    assert "needs PyTorch: apt install python3-torch" in r.stderr
    assert "Traceback" not in r.stderr
