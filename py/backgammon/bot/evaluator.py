"""Cubeless game-winning chances of a board: the neural nets plus the exact facts they may miss (certain race
results, and the one-sided bear-off database once both sides are bearing off: `bearoff`, `bearoff_db`).

Boards are pairs of 25-int tuples in the core layout (`Position.mine`, `Position.theirs`), `mine` on roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from backgammon.bot.bearoff import exact_race_probabilities
from backgammon.bot.encoding import (
    FEATURE_SCALES,
    FEATURES_START,
    SIDE_BLOCK,
    active_inputs,
    feature_counts,
    side_summary,
    slot_inputs,
)
from backgammon.bot.network import Network, shipped_networks
from backgammon.bot.pubeval import is_race


@dataclass(frozen=True, slots=True)
class Probabilities:
    """Chances for one side: winning at all, winning a gammon (or better), a backgammon; the same for losing.

    >>> Probabilities(0.6, 0.2, 0.01, 0.1, 0.0).equity
    0.31
    """

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    @property
    def lose(self) -> float:
        return 1.0 - self.win

    @property
    def equity(self) -> float:
        """Cubeless money equity in points per game (1 = a sure single game)."""
        return round(
            2.0 * self.win
            - 1.0
            + self.win_gammon
            - self.lose_gammon
            + self.win_backgammon
            - self.lose_backgammon,
            12,
        )

    def flipped(self) -> Probabilities:
        """The same chances seen by the other side."""
        return Probabilities(
            1.0 - self.win, self.lose_gammon, self.lose_backgammon, self.win_gammon, self.win_backgammon
        )

    def as_tuple(self) -> tuple[float, float, float, float, float]:
        return (self.win, self.win_gammon, self.win_backgammon, self.lose_gammon, self.lose_backgammon)

    def to_dict(self, digits: int = 4) -> dict[str, float]:
        """The five chances by name, rounded: what the worker's answers carry."""
        return {
            "win": round(self.win, digits),
            "win_gammon": round(self.win_gammon, digits),
            "win_backgammon": round(self.win_backgammon, digits),
            "lose_gammon": round(self.lose_gammon, digits),
            "lose_backgammon": round(self.lose_backgammon, digits),
        }


def _clean(raw: Sequence[float], mine: Sequence[int], theirs: Sequence[int], race: bool) -> Probabilities:
    """Keep the outputs consistent (backgammons within gammons within games) and exact where known."""
    win = min(max(raw[0], 0.0), 1.0)
    win_gammon = min(raw[1], win)
    win_backgammon = min(raw[2], win_gammon)
    lose_gammon = min(raw[3], 1.0 - win)
    lose_backgammon = min(raw[4], lose_gammon)
    if sum(theirs) < 15:  # they have borne a checker off: no gammon for us
        win_gammon = win_backgammon = 0.0
    if sum(mine) < 15:
        lose_gammon = lose_backgammon = 0.0
    if race:
        # In a race nobody is sent back: a backgammon needs a checker still in the winner's home.
        if not any(theirs[18:25]):
            win_backgammon = 0.0
        if not any(mine[18:25]):
            lose_backgammon = 0.0
    return Probabilities(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)


def game_over_value(winner: Sequence[int], loser: Sequence[int]) -> Probabilities:
    """The chances, for the winner, of a finished game (the winner has no checker left)."""
    gammon = sum(loser) == 15
    backgammon = gammon and any(loser[18:25])
    return Probabilities(1.0, float(gammon), float(backgammon), 0.0, 0.0)


def network_for(race: bool) -> Network:
    return shipped_networks()["race" if race else "contact"]


def evaluate(mine: Sequence[int], theirs: Sequence[int]) -> Probabilities:
    """Chances for the side on roll (`mine`), before it rolls."""
    if not any(mine):
        return game_over_value(mine, theirs)
    if not any(theirs):
        return game_over_value(theirs, mine).flipped()
    race = is_race(mine, theirs)
    if race:
        exact = exact_race_probabilities(mine, theirs)
        if exact is not None:
            return Probabilities(*exact)
    raw = network_for(race).evaluate(active_inputs(mine, theirs))
    return _clean(raw, mine, theirs, race)


# Chances of boards already evaluated, by (mine, theirs): the look-ahead meets the same board again from
# other rolls and other candidate plays. The network's sums are exact (see `Network`), so a remembered
# board has the very numbers a new evaluation would give.
_SEEN: dict[tuple[tuple[int, ...], tuple[int, ...]], Probabilities] = {}
_SEEN_LIMIT = 10_000
Summary = tuple[int, int, tuple[int, ...], int, int]
_SUMMARIES: dict[tuple[int, ...], Summary] = {}
_SUMMARIES_LIMIT = 10_000
_DELTA_LIMIT = 3_000


