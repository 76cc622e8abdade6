"""Cubeless game-winning chances of a board: the neural nets plus the exact facts they may miss (certain race
results, and the one-sided bear-off database once both sides are bearing off: `bearoff`, `bearoff_db`).

Three nets are shipped: the race net, the contact net (with gnubg's shot and containment inputs after the
208 of `encoding`: `gnubg_inputs`), and a smaller-input contact net that prunes the look-ahead's replies
(`pruning=True`: it picks which replies of a roll the contact net judges, as gnubg's pruning nets do).

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
from backgammon.bot.gnubg_inputs import (
    EXTENDED_INPUT_COUNT,
    EXTRA_COUNT,
    EXTRA_SCALES,
    EXTRA_START,
    LINEAR,
    PER_SIDE,
    SideFacts,
    extra_value,
    half_counts,
    side_facts,
)
from backgammon.bot.network import Network, shipped_networks
from backgammon.bot.pubeval import is_race

FEATURE_COUNT = len(FEATURE_SCALES)  # `encoding`'s hand-made inputs; gnubg's come after them


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


def network_for(race: bool, pruning: bool = False) -> Network:
    """The net for a board: the race net, else the contact net (or the pruning net, where one is shipped)."""
    nets = shipped_networks()
    if race:
        return nets["race"]
    if pruning and "prune" in nets:
        return nets["prune"]
    return nets["contact"]


def takes_extras(net: Network) -> bool:
    """Whether `net` takes gnubg's 28 inputs after `encoding`'s."""
    return len(net.input_rows) == EXTENDED_INPUT_COUNT


def evaluate(mine: Sequence[int], theirs: Sequence[int], *, pruning: bool = False) -> Probabilities:
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
    mine, theirs = tuple(mine), tuple(theirs)
    state = _sums_of(race, pruning)
    sums = state.fresh(mine, theirs, _features(state.net, mine, theirs))
    return _clean(state.net.outputs_from_sums(sums), mine, theirs, race)


# Chances of boards already evaluated, by (mine, theirs): the look-ahead meets the same board again from
# other rolls and other candidate plays. The network's sums are exact (see `Network`), so a remembered
# board has the very numbers a new evaluation would give.
_SEEN: dict[tuple[tuple[int, ...], tuple[int, ...]], Probabilities] = {}
_SEEN_PRUNING: dict[tuple[tuple[int, ...], tuple[int, ...]], Probabilities] = {}
_SEEN_LIMIT = 10_000
Summary = tuple[int, int, tuple[int, ...], int, int]
_SUMMARIES: dict[tuple[int, ...], Summary] = {}
_SUMMARIES_LIMIT = 10_000
_FACTS: dict[tuple[int, ...], SideFacts] = {}
_DELTA_LIMIT = 3_000


def _summary(side: tuple[int, ...]) -> Summary:
    found = _SUMMARIES.get(side)
    if found is None:
        if len(_SUMMARIES) >= _SUMMARIES_LIMIT:
            _SUMMARIES.clear()
        found = _SUMMARIES[side] = side_summary(side)
    return found


def _facts(side: tuple[int, ...]) -> SideFacts:
    found = _FACTS.get(side)
    if found is None:
        if len(_FACTS) >= _SUMMARIES_LIMIT:
            _FACTS.clear()
        found = _FACTS[side] = side_facts(side)
    return found


def _extra_counts(mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[int, ...]:
    """gnubg's 28 numerators (`gnubg_inputs`), the side on roll's first."""
    my_facts, their_facts = _facts(mine), _facts(theirs)
    return tuple(
        half_counts(mine, theirs, my_facts, their_facts) + half_counts(theirs, mine, their_facts, my_facts)
    )


def _features(net: Network, mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[int, ...]:
    """The numerators of the hand-made inputs `net` takes: `encoding`'s 12, then gnubg's 28 if it does."""
    counts = feature_counts(_summary(mine), _summary(theirs))
    return counts + _extra_counts(mine, theirs) if takes_extras(net) else counts


def _feature_value(k: int, count: int) -> float:
    if k < FEATURE_COUNT:
        return count / FEATURE_SCALES[k]
    return extra_value((k - FEATURE_COUNT) % PER_SIDE, count)


def _feature_index(k: int) -> int:
    return FEATURES_START + k if k < FEATURE_COUNT else EXTRA_START + k - FEATURE_COUNT


class _Sums:
    """One network's hidden sums of the last board it saw (packed, see `Network`), and what changes them: rows
    for a slot's change of count (`slot_inputs`) and for a feature's change of value, each the difference of
    two sums of rows. A feature linear in its numerator (all of gnubg's but the squares and the forward
    anchor) adds its numerator times the row of a numerator of 1 (`units`), from nothing as in a change:
    whole grid steps either way, so a board's sums do not depend on the path to it."""

    def __init__(self, net: Network) -> None:
        self.net = net
        self.deltas: dict[int, int] = {}
        self.board: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        self.sums = 0
        self.units = (
            [
                net.row(EXTRA_START + k, 1.0 / EXTRA_SCALES[k % PER_SIDE]) if k % PER_SIDE in LINEAR else 0
                for k in range(EXTRA_COUNT)
            ]
            if takes_extras(net)
            else []
        )

    def _inputs_row(self, inputs: list[tuple[int, float]]) -> int:
        row = self.net.row
        return sum([row(index, value) for index, value in inputs])

    def _delta(self, key: int, old: list[tuple[int, float]], new: list[tuple[int, float]]) -> int:
        deltas = self.deltas
        if len(deltas) >= _DELTA_LIMIT:
            deltas.clear()
        row = deltas[key] = self._inputs_row(new) - self._inputs_row(old)
        return row

    def fresh(self, mine: tuple[int, ...], theirs: tuple[int, ...], features: tuple[int, ...]) -> int:
        """The board's hidden sums made from nothing (the last board is left as it was)."""
        sums = self.net.hidden_sums(active_inputs(mine, theirs))
        row = self.net.row
        for k, count in enumerate(features[FEATURE_COUNT:]):
            unit = self.units[k]
            if unit:
                sums += count * unit
            else:
                value = extra_value(k % PER_SIDE, count)
                if value:
                    sums += row(EXTRA_START + k, value)
        return sums

    def sums_for(self, mine: tuple[int, ...], theirs: tuple[int, ...], features: tuple[int, ...]) -> int:
        """The board's hidden sums, from the last board's; it becomes the board the next one starts from."""
        if self.board is None:
            sums = self.fresh(mine, theirs, features)
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
                    if k >= FEATURE_COUNT and units[k - FEATURE_COUNT]:
                        rows.append((new - old) * units[k - FEATURE_COUNT])
                        continue
                    # the other numerators stay below 1024 (pips at most 375, the squares' 36, anchors 24)
                    key = -((k * 1024 + old) * 1024 + new) - 1
                    row = deltas.get(key)
                    if row is None:
                        index = _feature_index(k)
                        before, after = _feature_value(k, old), _feature_value(k, new)
                        row = self._delta(
                            key, [(index, before)] if before else [], [(index, after)] if after else []
                        )
                    rows.append(row)
            sums = sum(rows, self.sums)
        self.board = (mine, theirs, features)
        self.sums = sums
        return sums


