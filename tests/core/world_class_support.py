"""What the tests of world class's decisions share: its player, a match opened at a roll, and the mark of a
test that makes whole decisions (seconds each on CPython, minutes inside Pyodide under Node)."""

from __future__ import annotations

import pytest
from hypothesis_budget import IN_PYODIDE

from backgammon import api

WORLD_CLASS = {"name": "W", "kind": "computer", "level": "world_class"}


def whole_decisions(reason: str) -> pytest.MarkDecorator:
    """Skipped inside Pyodide, with `reason`: the page thinks in those steps there, in the browser tests."""
    return pytest.mark.skipif(IN_PYODIDE, reason=reason)


def rolled(dice: list[int]) -> None:
    """A 5-point match between two world-class players, the opening roll `dice` rolled."""
    api.call("new_match", {"settings": {"match_length": 5}, "players": [WORLD_CLASS, WORLD_CLASS]})
    api.call("act", {"action": {"type": "roll", "dice": dice}})
