"""The game's own expert on a `choices.py` set: its choices costed by the teacher, one weights file at a time.

    python3 -m training.expert_choices training/data/choices.npz training/data/choices-2ply.npz \
        OLD-weights.bin NEW-weights.bin [--level expert deep] [--rolls 3000]

`choices.py score --lookahead` mirrors the expert's look-ahead in numpy; this runs the game's code itself
(`backgammon.bot.player.choose_play`: its nominees, its budget, in CPython), so what ships is what is
measured. Prints, per weights file and setting (`--level expert deep`: the deep analysis's checker play
beside the expert's), the mean error (mEMG a decision) with a 95% interval, the share of the teacher's
plays, the CPU seconds a decision, and for the later ones the paired difference from the first and the
ratio of the means.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from backgammon.bot import evaluator
from backgammon.bot.levels import DEEP, LEVELS
from backgammon.bot.network import parse_networks
from backgammon.bot.player import choose_play
from backgammon.position import Position
from training.choices import error_figures, load_plays

SETTINGS = {**LEVELS, DEEP.name: DEEP}  # the levels, and the deep analysis's checker play


def use_weights(path: Path) -> None:
    """Make the game's evaluator read `path` instead of the shipped weights (this process only)."""
    nets = parse_networks(path.read_bytes())
    evaluator.shipped_networks = lambda: nets  # type: ignore[assignment]
    evaluator.clear_caches()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("choices", type=Path)
    parser.add_argument("labels", type=Path)
    parser.add_argument("weights", type=Path, nargs="+")
    parser.add_argument(
        "--level", nargs="+", default=["expert"], choices=sorted(SETTINGS), help="each weights file at each"
    )
    parser.add_argument("--rolls", type=int, default=0, help="only the first ROLLS (0: all)")
    args = parser.parse_args()
    data = np.load(args.choices)  # for the boards before each roll and its dice
    mine_after, theirs_after, starts, truth, best = load_plays(args.choices, args.labels)
    rolls = args.rolls or starts.shape[0] - 1
    boards = np.concatenate([mine_after, theirs_after], axis=1).astype(np.int8)
    afters = [{bytes(boards[r]): r for r in range(starts[g], starts[g + 1])} for g in range(rolls)]
    first = None
    for path in args.weights:
        use_weights(path)
        for level in args.level:
            errors = np.empty(rolls)
            began = time.process_time()
            for g in range(rolls):
                mine, theirs = data["before"][g].tolist()
                dice = tuple(data["dice"][g].tolist())
                after = choose_play(Position(mine, theirs), dice, level=SETTINGS[level]).position
                key = bytes(np.array(after.mine, np.int8)) + bytes(np.array(after.theirs, np.int8))
                errors[g] = 1000.0 * (best[g] - truth[afters[g][key]])
            seconds = round((time.process_time() - began) / rolls, 4)
            line = {"weights": str(path), "level": level, "rolls": rolls, "cpu_s_a_decision": seconds}
            figures = error_figures(errors, first)
            if first is not None:
                figures["ratio to first"] = round(float(errors.mean() / first.mean()), 3)
            print(json.dumps({**line, **figures}), flush=True)
            first = errors if first is None else first


if __name__ == "__main__":
    main()
