"""What the 28 inputs of `encoding_gnubg.py` (gnubg's, as `inputs_trial.py`; pure Python) would cost the game.

    python3 training/inputs_cost.py training/labels/choices-2ply/choices.npz [--rolls 300] [--check 3000]
        [--expert 0] [--net training/checkpoints/t1.json]

First checks the pure-Python inputs equal to the numpy trial's (`inputs_trial.half_inputs`) on `--check`
contact positions of the set (each roll's position and the boards after its plays), then times, in this
process and alternating the two so that the machine's load falls on both alike:

- *fresh*: one board from nothing, `encoding.active_inputs` and the contact net, against the same plus the
  extra inputs and a contact net of 236 inputs;
- *siblings*: the game's `evaluator.evaluate_many_after_play` on every play of `--rolls` rolls (the sums of
  each board made from the last board's, as the game does), against the same path with the 28 inputs added
  as features (their numerators' changes as rows, side facts remembered per side like `side_summary`);
- with `--expert N`: the game's expert choosing its play (`player.choose_play`, 1-ply look-ahead) on N of the
  rolls, with the game's evaluator and with the extended one swapped in.

The extended net is the shipped one with rows for the new inputs (small random weights unless `--net` gives
a fitted checkpoint): the cost does not depend on the weights' values.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import encoding_gnubg as eg

from backgammon.bot import evaluator as ev
from backgammon.bot import player
from backgammon.bot.encoding import FEATURE_SCALES, FEATURES_START, SIDE_BLOCK, active_inputs, slot_inputs
from backgammon.bot.network import Network, shipped_networks
from backgammon.bot.pubeval import is_race

Board = tuple[tuple[int, ...], tuple[int, ...]]


def extended_net(checkpoint: Path | None) -> Network:
    """The contact net with 236 inputs: a fitted checkpoint's, or the shipped one with small random rows."""
    if checkpoint is not None:
        from check import load_any

        net = load_any(checkpoint)["contact"]
        w1 = net.w1.tolist()
        return Network("contact", w1, net.b1.tolist(), net.w2.tolist(), net.b2.tolist())
    base = shipped_networks()["contact"]
    rng = random.Random(1)
    hidden = base.hidden_size
    w1 = [list(row) for row in base.input_rows]
    w1 += [[rng.gauss(0.0, 0.1) for _ in range(hidden)] for _ in range(eg.EXTRA_COUNT)]
    w2 = [list(column) for column in zip(*base.output_columns, strict=True)]
    return Network("contact", w1, list(base.hidden_bias), w2, list(base.output_bias))


def boards_of(path: Path, rolls: int) -> tuple[list[list[Board]], list[Board]]:
    """Each roll's boards after its plays (the mover's view, as `evaluate_many_after_play` takes them), and
    each roll's position (the mover on roll)."""
    data = np.load(path)
    mine, theirs, starts, before = data["mine"], data["theirs"], data["starts"], data["before"]
    groups, positions = [], []
    for r in range(min(rolls, starts.shape[0] - 1)):
        # choices.npz keeps the boards after each play with the opponent on roll: `mine` is the opponent's
        groups.append(
            [(tuple(theirs[i].tolist()), tuple(mine[i].tolist())) for i in range(starts[r], starts[r + 1])]
        )
        positions.append((tuple(before[r, 0].tolist()), tuple(before[r, 1].tolist())))
        _DICE.append((int(data["dice"][r, 0]), int(data["dice"][r, 1])))
    return groups, positions


def check(groups: list[list[Board]], count: int) -> dict[str, float]:
    """The largest difference of the pure-Python inputs from the numpy trial's, on `count` contact boards."""
    import inputs_trial

    boards = [b for group in groups for b in group if not is_race(*b) and any(b[0]) and any(b[1])][:count]
    mine = np.array([b[0] for b in boards], dtype=np.int64)
    theirs = np.array([b[1] for b in boards], dtype=np.int64)
    expected = np.concatenate(
        [inputs_trial.half_inputs(mine, theirs), inputs_trial.half_inputs(theirs, mine)], axis=1
    )
    got = np.zeros_like(expected)
    for row, (m, t) in enumerate(boards):
        for index, value in eg.extra_inputs(m, t):
            got[row, index - eg.EXTRA_START] = value
    worst = np.abs(got - expected).max(axis=0)
    return {
        "boards": len(boards),
        "largest difference": float(worst.max()),
        "worst input": int(worst.argmax()),
    }


# The extended evaluate_many: the game's `evaluator.evaluate_many`, the 28 numerators added to its features.
_FACTS: dict[tuple[int, ...], eg.SideFacts] = {}
EXTENDED_SCALES = FEATURE_SCALES + tuple(0.0 for _ in range(eg.EXTRA_COUNT))


def _facts(side: tuple[int, ...]) -> eg.SideFacts:
    found = _FACTS.get(side)
    if found is None:
        if len(_FACTS) >= 10_000:
            _FACTS.clear()
        found = _FACTS[side] = eg.side_facts(side)
    return found


