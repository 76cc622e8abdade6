"""The side on roll's best 0-ply play of one roll, as every look-ahead takes it (the expert's 1-ply, the
cube's and the analysis's one ply deeper, 2-ply).

In contact, the pruning net ranks all the roll's plays and the contact net judges its best
`PRUNED_REPLIES` (gnubg prunes its look-ahead the same way): the contact net's shot inputs cost about twice
an evaluation of the pruning net, and most of a look-ahead's evaluations are of replies no side would play.
"""

from __future__ import annotations

from backgammon.bot.cube import MatchContext
from backgammon.bot.evaluator import Probabilities, evaluate_many_after_play
from backgammon.bot.pubeval import is_race
from backgammon.movegen import legal_positions
from backgammon.position import Position

# How many of a roll's plays, best first by the pruning net, the contact net judges.
PRUNED_REPLIES = 2


def play_value(probs: Probabilities, context: MatchContext, cube_value: int = 1) -> float:
    """What cubeless chances are worth: money equity, or the chance of winning the match."""
    if context.is_money:
        return probs.equity
    payoff = context.payoff
    win, lose = probs.win, 1.0 - probs.win
    return (
        (win - probs.win_gammon) * payoff(cube_value)
        + (probs.win_gammon - probs.win_backgammon) * payoff(2 * cube_value)
        + probs.win_backgammon * payoff(3 * cube_value)
        + (lose - probs.lose_gammon) * payoff(-cube_value)
        + (probs.lose_gammon - probs.lose_backgammon) * payoff(-2 * cube_value)
        + probs.lose_backgammon * payoff(-3 * cube_value)
    )


def best_reply(
    position: Position, dice: tuple[int, int], context: MatchContext, cube_value: int
) -> tuple[Position, Probabilities, int]:
    """The board after the best play of `dice` for the side on roll of `position` (that side still "mine"),
    its chances for that side, and how many boards the roll has (what a look-ahead's budget counts)."""
    results = legal_positions(position, dice)
    count = len(results)
    if count > PRUNED_REPLIES and not is_race(position.mine, position.theirs):
        quick = evaluate_many_after_play([(r.mine, r.theirs) for r in results], pruning=True)
        ranked = sorted(range(count), key=lambda i: play_value(quick[i], context, cube_value), reverse=True)
        results = [results[i] for i in ranked[:PRUNED_REPLIES]]
    probs = evaluate_many_after_play([(r.mine, r.theirs) for r in results])
    best = max(range(len(results)), key=lambda i: play_value(probs[i], context, cube_value))
    return results[best], probs[best], count
