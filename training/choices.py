"""Which net chooses its plays best: every legal play of sampled rolls judged by a teacher (gnubg 2-ply).

    python3 -m training.choices make py/backgammon/bot/weights.bin training/data/choices.npz \
        [--rolls 2000] [--games 400] [--seed 909] [--exclude other-choices.npz]
    python3 -m training.gnubg_label training/data/choices-after.npz training/data/choices-2ply.npz --plies 2
    python3 -m training.choices score training/data/choices.npz training/data/choices-2ply.npz \
        py/backgammon/bot/weights.bin training/checkpoints/a.json \
        [--lookahead 4 | --deep | --settings 4:0.16 6:0.24 ...]

`make` plays seeded games with the net (as `positions.py`, one play in ten random), takes `--rolls` positions
with contact and a roll with more than one distinct legal play, and writes them with every distinct play
(`choices.npz`) and the boards after those plays with the opponent on roll (`choices-after.npz`, for
`gnubg_label.py`). `score` then has each net choose a play for every roll, at 0-ply or with the expert's
1-ply look-ahead (`--lookahead`), and prints how far its choices fall below the teacher's best play
(mEMG a decision, cubeless money equity, with a 95% interval), the share of the teacher's own choices, and
for the second net on the paired difference from the first. A "net" that is a `gnubg_label.py` file of
the same plays (gnubg at 0-ply, say) plays by those figures: the yardstick. Game results against pubeval
barely tell good nets apart; this does, on a few thousand decisions, in seconds. `score --deep` instead
sets the deep analysis's checker play (its 2-ply on the leading plays) beside the expert's, each net's
(the aim: at most half the expert's errors; about half an hour a set of 3,000 rolls). `score --settings
4:0.16 6:0.24 4:0.16:0.8` sets look-ahead settings side by side for each net, paired with the first: plays
and window, and optionally the weight of the 1-ply figure against the 0-ply one (a minute each).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from backgammon.bot.levels import DEEP, EXPERT
from training.check import load_any
from training.fastplay import (
    LOOKED_AT_FIRST,
    mover_values,
    segment_argmax,
    successor_rows,
    with_lookahead,
    with_two_ply,
)
from training.labelstore import aligned
from training.positions import self_play_positions
from training.ranking import CHOICE_NET
from training.selfplay import Evaluator, equity, flip, is_race_batch
from training.varied import any_kind, kinds

Board = tuple[tuple[int, ...], tuple[int, ...]]
Candidates = list[tuple[Board, tuple[int, int] | None]]  # a board, and its roll if it came with one


def self_play_rolls(
    args: argparse.Namespace, rng: random.Random
) -> list[tuple[Board, tuple[int, int] | None]]:
    """Contact positions of the net's seeded self-play, shuffled, each to get a roll drawn later."""
    seen = sorted(self_play_positions(Evaluator(load_any(args.net)), args.games, 500, 0.1, args.seed))
    boards = np.frombuffer(b"".join(seen), dtype=np.int8).reshape(-1, 2, 25).astype(np.int64)
    contact = np.flatnonzero(~is_race_batch(boards[:, 0], boards[:, 1])).tolist()
    rng.shuffle(contact)
    return [((tuple(boards[i, 0].tolist()), tuple(boards[i, 1].tolist())), None) for i in contact]


RANDOM_PLAY = 1  # bit 0 of a varied set's `kinds`: from a game of random plays; bits 1.. are varied.KINDS