@cache
def _sums_of(race: bool, pruning: bool = False) -> _Sums:
    return _Sums(network_for(race, pruning))


def forget_boards() -> None:
    """Forget the remembered boards (the numbers stay the same; for benchmarks of one move)."""
    _SEEN.clear()
    _SEEN_PRUNING.clear()


def clear_caches() -> None:
    """Forget remembered boards and everything made on the way (the numbers stay the same: for tests)."""
    forget_boards()
    _SUMMARIES.clear()
    _FACTS.clear()
    _sums_of.cache_clear()


def evaluate_many(
    boards: Sequence[tuple[Sequence[int], Sequence[int]]], *, pruning: bool = False
) -> list[Probabilities]:
    """`evaluate` for many boards (side on roll first in each pair), faster when they are alike.

    Each board's hidden-layer sums start from those of the last board the same network saw, changed by the
    rows of the points and features that differ: sibling positions differ in a handful. Boards met before
    are remembered. The numbers are those of `evaluate`, to the last bit (the sums are exact).
    """
    results: list[Probabilities] = []
    seen = _SEEN_PRUNING if pruning else _SEEN
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
                    state = _sums_of(race, pruning)
                    features = feature_counts(my_summary, their_summary)
                    if state.units:
                        features += _extra_counts(mine, theirs)
                    sums = state.sums_for(mine, theirs, features)
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


def evaluate_many_after_play(
    boards: Sequence[tuple[Sequence[int], Sequence[int]]], *, pruning: bool = False
) -> list[Probabilities]:
    """`evaluate_after_play` for many results of one roll (`pruning`: by the pruning net, see the module)."""
    swapped = [(theirs, mine) for mine, theirs in boards]
    return [
        game_over_value(mine, theirs) if not any(mine) else probs.flipped()
        for (mine, theirs), probs in zip(boards, evaluate_many(swapped, pruning=pruning), strict=True)
    ]
