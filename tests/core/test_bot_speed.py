"""The evaluator's fast paths give the numbers and the plays of the plain computation.

Pinned figures come from the evaluator before the speed work (commit 788fc65: every board summed from
scratch or from the first board of its batch); speed changes may move them by rounding only (< 1e-9), never
change a chosen play.
"""

from __future__ import annotations

import math
import random

import pytest

from backgammon.bot.cube import MatchContext
from backgammon.bot.encoding import SIDE_BLOCK, active_inputs, slot_inputs
from backgammon.bot.evaluator import clear_caches, evaluate, evaluate_many, evaluate_many_after_play
from backgammon.bot.levels import EXPERT
from backgammon.bot.network import shipped_networks
from backgammon.bot.player import evaluate_position, rank_plays
from backgammon.movegen import legal_positions
from backgammon.position import Position

# (position id, dice, money?, best play, its value, the second play's value, 0-ply chances before the roll)
PINNED = [
    ("4HPwoQBKj/AAWA", (5, 1), True, "bar/20 6/5", -0.210460432792, -0.214687274495, (0.4299298299042935, 0.1257581570240747, 0.004624501603328634, 0.16572173990745828, 0.013507627792277844)),  # noqa: E501
    ("6onkAFiiT/BJAA", (1, 5), True, "17/16* 13/8", 0.638852141249, 0.635733200463, (0.6866218725151443, 0.3077989550333783, 0.04912757196607502, 0.08009272701608731, 0.0037904173722062757)),  # noqa: E501
    ("Ys/ggQLqQTKCWA", (1, 1), False, "bar/23*/22 4/3", 0.5974504136507749, 0.5968227935592194, (0.2591111993687592, 0.05514971173060775, 0.00216265717401304, 0.3800253065952987, 0.06188849295935583)),  # noqa: E501
    ("tYkGgRlhZ/BgQA", (1, 3), True, "bar/24* 13/10*", 0.680947826122, 0.422604511941, (0.6871590829518084, 0.30808901539098965, 0.022618657710075634, 0.08603025739277353, 0.0024612874117553142)),  # noqa: E501
    ("cAc8mBHsiRCGUQ", (1, 2), True, "bar/24 4/2*", -0.53995658831, -0.595173350604, (0.3621306559722198, 0.09988016833910918, 0.003812146759791607, 0.24539514470885665, 0.01832922679365327)),  # noqa: E501
    ("2QchhDFwR7hoAg", (3, 2), False, "14/12*/9", 0.7384402399881262, 0.7334757235813131, (0.7831248150959123, 0.36072357610203853, 0.035013893093549256, 0.0527430628724525, 0.0019756826707286058)),  # noqa: E501
    ("uQ8IQDxeNg2hAA", (4, 1), True, "8/4*/3", 1.394215009619, 1.146788600689, (0.8253766864003813, 0.48693033272418124, 0.07614595538407688, 0.02618155566127816, 0.0004763167971093482)),  # noqa: E501
]  # fmt: skip
LOOKAHEAD = (0.42617561311999724, 0.1293023460354783, 0.004046789597572886, 0.15010974444686365, 0.010189097234905097)  # fmt: skip  # noqa: E501


def random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    position = Position.start()
    while len(found) < count:
        found.append(position)
        after = rng.choice(legal_positions(position, (rng.randint(1, 6), rng.randint(1, 6))))
        position = after.swap() if any(after.mine) else Position.start()
    return found


@pytest.mark.parametrize(("position_id", "dice", "money", "play", "best", "second", "before"), PINNED)
def test_pinned_plays_and_figures(
    position_id: str,
    dice: tuple[int, int],
    money: bool,
    play: str,
    best: float,
    second: float,
    before: tuple[float, ...],
) -> None:
    clear_caches()
    position = Position.from_id(position_id)
    context = MatchContext() if money else MatchContext(away=3, opponent_away=5)
    ranked = rank_plays(position, dice, level=EXPERT, context=context)
    assert position.notation(ranked[0].play) == play
    assert ranked[0].value == pytest.approx(best, abs=1e-9)
    assert ranked[1].value == pytest.approx(second, abs=1e-9)
    assert evaluate(position.mine, position.theirs).as_tuple() == pytest.approx(before, abs=1e-9)


def test_pinned_look_ahead_before_the_roll() -> None:
    clear_caches()
    probs = evaluate_position(Position.from_id("4HPwoQBKj/AAWA"), lookahead=True)
    assert probs.as_tuple() == pytest.approx(LOOKAHEAD, abs=1e-9)


def test_a_board_gets_the_same_bits_whatever_was_evaluated_before() -> None:
    positions = random_positions(60, seed=8)
    boards = [(r.mine, r.theirs) for p in positions for r in legal_positions(p, (3, 1))]
    clear_caches()
    alone = []
    for board in boards:
        clear_caches()
        alone.append(evaluate(*board).as_tuple())
    clear_caches()
    in_order = [p.as_tuple() for p in evaluate_many(boards)]
    clear_caches()
    shuffled = list(range(len(boards)))
    random.Random(3).shuffle(shuffled)
    backwards = evaluate_many([boards[i] for i in shuffled])
    assert in_order == alone
    for i, probs in zip(shuffled, backwards, strict=True):
        assert probs.as_tuple() == alone[i]
    # Remembered boards and the after-play view agree too.
    again = evaluate_many_after_play([(t, m) for m, t in boards])
    assert [p.as_tuple() for p in again] == [evaluate(*board).flipped().as_tuple() for board in boards]


def test_hidden_sums_do_not_depend_on_the_order_of_the_inputs() -> None:
    for net in shipped_networks().values():
        for position in random_positions(40, seed=9):
            active = active_inputs(position.mine, position.theirs)
            assert net.hidden_sums(active) == net.hidden_sums(active[::-1])


def test_the_sigmoid_fast_path_is_the_plain_formula() -> None:
    net = shipped_networks()["contact"]
    rng = random.Random(4)
    for spread in (1.0, 10.0, 30.0, 400.0):
        sums = net.unpack(net.pack_sums([rng.gauss(0.0, spread) for _ in range(net.hidden_size)]))
        hidden = [1.0 / (1.0 + math.exp(-s)) if s > -40.0 else 0.0 for s in sums]
        expected = []
        for column, bias in zip(net.output_columns, net.output_bias, strict=True):
            z = bias + sum(h * w for h, w in zip(hidden, column, strict=True))
            expected.append(1.0 / (1.0 + math.exp(-z)) if z > -40.0 else 0.0)
        assert net.outputs_from_sums(net.pack_sums(sums)) == pytest.approx(expected, abs=1e-15)


def test_slot_inputs_are_the_point_units_of_the_encoding() -> None:
    for position in random_positions(80, seed=10):
        active = active_inputs(position.mine, position.theirs)
        units = [(i, v) for i, v in active if i < 2 * SIDE_BLOCK]
        expected = []
        for block, side in ((0, position.mine), (SIDE_BLOCK, position.theirs)):
            for slot in range(25):
                expected += slot_inputs(block, slot, side[slot])
            expected += slot_inputs(block, 25, 15 - sum(side))
        assert sorted(units) == sorted(expected)
