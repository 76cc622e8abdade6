"""What the dice gave each side in a game, for luck-adjusted results (variance reduction).

A roll's luck is the equity of the best play of the roll thrown less the average, over every roll that
could have been thrown, of the equity of that roll's best play: all judged by our evaluator at 0-ply
(cubeless money equity). Its mean over the dice is zero whatever the evaluator, so a game's points less the
luck of the player's rolls plus the luck of the opponent's have the same expectation as the points
themselves, and much less spread: the better the evaluator, the more of the dice's noise comes out.
"""

from __future__ import annotations

from backgammon import Position, legal_positions
from backgammon.bot.evaluator import evaluate_many_after_play
from backgammon.bot.player import ROLLS

# The game's first roll is never a double (both players throw one die each until they differ).
OPENING_ROLLS = tuple((dice, weight) for dice, weight in ROLLS if dice[0] != dice[1])


def best_equity(position: Position, dice: tuple[int, int]) -> float:
    """The equity for the side on roll of its best play of `dice`, by 0-ply."""
    results = legal_positions(position, dice)
    return max(p.equity for p in evaluate_many_after_play([(r.mine, r.theirs) for r in results]))


def roll_luck(position: Position, dice: tuple[int, int], *, opening: bool = False) -> float:
    """The luck of throwing `dice` in `position`, for the side on roll; `opening`: the game's first roll."""
    rolls = OPENING_ROLLS if opening else ROLLS
    thrown = (min(dice), max(dice))
    total = 0.0
    weights = 0
    value = 0.0
    for roll, weight in rolls:
        equity = best_equity(position, roll)
        total += equity * weight
        weights += weight
        if roll == thrown:
            value = equity
    return value - total / weights
