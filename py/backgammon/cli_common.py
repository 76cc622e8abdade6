"""What every command of `python -m backgammon` shares: the exit status for bad input, reading dice, and
the shapes of a command's runner and registrar.

The sub-commands (`bot/cli.py`, `analysis/cli.py`, `formats/xgid.py`) import these from here, below
`cli.py`; `cli.py` imports the sub-commands, never the other way round.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from .errors import BackgammonError
from .movegen import check_dice

USAGE_ERROR = 2

Runner = Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]
Registrar = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]


def parse_dice(text: str) -> tuple[int, int]:
    """`"31"`, `"3-1"`, `"3,1"` or `"3 1"` as a pair of dice; raises `BackgammonError` otherwise."""
    digits = [c for c in text if not c.isspace() and c not in "-,"]
    if len(digits) != 2 or not all(c in "123456" for c in digits):
        raise BackgammonError(f"Dice must be two digits 1 to 6 like 31, got {text!r}.")
    return check_dice((int(digits[0]), int(digits[1])))
