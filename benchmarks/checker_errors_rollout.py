"""Two players' checker plays judged by GNU Backgammon rollouts, where they differ.

    python3 -m benchmarks.checker_errors_rollout
        [--judged data/benchmarks/checker-errors-judge3-contact.jsonl] [--first deep] [--second gnubg-2ply]
        [--judge-plies 3] [--trials 1296] [--seed 1] [--jobs 2] [--known FILE ...]
        [--out data/benchmarks/checker-errors-rollout-contact.jsonl]

A judge neither player was taught by. Our nets' labels are gnubg 2-ply's figures and gnubg 3-ply is gnubg
2-ply looking one ply further; a rollout plays each position out to the end, here 1296 times with gnubg
0-ply's plays (cubeless money, variance reduction, quasi-random dice, untruncated, to gnubg's exact bear-off
database): the usual judge of a play, and the one our nets never learned from.

Where two players make the same play their errors are the same by any judge, so only the positions of
`--judged` (a file of benchmarks/checker_errors_gnubg.py: a line per position, each player's error by its
judge) where the two players' errors differ are rolled out. First their plays are made again (inside gnubg,
as checker_errors_gnubg.py makes them; the nets are those the file was made with) and judged again at
`--judge-plies`, the gap kept beside the file's (gnubg's pruned 3-ply does not give a board quite the same
figure in every run: half the gaps of the deep setting's 49 were the same to 0.01 mEMG, one 3.3 mEMG off).
Then the board after each of the two plays is rolled out, the opponent on roll, both with the same seed (the
same dice: the noise of their difference is smaller than of either), a position's seed `--seed` plus its
index. A board another run rolled out with the same seed and trials (`--known` names its file) takes its
figures from there: gnubg's seeded rollout is the same every time.

Prints the paired difference of the two players' errors (first minus second) in mEMG a decision over all the
judged file's positions, a position where the plays are the same counting 0, with a 95% interval; how often
the rollout prefers each play; and how often it agrees with the file's judge. `--out` keeps a line per
position rolled out (the plays in `OUT-STEM.plays.jsonl` beside it); a rerun goes on where each stopped.

`--between RUN OTHER` compares the first players of two runs' `--out` files against the same second player
(the expert's and gnubg 1-ply's, each against gnubg 2-ply): its boards rolled out with the same seeds, the
two players' errors compare position by position, without rolling anything out again.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from backgammon import Position
from backgammon.bot.player import choose_play
from benchmarks.bot_vs_gnubg import run_script_in_gnubg
from benchmarks.checker_errors_gnubg import SETTINGS, gnubg_judge
from benchmarks.gnubg_rollout import gnubg_rollout
from benchmarks.inside_gnubg import REPO

ARGS_VARIABLE = "CHECKER_ERRORS_ROLLOUT_ARGS"  # set when this script runs inside gnubg (no __file__ there)
INSIDE_GNUBG = ARGS_VARIABLE in os.environ


def differing(judged: Path, first: str, second: str) -> list[dict[str, Any]]:
    """The judged positions where the two players' errors, so their plays, differ."""
    lines = [json.loads(line) for line in judged.read_text().splitlines()]
    return [line for line in lines if line["errors"][first] != line["errors"][second]]


def done_indexes(path: Path) -> set[int]:
    if not path.exists():
        return set()
    return {json.loads(line)["index"] for line in path.read_text().splitlines()}


def plays_inside_gnubg(args: dict[str, Any]) -> None:
    """Phase one, inside gnubg: each player's play again, and the gap between them by the file's judge now."""
    judge = gnubg_judge(args["judge_plies"])

    def play_of(name: str, position: Position, dice: tuple[int, int]) -> Position:
        if name in SETTINGS:
            return choose_play(position, dice, level=SETTINGS[name]).position
        return judge.best(position, dice, int(name.removeprefix("gnubg-").removesuffix("ply")))

    out = Path(args["plays"])
    done = done_indexes(out)
    names = (args["first"], args["second"])
    with out.open("a") as sink:
        for line in differing(Path(args["judged"]), *names):
            if line["index"] in done:
                continue
            position, dice = Position.from_id(line["position"]), (line["dice"][0], line["dice"][1])
            after = {name: play_of(name, position, dice) for name in names}
            # The first's error minus the second's, by the file's judge now.
            again = 1000 * (judge.equity_after(after[names[1]]) - judge.equity_after(after[names[0]]))
            record = {
                "index": line["index"],
                "position": line["position"],
                "dice": line["dice"],
                "after": {name: board.id for name, board in after.items()},
                "judged": {name: line["errors"][name] for name in names},
                "judged_now": round(again, 2),
            }
            sink.write(json.dumps(record) + "\n")
            sink.flush()


