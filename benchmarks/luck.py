"""What the dice gave each side in a game, for luck-adjusted results (variance reduction).

A roll's luck is the value of the best play of the roll thrown less the average, over every roll that
could have been thrown, of the value of that roll's best play: all judged by our evaluator at 0-ply, the
best play by cubeless money equity, its value both as equity and as the chance of winning. Its mean over
the dice is zero whatever the evaluator, so a game's points (or its win, 1 or 0) less the luck of the
player's rolls plus the luck of the opponent's have the same expectation as the raw ones and much less
spread: the better the evaluator, the more of the dice's noise comes out.
"""

from __future__ import annotations

from dataclasses import dataclass

from backgammon import Position, legal_positions
from backgammon.bot.evaluator import Probabilities, evaluate_many_after_play
from backgammon.bot.player import ROLLS

# The game's first roll is never a double (both players throw one die each until they differ).
OPENING_ROLLS = tuple((dice, weight) for dice, weight in ROLLS if dice[0] != dice[1])


@dataclass(frozen=True)
class Luck:
    """What rolls gave a side: in equity (points a game) and in its chance of winning."""

    equity: float = 0.0
    win: float = 0.0

    def __add__(self, other: Luck) -> Luck:
        return Luck(self.equity + other.equity, self.win + other.win)

    def __neg__(self) -> Luck:
        return Luck(-self.equity, -self.win)


def best_play_chances(position: Position, dice: tuple[int, int]) -> Probabilities:
    """The chances, for the side on roll, after its best 0-ply play of `dice`."""
    results = legal_positions(position, dice)
    chances = evaluate_many_after_play([(r.mine, r.theirs) for r in results])
    return max(chances, key=lambda p: p.equity)


def roll_luck(position: Position, dice: tuple[int, int], *, opening: bool = False) -> Luck:
    """The luck of throwing `dice` in `position`, for the side on roll; `opening`: the game's first roll."""
    rolls = OPENING_ROLLS if opening else ROLLS
    thrown_roll = (min(dice), max(dice))
    thrown = Probabilities(0.0, 0.0, 0.0, 0.0, 0.0)
    equity = win = 0.0
    weights = 0
    for roll, weight in rolls:
        chances = best_play_chances(position, roll)
        equity += chances.equity * weight
        win += chances.win * weight
        weights += weight
        if roll == thrown_roll:
            thrown = chances
    return Luck(thrown.equity - equity / weights, thrown.win - win / weights)