def varied_rolls(args: argparse.Namespace, rng: random.Random) -> tuple[Candidates, dict[bytes, int]]:
    """Contact positions off the beaten track, shuffled: half from games of random plays, half from the
    net's games with one play in three random that `varied.py` calls back games, closed or crashed boards
    or prime against prime; and each board's kinds (`RANDOM_PLAY` and a bit for each of `varied.KINDS`)."""
    evaluator = Evaluator(load_any(args.net))
    found: dict[bytes, int] = {}
    for explore, seed, source in ((1.0, args.seed, RANDOM_PLAY), (0.3, args.seed + 1, 0)):
        seen = sorted(self_play_positions(evaluator, args.games, 500, explore, seed))
        boards = np.frombuffer(b"".join(seen), dtype=np.int8).reshape(-1, 2, 25).astype(np.int64)
        keep = ~is_race_batch(boards[:, 0], boards[:, 1])
        if not source:
            keep &= any_kind(boards[:, 0], boards[:, 1])
        bits = np.full(boards.shape[0], source)
        for bit, hits in enumerate(kinds(boards[:, 0], boards[:, 1]).values(), start=1):
            bits |= hits.astype(np.int64) << bit
        picked = np.flatnonzero(keep).tolist()
        rng.shuffle(picked)
        for i in picked[: args.rolls]:  # at most a set's worth of each source
            found.setdefault(seen[i], int(bits[i]))
    # the two sources taken in turn, so that any number of rolls has both about equally
    by_source: list[list[bytes]] = [[b for b, k in found.items() if k & RANDOM_PLAY], []]
    by_source[1] = [b for b, k in found.items() if not k & RANDOM_PLAY]
    order = [b for pair in zip(*by_source, strict=False) for b in pair]
    order += by_source[0][len(by_source[1]) :] + by_source[1][len(by_source[0]) :]
    candidates: Candidates = []
    for board in order:
        raw = np.frombuffer(board, dtype=np.int8)
        candidates.append(((tuple(raw[:25].tolist()), tuple(raw[25:].tolist())), None))
    return candidates, found


def logged_rolls(path: Path, rng: random.Random) -> Candidates:
    """The decisions of a `bot_vs_gnubg.py --log` file (games against gnubg) with contact, shuffled."""
    found: Candidates = []
    for line in path.read_text().splitlines():
        decision = json.loads(line)
        board = (tuple(decision["mine"]), tuple(decision["theirs"]))
        if not is_race_batch(np.array([board[0]]), np.array([board[1]]))[0]:
            found.append((board, (decision["dice"][0], decision["dice"][1])))
    rng.shuffle(found)
    return found