def _value(k: int, count: int) -> float:
    if k < 12:
        return count / FEATURE_SCALES[k]
    return eg.extra_value((k - 12) % eg.PER_SIDE, count)


def _index(k: int) -> int:
    return FEATURES_START + k if k < 12 else eg.EXTRA_START + k - 12


class ExtendedSums(ev._Sums):
    """The game's `_Sums` with the 28 numerators after its 12 features. An input linear in its numerator
    (all but the squares and the forward anchor) adds its numerator times the row of a numerator of 1, a
    whole number of grid steps: exact, whatever the order, with no row to make for a new value."""

    def __init__(self, net: Network) -> None:
        super().__init__(net)
        self.units = [
            net.row(eg.EXTRA_START + k, 1.0 / eg.EXTRA_SCALES[k % eg.PER_SIDE])
            if k % eg.PER_SIDE in LINEAR
            else 0
            for k in range(eg.EXTRA_COUNT)
        ]

    def extra_sums(self, counts: Sequence[int]) -> int:
        """The extra inputs' contribution to the hidden sums from nothing (the same grid as the deltas)."""
        total = 0
        row = self.net.row
        for k, count in enumerate(counts):
            unit = self.units[k]
            if unit:
                if count:
                    total += count * unit
            else:
                value = eg.extra_value(k % eg.PER_SIDE, count)
                if value:
                    total += row(eg.EXTRA_START + k, value)
        return total

    def sums_for(self, mine: tuple[int, ...], theirs: tuple[int, ...], features: tuple[int, ...]) -> int:
        if self.board is None:
            sums = self.net.hidden_sums(active_inputs(mine, theirs)) + self.extra_sums(features[12:])
        else:
            base_mine, base_theirs, base_features = self.board
            deltas = self.deltas
            rows = []
            for block, side, base in ((0, mine, base_mine), (SIDE_BLOCK, theirs, base_theirs)):
                if side == base:
                    continue
                for slot, (new, old) in enumerate(zip(side, base, strict=True)):
                    if new != old:
                        key = ((block + slot) * 16 + old) * 16 + new
                        row = deltas.get(key)
                        if row is None:
                            row = self._delta(
                                key, slot_inputs(block, slot, old), slot_inputs(block, slot, new)
                            )
                        rows.append(row)
                new, old = 15 - sum(side), 15 - sum(base)
                if new != old:
                    key = ((block + 25) * 16 + old) * 16 + new
                    row = deltas.get(key)
                    if row is None:
                        row = self._delta(key, slot_inputs(block, 25, old), slot_inputs(block, 25, new))
                    rows.append(row)
            units = self.units
            for k, (new, old) in enumerate(zip(features, base_features, strict=True)):
                if new != old:
                    if k >= 12 and units[k - 12]:
                        rows.append((new - old) * units[k - 12])
                        continue
                    key = -((k * 65536 + old + 2) * 65536 + new + 2) - 1
                    row = deltas.get(key)
                    if row is None:
                        index = _index(k)
                        before, after = _value(k, old), _value(k, new)
                        row = self._delta(
                            key, [(index, before)] if before else [], [(index, after)] if after else []
                        )
                    rows.append(row)
            sums = sum(rows, self.sums)
        self.board = (mine, theirs, features)
        self.sums = sums
        return sums


LINEAR = {0, 1, 2, 3, 5, 7, 9, 10, 11, 12, 13}


_EXTENDED: dict[bool, ev._Sums] = {}


