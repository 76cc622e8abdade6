"""Our cube decisions at depths 1 and 2 beside GNU Backgammon's at 1 and 2 plies, on the same positions.

    python3 -m benchmarks.cube_two_ply_gnubg collect [--every 1] [--fixture F]
    python3 -m benchmarks.cube_two_ply_gnubg compare [--fixture F]

`collect` takes the 64 reference positions of tests/core/data/cube_reference.json (32 money, 32 match play at
many scores, each a clear-cut cube action by gnubg's 2-ply: `benchmarks/cube_gnubg.py reference`), every
`--every`-th of them, and asks gnubg 1.07 (`gnubg -t -q`, the position set by its Position and Match IDs,
`set evaluation cubedecision evaluation plies P`, pruning on as in its analysis, then `hint` before the
roll) for its cubeful no double, double/take and double/pass (EMG, the cube as it stands) and its cubeless
chances, at 1 and 2 plies. They go to `--fixture` (default tests/core/data/cube_gnubg_two_ply.json), which
tests/core/test_cube_two_ply.py holds our depth 2 to.

`compare` judges the same positions with `analysis.judge.cube_figures` at depths 1 and 2 (the analysis's own
function) and prints, for no double and double/take, the mean absolute difference from gnubg's 2-ply figures
(and gnubg 1-ply's, for scale), the verdicts (double or not, take or pass) alike, and the CPU time a decision
takes at each depth.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import time
from pathlib import Path
from typing import Any

from backgammon.analysis.decisions import Decision, Kind
from backgammon.analysis.judge import CubeJudgement, Sweeps, cube_figures
from backgammon.bot.cube import MatchContext
from backgammon.formats.gnubg_id import MatchIdInfo
from backgammon.position import Position
from benchmarks.gnubg_rollout import position_commands
from benchmarks.inside_gnubg import REPO, gnubg_path

REFERENCE = REPO / "tests" / "core" / "data" / "cube_reference.json"
FIXTURE = REPO / "tests" / "core" / "data" / "cube_gnubg_two_ply.json"
ACTIONS = {"no_double": "No double", "double_take": "Double, take", "double_pass": "Double, pass"}
FIELDS = ("position_id", "cube", "owner", "length", "away", "opponent_away", "crawford")


def context_of(entry: dict[str, Any]) -> MatchContext:
    if not entry["length"]:
        return MatchContext()
    away, opponent = entry["away"], entry["opponent_away"]
    post = not entry["crawford"] and 1 in (away, opponent)
    return MatchContext(away, opponent, bool(entry["crawford"]), post)


def match_id(entry: dict[str, Any]) -> str:
    """gnubg's Match ID of the entry, the side on roll player 0, before its roll."""
    owner = {None: None, "me": 0, "them": 1}[entry["owner"]]
    length = entry["length"]
    score = (length - entry["away"], length - entry["opponent_away"]) if length else (0, 0)
    crawford = bool(entry["crawford"])
    return MatchIdInfo(
        cube_value=entry["cube"], cube_owner=owner, crawford=crawford, match_length=length, score=score
    ).id


