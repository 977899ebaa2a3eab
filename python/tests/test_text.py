"""iglu.text from Python: the same C++ rules as Lua's iglu.text (core/text), on real single-turn
instructions (start grids and expected blocks copied from the shared sample, checked by hand
against the targets), the facing convention, hostile inputs, and the whole shared sample."""
import os
import subprocess

import pytest

import iglu
import iglu.text

# id, instruction, start, added, removed
REAL = [
    ("CQ-game-102", "Stack five purple blocks in the middle of the grid.", [],
     [(0, -1, 0, 5), (0, 0, 0, 5), (0, 1, 0, 5), (0, 2, 0, 5), (0, 3, 0, 5)], []),
    ("CQ-game-1467", "Place two yellow blocks on top of the red blocks. Then destroy the two red blocks.",
     [(-5, -1, -5, 3), (-5, 0, -5, 3)], [(-5, 1, -5, 6), (-5, 2, -5, 6)], [(-5, -1, -5, 3), (-5, 0, -5, 3)]),
    ("CQ-game-3208", "Destroy 3 yellow blocks and build 3 blue blocks instead.",
     [(-1, -1, 2, 6), (0, -1, 2, 6), (1, -1, 2, 6)], [(-1, -1, 2, 1), (0, -1, 2, 1), (1, -1, 2, 1)],
     [(-1, -1, 2, 6), (0, -1, 2, 6), (1, -1, 2, 6)]),
    ("CQ-game-2359", "Facing north build a tower of three blue blocks in between the red blocks.",
     [(-3, -1, -1, 3), (-2, -1, -1, 3), (0, -1, -1, 3), (1, -1, -1, 3)],
     [(-1, -1, -1, 1), (-1, 0, -1, 1), (-1, 1, -1, 1)], []),
    ("CQ-game-3002", "Place orange blocks on top of all the purple blocks.",
     [(-3, -1, 0, 5), (-3, -1, 1, 5), (-3, 0, 0, 5), (-3, 1, 0, 5), (0, -1, -1, 5)],
     [(-3, 0, 1, 4), (-3, 2, 0, 4), (0, 0, -1, 4)], []),
    ("CQ-game-2175", "Remove the top three blocks.",
     [(-1, -1, 1, 5), (-1, 0, 1, 5), (-1, 1, 1, 5), (-1, 2, 1, 5), (-1, 3, 1, 5)],
     [], [(-1, 1, 1, 5), (-1, 2, 1, 5), (-1, 3, 1, 5)]),
]


@pytest.mark.parametrize("task_id,instruction,start,added,removed", REAL, ids=[r[0] for r in REAL])
def test_real_instructions(task_id, instruction, start, added, removed):
    g = iglu.text.ground(instruction, start)
    assert sorted(g["placed"]) == sorted(added)
    assert sorted(g["removed"]) == sorted(removed)
    assert 0 < g["confidence"] <= 1
    assert all(c["trace"] for c in g["clauses"])
    built = set(map(tuple, g["predicted"]))
    assert built == (set(start) | set(added)) - (set(removed) - {(x, y, z, c) for x, y, z, c in added})


def test_facing_convention_and_lexicon():
    blue = [(0, -1, 0, 1)]
    assert iglu.text.ground("Facing north place a red block to the right of the blue block.", blue)["placed"] == [(1, -1, 0, 3)]
    assert iglu.text.ground("Facing south place a red block to the right of the blue block.", blue)["placed"] == [(-1, -1, 0, 3)]
    assert iglu.text.ground("Facing west place a red block in front of the blue block.", blue)["placed"] == [(-1, -1, 0, 3)]
    assert iglu.text.colour("Violet") == 5 and iglu.text.colour("chair") is None
    assert iglu.text.number("twelve") == 12 and iglu.text.number("10" * 60) == 1001 and iglu.text.number("x") is None
    assert iglu.text.compass("south") == (0, 1) and iglu.text.compass("left") is None


HOSTILE = [
    "", ".", "then then", "x" * 1_000_000, "place a red block. " * 5000, "place 10^100 red blocks",
    "stack 999999999999999999999999999999 blue blocks", "place \x00 red \x00 block", "place a réd ☃ 🧱 block",
    "stack 3 red \ud800 blocks",  # a lone surrogate: replaced, not an error
    b"\xff\xfe place blue", "between " * 600 + "red", "corner " * 700, "red " * 1000 + "blocks",
    "build a 30 by 30 wall of blue", "stairs of 30 green blocks", "replace with", "remove all blocks",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_inputs_are_bounded(text):
    full = [(x, -1, z, 3) for x in range(-5, 6) for z in range(-5, 6)]
    for start in ([], [(0, -1, 0, 1)], full):
        g = iglu.text.ground(text, start)
        for x, y, z, c in g["placed"] + g["removed"]:
            assert -5 <= x <= 5 and -1 <= y <= 7 and -5 <= z <= 5 and 1 <= c <= 6
        assert len(g["clauses"]) <= 16
        for c in g["clauses"]:
            assert len(c["candidates"]) <= 4 and all(len(k["blocks"]) <= 64 for k in c["candidates"])
    assert iglu.text.ground(text, []) == iglu.text.ground(text, [])  # deterministic


def test_bad_arguments():
    with pytest.raises(ValueError, match="outside"):
        iglu.text.ground("place a red block", [(9, 0, 0, 1)])
    with pytest.raises(TypeError):
        iglu.text.ground(12, [])
    assert iglu.text.ground("x" * 5000, [])["notes"] == ["instruction cut at 4096 bytes"]


@pytest.mark.skipif(not os.environ.get("IGLU_SHARED_DIR") or not os.environ.get("IGLU_CLI"), reason="needs the shared sample")
def test_shared_sample_iglu2022_f1(tmp_path):
    """The grounding's prediction on the 451 real tasks, scored as the IGLU 2022 RL track does
    (F1 of the blocks added / removed relative to the start): measured 0.55 on the clear ones."""
    db = tmp_path / "st.db"
    sample = os.path.join(os.environ["IGLU_SHARED_DIR"], "data", "iglu-singleturn")
    subprocess.run([os.environ["IGLU_CLI"], "import", "singleturn", sample, "--db", str(db)], check=True, capture_output=True)
    cat = iglu.Catalog(str(db), mode="read")
    f1 = [iglu.iglu2022_scores(t["target_blocks"], t["starting_blocks"],
                               iglu.text.ground(t["instruction"], t["starting_blocks"])["predicted"])["f1"]
          for t in cat.task_dicts() if t["clear"]]
    assert len(f1) > 400
    assert sum(f1) / len(f1) >= 0.45
