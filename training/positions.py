"""Positions for supervised refinement: every position met in many self-play games, side on roll first.

    python3 -m training.positions py/backgammon/bot/weights.bin data/positions.npz --games 20000 \
        [--explore 0.1] [--seed 1]

The games run side by side (`fastplay`), each play the net's best at 0-ply except that with probability
`--explore` a random legal play is taken instead, so the positions reach beyond the net's own habits.
Writes `mine` and `theirs` as (n, 25) int8 arrays, each position once, the side on roll in `mine`
(before its roll), as `gnubg_label.py` and `distill.py` read them.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np

from training.check import load_any
from training.fastplay import mover_values, segment_argmax, successor_rows, terminal_rows
from training.selfplay import START, Board, Evaluator, equity


def self_play_positions(
    evaluator: Evaluator, games: int, parallel: int, explore: float, seed: int
) -> set[bytes]:
    """The positions (50 bytes: mine then theirs, mine on roll) of `games` games, `parallel` at a time."""
    rng = random.Random(seed)
    seen: set[bytes] = set()
    states: list[tuple[Board, Board]] = [(START, START)] * min(parallel, games)
    started = len(states)
    while states:
        seen.update(bytes(mine) + bytes(theirs) for mine, theirs in states)
        dice = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in states]
        mine, theirs, starts = successor_rows(states, dice)
        best = segment_argmax(equity(mover_values(evaluator, mine, theirs)), starts)
        for g in range(len(states)):
            if rng.random() < explore:
                best[g] = rng.randrange(starts[g], starts[g + 1])
        done, _ = terminal_rows(mine[best], theirs[best])
        next_states = []
        for g, row in enumerate(best.tolist()):
            if not done[g]:
                next_states.append((tuple(theirs[row].tolist()), tuple(mine[row].tolist())))
            elif started < games:
                next_states.append((START, START))
                started += 1
        states = next_states
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("net", type=Path, help="checkpoint (.json) or packed weights (.bin)")
    parser.add_argument("target", type=Path)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--parallel", type=int, default=500, help="games side by side")
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seen = self_play_positions(
        Evaluator(load_any(args.net)), args.games, args.parallel, args.explore, args.seed
    )
    boards = np.frombuffer(b"".join(sorted(seen)), dtype=np.int8).reshape(-1, 2, 25)
    args.target.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.target, mine=boards[:, 0], theirs=boards[:, 1])
    print(f"{boards.shape[0]} positions from {args.games} games")


if __name__ == "__main__":
    main()
