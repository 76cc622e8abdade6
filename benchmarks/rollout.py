"""Rollout speed: trials per second of one process (one worker), CPU time, on positions of each kind.

    python -m benchmarks.rollout                 # the default figures (a few minutes on a loaded machine)
    python -m benchmarks.rollout --trials 2      # fewer trials per case (6 by default)
    python -m benchmarks.rollout --plies 1 --cases truncated   # checker play at 1-ply, the truncated cases

Cases (gnubg's usual settings where not said): the opening position, 0-ply play, variance reduction,
quasi-random dice, played to the bear-off database, then the same truncated at 7 plies; a race; the best
three plays of a contact position's roll (three candidates: each trial plays all three). A trial with
variance reduction plays all 21 rolls at each ply: about 20 times a trial without. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from backgammon.bot.player import rank_plays
from backgammon.bot.rollout import RolloutSettings, Start, after_play, before_roll, rollout_chunk
from backgammon.position import Position
from benchmarks.cpu_clock import cpu_clock


def board(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        side[point - 1] = count
    return tuple(side)


RACE = Position(board({9: 2, 7: 2, 5: 3, 4: 3, 3: 2}), board({8: 2, 6: 3, 5: 3, 3: 2, 2: 2}))
CONTACT = Position.from_id("4HPwATDgc/ABMA")


def cases() -> dict[str, tuple[list[Start], RolloutSettings]]:
    best_three = [after_play(r.position) for r in rank_plays(CONTACT, (5, 2))[:3]]
    return {
        "opening, to the end, variance reduction": ([before_roll(Position.start())], RolloutSettings()),
        "opening, to the end, no variance reduction": (
            [before_roll(Position.start())],
            RolloutSettings(variance_reduction=False),
        ),
        "opening, truncated at 7 plies": ([before_roll(Position.start())], RolloutSettings(truncation=7)),
        "race, to the bear-off database": ([before_roll(RACE)], RolloutSettings()),
        "contact 52, best three plays, truncated at 7 plies": (best_three, RolloutSettings(truncation=7)),
    }


def measure(trials: int, plies: int = 0, only: str = "") -> dict[str, object]:
    clock = cpu_clock()
    figures: dict[str, object] = {"python": sys.version.split()[0], "platform": sys.platform}
    figures["trials"] = trials
    figures["chequer_plies"] = plies
    for name, (starts, settings) in cases().items():
        if only not in name:
            continue
        started = clock()
        rollout_chunk(starts, replace(settings, chequer_plies=plies), 0, trials)
        seconds = clock() - started
        figures[name] = {"trials_per_second": round(trials / seconds, 2), "cpu_seconds": round(seconds, 1)}
    return figures


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--trials", type=int, default=6)
    parser.add_argument("--plies", type=int, choices=(0, 1), default=0, help="checker play in trials")
    parser.add_argument("--cases", default="", help="only the cases whose name holds this")
    args = parser.parse_args()
    print(json.dumps(measure(args.trials, args.plies, args.cases), indent=2))


if __name__ == "__main__":
    main()
