"""The page's limits on what it reads (web/limits.js) are the rules core's (backgammon.limits): the page
checks first where data enters and Python checks again, so the two must refuse the same inputs
(docs/limits.md)."""

from __future__ import annotations

from backgammon import limits

from .node_esm import needs_node, run_module

# The page's name for each figure -> the rules core's.
SAME_FIGURES = {
    "MAX_RECORD_BYTES": "MAX_RECORD_CHARS",
    "MAX_FILE_BYTES": "MAX_FILE_CHARS",
    "MAX_POSITION_CHARS": "MAX_POSITION_CHARS",
    "MAX_GAMES": "MAX_GAMES",
    "MAX_GAME_ACTIONS": "MAX_GAME_ACTIONS",
    "MAX_ACTIONS": "MAX_ACTIONS",
    "MAX_DEPTH": "MAX_DEPTH",
    "MAX_NAME_CHARS": "MAX_NAME_CHARS",
}


@needs_node
def test_the_page_and_the_rules_core_read_up_to_the_same_limits() -> None:
    page = run_module('import * as limits from "{WEB}/limits.js";', "print({...limits});")
    assert {name: page[name] for name in SAME_FIGURES} == {
        name: getattr(limits, core) for name, core in SAME_FIGURES.items()
    }
