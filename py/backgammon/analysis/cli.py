"""`python -m backgammon analyze [--json] [--depth N] FILE`: how well each side played a match.

FILE is a `.mat` match file (as GNU Backgammon and other programs write it), a GNU Backgammon `.sgf`
match, or a saved `.json` match record of this game. Plain output: a table per player like GNU
Backgammon's `show statistics match`, then every marked decision. `--json`: the analysis record of
docs/analysis.md. Errors and luck are in mEMG (thousandths of an equivalent-to-money-game point). A
file that cannot be read is reported on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from backgammon.cli_common import USAGE_ERROR
from backgammon.errors import BackgammonError

from .job import DEPTHS, analyze_record
from .report import render


def read_match_file(path: Path) -> dict[str, Any]:
    """The match record in FILE: our JSON record, or a `.mat` or `.sgf` file read and checked by the rules."""
    try:
        text = path.read_text(encoding="utf-8-sig", errors="replace")
    except OSError as error:
        raise BackgammonError(f"Cannot read {path}: {error.strerror or error}.") from None
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BackgammonError(f"{path} is not valid JSON: {error.msg} (line {error.lineno}).") from None
        if not isinstance(data, dict):
            raise BackgammonError(f"{path} does not hold a match record.")
        return data
    from backgammon.record import to_record

    if path.suffix.lower() == ".sgf" or text.lstrip().startswith("(;"):
        from backgammon.formats.sgf_import import import_sgf

        return to_record(import_sgf(text))
    from backgammon.formats.mat_import import import_mat

    return to_record(import_mat(text))


def run_analyze(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        record = read_match_file(Path(args.file))
        analysis = analyze_record(record, depth=args.depth)
    except BackgammonError as error:
        stderr.write(f"analyze: {error}\n")
        return USAGE_ERROR
    stdout.write(json.dumps(analysis) + "\n" if args.json else render(analysis))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `analyze` subcommand to `python -m backgammon`."""
    parser = commands.add_parser(
        "analyze",
        help="judge every decision of a match (.mat, .sgf or .json): error rates, marks, luck",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="a .mat or .sgf match file or a .json match record")
    parser.add_argument("--json", action="store_true", help="print the analysis record as JSON")
    parser.add_argument(
        "--depth",
        type=int,
        choices=DEPTHS,
        default=1,
        help="0: every play at 0-ply (fast); 1: the expert's look-ahead on the leading plays (default)",
    )
    parser.set_defaults(run=run_analyze)
