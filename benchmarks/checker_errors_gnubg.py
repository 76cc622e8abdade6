"""Checker-play errors of the computer's settings, judged by GNU Backgammon at 2-ply.

    python3 -m benchmarks.checker_errors_gnubg --positions 300 [--level expert --level deep] [--seed 7]
        [--judge-plies 2] [--gnubg-plies 2 ...] [--contact] [--out FILE]

The positions come from seeded games of the intermediate level against itself (its small noise takes
the games off the expert's own paths), a roll in three taken where the roll has more than one legal
play. For each, every setting named chooses its play; gnubg evaluates, at `--judge-plies` (cubeless
money, its 2-ply by default), the board after each chosen play and after its own best play, and a
setting's error is how far its play falls below the best of them, in equity (mEMG, as gnubg reports
checker errors). Prints the mean error per decision and per setting with a 95% interval, the share of
decisions where the setting chose gnubg's best play, and the ratio of the means of the first two
settings. `--gnubg-plies N` adds gnubg's own choice at N plies as a setting (`gnubg-Nply`). With
`--judge-plies 3` the expert is judged by a judge its nets were not trained to imitate (their labels are
gnubg 2-ply's figures), beside gnubg 2-ply judged by the same. `--contact` keeps only positions where the
sides are still in contact. Runs inside gnubg's embedded Python as `bot_vs_gnubg.py` does; `--out` keeps a
line per position
(and a rerun goes on where it stopped).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from backgammon import Position, legal_positions
from backgammon.bot.levels import DEEP, INTERMEDIATE, LEVELS
from backgammon.bot.player import choose_play
from backgammon.move import Move, Play
from benchmarks.bot_vs_gnubg import run_script_in_gnubg
from benchmarks.inside_gnubg import REPO

ARGS_VARIABLE = "CHECKER_ERRORS_GNUBG_ARGS"  # set when this script runs inside gnubg (no __file__ there)
INSIDE_GNUBG = ARGS_VARIABLE in os.environ

SETTINGS = {**LEVELS, DEEP.name: DEEP}


def sample_positions(count: int, seed: int, contact: bool = False) -> list[tuple[Position, tuple[int, int]]]:
    """`count` (position, roll) pairs with a choice to make, from seeded intermediate-level games (with
    `contact`, only those where the sides can still hit or block each other)."""
    rng = random.Random(seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    while len(found) < count:
        position = Position.start()
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            choice = len(legal_positions(position, dice)) > 1
            if choice and rng.random() < 1 / 3 and (position.is_contact() or not contact):
                found.append((position, dice))
            after = choose_play(position, dice, level=INTERMEDIATE, rng=rng).position
            if not any(after.mine) or len(found) == count:
                break
            position = after.swap()
    return found


class GnubgJudge(NamedTuple):
    """Inside gnubg, cubeless money, pruned as gnubg prunes: the judge's equity of the board after a play (the
    mover's), and gnubg's own best play of a roll at a number of plies."""

    equity_after: Callable[[Position], float]
    best: Callable[[Position, tuple[int, int], int], Position]


def gnubg_judge(judge_plies: int) -> GnubgJudge:
    import gnubg  # type: ignore[import-not-found]  # the module of gnubg's embedded Python

    gnubg.command("set threads 1")
    gnubg.command("set jacoby off")
    gnubg.command("new session")
    cube = gnubg.cubeinfo()
    context = {"cubeful": 0, "plies": judge_plies, "deterministic": 1, "prune": 1, "noise": 0.0}

    def equity_after(after: Position) -> float:
        # The opponent is on roll: gnubg's board is (the side not on roll, the side on roll).
        return -float(gnubg.evaluate((after.mine, after.theirs), cube, context)[5])

    def best(position: Position, dice: tuple[int, int], plies: int) -> Position:
        move = gnubg.findbestmove((position.theirs, position.mine), cube, {**context, "plies": plies}, dice)
        steps = [Move(*step) for step in zip(move[::2], move[1::2], strict=True) if step != (0, 0)]
        return position.play(Play(steps), dice)

    return GnubgJudge(equity_after, best)


def judge_inside_gnubg(args: dict[str, Any]) -> None:
    equity_after, gnubg_best = gnubg_judge(args["judge_plies"])
    out = Path(args["out"])
    done = len(out.read_text().splitlines()) if out.exists() else 0
    positions = sample_positions(args["positions"], args["seed"], args["contact"])
    with out.open("a") as sink:
        for index in range(done, len(positions)):
            position, dice = positions[index]
            chosen: dict[str, Position] = {}
            seconds: dict[str, float] = {}
            for name in args["levels"]:
                started = time.process_time()
                chosen[name] = choose_play(position, dice, level=SETTINGS[name]).position
                seconds[name] = round(time.process_time() - started, 3)
            for plies in args["gnubg_plies"]:
                started = time.process_time()
                chosen[f"gnubg-{plies}ply"] = gnubg_best(position, dice, plies)
                seconds[f"gnubg-{plies}ply"] = round(time.process_time() - started, 3)
            best = gnubg_best(position, dice, args["judge_plies"])
            equities = {after: equity_after(after) for after in {best, *chosen.values()}}
            top = max(equities.values())
            line = {
                "index": index,
                "position": position.id,
                "dice": list(dice),
                "errors": {name: round(1000 * (top - equities[after]), 2) for name, after in chosen.items()},
                "best": {name: after == best for name, after in chosen.items()},
                "seconds": seconds,
            }
            sink.write(json.dumps(line) + "\n")
            sink.flush()


def summarise(path: Path, levels: list[str]) -> dict[str, Any]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    n = len(lines)
    summary: dict[str, Any] = {"positions": n}
    for name in levels:
        errors = [line["errors"][name] for line in lines]
        mean = sum(errors) / n
        spread = math.sqrt(sum((e - mean) ** 2 for e in errors) / max(n - 1, 1) / n)
        times = sorted(line["seconds"][name] for line in lines)
        summary[name] = {
            "mean_error_memg": round(mean, 2),
            "mean_error_95": [round(mean - 1.96 * spread, 2), round(mean + 1.96 * spread, 2)],
            "gnubg_best_share": round(sum(line["best"][name] for line in lines) / n, 3),
            "cpu_seconds_median": times[n // 2],
            "cpu_seconds_max": times[-1],
        }
    if len(levels) >= 2:
        # The second setting's errors as a share of the first's, on the same positions.
        first = [line["errors"][levels[0]] for line in lines]
        second = [line["errors"][levels[1]] for line in lines]
        summary["ratio"] = round(sum(second) / max(sum(first), 1e-9), 3)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--level", choices=sorted(SETTINGS), action="append")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--judge-plies", type=int, default=2)
    parser.add_argument("--gnubg-plies", type=int, action="append", default=[])
    parser.add_argument("--contact", action="store_true")
    parser.add_argument("--out", type=Path, default=Path("data/benchmarks/checker-errors.jsonl"))
    args = parser.parse_args()
    levels = args.level or ["expert", "deep"]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    settings = {
        "positions": args.positions,
        "levels": levels,
        "seed": args.seed,
        "judge_plies": args.judge_plies,
        "gnubg_plies": args.gnubg_plies,
        "contact": args.contact,
        "out": str(args.out.resolve()),
    }
    run_script_in_gnubg(REPO / "benchmarks" / "checker_errors_gnubg.py", ARGS_VARIABLE, settings)
    named = levels + [f"gnubg-{plies}ply" for plies in args.gnubg_plies]
    print(json.dumps(summarise(args.out, named)), flush=True)


if __name__ == "__main__":
    if INSIDE_GNUBG:
        judge_inside_gnubg(json.loads(os.environ[ARGS_VARIABLE]))
    else:
        main()