def _summary(side: tuple[int, ...]) -> Summary:
    found = _SUMMARIES.get(side)
    if found is None:
        if len(_SUMMARIES) >= _SUMMARIES_LIMIT:
            _SUMMARIES.clear()
        found = _SUMMARIES[side] = side_summary(side)
    return found


class _Sums:
    """One network's hidden sums of the last board it saw (packed, see `Network`), and what changes them: rows
    for a slot's change of count (`slot_inputs`) and for a feature's change of value, each the difference of
    two sums of rows."""

    def __init__(self, net: Network) -> None:
        self.net = net
        self.deltas: dict[int, int] = {}
        self.board: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        self.sums = 0

    def _inputs_row(self, inputs: list[tuple[int, float]]) -> int:
        row = self.net.row
        return sum([row(index, value) for index, value in inputs])

    def _delta(self, key: int, old: list[tuple[int, float]], new: list[tuple[int, float]]) -> int:
        deltas = self.deltas
        if len(deltas) >= _DELTA_LIMIT:
            deltas.clear()
        row = deltas[key] = self._inputs_row(new) - self._inputs_row(old)
        return row

    def sums_for(self, mine: tuple[int, ...], theirs: tuple[int, ...], features: tuple[int, ...]) -> int:
        """The board's hidden sums, from the last board's; it becomes the board the next one starts from."""
        if self.board is None:
            sums = self.net.hidden_sums(active_inputs(mine, theirs))
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
            for k, (new, old) in enumerate(zip(features, base_features, strict=True)):
                if new != old:
                    key = -((k * 1024 + old) * 1024 + new) - 1
                    row = deltas.get(key)
                    if row is None:
                        scale = FEATURE_SCALES[k]
                        index = FEATURES_START + k
                        row = self._delta(
                            key,
                            [(index, old / scale)] if old else [],
                            [(index, new / scale)] if new else [],
                        )
                    rows.append(row)
            sums = sum(rows, self.sums)
        self.board = (mine, theirs, features)
        self.sums = sums
        return sums


@cache
def _sums_of(race: bool) -> _Sums:
    return _Sums(network_for(race))


def forget_boards() -> None:
    """Forget the remembered boards (the numbers stay the same; for benchmarks of one move)."""
    _SEEN.clear()


def clear_caches() -> None:
    """Forget remembered boards and everything made on the way (the numbers stay the same: for tests)."""
    _SEEN.clear()
    _SUMMARIES.clear()
    _sums_of.cache_clear()


def evaluate_many(boards: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[Probabilities]:
    """`evaluate` for many boards (side on roll first in each pair), faster when they are alike.

    Each board's hidden-layer sums start from those of the last board the same network saw, changed by the
    rows of the points and features that differ: sibling positions differ in a handful. Boards met before
    are remembered. The numbers are those of `evaluate`, to the last bit (the sums are exact).
    """
    results: list[Probabilities] = []
    seen = _SEEN
    for board_mine, board_theirs in boards:
        mine, theirs = tuple(board_mine), tuple(board_theirs)
        key = (mine, theirs)
        probs = seen.get(key)
        if probs is None:
            if not any(mine) or not any(theirs):
                probs = evaluate(mine, theirs)
            else:
                my_summary, their_summary = _summary(mine), _summary(theirs)
                race = my_summary[0].bit_length() + their_summary[0].bit_length() <= 27  # `is_race`
                exact = exact_race_probabilities(mine, theirs) if race else None
                if exact is not None:
                    probs = Probabilities(*exact)
                else:
                    state = _sums_of(race)
                    sums = state.sums_for(mine, theirs, feature_counts(my_summary, their_summary))
                    probs = _clean(state.net.outputs_from_sums(sums), mine, theirs, race)
            if len(seen) >= _SEEN_LIMIT:
                seen.clear()
            seen[key] = probs
        results.append(probs)
    return results


def evaluate_after_play(mine: Sequence[int], theirs: Sequence[int]) -> Probabilities:
    """Chances for the side that has just played to reach (`mine`, `theirs`); the other side rolls next."""
    if not any(mine):
        return game_over_value(mine, theirs)
    return evaluate(theirs, mine).flipped()


def evaluate_many_after_play(boards: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[Probabilities]:
    """`evaluate_after_play` for many results of one roll."""
    swapped = [(theirs, mine) for mine, theirs in boards]
    return [
        game_over_value(mine, theirs) if not any(mine) else probs.flipped()
        for (mine, theirs), probs in zip(boards, evaluate_many(swapped), strict=True)
    ]