def evaluate_many_extended(boards: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[ev.Probabilities]:
    """`evaluator.evaluate_many` with the contact net's 28 more inputs (the race net as it is)."""
    results: list[ev.Probabilities] = []
    seen = ev._SEEN
    for board_mine, board_theirs in boards:
        mine, theirs = tuple(board_mine), tuple(board_theirs)
        key = (mine, theirs)
        probs = seen.get(key)
        if probs is None:
            if not any(mine) or not any(theirs):
                probs = ev.evaluate(mine, theirs)
            else:
                my_summary, their_summary = ev._summary(mine), ev._summary(theirs)
                race = my_summary[0].bit_length() + their_summary[0].bit_length() <= 27
                exact = ev.exact_race_probabilities(mine, theirs) if race else None
                if exact is not None:
                    probs = ev.Probabilities(*exact)
                else:
                    counts = ev.feature_counts(my_summary, their_summary)
                    if race:
                        state = ev._sums_of(True)
                    else:
                        my_facts, their_facts = _facts(mine), _facts(theirs)
                        counts += tuple(
                            eg.half_counts(mine, theirs, my_facts, their_facts)
                            + eg.half_counts(theirs, mine, their_facts, my_facts)
                        )
                        state = _EXTENDED[False]
                    sums = state.sums_for(mine, theirs, counts)
                    probs = ev._clean(state.net.outputs_from_sums(sums), mine, theirs, race)
            if len(seen) >= ev._SEEN_LIMIT:
                seen.clear()
            seen[key] = probs
        results.append(probs)
    return results


def evaluate_many_after_play_extended(
    boards: Sequence[tuple[Sequence[int], Sequence[int]]],
) -> list[ev.Probabilities]:
    swapped = [(theirs, mine) for mine, theirs in boards]
    return [
        ev.game_over_value(mine, theirs) if not any(mine) else probs.flipped()
        for (mine, theirs), probs in zip(boards, evaluate_many_extended(swapped), strict=True)
    ]


_DICE: list[tuple[int, int]] = []


def count_evaluations(function):  # type: ignore[no-untyped-def]
    calls = [0]

    def counted(boards):  # type: ignore[no-untyped-def]
        calls[0] += len(boards)
        return function(boards)

    return counted, calls


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("choices", type=Path)
    parser.add_argument("--rolls", type=int, default=300)
    parser.add_argument("--check", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--expert", type=int, default=0, help="rolls the expert chooses a play for")
    parser.add_argument("--net", type=Path)
    args = parser.parse_args()
    groups, positions = boards_of(args.choices, max(args.rolls, args.expert))
    if args.check:
        print(json.dumps({"check": check(groups, args.check)}), flush=True)
    groups = groups[: args.rolls]
    contact = [b for group in groups for b in group if not is_race(*b) and any(b[0]) and any(b[1])]
    swapped = [(t, m) for m, t in contact]  # the side on roll first, as `evaluate` takes them
    base = shipped_networks()["contact"]
    extended = extended_net(args.net)
    _EXTENDED[False] = ExtendedSums(extended)

    def fresh_base() -> None:
        for m, t in swapped:
            base.evaluate(active_inputs(m, t))

    extended_sums = _EXTENDED[False]

    def fresh_extended() -> None:
        for m, t in swapped:
            sums = extended.hidden_sums(active_inputs(m, t)) + extended_sums.extra_sums(eg.extra_counts(m, t))
            extended.outputs_from_sums(sums)

    def extras_only() -> None:
        for m, t in swapped:
            eg.extra_counts(m, t)

    def shots_only() -> None:
        for m, t in swapped:
            eg.shots(m, t)
            eg.shots(t, m)

    def siblings_base() -> None:
        ev.forget_boards()
        for group in groups:
            ev.evaluate_many_after_play(group)

    def siblings_extended() -> None:
        ev.forget_boards()
        for group in groups:
            evaluate_many_after_play_extended(group)

    evaluations = sum(len(group) for group in groups)
    timings: dict[str, list[float]] = {}
    cases = [
        ("fresh, game's encoding", fresh_base, len(swapped)),
        ("fresh, extended", fresh_extended, len(swapped)),
        ("the 28 numerators alone", extras_only, len(swapped)),
        ("the shots alone (both sides)", shots_only, len(swapped)),
        ("siblings, game's evaluate_many", siblings_base, evaluations),
        ("siblings, extended", siblings_extended, evaluations),
    ]
    for case in cases:  # warm the caches of rows once
        case[1]()
    for _ in range(args.rounds):
        for name, function, count in cases:
            began = time.process_time()
            function()
            timings.setdefault(name, []).append((time.process_time() - began) / count * 1e6)
    for name, _, count in cases:
        best = min(timings[name])
        print(
            json.dumps(
                {
                    "case": name,
                    "boards": count,
                    "us_each_best": round(best, 1),
                    "us_each_all": [round(t, 1) for t in timings[name]],
                }
            ),
            flush=True,
        )
    if args.expert:
        run_expert(positions[: args.expert])


def run_expert(positions: list[Board]) -> None:
    """The game's expert (choose_play at the expert level) on each roll's position, base and extended."""
    from backgammon.bot.levels import EXPERT
    from backgammon.position import Position

    data_dice = _DICE
    game_many, game_after = player.evaluate_many, player.evaluate_many_after_play
    results: dict[str, list[float]] = {"game": [], "extended": []}
    calls_of: dict[str, list[int]] = {"game": [], "extended": []}
    for r, (mine, theirs) in enumerate(positions):
        for name in ("game", "extended") if r % 2 == 0 else ("extended", "game"):
            if name == "game":
                many, after = game_many, game_after
            else:
                many, after = evaluate_many_extended, evaluate_many_after_play_extended
            counted_many, calls_many = count_evaluations(many)
            counted_after, calls_after = count_evaluations(after)
            player.evaluate_many, player.evaluate_many_after_play = counted_many, counted_after
            ev.forget_boards()
            position = Position(mine, theirs)
            began = time.process_time()
            player.choose_play(position, data_dice[r], level=EXPERT)
            results[name].append(time.process_time() - began)
            calls_of[name].append(calls_many[0] + calls_after[0])
    player.evaluate_many, player.evaluate_many_after_play = game_many, game_after
    for name, times in results.items():
        times.sort()
        print(
            json.dumps(
                {
                    "expert": name,
                    "rolls": len(times),
                    "median_ms": round(1000 * statistics.median(times), 1),
                    "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
                    "mean_ms": round(1000 * statistics.fmean(times), 1),
                    "evaluations_median": statistics.median(calls_of[name]),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