def make(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    found_kinds: dict[bytes, int] = {}
    if args.varied:
        candidates, found_kinds = varied_rolls(args, rng)
    elif args.from_log:
        candidates = logged_rolls(args.from_log, rng)
    else:
        candidates = self_play_rolls(args, rng)
    excluded: set[bytes] = set()
    for path in args.exclude:  # a scoring set: rolls made for training must not share its positions
        excluded.update(map(bytes, np.load(path)["before"].reshape(-1, 50).astype(np.int8)))
    states: list[Board] = []
    dice: list[tuple[int, int]] = []
    for state, logged in candidates:
        if bytes(np.array(state, dtype=np.int8)) in excluded:
            continue
        roll = logged or (rng.randint(1, 6), rng.randint(1, 6))
        _, _, starts = successor_rows([state], [roll])
        if starts[1] > 1:
            states.append(state)
            dice.append(roll)
        if len(states) == args.rolls:
            break
    mine, theirs, starts = successor_rows(states, dice)
    args.target.parent.mkdir(parents=True, exist_ok=True)
    before = np.array(states, dtype=np.int8)
    extra = {}
    if found_kinds:
        extra["kinds"] = np.array(
            [found_kinds[bytes(board)] for board in before.reshape(-1, 50)], dtype=np.int8
        )
    np.savez_compressed(
        args.target,
        before=before,
        dice=np.array(dice, dtype=np.int8),
        mine=mine.astype(np.int8),
        theirs=theirs.astype(np.int8),
        starts=starts,
        **extra,
    )
    after = args.target.with_name(args.target.stem + "-after.npz")
    np.savez_compressed(after, mine=theirs.astype(np.int8), theirs=mine.astype(np.int8))  # opponent on roll
    print(f"{len(states)} rolls, {mine.shape[0]} plays: label {after} with gnubg_label.py")


def teacher_equity(labels: Path, mine: NDArray[np.int64], theirs: NDArray[np.int64]) -> NDArray[np.float64]:
    """The mover's equity after each play (`mine`, `theirs`): the teacher's figures are for the opponent, on
    roll; from a `gnubg_label.py` file of the set's plays in order, or a set of label chunks (a directory of
    `training/labels/`) that holds them all."""
    outputs = aligned([labels], theirs, mine) if labels.is_dir() else np.load(labels)["outputs"]
    return equity(flip(outputs.astype(np.float64)))


Ints, Floats = NDArray[np.int64], NDArray[np.float64]


def load_plays(choices: Path, labels: Path) -> tuple[Ints, Ints, Ints, Floats, Floats]:
    """(mine, theirs, starts, the teacher's equity of each play, of each roll's best play)."""
    data = np.load(choices)
    mine, theirs = data["mine"].astype(np.int64), data["theirs"].astype(np.int64)
    starts = data["starts"].astype(np.int64)
    truth = teacher_equity(labels, mine, theirs)
    if truth.shape[0] != mine.shape[0]:
        raise SystemExit(f"{labels}: {truth.shape[0]} figures for {mine.shape[0]} plays")
    return mine, theirs, starts, truth, truth[segment_argmax(truth, starts)]


def score(args: argparse.Namespace) -> None:
    mine, theirs, starts, truth, best = load_plays(args.choices, args.labels)
    first: NDArray[np.float64] | None = None
    for path in args.nets:
        if path.suffix == ".npz" or path.is_dir():  # another teacher's figures (gnubg 0-ply), as a player
            values = teacher_equity(path, mine, theirs)
        else:
            nets = load_any(path)
            evaluator = Evaluator(nets)
            values = equity(mover_values(evaluator, mine, theirs))
            if args.lookahead:
                choice = None
                if CHOICE_NET in nets:  # run 7's expert: the choice net nominates plays to look at too
                    chooser = Evaluator({"contact": nets[CHOICE_NET], "race": nets["race"]})
                    choice = equity(mover_values(chooser, mine, theirs))
                if getattr(args, "pruner", None):
                    nets["prune"] = load_any(args.pruner)["contact"]
                    evaluator = Evaluator(nets)
                values = with_lookahead(
                    evaluator, values, mine, theirs, starts, args.lookahead, args.window, choice
                )
        chosen = segment_argmax(values, starts)
        errors = 1000.0 * (best - truth[chosen])
        line = {"net": str(path), "rolls": errors.shape[0], "lookahead": args.lookahead}
        if getattr(args, "pruner", None):
            line |= {"pruner": str(args.pruner)}
        print(json.dumps({**line, **error_figures(errors, first)}), flush=True)
        first = errors if first is None else first


def look_ahead_setting(text: str) -> tuple[int, float, float]:
    """`PLAYS:WINDOW[:WEIGHT]` of `score --settings`: the look-ahead's plays and window, and the weight of
    their 1-ply figure against their 0-ply one (1: the 1-ply figure alone, as the expert)."""
    parts = text.split(":")
    if len(parts) not in (2, 3):
        raise argparse.ArgumentTypeError(f"{text!r}: give PLAYS:WINDOW or PLAYS:WINDOW:WEIGHT")
    try:
        plays, window, weight = int(parts[0]), float(parts[1]), float(parts[2]) if len(parts) == 3 else 1.0
    except ValueError:
        message = f"{text!r}: PLAYS is a whole number, WINDOW and WEIGHT numbers"
        raise argparse.ArgumentTypeError(message) from None
    if plays < 1 or window < 0 or not 0 <= weight <= 1:
        raise argparse.ArgumentTypeError(f"{text!r}: PLAYS >= 1, WINDOW >= 0, WEIGHT from 0 to 1")
    return plays, window, weight


def score_settings(args: argparse.Namespace) -> None:
    """Each net with each look-ahead setting of `--settings`, paired with the net's first setting: whether
    looking at more plays, or weighing the 1-ply figure with the 0-ply one, chooses better."""
    mine, theirs, starts, truth, best = load_plays(args.choices, args.labels)
    for path in args.nets:
        evaluator = Evaluator(load_any(path))
        values = equity(mover_values(evaluator, mine, theirs))
        first: NDArray[np.float64] | None = None
        for plays, window, weight in args.settings:
            deeper = with_lookahead(evaluator, values, mine, theirs, starts, plays, window)
            looked = deeper > -LOOKED_AT_FIRST / 2
            deeper[looked] = weight * deeper[looked] + (1.0 - weight) * values[looked]
            errors = 1000.0 * (best - truth[segment_argmax(deeper, starts)])
            line = {"net": str(path), "rolls": errors.shape[0], "lookahead": plays, "window": window}
            print(json.dumps({**line, "weight": weight, **error_figures(errors, first)}), flush=True)
            first = errors if first is None else first


def score_deep(args: argparse.Namespace) -> None:
    """Each net as the expert plays (`EXPERT`'s look-ahead) and as the deep analysis chooses (`DEEP`'s
    look-ahead, then its leaders at 2-ply): their errors, the deep setting's paired difference, and the
    ratio of the two means with a bootstrap 95% interval."""
    mine, theirs, starts, truth, best = load_plays(args.choices, args.labels)
    for path in args.nets:
        evaluator = Evaluator(load_any(path))
        values = equity(mover_values(evaluator, mine, theirs))
        expert = with_lookahead(evaluator, values, mine, theirs, starts, EXPERT.lookahead, EXPERT.window)
        deep = with_lookahead(evaluator, values, mine, theirs, starts, DEEP.lookahead, DEEP.window)
        deep = with_two_ply(evaluator, deep, mine, theirs, starts, DEEP.deep, DEEP.window)
        expert_errors = 1000.0 * (best - truth[segment_argmax(expert, starts)])
        deep_errors = 1000.0 * (best - truth[segment_argmax(deep, starts)])
        line = {"net": str(path), "rolls": expert_errors.shape[0]}
        print(json.dumps({**line, "setting": "expert", **error_figures(expert_errors, None)}), flush=True)
        ratio = {"ratio": round(float(deep_errors.mean() / expert_errors.mean()), 3)}
        ratio["ratio_95"] = ratio_interval(deep_errors, expert_errors)
        figures = error_figures(deep_errors, expert_errors)
        print(json.dumps({**line, "setting": "deep", **figures, **ratio}), flush=True)


def ratio_interval(errors: NDArray[np.float64], first: NDArray[np.float64]) -> list[float]:
    """A bootstrap 95% interval of mean(errors) / mean(first), the same rolls resampled for both."""
    rng = np.random.default_rng(0)
    picks = rng.integers(0, errors.shape[0], (2000, errors.shape[0]))
    ratios = errors[picks].mean(axis=1) / np.maximum(first[picks].mean(axis=1), 1e-9)
    low, high = np.percentile(ratios, [2.5, 97.5])
    return [round(float(low), 3), round(float(high), 3)]


def error_figures(errors: NDArray[np.float64], first: NDArray[np.float64] | None) -> dict[str, object]:
    """The mean error a decision (mEMG) with its 95% interval, the share of the teacher's plays, and the
    paired difference from `first` (the same rolls' errors of the first player scored) if given."""
    figures: dict[str, object] = {
        "error": round(float(errors.mean()), 3),
        "error_95": interval(errors),
        "teacher's play": round(float((errors == 0).mean()), 4),
    }
    if first is not None:
        figures["minus first"] = round(float((errors - first).mean()), 3)
        figures["minus first 95"] = interval(errors - first)
    return figures


def interval(values: NDArray[np.float64]) -> list[float]:
    half = 1.96 * float(values.std(ddof=1)) / math.sqrt(values.shape[0])
    return [round(float(values.mean()) - half, 3), round(float(values.mean()) + half, 3)]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("make")
    making.add_argument("net", type=Path, help="checkpoint (.json) or packed weights (.bin)")
    making.add_argument("target", type=Path)
    making.add_argument("--rolls", type=int, default=2000)
    making.add_argument("--games", type=int, default=400)
    making.add_argument("--seed", type=int, default=909)
    making.add_argument("--exclude", type=Path, action="append", default=[], help="a set to keep apart")
    making.add_argument(
        "--varied", action="store_true", help="positions off the beaten track (random play, varied.py)"
    )
    making.add_argument(
        "--from-log", type=Path, help="rolls from `bot_vs_gnubg.py --log` (games against gnubg) instead"
    )
    scoring = commands.add_parser("score")
    scoring.add_argument("choices", type=Path)
    scoring.add_argument("labels", type=Path)
    scoring.add_argument("nets", type=Path, nargs="+")
    scoring.add_argument("--lookahead", type=int, default=0, help="plays re-scored at 1-ply, as the expert")
    scoring.add_argument(
        "--pruner", type=Path, help="a file whose contact net picks the replies the look-ahead judges"
    )
    scoring.add_argument("--window", type=float, default=0.16)
    scoring.add_argument(
        "--deep", action="store_true", help="instead, each net as the expert and as the deep analysis"
    )
    scoring.add_argument(
        "--settings",
        type=look_ahead_setting,
        nargs="+",
        metavar="PLAYS:WINDOW[:WEIGHT]",
        help="instead, each net with these look-ahead settings, paired with the first",
    )
    args = parser.parse_args()
    if args.command == "make":
        make(args)
    elif args.deep:
        score_deep(args)
    elif args.settings:
        score_settings(args)
    else:
        score(args)


if __name__ == "__main__":
    main()
