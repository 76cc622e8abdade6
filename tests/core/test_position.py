"""Positions: the start, pip counts, borne-off checkers, validation, immutability,
the board seen from the other side."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from test_movegen_reference import any_positions, board

from backgammon import InvalidPositionError, Position


def test_the_start_position() -> None:
    start = Position.start()
    # "two on each player's twenty-four point, five on each player's thirteen point, three on each player's
    # eight point, and five on each player's six point" (004)
    for side in (start.mine, start.theirs):
        assert {point: side[point - 1] for point in range(1, 26) if side[point - 1]} == {
            24: 2,
            13: 5,
            8: 3,
            6: 5,
        }
    assert start.pip_count() == (167, 167)
    assert start.borne_off() == (0, 0)
    assert start.on_bar() == (0, 0)
    assert start.id == "4HPwATDgc/ABMA"
    assert repr(start) == "Position.from_id('4HPwATDgc/ABMA')"


def test_pip_count_counts_the_bar_as_25_and_borne_off_checkers_as_nothing() -> None:
    position = board({25: 1, 6: 2, 1: 3}, {23: 1})
    assert position.pip_count() == (25 + 12 + 3, 23)
    assert position.borne_off() == (9, 14)


def test_swap_sees_the_board_from_the_other_side() -> None:
    position = board({25: 1, 6: 2}, {13: 4})
    swapped = position.swap()
    assert swapped.mine == position.theirs and swapped.theirs == position.mine
    assert swapped.swap() == position
    assert swapped.pip_count() == tuple(reversed(position.pip_count()))


@pytest.mark.parametrize(
    ("mine", "theirs", "problem"),
    [
        ([0] * 24 + [16], [0] * 25, "16 checkers"),
        ([0] * 24, [0] * 25, "24 entries"),
        ([0] * 5 + [1] + [0] * 19, [0] * 18 + [1] + [0] * 6, "point 6 holds checkers of both sides"),
        ([-1] + [0] * 24, [0] * 25, "not a count"),
        ([True] + [0] * 24, [0] * 25, "not a count"),
    ],
)
def test_impossible_boards_are_refused(mine: list[int], theirs: list[int], problem: str) -> None:
    with pytest.raises(InvalidPositionError, match=problem):
        Position(mine, theirs)


def test_both_bars_may_hold_checkers() -> None:
    assert board({25: 2}, {25: 3}).on_bar() == (2, 3)


def test_both_on_the_bar_against_two_closed_boards_is_impossible() -> None:
    closed = {point: 2 for point in range(1, 7)}
    with pytest.raises(InvalidPositionError, match="closed home boards"):
        board({**closed, 25: 1}, {**closed, 25: 1})


def test_positions_are_immutable_values() -> None:
    start = Position.start()
    with pytest.raises(AttributeError):
        start.mine = (0,) * 25
    assert start == Position.from_id("4HPwATDgc/ABMA")
    assert len({start, Position.from_id("4HPwATDgc/ABMA")}) == 1
    assert pickle.loads(pickle.dumps(start)) == start


def test_all_home_and_contact_and_winner() -> None:
    assert not Position.start().all_home() and Position.start().is_contact()
    race = board({6: 5, 3: 2}, {6: 4})
    assert race.all_home() and not race.is_contact()
    assert board({}, {6: 1}).winner_side() == 0
    assert board({6: 1}, {}).winner_side() == 1
    assert Position.start().winner_side() is None


@settings(max_examples=60, deadline=None)
@given(any_positions)
def test_every_position_round_trips_through_its_id(position: Position) -> None:
    assert Position.from_id(position.id) == position
    mine_off, theirs_off = position.borne_off()
    assert 0 <= mine_off <= 15 and 0 <= theirs_off <= 15
