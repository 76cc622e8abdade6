"""The examples in the rules core's docstrings run and hold."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import backgammon
from backgammon import move, movegen, position, turn
from backgammon.formats import gnubg_id

MODULES = [backgammon, position, gnubg_id, move, movegen, turn]


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, verbose=False)
    assert result.attempted > 0
    assert result.failed == 0