def rollout_settings(trials: int, seed: int) -> list[str]:
    return [
        f"set rollout trials {trials}",
        "set rollout truncation enable off",
        "set rollout late enable off",
        "set rollout varredn on",
        "set rollout quasirandom on",
        f"set rollout seed {seed}",
        "set rollout cubeful off",
        "set rollout chequerplay plies 0",
        "set rollout bearofftruncation exact on",
        "set rollout bearofftruncation onesided off",
    ]


Known = dict[tuple[str, int, int], list[float]]


def known_rollouts(paths: list[Path]) -> Known:
    """The boards rolled out in other runs' files, by board, seed and trials: gnubg's rollout with a seed is
    the same every time, so a board rolled out there is not rolled out again."""
    known: Known = {}
    for path in paths:
        for line in map(json.loads, path.read_text().splitlines()):
            for name, after_id in line["after"].items():
                known[(after_id, line["seed"], line["trials"])] = line["rollout"][name]
    return known


def roll_out(play: dict[str, Any], trials: int, seed: int, known: Known) -> dict[str, Any]:
    """A line's two boards rolled out with the same dice: the mover's equities (money) and their errors."""
    seed += play["index"]
    figures = {}
    for name, after_id in play["after"].items():
        if (after_id, seed, trials) in known:
            figures[name] = known[(after_id, seed, trials)]
            continue
        # The board after the play turned to the opponent, on roll: the mover's equity is minus theirs.
        opponent = Position.from_id(after_id).swap()
        rolled = gnubg_rollout(opponent.id, rollout_settings(trials, seed), timeout=4 * 3600)
        if rolled.trials != trials:
            raise RuntimeError(f"gnubg played {rolled.trials} trials of {after_id}, not {trials}")
        figures[name] = [-rolled.cubeless, rolled.cubeless_error]
    return {**play, "rollout": figures, "trials": trials, "seed": seed}


def mean_interval(gaps: list[float], n: int) -> tuple[float, list[float]]:
    """The mean of `gaps` over `n` positions, those not among them counting 0, and its 95% interval."""
    mean = sum(gaps) / n
    spread = math.sqrt((sum((g - mean) ** 2 for g in gaps) + (n - len(gaps)) * mean**2) / (n - 1) / n)
    return round(mean, 3), [round(mean - 1.96 * spread, 3), round(mean + 1.96 * spread, 3)]


