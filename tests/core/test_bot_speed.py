"""The evaluator's fast paths give the numbers and the plays of the plain computation.

Pinned figures come from the evaluator before the speed work (commit 788fc65: every board summed from
scratch or from the first board of its batch); speed changes may move them by rounding only (< 1e-9), never
change a chosen play.
"""

from __future__ import annotations

import math
import random
import sys

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
    ("4HPwoQBKj/AAWA", (5, 1), True, "bar/20 6/5", -0.20529530753, -0.211350083664, (0.4287604133647111, 0.1254469101111775, 0.004634796990055995, 0.16887740566759818, 0.013765295540010786)),  # noqa: E501
    ("6onkAFiiT/BJAA", (1, 5), True, "13/8 6/5", 0.639309649878, 0.627834604735, (0.6851013710948475, 0.30849993708552503, 0.048574407867501154, 0.08364409120380155, 0.0037445063019394694)),  # noqa: E501
    ("Ys/ggQLqQTKCWA", (1, 1), False, "bar/23* 24/23 4/3", 0.5968412502341433, 0.5963869326155257, (0.2587208238744729, 0.05493721206677758, 0.0022050437031008027, 0.3830663448454595, 0.06367276742760569)),  # noqa: E501
    ("tYkGgRlhZ/BgQA", (1, 3), True, "bar/24* 13/10*", 0.651796462042, 0.40555880572, (0.6847196007424002, 0.30543420200063187, 0.02323516581740699, 0.08668737273500297, 0.002466970967598074)),  # noqa: E501
    ("cAc8mBHsiRCGUQ", (1, 2), True, "bar/24 4/2*", -0.542509715203, -0.584544064689, (0.35945768185431204, 0.1017318522097071, 0.0038407626566003, 0.24506365722293275, 0.01865096500457393)),  # noqa: E501
    ("2QchhDFwR7hoAg", (3, 2), False, "14/12*/9", 0.7388352450896974, 0.7332192351380991, (0.7897937034223079, 0.3606145391190038, 0.03352620080345581, 0.05085665705933473, 0.0018373260830099407)),  # noqa: E501
    ("uQ8IQDxeNg2hAA", (4, 1), True, "8/4*/3", 1.388544543419, 1.138656725332, (0.8242300551375155, 0.4839860041178713, 0.07724478103115516, 0.025761852240571252, 0.0004564821202397957)),  # noqa: E501
]  # fmt: skip
LOOKAHEAD = (0.4283680301304737, 0.1278202876676972, 0.003896434507274253, 0.14835394018932455, 0.009857327132102063)  # fmt: skip  # noqa: E501


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


# CPython only: some 1,200 boards evaluated four ways (9 s inside Pyodide), the same arithmetic again; the
# figures themselves are checked inside Pyodide by the pinned tests above.
@pytest.mark.skipif(sys.platform == "emscripten", reason="the same evaluations many times: on CPython only")
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
