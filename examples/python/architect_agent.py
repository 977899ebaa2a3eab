#!/usr/bin/env python3
"""A small language agent for architect sessions (`iglu talk`, the Architect plugin): it reads the
architect's last instruction, grounds it with ``iglu.text`` on the world it sees, publishes the
blocks it now believes the target to be, and flies to build them (flying action space). When the
grounding finds nothing to do, or is unsure, it asks a clarifying question instead.

It speaks the agent protocol (docs/agent_protocol.md) through ``iglu.serve_agent``; the workbench
starts it, e.g. ``iglu talk --agent "python3 examples/python/architect_agent.py"``. Options:
``--min-confidence C`` (default 0.2): below it, it asks instead of guessing.
By hand: ``PYTHONPATH=build/release/python python3 examples/python/architect_agent.py`` prints its
hello and answers the protocol lines typed on stdin. Tested (and timed) by
tests/architect/test_process_agent.cpp (exampleAgentBuildsAndAsks).

How it builds: for each block, bottom-up (removals top-down), it rises to a cruise height above
everything, flies over the cell, comes down to two cells above it, looks straight down and
places (or breaks) it. A block with nothing under it is skipped (no scaffolding: see
scripting/lua/iglu/build.lua for a builder that does that).
"""
import argparse
import math
import re
import sys

import numpy as np

import iglu
import iglu.text

FLY_STEP = 0.75                 # a flying step moves exactly this far horizontally
FLY_LIFT = 6.928203230275509 / 20  # and up to this far vertically (movement[2] in -1..1)
TOL = 0.05
ATTEMPTS = 3                    # place / break tries per block before it is skipped


def instruction_of(dialog):
    """The architect's last utterance (the dialogue is '<Architect> ...' / '<Builder> ...' lines)."""
    for line in reversed(dialog.splitlines()):
        m = re.match(r"\s*<Architect>\s*(.*)", line)
        if m:
            return m.group(1).strip()
    return dialog.strip().splitlines()[-1] if dialog.strip() else ""


def blocks_of(grid):
    ys, xs, zs = np.nonzero(grid)
    return [(int(x) - 5, int(y) - 1, int(z) - 5, int(grid[y, x, z])) for y, x, z in zip(ys, xs, zs)]


def cell(grid, x, y, z):
    return int(grid[y + 1, x + 5, z + 5]) if -5 <= x <= 5 and -1 <= y <= 7 and -5 <= z <= 5 else 0


def heading_for(dx, dz):
    """Heading (degrees, v = (cos h, sin h) in x/z) of a full step; under two steps away, the one
    that lands exactly on the target after two steps."""
    d = math.hypot(dx, dz)
    h = math.degrees(math.atan2(dz, dx))
    if d >= 2 * FLY_STEP or abs(d - FLY_STEP) < 0.02 * FLY_STEP:
        return h
    return h + math.degrees(math.acos(max(-1.0, min(1.0, d / (2 * FLY_STEP)))))


class ArchitectAgent:
    def __init__(self, min_confidence=0.2):
        self.min_confidence = min_confidence
        self.handled = None      # the instruction the current plan is for
        self.plan = []           # [(op, x, y, z, colour)]
        self.belief = None
        self.tries = 0

    def reset(self, obs, task_id):
        self.handled, self.plan, self.belief = None, [], None

    # --- understanding --------------------------------------------------------------------
    def understand(self, dialog, grid):
        """A plan for the last instruction, or a question."""
        instruction = instruction_of(dialog)
        g = iglu.text.ground(instruction, blocks_of(grid))
        placed, removed = list(g["placed"]), list(g["removed"])
        if not placed and not removed:
            return f"I could not tell what to build from \"{instruction}\". Which blocks, what colour, and where?"
        if g["confidence"] < self.min_confidence:
            what = ", ".join(c["text"] for c in g["clauses"]) or instruction
            return (f"I am unsure about \"{what}\" (confidence {g['confidence']:.2f}): could you say the colour, "
                    "the number of blocks and where they go?")
        self.belief = [tuple(int(v) for v in b) for b in g["predicted"]]   # the whole world it now expects
        self.plan = [("break", x, y, z, c) for x, y, z, c in sorted(removed, key=lambda b: -b[1])]
        self.plan += [("place", x, y, z, c) for x, y, z, c in sorted(placed, key=lambda b: (b[1], b[0], b[2]))]
        self.tries = 0
        return None

    # --- acting ---------------------------------------------------------------------------
    def done(self, op, grid):
        kind, x, y, z, c = op
        return cell(grid, x, y, z) == c if kind == "place" else cell(grid, x, y, z) == 0

    def feasible(self, op, grid):
        kind, x, y, z, c = op
        if kind == "place":   # looking down places on top of what is under it
            return y == -1 or cell(grid, x, y - 1, z) != 0
        return all(cell(grid, x, yy, z) == 0 for yy in range(y + 1, 8))  # breaks hit the top block

    def fly(self, pos, tx, ty, tz):
        """A flying action toward head position (tx, ty, tz), or None when there."""
        x, y, z, pitch, yaw = (float(v) for v in pos)
        dx, dz, dy = tx - x, tz - z, ty - y
        horizontal = dx * dx + dz * dz > TOL * TOL
        if not horizontal and abs(dy) <= TOL:
            return None
        move = [0.0, 0.0, 0.0]
        if horizontal:
            rel = math.radians(heading_for(dx, dz) - yaw)
            move[0], move[1] = math.sin(rel), math.cos(rel)
            if abs(move[1]) < 1e-6:
                move[1] = 1e-6   # keeps the move horizontal
        if abs(dy) > 1e-3:
            move[2] = max(-1.0, min(1.0, dy / FLY_LIFT))
        return {"movement": move, "camera": [0.0, 0.0], "inventory": 0, "placement": 0}

    def __call__(self, obs, dialog):
        grid, pos = obs["grid"], obs["agentPos"]
        if instruction_of(dialog) != self.handled:
            self.handled = instruction_of(dialog)
            question = self.understand(dialog, grid)
            if question:
                return None, None, question
        while self.plan and (self.done(self.plan[0], grid) or not self.feasible(self.plan[0], grid) or self.tries >= ATTEMPTS):
            if not self.done(self.plan[0], grid):
                print(f"skipping {self.plan[0]}", file=sys.stderr)
            self.plan.pop(0)
            self.tries = 0
        if not self.plan:
            return None, self.belief, None   # done with this turn
        kind, x, y, z, c = self.plan[0]
        top = max([b[1] for b in blocks_of(grid)] + [y, -1])
        cruise = top + 3.0
        head = y + 2.0
        px, pz = float(pos[0]), float(pos[2])
        over = (px - x) ** 2 + (pz - z) ** 2 <= TOL * TOL
        if not over:   # up to the cruise height first, then across
            action = self.fly(pos, px, max(cruise, float(pos[1])), pz) if float(pos[1]) < cruise - TOL else \
                self.fly(pos, x, float(pos[1]), z)
        else:
            action = self.fly(pos, x, head, z)
        if action is None:
            pitch = float(pos[3])
            self.tries += 1
            action = {"movement": [0.0, 0.0, 0.0], "camera": [0.0, -90.0 - pitch], "inventory": c if kind == "place" else 0,
                      "placement": 1 if kind == "place" else 2}
        return action, self.belief, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-confidence", type=float, default=0.2)
    args = ap.parse_args()
    return iglu.serve_agent(ArchitectAgent(args.min_confidence), action_space="flying", name="python architect agent (iglu.text)")


if __name__ == "__main__":
    sys.exit(main())
