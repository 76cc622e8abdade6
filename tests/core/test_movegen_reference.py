"""A plain reference for legal plays, written straight from the rules text, and board-building helpers.

Other test modules import `board`, `reference_results` and the Hypothesis strategies from here. The tests in
this file pin the reference itself on hand-counted cases, so a disagreement elsewhere points at the generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from hypothesis import strategies as st

from backgammon import Position, legal_positions
from backgammon.position import position_problem

Board = tuple[tuple[int, ...], tuple[int, ...]]


def board(mine: Mapping[int, int], theirs: Mapping[int, int] | None = None) -> Position:
    """A position from `{point: checkers}` maps, each side in its own numbering (25 = that side's bar)."""
    sides = []
    for points in (mine, theirs or {}):
        side = [0] * 25
        for point, count in points.items():
            side[point - 1] += count
        sides.append(side)
    return Position(sides[0], sides[1])


def reference_results(position: Position, dice: tuple[int, int]) -> set[Board]:
    """Every board a legal play can reach, by trying each die order on every checker (no shortcuts)."""
    die1, die2 = dice
    orders = [(die1,) * 4] if die1 == die2 else [(die1, die2), (die2, die1)]
    ends: list[tuple[int, int, Board]] = []  # (dice used, first die, board)

    def legal(mine: list[int], theirs: list[int], source: int, die: int) -> bool:
        if mine[source - 1] == 0:
            return False
        if mine[24] > 0 and source != 25:  # enter from the bar before anything else
            return False
        dest = source - die
        if dest >= 1:
            return theirs[25 - dest - 1] < 2  # our point p is their point 25 - p
        home = all(count == 0 for count in mine[6:])
        if not home:
            return False
        if dest == 0:
            return True
        return all(count == 0 for count in mine[source:6])  # larger die: nothing on a higher point

    def walk(mine: list[int], theirs: list[int], order: tuple[int, ...], used: int) -> None:
        moved = False
        if used < len(order):
            die = order[used]
            for source in range(1, 26):
                if legal(mine, theirs, source, die):
                    moved = True
                    new_mine, new_theirs = mine[:], theirs[:]
                    new_mine[source - 1] -= 1
                    dest = source - die
                    if dest >= 1:
                        new_mine[dest - 1] += 1
                        if new_theirs[25 - dest - 1] == 1:
                            new_theirs[25 - dest - 1] = 0
                            new_theirs[24] += 1
                    walk(new_mine, new_theirs, order, used + 1)
        if not moved:
            ends.append((used, order[0], (tuple(mine), tuple(theirs))))

    for order in orders:
        walk(list(position.mine), list(position.theirs), order, 0)
    most = max(used for used, _, _ in ends)
    if most == 0:
        return {(position.mine, position.theirs)}
    finals = [(first, result) for used, first, result in ends if used == most]
    if die1 != die2 and most == 1:
        larger = [(first, result) for first, result in finals if first == max(dice)]
        finals = larger or finals
    return {result for _, result in finals}


# -- Hypothesis strategies ----------------------------------------------------------------------------------

dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


@st.composite
def random_positions(draw: st.DrawFn) -> Position:
    """Any possible board: each side 0..15 checkers anywhere (bar included), no point shared."""
    mine = [0] * 25
    theirs = [0] * 25
    for side, other in ((mine, theirs), (theirs, mine)):
        count = draw(st.integers(0, 15))
        for _ in range(count):
            slot = draw(st.integers(0, 24))
            if slot < 24 and other[23 - slot]:
                continue  # that point is the other side's; the checker counts as borne off
            side[slot] += 1
    if position_problem(mine, theirs):  # both on the bar against closed boards: take theirs off the bar
        theirs[24] = 0
    return Position(mine, theirs)


@st.composite
def home_board_positions(draw: st.DrawFn) -> Position:
    """Bear-off positions: the side on roll all home (sometimes one checker on the bar or just outside)."""
    mine = [0] * 25
    for _ in range(draw(st.integers(1, 15))):
        mine[draw(st.integers(0, 5))] += 1
    straggler = draw(st.sampled_from([None, 24, 6, 7]))
    if straggler is not None and sum(mine) < 15:
        mine[straggler] += 1
    theirs = [0] * 25
    for slot in draw(st.lists(st.integers(0, 24), max_size=15)):
        if slot == 24 or not mine[23 - slot]:
            theirs[slot] += 1
    if position_problem(mine, theirs):  # both on the bar against closed boards: take theirs off the bar
        theirs[24] = 0
    return Position(mine, theirs)


@st.composite
def game_positions(draw: st.DrawFn) -> Position:
    """A position reached by random legal play from the start (either side on roll)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    position = Position.start()
    for _ in range(draw(st.integers(0, 80))):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        position = rng.choice(legal_positions(position, dice)).swap()
        if position.winner_side() is not None:
            break
    return position


any_positions = st.one_of(random_positions(), home_board_positions(), game_positions())


# -- the reference on hand-counted cases -----------------------------------------------------------------


def test_reference_counts_the_opening_rolls_by_hand() -> None:
    # 3-1 from the start: 16 distinct boards; 6-6: 24/18(2) or not, 13/7 and 8/2 combinations.
    assert len(reference_results(Position.start(), (3, 1))) == 16
    assert len(reference_results(Position.start(), (6, 6))) == 11


def test_reference_four_checkers_on_one_point_with_2_2_has_five_plays() -> None:
    # 13/5, 13/7 13/11, 13/9(2), 13/9 13/11(2), 13/11(4)
    assert len(reference_results(board({13: 4}), (2, 2))) == 5


def test_reference_passes_when_nothing_moves() -> None:
    closed = board({25: 1}, {point: 2 for point in range(1, 7)})
    assert reference_results(closed, (6, 5)) == {(closed.mine, closed.theirs)}
