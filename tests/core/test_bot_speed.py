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
    ("4HPwoQBKj/AAWA", (5, 1), True, "bar/20 3/2", -0.225541633161, -0.22984286687, (0.4142102704557092, 0.11995472377074601, 0.004284375678988108, 0.16772402519828603, 0.012265726946018492)),  # noqa: E501
    ("6onkAFiiT/BJAA", (1, 5), True, "17/16* 13/8", 0.661794128491, 0.649163042071, (0.6985069151568486, 0.3233891594535852, 0.051488169856048475, 0.07679852285320556, 0.0038129756879077886)),  # noqa: E501
    ("Ys/ggQLqQTKCWA", (1, 1), False, "bar/23* 24/23 3/2", 0.5972946340469562, 0.596527458439586, (0.26014536795524923, 0.05809166503699795, 0.0026111757338111038, 0.393545682242529, 0.06879415903705208)),  # noqa: E501
    ("tYkGgRlhZ/BgQA", (1, 3), True, "bar/24* 13/10*", 0.648768836482, 0.384066298021, (0.6831129632712949, 0.2880677878145271, 0.02485026995333242, 0.08929891331285132, 0.003068725046656696)),  # noqa: E501
    ("cAc8mBHsiRCGUQ", (1, 2), True, "bar/24 4/2*", -0.541604573208, -0.605654583811, (0.3539261055533602, 0.10035328609879532, 0.003904780164786764, 0.24682675612468297, 0.01832091164345126)),  # noqa: E501
    ("2QchhDFwR7hoAg", (3, 2), False, "14/12*/9", 0.7385611038249174, 0.7304612855933166, (0.7884226124148359, 0.3693178423142623, 0.04338489625003391, 0.05162634927889606, 0.002085672818330134)),  # noqa: E501
    ("uQ8IQDxeNg2hAA", (4, 1), True, "8/4*/3", 1.384533657716, 1.182159224115, (0.8273205060454764, 0.46666437513198145, 0.07896781033485645, 0.028399331920585007, 0.000609993065721413)),  # noqa: E501
]  # fmt: skip
LOOKAHEAD = (0.4255530520416135, 0.12612692977733558, 0.003350730601393874, 0.15750562908389976, 0.011443648609595096)  # fmt: skip  # noqa: E501


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
