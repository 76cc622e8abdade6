"""The figures of benchmark runs kept in files (data/benchmarks/), read without playing on:

    python3 -m benchmarks.kept_figures data/benchmarks/games-deep.jsonl
    python3 -m benchmarks.kept_figures data/benchmarks/matches-world-class.jsonl \\
        data/benchmarks/matches-world-class-from-250.jsonl

A file of single games (`bot_vs_gnubg --out`) gives the share won and points a game
with 95% intervals, and luck-adjusted ones where the games were judged (`--luck`); a file of matches
(`bot_vs_gnubg --matches`) the share of matches won. Several files are one run (a run of matches shared by
two processes, `--first-match`): they must hold the same kind of line, level, seed, net and opponent, and no
game or match twice. Prints one JSON line, the figures the run itself prints.

    python3 -m benchmarks.kept_figures data/benchmarks/matches-world-class.jsonl \
        --beside data/benchmarks/matches-gnubg2.jsonl

`--beside` adds another run of the same matches (the same seed, so the same dice and seats match by match;
`--gnubg-seat` plays gnubg's): the share each won of the matches both played and the difference, match by
match, with its 95% interval. The lines do not say the matches' length: give runs of one length.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.bot_vs_gnubg import summarise_matches
from benchmarks.bot_vs_pubeval import interval, summarise
from benchmarks.luck import Luck

# What every line of one run shares: a file of another run is refused rather than mixed in.
RUN_FIELDS = ("level", "seed", "net", "against")


Run = tuple[str, list[list[dict[str, Any]]]]


def read_run(paths: list[Path]) -> Run:
    """The kind of the run ("game" or "match") and each file's lines, checked to be one run's; exits saying
    why not."""
    files = [[json.loads(text) for text in path.read_text().splitlines() if text.strip()] for path in paths]
    lines = [line for file in files for line in file]
    if not lines:
        sys.exit(f"no game or match in {', '.join(map(str, paths))}")
    kinds = {"match" if "match" in line else "game" for line in lines}
    if len(kinds) > 1:
        sys.exit("these files hold both games and matches: give the files of one run")
    kind = kinds.pop()
    runs = {tuple(line.get(field, "") for field in RUN_FIELDS) for line in lines}
    if len(runs) > 1:
        described = "; ".join(
            ", ".join(f"{field} {value or '-'}" for field, value in zip(RUN_FIELDS, run, strict=True))
            for run in sorted(runs, key=str)
        )
        sys.exit(f"these files hold more than one run ({described}): give the files of one run")
    twice = sorted(number for number, count in Counter(line[kind] for line in lines).items() if count > 1)
    if twice:
        sys.exit(f"{kind} {twice[0]} is in these files more than once: a file given twice?")
    return kind, files


def kept_figures(paths: list[Path]) -> dict[str, object]:
    """The run's figures as the run prints them (`summarise`, `summarise_matches`), with the opponent its
    lines name (they name none when it is gnubg 0-ply)."""
    return run_figures(read_run(paths))


def run_figures(run: Run) -> dict[str, object]:
    """`kept_figures` of a run read."""
    kind, files = run
    lines = [line for file in files for line in file]
    named = {"against": lines[0]["against"]} if lines[0].get("against") else {}
    if kind == "match":
        return {**summarise_matches(lines), **named}
    lucks = [Luck(*line.get("luck", (0.0, 0.0))) for line in lines]
    # A run without --luck writes each game's luck as 0: a judged game's rolls are never exactly even.
    judged = any(luck != Luck() for luck in lucks)
    # A file's "seconds" run on from its first game (across resumptions): its last line holds the file's time.
    seconds = sum(file[-1]["seconds"] for file in files if file)
    points = [line["points"] for line in lines]
    return {**summarise(points, lines[0]["level"], seconds, lucks if judged else None), **named}


def beside(paths: list[Path], other: list[Path]) -> dict[str, object]:
    """Two runs of matches compared on the matches both played (`--beside`); exits when either is no run of
    matches or their seeds differ (then their matches of one number are not played on the same dice)."""
    return runs_beside(read_run(paths), read_run(other))


def runs_beside(*runs: Run) -> dict[str, object]:
    """`beside` of two runs read."""
    if any(kind != "match" for kind, _ in runs):
        sys.exit("--beside compares runs of matches: give the files of two runs of matches")
    ours, theirs = ([line for file in files for line in file] for _, files in runs)
    if ours[0]["seed"] != theirs[0]["seed"]:
        seeds = f"{ours[0]['seed']}, {theirs[0]['seed']}"
        sys.exit(f"the runs' seeds differ ({seeds}): their matches are not played on the same dice")
    their_wins = {line["match"]: line["won"] for line in theirs}
    both = [(line["won"], their_wins[line["match"]]) for line in ours if line["match"] in their_wins]
    if not both:
        sys.exit("the two runs have no match in common")
    difference, half = interval([float(here) - float(there) for here, there in both])
    return {
        "beside": theirs[0]["level"],
        "matches_in_both": len(both),
        "won_here": sum(here for here, _ in both),
        "won_there": sum(there for _, there in both),
        "difference": round(difference, 4),
        "difference_95": [round(difference - half, 4), round(difference + half, 4)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="+", help="the files of one run")
    parser.add_argument(
        "--beside", type=Path, nargs="+", default=[], help="the files of another run of the same matches"
    )
    args = parser.parse_args()
    missing = [str(path) for path in args.files + args.beside if not path.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    run = read_run(args.files)  # read once, for its figures and beside the other run
    figures = run_figures(run)
    print(json.dumps({**figures, **runs_beside(run, read_run(args.beside))} if args.beside else figures))


if __name__ == "__main__":
    main()
