"""Cubeless game-winning chances of a board: the neural nets plus the exact facts they may miss.

Boards are pairs of 25-int tuples in the core layout (`Position.mine`, `Position.theirs`), `mine` on roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from backgammon.bot.bearoff import race_probabilities_if_known
from backgammon.bot.encoding import active_inputs
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
        exact = race_probabilities_if_known(mine, theirs)
        if exact is not None:
            return Probabilities(*exact)
    raw = network_for(race).evaluate(active_inputs(mine, theirs))
    return _clean(raw, mine, theirs, race)


def evaluate_many(boards: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[Probabilities]:
    """`evaluate` for many boards (side on roll first in each pair), faster when they are alike.

    The hidden-layer sums of the first board each network sees are kept, and every later board only
    adds the rows of the inputs that differ: sibling positions differ in a handful of inputs.
    """
    results: list[Probabilities] = []
    bases: dict[bool, tuple[dict[int, float], list[float]]] = {}
    for mine, theirs in boards:
        if not any(mine) or not any(theirs):
            results.append(evaluate(mine, theirs))
            continue
        race = is_race(mine, theirs)
        if race:
            exact = race_probabilities_if_known(mine, theirs)
            if exact is not None:
                results.append(Probabilities(*exact))
                continue
        net = network_for(race)
        active = dict(active_inputs(mine, theirs))
        base = bases.get(race)
        if base is None:
            sums = net.hidden_sums(active.items())
            bases[race] = (active, sums)
        else:
            base_active, sums = base
            for index, value in active.items():
                delta = value - base_active.get(index, 0.0)
                if delta:
                    sums = net.adjust(sums, index, delta)
            for index, value in base_active.items():
                if index not in active:
                    sums = net.adjust(sums, index, -value)
        results.append(_clean(net.outputs_from_sums(sums), mine, theirs, race))
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
