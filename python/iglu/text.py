"""``iglu.text``: grounding rules for quick language agents (the same C++ rules as Lua's ``iglu.text``).

>>> import iglu.text
>>> g = iglu.text.ground("Stack five purple blocks in the middle of the grid.", [])
>>> len(g["placed"]), g["placed"][0]
(5, (0, -1, 0, 5))

``ground(instruction, start)`` returns ``{predicted, placed, removed, confidence, notes, clauses}``;
each clause has ``text``, ``verb`` ("place"/"remove"), ``trace`` (what matched) and ``candidates``
(``blocks``, ``confidence``, ``reading``), best first. See docs/text_grounding.md.
"""
from ._iglu import TEXT_MAX_INSTRUCTION_BYTES as MAX_INSTRUCTION_BYTES
from ._iglu import text_colour, text_compass, text_ground, text_number

__all__ = ["ground", "colour", "number", "compass", "MAX_INSTRUCTION_BYTES"]


def ground(instruction, start):
    """Grounds ``instruction`` (str or bytes) on ``start`` (block list or (9, 11, 11) grid)."""
    return text_ground(instruction, start)


def colour(word: str):
    """Colour id 1..6 of a colour word or synonym ("violet" -> 5), None when not a colour."""
    c = text_colour(word.lower())
    return c or None


def number(word: str):
    """Value of a number word or digits ("five" -> 5; above 1000 -> 1001), None when not a number."""
    v = text_number(word.lower())
    return None if v < 0 else v


def compass(word: str):
    """(dx, dz) of a compass word ("north" -> (0, -1)), None when not one."""
    return text_compass(word.lower())
