"""`python -m backgammon bot`: the computer's play for positions read from standard input.

Each input line is `POSITION_ID DICE` (gnubg Position ID, player on roll as gnubg encodes it; dice as
`31`, `3-1` or `3 1`); cubeless money play. Each answer is one line; with `--json`:
`{"play": "24/18 13/11", "position_id": "..."}` with the position after the play, sides not swapped
(`"play": "pass"` when no move is legal), or `{"error": "..."}` for a line that cannot be read, and
the next line is read. The exit status is 2 if some line could not be read.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterable
from typing import TextIO

from backgammon.bot.levels import LEVELS, level_named
from backgammon.bot.player import choose_play
from backgammon.cli_common import USAGE_ERROR, parse_dice
from backgammon.errors import BackgammonError
from backgammon.position import Position


def answer(line: str, level_name: str, rng: random.Random) -> dict[str, str]:
    """The computer's play for one `POSITION_ID DICE` line, or `{"error": ...}`."""
    fields = line.split(None, 1)
    try:
        if len(fields) != 2:
            raise BackgammonError(f"Expected 'POSITION_ID DICE', got {line!r}.")
        position = Position.from_id(fields[0])
        dice = parse_dice(fields[1])
        chosen = choose_play(position, dice, level=level_named(level_name), rng=rng)
    except BackgammonError as error:
        return {"error": str(error)}
    return {"play": position.notation(chosen.play), "position_id": chosen.position.id}


def run(lines: Iterable[str], out: TextIO, *, level: str, as_json: bool, seed: int) -> int:
    """Answer every non-blank line; returns the exit status."""
    rng = random.Random(seed)
    status = 0
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        result = answer(line, level, rng)
        if "error" in result:
            status = USAGE_ERROR
        if as_json:
            out.write(json.dumps(result) + "\n")
        elif "error" in result:
            out.write(f"error: {result['error']}\n")
        else:
            out.write(f"{result['play']}\t{result['position_id']}\n")
        out.flush()
    return status


def run_bot(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    return run(stdin, stdout, level=args.level, as_json=args.json, seed=args.seed)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `bot` subcommand to `python -m backgammon`."""
    parser = commands.add_parser(
        "bot",
        help="the computer's play for 'POSITION_ID DICE' lines read from stdin",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--json", action="store_true", help="answer each line with one JSON object")
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert")
    parser.add_argument("--seed", type=int, default=0, help="seed for the weaker levels' deliberate mistakes")
    parser.set_defaults(run=run_bot)