def gnubg_hint(entry: dict[str, Any], plies: int) -> dict[str, Any]:
    """gnubg's cube figures (EMG) and cubeless chances of the entry's cube decision at `plies`."""
    commands = [
        *position_commands(entry["position_id"], match_id(entry)),
        f"set evaluation cubedecision evaluation plies {plies}",
        "set evaluation cubedecision evaluation prune on",
        "hint",
    ]
    output = subprocess.run(
        ["nice", gnubg_path(), "-t", "-q", "-r"],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout
    figures: dict[str, Any] = {}
    for key, label in ACTIONS.items():
        found = re.search(rf"\d\. {label}\s+([-+]?[\d.]+)", output)
        if found is None:
            raise ValueError(f"gnubg's hint has no {label!r}: {output[-1500:]}")
        figures[key] = float(found.group(1))
    chances = re.search(
        r"cubeless equity.*\n\s*([\d.]+) ([\d.]+) ([\d.]+) - ([\d.]+) ([\d.]+) ([\d.]+)", output
    )
    if chances is None:
        raise ValueError(f"gnubg's hint has no chances: {output[-1500:]}")
    win, win_gammon, win_backgammon, _, lose_gammon, lose_backgammon = map(float, chances.groups())
    figures["chances"] = [win, win_gammon, win_backgammon, lose_gammon, lose_backgammon]
    return figures


def decision_of(entry: dict[str, Any]) -> Decision:
    """The entry as a doubler's cube decision (no double chosen), the side on roll player 0."""
    owner = {None: None, "me": 0, "them": 1}[entry["owner"]]
    return Decision(
        Kind.DOUBLE,
        player=0,
        turn=0,
        game=0,
        action=0,
        position=Position.from_id(entry["position_id"]),
        dice=None,
        cube_value=entry["cube"],
        cube_owner=owner,
        context=context_of(entry),
        match_id=None,
        choice="no double",
    )


def ours(entry: dict[str, Any], depth: int) -> tuple[CubeJudgement, float]:
    """Our cube figures of the entry at `depth` (1 or 2) and the CPU seconds they took (fresh caches)."""
    started = time.process_time()
    judged = cube_figures(decision_of(entry), Sweeps(deep=depth >= 2))
    return judged, time.process_time() - started


def collect(every: int, fixture: Path) -> None:
    cases = json.loads(REFERENCE.read_text())[::every]
    found = []
    for entry in cases:
        line = {key: entry[key] for key in FIELDS}
        line["gnubg_1ply"] = gnubg_hint(entry, 1)
        line["gnubg_2ply"] = gnubg_hint(entry, 2)
        found.append(line)
        print(json.dumps(line), flush=True)
    fixture.write_text("[\n" + ",\n".join(json.dumps(line) for line in found) + "\n]\n")
    print(f"{len(found)} positions in {fixture}")


def verdicts(no_double: float, double_take: float, double_pass: float) -> tuple[bool, bool]:
    """(double, take) by the three figures."""
    return min(double_take, double_pass) > no_double, double_take <= double_pass


def compare(fixture: Path) -> None:
    lines = json.loads(fixture.read_text())
    sums: dict[str, float] = {}
    alike: dict[str, int] = {}
    seconds: dict[int, float] = {1: 0.0, 2: 0.0}
    for line in lines:
        reference = line["gnubg_2ply"]
        want = verdicts(reference["no_double"], reference["double_take"], reference["double_pass"])
        rows: dict[str, dict[str, float]] = {"gnubg 1-ply": line["gnubg_1ply"]}
        for depth in (1, 2):
            judged, spent = ours(line, depth)
            seconds[depth] += spent
            rows[f"ours depth {depth}"] = {
                "no_double": judged.no_double,
                "double_take": judged.double_take,
                "double_pass": judged.double_pass,
            }
        for name, row in rows.items():
            for key in ("no_double", "double_take"):
                sums[f"{name} {key}"] = sums.get(f"{name} {key}", 0.0) + abs(row[key] - reference[key])
            got = verdicts(row["no_double"], row["double_take"], row["double_pass"])
            alike[name] = alike.get(name, 0) + (got == want)
    count = len(lines)
    print(f"{count} positions, against gnubg 2-ply (mean absolute difference, EMG; verdicts alike):")
    for name in ("gnubg 1-ply", "ours depth 1", "ours depth 2"):
        no_double, double_take = (sums[f"{name} {key}"] / count for key in ("no_double", "double_take"))
        print(f"  {name}: no double {no_double:.4f}, double/take {double_take:.4f}, verdicts {alike[name]}")
    for depth in (1, 2):
        print(f"  CPU a decision at depth {depth}: {seconds[depth] / count:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("collect", "compare"))
    parser.add_argument("--every", type=int, default=1, help="collect: every Nth reference position")
    parser.add_argument("--fixture", type=Path, default=FIXTURE)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.every, args.fixture)
    else:
        compare(args.fixture)


if __name__ == "__main__":
    main()
