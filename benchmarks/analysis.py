"""How fast the match analysis is: decisions judged per second at each depth, in CPython and in Pyodide.

    python3 -m benchmarks.analysis [--matches 3] [--length 7] [--depth 0 --depth 1 --depth 2]
    python3 -m benchmarks.analysis --pyodide [...]        # the same inside Pyodide under Node
    python3 -m benchmarks.analysis --files data/benchmarks/set1/match-009.mat ...   # given matches instead

The matches: by default our own computer plays `--matches` matches of `--length` points (the intermediate
against the beginner, seeded dice: the same matches every run, in either Python), else the `.mat` or
`.json` files given. Each match is analysed as the worker does it (`AnalysisJob`, one decision per step):
wall-clock per decision (mean, median, p95, max) by kind (checker plays, cube and take decisions), the
process's CPU time for the whole (Node's CPU clock in Pyodide, whose `process_time` is the wall clock), and
decisions per second. The projection for a typical 7-point match is its decisions (the mean of the 7-point
matches analysed, or of those in `--set`, counted by gnubg) times the mean time per decision. `--set DIR`
(a set of `analysis_gnubg.py`) adds the mean decisions of its 7-point matches.

Measured on 2026-11-24, 12:55 to 13:02 UTC, on the shared 2-core machine (load average 2.5 to 4), three
7-point matches of the gnubg set (`--files data/benchmarks/set1/match-{002,014,020}.mat --set
data/benchmarks/set1`, 895 decisions, 561 of them checker plays); decisions per second by CPU time and by
wall-clock, and the time per checker play (mean / median / p95 / max):

| | depth 0 | depth 1 |
| --- | --- | --- |
| CPython 3.11, decisions/s (CPU / wall) | 432 / 213 | 18.6 / 10.0 |
| CPython, one checker play | 6.6 / 5.0 / 21 / 161 ms | 142 / 71 / 505 / 1301 ms |
| Pyodide 314 under Node, decisions/s (CPU / wall) | 234 / 127 | 7.5 / 5.2 |
| Pyodide, one checker play | 11.5 / 6.7 / 37 / 224 ms | 265 / 123 / 964 / 2488 ms |
| a typical 7-point match (318 decisions): CPython | 0.7 s CPU, 1.3 s | 17 s CPU, 32 s |
| the same in Pyodide | 1.4 s CPU, 2.3 s | 43 s CPU, 61 s |

An earlier run at a load average of 8 to 11 gave the same CPU figures within 20% (CPython depth 1 15.8
decisions/s, Pyodide 5.8) and wall-clock times 5 to 6 times longer. 318 decisions is the mean of the set's
19 7-point matches, the same count by our analysis and by gnubg (moves + cube decisions).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from backgammon.analysis import AnalysisJob
from backgammon.bot.decide import bot_action
from backgammon.bot.levels import level_named
from backgammon.dice import SeededDice
from backgammon.match import Match
from backgammon.record import to_record
from backgammon.rules import MatchSettings
from benchmarks.cpu_clock import cpu_clock

REPO = Path(__file__).resolve().parent.parent
IN_PYODIDE = sys.platform == "emscripten"

JSON = dict[str, Any]
LEVELS = ("intermediate", "beginner")


def play_match(length: int, seed: int) -> JSON:
    """A match record of our intermediate (player 0) against our beginner (player 1) on seeded dice."""
    players = [{"name": level.capitalize(), "kind": "computer", "level": level} for level in LEVELS]
    match = Match(MatchSettings(match_length=length), players)
    dice = SeededDice(seed)
    for _ in range(100_000):
        decider = match.game.decision
        level = level_named(match.players[decider]["level"] if decider is not None else LEVELS[0])
        action = bot_action(match, level)
        if action is None:
            return to_record(match)
        if action["type"] == "roll":
            action = {"type": "roll", "dice": list(dice.roll())}
        match.act(action)
    raise RuntimeError("the match did not end")


def read_file(path: str) -> JSON:
    from backgammon.analysis.cli import read_match_file

    return read_match_file(Path(path))


def describe(times: Sequence[float]) -> JSON:
    if not times:
        return {"decisions": 0}
    ordered = sorted(times)
    return {
        "decisions": len(ordered),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 2),
        "median_ms": round(ordered[len(ordered) // 2] * 1000, 2),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2),
    }


def measure(records: Sequence[tuple[str, JSON]], depths: Sequence[int]) -> JSON:
    clock = cpu_clock()
    figures: JSON = {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "clock": "Node process CPU" if clock is not time.process_time else "process_time",
        "matches": [],
        "depths": {},
    }
    for name, record in records:
        job = AnalysisJob(record, 0)
        figures["matches"].append(
            {
                "name": name,
                "match_length": record["settings"]["match_length"],
                "games": len(record["games"]),
                "decisions": job.total,
                "moves": sum(d.kind.value == "move" for d in job.decisions),
            }
        )
    for depth in depths:
        # every kind of `DecisionKind` that occurs: moves, doubles, takes, resignations and their answers
        by_kind: dict[str, list[float]] = {"move": [], "double": [], "take": []}
        wall = cpu = 0.0
        for _, record in records:
            cpu_start, wall_start = clock(), time.perf_counter()
            job = AnalysisJob(record, depth)  # replaying the record is part of the work
            while not job.finished:
                kind = job.decisions[job.done].kind.value
                started, done = time.perf_counter(), job.done
                while job.done == done:
                    job.step(0.0)  # one decision (at depth 2 one roll of a 2-ply look: steps to its end)
                by_kind.setdefault(kind, []).append(time.perf_counter() - started)
            job.result()
            wall += time.perf_counter() - wall_start
            cpu += clock() - cpu_start
        every = [t for times in by_kind.values() for t in times]
        figures["depths"][str(depth)] = {
            "wall_s": round(wall, 2),
            "cpu_s": round(cpu, 2),
            "decisions_per_s_wall": round(len(every) / wall, 2),
            "decisions_per_s_cpu": round(len(every) / cpu, 2) if cpu > 0 else None,
            "all": describe(every),
            **{kind: describe(times) for kind, times in by_kind.items()},
        }
    return figures


def set_decisions(folder: Path, length: int) -> JSON | None:
    """Mean decisions of the set's `length`-point matches: as our analysis counts them (from the cached
    `.ours-dD.json` of `analysis_gnubg.py compare`) and as gnubg does (moves + cube decisions)."""
    ours, gnubg = [], []
    for setup_path in sorted(folder.glob("match-*.setup.json")):
        if json.loads(setup_path.read_text())["length"] != length:
            continue
        stem = setup_path.name.split(".")[0]
        for cached in sorted(folder.glob(f"{stem}.ours-d*.json"))[:1]:
            analysis = json.loads(cached.read_text())
            ours.append(sum(len(game["decisions"]) for game in analysis["games"]))
        for path in sorted(folder.glob(f"{stem}.gnubg-*ply.json"))[:1]:
            players = json.loads(path.read_text())["players"]
            gnubg.append(sum(p["moves"] + p["cube_decisions"] for p in players))
    if not ours and not gnubg:
        return None
    return {
        "matches_ours": len(ours),
        "mean_decisions_ours": round(statistics.fmean(ours), 1) if ours else None,
        "matches_gnubg": len(gnubg),
        "mean_decisions_gnubg": round(statistics.fmean(gnubg), 1) if gnubg else None,
    }


def project(figures: JSON, set_folder: Path | None) -> None:
    """Decisions of a typical 7-point match times the mean time per decision (wall-clock and CPU)."""
    sevens = [m["decisions"] for m in figures["matches"] if m["match_length"] == 7]
    typical: list[tuple[str, float]] = []
    if sevens:
        typical.append((f"{len(sevens)} 7-point matches analysed here", statistics.fmean(sevens)))
    if set_folder is not None:
        counts = set_decisions(set_folder, 7)
        figures["set_7_point"] = counts
        if counts and counts["mean_decisions_ours"]:
            source = f"{counts['matches_ours']} 7-point matches of the set, as we count decisions"
            typical.append((source, counts["mean_decisions_ours"]))
    figures["projection_7_point"] = [
        {
            "decisions": round(decisions, 1),
            "from": source,
            **{
                f"depth_{depth}_s": round(decisions * d["all"]["mean_ms"] / 1000, 1)
                for depth, d in figures["depths"].items()
            },
            **{
                f"depth_{depth}_cpu_s": round(decisions / d["decisions_per_s_cpu"], 1)
                for depth, d in figures["depths"].items()
                if d["decisions_per_s_cpu"]
            },
        }
        for source, decisions in typical
    ]


def report(figures: JSON) -> None:
    print(f"Python {figures['python']} ({figures['platform']}), CPU clock: {figures['clock']}")
    for match in figures["matches"]:
        print(
            f"  {match['name']}: {match['match_length']}-point match, {match['games']} games, "
            f"{match['decisions']} decisions ({match['moves']} moves)"
        )
    print(
        f"{'depth':>5} {'decisions':>9} {'wall s':>7} {'CPU s':>7} {'dec/s wall':>10} {'dec/s CPU':>9} | "
        f"{'move mean/med/p95/max ms':>28} | {'cube mean/p95 ms':>16}"
    )
    for depth, d in figures["depths"].items():
        move = d["move"]
        cube = describe([])
        cubes = [d["double"], d["take"]]
        count = sum(c["decisions"] for c in cubes)
        if count:
            mean = sum(c["decisions"] * c.get("mean_ms", 0.0) for c in cubes) / count
            p95 = max(c.get("p95_ms", 0.0) for c in cubes)
            cube = {"decisions": count, "mean_ms": round(mean, 2), "p95_ms": p95}
        print(
            f"{depth:>5} {d['all']['decisions']:>9} {d['wall_s']:>7.1f} {d['cpu_s']:>7.1f} "
            f"{d['decisions_per_s_wall']:>10.1f} {d['decisions_per_s_cpu'] or 0:>9.1f} | "
            f"{move.get('mean_ms', 0):>6.1f} /{move.get('median_ms', 0):>6.1f} /"
            f"{move.get('p95_ms', 0):>6.1f} /{move.get('max_ms', 0):>6.0f} | "
            f"{cube.get('mean_ms', 0):>7.1f} /{cube.get('p95_ms', 0):>6.1f}"
        )
    for projection in figures.get("projection_7_point", []):
        times = ", ".join(
            f"depth {depth}: {projection[f'depth_{depth}_s']:.1f} s wall-clock, "
            f"{projection.get(f'depth_{depth}_cpu_s', 0):.1f} s CPU"
            for depth in figures["depths"]
        )
        print(f"typical 7-point match ({projection['from']}: {projection['decisions']} decisions): {times}")


def run_in_pyodide(argv: Sequence[str]) -> JSON:
    """This benchmark's measurement inside Pyodide under Node (benchmarks/run_in_pyodide.mjs)."""
    done = subprocess.run(
        ["node", str(REPO / "benchmarks" / "run_in_pyodide.mjs"), "analysis", *argv, "--json"],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
    )
    if done.returncode:
        raise RuntimeError(f"Pyodide run failed: {done.stderr[-2000:]}")
    figures: JSON = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=3, help="matches our computer plays (without --files)")
    parser.add_argument("--length", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--files", nargs="*", default=[], help=".mat or .json match files instead")
    parser.add_argument("--depth", type=int, action="append", choices=(0, 1, 2))
    parser.add_argument("--set", help="a set of analysis_gnubg.py: the size of its 7-point matches")
    parser.add_argument("--pyodide", action="store_true", help="measure inside Pyodide under Node")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args(argv)
    depths = args.depth or [0, 1]
    if args.pyodide:
        # Paths relative to the checkout, which the runner mounts at /repo.
        files = [os.path.relpath(Path(f).resolve(), REPO) for f in args.files]
        inner = ["--matches", str(args.matches), "--length", str(args.length), "--seed", str(args.seed)]
        inner += [f"--depth={depth}" for depth in depths]
        if files:
            inner += ["--files", *files]
        figures = run_in_pyodide(inner)
    else:
        if IN_PYODIDE:
            os.chdir("/repo")
        if args.files:
            records = [(Path(f).name, read_file(f)) for f in args.files]
        else:
            records = [
                (f"seed {args.seed + i}", play_match(args.length, args.seed + i)) for i in range(args.matches)
            ]
        figures = measure(records, depths)
    if not IN_PYODIDE or not args.json:
        project(figures, Path(args.set) if args.set else None)
    if args.json:
        print(json.dumps(figures))
    else:
        report(figures)


if __name__ == "__main__":
    main()
