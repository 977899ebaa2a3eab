"""examples/python/dask_evaluate.py: a policy evaluated over many tasks on a Dask LocalCluster,
the episodes stored in a catalog. One worker thread and two worker processes (environments made
by name there) store identical episodes: the seeding depends on the job, not on the workers.
Skipped when Dask's `distributed` is not importable (Debian: python3-distributed)."""
import os
import subprocess
import sys

import pytest

import iglu
from conftest import SOURCE

try:
    import distributed  # noqa: F401
except ImportError:
    distributed = None

EXAMPLE = SOURCE / "examples" / "python" / "dask_evaluate.py"


def run_example(db, experiment, workers, processes):
    args = [sys.executable, str(EXAMPLE), "--db", str(db), "--experiment", experiment, "--filter", "limit:6",
            "--repetitions", "2", "--workers", str(workers), "--max-steps", "40", "--seed", "3"]
    if processes:
        args.append("--processes")
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"12 episodes of 6 tasks on {workers} workers" in proc.stdout


@pytest.mark.skipif(distributed is None, reason="Dask's distributed is not importable (Debian: python3-distributed)")
def test_one_or_two_workers_store_the_same_episodes(tmp_path, conformance_dir, iglu_cli):
    dbs = []
    for name in ("one", "two"):
        cat = iglu.Catalog(tmp_path / f"{name}.db", mode="create")
        for task in iglu.read_tasks(conformance_dir / "tasks.jsonl"):
            cat.add_task(task)
        cat.close()
        dbs.append(tmp_path / f"{name}.db")
    run_example(dbs[0], "eval", workers=1, processes=False)
    run_example(dbs[1], "eval", workers=2, processes=True)
    key = lambda e: (e["task_id"], e["seed"], e["repetition"])
    fields = ("task_id", "seed", "repetition", "steps", "total_return", "f1", "success")
    one, two = (sorted(iglu.Catalog(db, mode="read").episodes("eval"), key=key) for db in dbs)
    assert len(one) == 12 and len({key(e) for e in one}) == 12
    assert [tuple(e[f] for f in fields) for e in one] == [tuple(e[f] for f in fields) for e in two]
    assert len({e["seed"] for e in one}) == 12   # every job its own seed
    # The same actions: the exported rollout files are identical.
    files = []
    for db in dbs:
        out = db.with_suffix(".jsonl")
        iglu_cli("export", "rollouts", "--db", db, "--experiment", "eval", "-o", out)
        files.append(sorted(out.read_text().splitlines()))
    assert files[0] == files[1]
