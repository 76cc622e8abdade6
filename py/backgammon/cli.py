"""Command line: `python -m backgammon <command> ...`.

    python -m backgammon plays 4HPwATDgc/ABMA 31          # every legal play and the Position ID it leads to
    python -m backgammon plays --json 4HPwATDgc/ABMA 31
    printf '4HPwATDgc/ABMA 31\\n' | python -m backgammon plays --json   # one answer line per input line

Each command is a function that adds its subparser (see `COMMANDS`); adding one is adding a line there.
This module imports the commands; they take what they share from `cli_common`, never from here.
Bad input prints a clear message on stderr and exits with status 2; in batch mode each bad line is answered
with an error line and the run goes on.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .cli_common import USAGE_ERROR, Registrar, Runner, parse_dice
from .errors import BackgammonError
from .movegen import legal_plays
from .position import Position


def plays_answer(position_id: str, dice_text: str) -> list[dict[str, str]]:
    """The legal plays of a roll as `[{"play": ..., "position_id": ...}]`, the same player still on roll.

    With no legal move: one entry with play `""` and the unchanged Position ID.
    """
    position = Position.from_id(position_id)
    plays = legal_plays(position, parse_dice(dice_text))
    if not plays.move_count:
        return [{"play": "", "position_id": position.id}]
    return [{"play": position.notation(play), "position_id": after.id} for play, after in plays.items()]


def _format_text(answer: list[dict[str, str]]) -> str:
    return "\n".join(f"{entry['play'] or 'pass'}\t{entry['position_id']}" for entry in answer)


def run_plays(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.position_id is not None and args.dice is None:
        stderr.write("plays: give both POSITION_ID and DICE, or neither to read them from stdin\n")
        return USAGE_ERROR
    if args.position_id is not None:
        try:
            answer = plays_answer(args.position_id, args.dice)
        except BackgammonError as error:
            stderr.write(f"plays: {error}\n")
            return USAGE_ERROR
        stdout.write((json.dumps(answer) if args.json else _format_text(answer)) + "\n")
        return 0
    status = 0
    for line in stdin:
        if not line.strip():
            continue
        fields = line.split()
        try:
            if len(fields) not in (2, 3):  # the dice may be written "31" or "3 1"
                raise BackgammonError(f"Expected 'POSITION_ID DICE', got {line.strip()!r}.")
            answer = plays_answer(fields[0], "".join(fields[1:]))
        except BackgammonError as error:
            status = USAGE_ERROR
            if args.json:
                stdout.write(json.dumps({"error": str(error)}) + "\n")
            else:
                stdout.write(f"error: {error}\n")
            stderr.write(f"plays: {error}\n")
            continue
        # one answer line per input line: JSON list, or the plays separated by "; "
        text = json.dumps(answer) if args.json else "; ".join(_format_text(answer).split("\n"))
        stdout.write(text + "\n")
        stdout.flush()
    return status


def _register_plays(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "plays",
        help="list every legal play of a roll and the Position ID it leads to",
        description=(
            "Print every distinct legal play of DICE in the position POSITION_ID (gnubg Position ID), "
            "one per line, with the Position ID it leads to (the same player still on roll). Without "
            "arguments, read 'POSITION_ID DICE' lines from stdin and answer each with one line."
        ),
    )
    parser.add_argument("position_id", nargs="?", metavar="POSITION_ID")
    parser.add_argument("dice", nargs="?", metavar="DICE", help="two dice, e.g. 31")
    parser.add_argument("--json", action="store_true", help='print a JSON list of {"play", "position_id"}')
    parser.set_defaults(run=run_plays)


def _register_bot(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .bot.cli import register  # imported here: `plays` does not load the bot's networks

    register(commands)


def _register_analyze(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .analysis.cli import register

    register(commands)


def _register_id(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .formats.xgid import register

    register(commands)


#: Every subcommand's registrar, in help order. A new command adds its own here.
COMMANDS: list[Registrar] = [_register_plays, _register_bot, _register_analyze, _register_id]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m backgammon", description="Backgammon from the command line."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for register in COMMANDS:
        register(commands)
    return parser


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run one command; returns the exit status (0 ok, 2 bad input)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = build_parser()
    try:
        # argparse prints help and its usage errors itself: to the streams given here
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = parser.parse_args(argv)
    except SystemExit as exit_:  # status 0 after --help, 2 for a usage error
        return int(exit_.code or 0)
    runner: Runner = args.run
    return runner(args, stdin, stdout, stderr)
