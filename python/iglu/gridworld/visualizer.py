"""The reference's ``gridworld.visualizer.Visualizer``: pictures of a world from any pose, here
from the core's CPU renderer (no OpenGL, no window). ``render()`` returns RGB (H, W, 3) as the
reference's; ``render_video`` needs OpenCV (``cv2``), as the reference's."""
from __future__ import annotations

import numpy as np

from .. import _iglu


class Visualizer:
    """``Visualizer(render_size=(64, 64))`` (width, height): a flying agent at (0, 0, 0) in an
    empty world."""

    def __init__(self, render_size=(64, 64)) -> None:
        self.render_size = tuple(render_size)
        self.position = (0.0, 0.0, 0.0)
        self.rotation = (0.0, 0.0)
        self.blocks = {}

    def set_agent_state(self, position=None, rotation=None):
        """Moves the agent: ``position`` (x, y, z), ``rotation`` (yaw, pitch)."""
        if position is not None:
            self.position = tuple(float(v) for v in position)
        if rotation is not None:
            self.rotation = tuple(float(v) for v in rotation)

    def set_world_state(self, blocks, add=True):
        """Adds (or, ``add=False``, removes) blocks ``(x, y, z, colour)``."""
        for x, y, z, bid in blocks:
            if add:
                self.blocks[(int(x), int(y), int(z))] = int(bid)
            else:
                self.blocks.pop((int(x), int(y), int(z)), None)

    def clear(self):
        self.blocks = {}

    def _grid(self):
        return _iglu.to_dense([(x, y, z, c) for (x, y, z), c in self.blocks.items()
                               if -5 <= x <= 5 and -1 <= y <= 7 and -5 <= z <= 5])

    def render(self, position=None, rotation=None, blocks=None):
        """The view (uint8 RGB (H, W, 3)) from ``position`` / ``rotation`` (default: the current
        ones). ``blocks`` replaces the world; as in the reference, each block is placed one level
        lower (``y - 1``)."""
        self.set_agent_state(position, rotation)
        if blocks is not None:
            self.blocks = {(int(x), int(y) - 1, int(z)): int(bid) for x, y, z, bid in blocks}
        x, y, z = self.position
        yaw, pitch = self.rotation
        return _iglu.render_pov(self._grid(), (x, y, z, yaw, pitch), self.render_size[::-1])  # (width, height)

    def render_video(self, output, event_sequence, init_conds=None, overlay=False, render_debug=False, close=True,
                     verbose=False, fps=60):
        """Renders ``event_sequence`` (objects with ``kind``, ``position``, ``camera``, ``grid``) to
        ``<output>.mp4`` with OpenCV."""
        try:
            import cv2
        except ImportError as e:
            raise ImportError("Visualizer.render_video needs OpenCV (python3-opencv)") from e
        if init_conds is not None:
            self.set_agent_state(*init_conds)
        output.parent.mkdir(exist_ok=True)
        writer = cv2.VideoWriter(f"{output}.mp4", cv2.VideoWriter_fourcc(*"mp4v"), fps, self.render_size)
        writer.write(np.ascontiguousarray(self.render()[..., ::-1]))
        for event in event_sequence:
            if event.kind != "action":
                self.set_agent_state(position=event.position.tolist(), rotation=event.camera.tolist())
                if len(self.blocks) != len(event.grid):
                    self.set_world_state(event.grid)
                writer.write(np.ascontiguousarray(self.render()[..., ::-1]))
        if close:
            writer.release()
            return None
        return writer
