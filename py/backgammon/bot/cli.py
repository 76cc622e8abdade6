"""`python -m backgammon bot`: the computer's play for positions read from standard input.

Each input line is `POSITION_ID DICE` (gnubg Position ID, player on roll as gnubg encodes it; dice as
`31`, `3-1` or `3 1`); cubeless money play. Each answer is one line; with `--json`:
`{"play": "24/18 13/11", "position_id": "..."}` with the position after the play, sides not swapped,
or `{"error": "..."}` for a line that cannot be read (and the next line is read).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Iterable
from typing import TextIO

from backgammon.bot.levels import LEVELS, level_named
from backgammon.bot.player import choose_play
from backgammon.errors import BackgammonError
from backgammon.position import Position

_DICE = re.compile(r"^([1-6])\s*[-,]?\s*([1-6])$")


def parse_line(line: str) -> tuple[Position, tuple[int, int]]:
    parts = line.split(None, 1)
    if len(parts) != 2:
        raise BackgammonError(f"Expected 'POSITION_ID DICE', got {line!r}.")
    match = _DICE.match(parts[1].strip())
    if match is None:
        raise BackgammonError(f"Dice are two digits 1 to 6 such as 31 or 3-1, got {parts[1].strip()!r}.")
    return Position.from_id(parts[0]), (int(match.group(1)), int(match.group(2)))


def answer(line: str, level_name: str, rng: random.Random) -> dict[str, object]:
    try:
        position, dice = parse_line(line)
        chosen = choose_play(position, dice, level=level_named(level_name), rng=rng)
    except BackgammonError as error:
        return {"error": str(error)}
    return {"play": position.notation(chosen.play), "position_id": chosen.position.id}


def run(lines: Iterable[str], out: TextIO, *, level: str, as_json: bool, seed: int) -> None:
    rng = random.Random(seed)
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        result = answer(line, level, rng)
        if as_json:
            out.write(json.dumps(result) + "\n")
        elif "error" in result:
            out.write(f"error: {result['error']}\n")
        else:
            out.write(f"{result['play']}\t{result['position_id']}\n")
        out.flush()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="answer each line with one JSON object")
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert")
    parser.add_argument("--seed", type=int, default=0, help="seed for the weaker levels' deliberate mistakes")


def main_with(args: argparse.Namespace) -> int:
    run(sys.stdin, sys.stdout, level=args.level, as_json=args.json, seed=args.seed)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backgammon bot", description=__doc__)
    add_arguments(parser)
    return main_with(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
