"""Train the evaluator by self-play TD(0) (numpy, seeded) and write the weights the game ships.

    nice -n 19 python3 -m training.train --games 100000 --out training/checkpoints/nets.json

Every `--check-every` games the nets play `--check-games` games against pubeval; the best
checkpoint so far is kept next to `--out` as `*.best.json`. Run from the repository root.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np

from training.fastplay import play_vs_pubeval_batch, td_turn
from training.npnet import Net, load_nets, save_nets
from training.selfplay import START, Board, Evaluator, State, flip, successors


def train_game(evaluator: Evaluator, rng: random.Random, rate: float) -> int:
    """Play one game against itself, moving each position toward the value of the next; returns its length."""
    mine, theirs = START, START
    turns = 0
    while True:
        turns += 1
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        options = successors(mine, theirs, d1, d2)
        best, target, x, race = evaluator.best_play_and_inputs(options, mine, theirs)
        # The position before the roll, mover on roll, moves toward what its best play is worth.
        evaluator.nets["race" if race else "contact"].train_step(x[None, :], target[None, :], rate)
        mine, theirs = options[best]
        if sum(mine) == 0:
            return turns
        mine, theirs = theirs, mine


def train_games_in_step(
    evaluator: Evaluator, rng: random.Random, rate: float, games: list[tuple[Board, Board]]
) -> int:
    """One turn in each of several games at once (one batch through the nets); returns games finished.

    The same TD(0) updates as `train_game`, summed over the batch: numpy's per-call cost is paid once per
    batch instead of once per game. Finished games restart from the opening position.
    """
    rows: list[tuple[Board, Board]] = []
    spans: list[tuple[int, list[State]]] = []
    for mine, theirs in games:
        options = successors(mine, theirs, rng.randint(1, 6), rng.randint(1, 6))
        spans.append((len(rows), options))
        rows.append((theirs, mine))  # the position before the roll, evaluated with the mover on roll
        rows.extend(options)
    arr = np.array(rows, dtype=np.int64)
    x, race, out = evaluator.evaluate(arr[:, 1, :], arr[:, 0, :])
    mover = flip(out)
    targets = np.empty((len(games), 5))
    finished = 0
    for g, (start, options) in enumerate(spans):
        best, target = Evaluator._pick(options, mover[start + 1 : start + 1 + len(options)].copy())
        targets[g] = target
        mine, theirs = options[best]
        if sum(mine) == 0:
            games[g] = (START, START)
            finished += 1
        else:
            games[g] = (theirs, mine)
    starts = np.array([start for start, _ in spans])
    for name, mask in (("race", race[starts]), ("contact", ~race[starts])):
        if mask.any():
            evaluator.nets[name].train_step(x[starts][mask], targets[mask], rate)
    return finished


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--race-hidden", type=int, default=32)
    parser.add_argument("--rate", type=float, default=0.02)
    parser.add_argument("--final-rate", type=float, default=0.005)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check-every", type=int, default=2000)
    parser.add_argument("--check-games", type=int, default=1000)
    parser.add_argument("--check-seed", type=int, default=12345)
    parser.add_argument("--resume", type=Path)
    parser.add_argument("--parallel", type=int, default=32, help="games played side by side in one batch")
    parser.add_argument(
        "--slow", action="store_true", help="the earlier loop (one game or one batch of tuples at a time)"
    )
    parser.add_argument("--out", type=Path, default=Path("training/checkpoints/nets.json"))
    args = parser.parse_args()

    np_rng = np.random.default_rng(args.seed)
    rng = random.Random(args.seed)
    if args.resume:
        nets, meta = load_nets(args.resume)
        start_game = int(str(meta.get("games", 0)))
    else:
        nets = {"contact": Net(args.hidden, np_rng), "race": Net(args.race_hidden, np_rng)}
        start_game = 0
    evaluator = Evaluator(nets)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    best_path = args.out.with_suffix(".best.json")
    best_score = -1.0
    began = time.time()
    game = start_game
    next_check = start_game + args.check_every
    boards: list[tuple[Board, Board]] = [(START, START)] * args.parallel
    while game < start_game + args.games:
        progress = (game - start_game) / args.games
        rate = args.rate * (args.final_rate / args.rate) ** progress
        if not args.slow:
            game += td_turn(evaluator, rng, rate, boards)
        elif args.parallel > 1:
            game += train_games_in_step(evaluator, rng, rate, boards)
        else:
            train_game(evaluator, rng, rate)
            game += 1
        if game >= next_check:
            next_check += args.check_every
            win_rate, ppg = play_vs_pubeval_batch(evaluator, args.check_games, seed=args.check_seed)
            meta = {
                "games": game,
                "seed": args.seed,
                "rate": rate,
                "parallel": args.parallel,
                "vs_pubeval_win": win_rate,
                "vs_pubeval_ppg": ppg,
                "check_games": args.check_games,
                "check_seed": args.check_seed,
                "seconds": round(time.time() - began),
            }
            save_nets(args.out, nets, meta)
            if win_rate > best_score:
                best_score = win_rate
                save_nets(best_path, nets, meta)
            print(json.dumps(meta), flush=True)


if __name__ == "__main__":
    main()