def summarise(judged: Path, path: Path, first: str, second: str) -> dict[str, Any]:
    """The paired difference of the errors (first minus second) by the rollouts, over all judged positions."""
    n = len(judged.read_text().splitlines())
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    # A player's error is the best play's equity minus its own: the difference of two errors is the difference
    # of the equities the other way round (the best play cancels), in mEMG.
    gaps = [1000 * (line["rollout"][second][0] - line["rollout"][first][0]) for line in lines]
    noise = [1000 * math.hypot(line["rollout"][first][1], line["rollout"][second][1]) for line in lines]
    mean, interval = mean_interval(gaps, n)
    file_gaps = [line["judged"][first] - line["judged"][second] for line in lines]
    return {
        "positions": n,
        "rolled_out": len(lines),
        "differing": len(differing(judged, first, second)),
        f"{first}_minus_{second}_memg": mean,
        "interval_95": interval,
        f"{first}_better": sum(g < 0 for g in gaps),
        f"{second}_better": sum(g > 0 for g in gaps),
        "within_two_errors": sum(abs(g) <= 2 * e for g, e in zip(gaps, noise, strict=True)),
        # Both judges prefer the same play (a rollout that finds the two alike agrees with neither).
        "judge_agrees": sum(g * f > 0 for g, f in zip(gaps, file_gaps, strict=True)),
        "judged_file_memg": round(sum(file_gaps) / n, 3),
        "judged_now_memg": round(sum(line["judged_now"] for line in lines) / n, 3),
        "rollout_error_memg_median": round(sorted(noise)[len(noise) // 2], 2) if noise else None,
    }


def between(judged: Path, paths: list[Path]) -> dict[str, Any]:
    """Two runs' first players compared, each against the same second player whose boards were rolled out
    with the same seeds: the paired difference of their errors over all judged positions (a position where
    both make the second's play, or the same play, counting 0)."""
    runs = [[json.loads(line) for line in path.read_text().splitlines()] for path in paths]
    names = [list(run[0]["after"]) for run in runs]  # each run's (first, second), as its lines name them
    second = names[0][1]
    if names[1][1] != second:
        sys.exit(f"the runs are against {second} and {names[1][1]}: give two runs against one player")
    gaps: list[dict[int, float]] = [{}, {}]
    shared: dict[int, tuple[str, int, list[float]]] = {}
    for k, run in enumerate(runs):
        for line in run:
            figures = line["rollout"]
            gaps[k][line["index"]] = 1000 * (figures[second][0] - figures[names[k][0]][0])
            board = (line["after"][second], line["seed"], figures[second])
            if shared.setdefault(line["index"], board) != board:
                sys.exit(f"position {line['index']}: {second}'s board or its rollout differs in the two runs")
    indexes = set(gaps[0]) | set(gaps[1])
    differences = [gaps[0].get(i, 0.0) - gaps[1].get(i, 0.0) for i in indexes]
    n = len(judged.read_text().splitlines())
    mean, interval = mean_interval(differences, n)
    first, other = names[0][0], names[1][0]
    return {
        "positions": n,
        "differing": sum(1 for d in differences if d),
        f"{first}_minus_{other}_memg": mean,
        "interval_95": interval,
        f"{first}_better": sum(d < 0 for d in differences),
        f"{other}_better": sum(d > 0 for d in differences),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--judged", type=Path, default=Path("data/benchmarks/checker-errors-judge3-contact.jsonl")
    )
    parser.add_argument("--first", default="deep")
    parser.add_argument("--second", default="gnubg-2ply")
    parser.add_argument("--judge-plies", type=int, default=3)
    parser.add_argument("--trials", type=int, default=1296)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--known", type=Path, action="append", default=[], help="another run's --out")
    parser.add_argument(
        "--out", type=Path, default=Path("data/benchmarks/checker-errors-rollout-contact.jsonl")
    )
    parser.add_argument(
        "--between",
        type=Path,
        nargs=2,
        metavar=("RUN", "OTHER"),
        help="instead, the first players of two runs' --out files compared (both against one second player)",
    )
    args = parser.parse_args()
    if args.between:
        print(json.dumps(between(args.judged, args.between)))
        return
    plays_path = args.out.with_name(args.out.stem + ".plays.jsonl")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    settings = {
        "judged": str(args.judged.resolve()),
        "first": args.first,
        "second": args.second,
        "judge_plies": args.judge_plies,
        "plays": str(plays_path.resolve()),
    }
    run_script_in_gnubg(REPO / "benchmarks" / "checker_errors_rollout.py", ARGS_VARIABLE, settings)
    done = done_indexes(args.out)
    plays = [json.loads(line) for line in plays_path.read_text().splitlines()]
    waiting = [play for play in plays if play["index"] not in done]
    with ThreadPoolExecutor(max_workers=args.jobs) as workers, args.out.open("a") as sink:
        known = known_rollouts(args.known)
        for finished in workers.map(lambda play: roll_out(play, args.trials, args.seed, known), waiting):
            sink.write(json.dumps(finished) + "\n")
            sink.flush()
            print(f"{finished['index']}: {json.dumps(finished['rollout'])}", flush=True)
    print(json.dumps(summarise(args.judged, args.out, args.first, args.second)), flush=True)


if __name__ == "__main__":
    if INSIDE_GNUBG:
        plays_inside_gnubg(json.loads(os.environ[ARGS_VARIABLE]))
    else:
        main()
