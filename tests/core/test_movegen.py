"""Legal plays, rule by rule: each table row is (board, dice, every expected play in gnubg notation).

Boards are written `{point: checkers}` for each side in its own numbering (25 = the bar); our point p is the
opponent's point 25 - p. The rules quoted are from the standard rules sheet (004) and BrainKing's page (000).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from test_movegen_reference import any_positions, board, dice_rolls, game_positions, reference_results

from backgammon import BackgammonError, Move, Play, Position, legal_plays, legal_positions
from backgammon.position import position_problem

# Points 1..6 of the opponent's home board seen from our side are our points 19..24.
THEIR_HOME_CLOSED_BUT_SIX = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}


def plays_of(position: Position, dice: tuple[int, int]) -> set[str]:
    plays = legal_plays(position, dice)
    notations = plays.notations()
    assert len(notations) == len(set(notations)), "one entry per distinct resulting position"
    return set(notations)


RULE_TABLE = [
    # "Any time a player has one or more checkers on the bar, his first obligation is to enter" (004)
    pytest.param(
        {25: 1, 13: 2}, {}, (3, 1), {"bar/21", "bar/22 13/12", "bar/24 13/10"}, id="enter-from-bar-first"
    ),
    # "If a player is able to enter some but not all of his checkers, he must enter as many as he can and
    # then forfeit the remainder of his turn." (004)
    pytest.param(
        {25: 2, 6: 13}, THEIR_HOME_CLOSED_BUT_SIX, (6, 5), {"bar/19"}, id="enter-as-many-as-possible"
    ),
    # "if a player rolls 4 and 6, he may enter a checker onto either the opponent's four point or six
    # point, so long as the prospective point is not occupied by two or more of the opponent's checkers."
    # (004, figure 4: their six point is closed, so the 4 enters.)
    pytest.param({25: 1, 13: 2}, {6: 2}, (6, 4), {"bar/15", "bar/21 13/7"}, id="enter-on-an-open-point"),
    # Doubles with two checkers on the bar: both enter, then the other two numbers are played.
    pytest.param(
        {25: 2, 13: 2},
        {},
        (3, 3),
        {"bar/16 bar/22", "bar/19(2)", "bar/19 bar/22 13/10", "bar/22(2) 13/10(2)", "bar/22(2) 13/7"},
        id="doubles-enter-both-then-move",
    ),
    # "If neither of the points is open, the player loses his turn." (004)
    pytest.param({25: 1, 6: 14}, THEIR_HOME_CLOSED_BUT_SIX, (5, 4), {"pass"}, id="no-entry-loses-the-turn"),
    # "After the last of a player's checkers has been entered, any unused numbers on the dice must be played,
    # by moving either the checker that was entered or a different checker." (004)
    pytest.param(
        {25: 1, 6: 2},
        THEIR_HOME_CLOSED_BUT_SIX,
        (6, 1),
        {"bar/18", "bar/19 6/5"},
        id="play-the-rest-after-entering",
    ),
    # "A checker may be moved only to an open point, one that is not occupied by two or more opposing
    # checkers." (004) Our 5 point is their 20 point.
    pytest.param({8: 1}, {20: 2}, (3, 1), {"8/4"}, id="blocked-point"),
    # "he may move the one checker a total of eight spaces to an open point, but only if the intermediate
    # point (either three or five spaces from the starting point) is also open." (004)
    pytest.param({24: 1}, {7: 2}, (6, 5), {"24/13"}, id="combined-move-through-the-open-intermediate"),
    pytest.param({24: 1}, {7: 2, 6: 2}, (6, 5), {"pass"}, id="combined-move-needs-an-open-intermediate"),
    # "if either number can be played but not both, the player must play the larger one." (004)
    pytest.param({13: 1, 1: 14}, {23: 2}, (6, 5), {"13/7"}, id="larger-die-when-only-one-can-be-played"),
    # "When only one number can be played, the player must play that number." (004)
    pytest.param(
        {13: 1, 1: 14}, {23: 2, 18: 2}, (6, 5), {"13/8"}, id="the-only-playable-die-even-if-smaller"
    ),
    # "A player must use both numbers of a roll if this is legally possible" (004): 10/8 would leave the 5
    # unplayable (8/3 blocked, no bear-off with a checker outside); 10/5 then 2/off uses both.
    pytest.param({10: 1, 2: 14}, {22: 2}, (5, 2), {"10/5 2/off"}, id="use-both-dice-when-possible"),
    # "A player who rolls doubles plays the numbers shown on the dice twice." (004)
    pytest.param(
        {13: 4},
        {},
        (2, 2),
        {"13/5", "13/7 13/11", "13/9(2)", "13/9 13/11(2)", "13/11(4)"},
        id="doubles-play-four",
    ),
    # "In the case of doubles, when all four numbers cannot be played, the player must play as many numbers as
    # he can." (004) Our 5 point (their 20) is blocked: 13/9 and no more.
    pytest.param({13: 1, 1: 14}, {20: 2}, (4, 4), {"13/9"}, id="doubles-as-many-as-possible"),
    pytest.param({25: 2, 6: 13}, THEIR_HOME_CLOSED_BUT_SIX, (5, 5), {"pass"}, id="doubles-none-enter"),
    # The same with three of the four numbers: 24/20/16/12, then 12/8 is blocked (their 17 point) and the
    # checkers on the 1 point may not bear off while one is outside.
    pytest.param({24: 1, 1: 14}, {17: 2}, (4, 4), {"24/12"}, id="doubles-three-of-four-playable"),
    # "If a player is able to enter some but not all of his checkers, he must enter as many as he can and then
    # forfeit the remainder of his turn." (004) With a double: four of five checkers enter, nothing moves.
    pytest.param({25: 5, 6: 10}, {}, (2, 2), {"bar/23(4)"}, id="doubles-enter-four-then-forfeit"),
    # "The place to move the piece according to the current die value would lie just after the last triangle."
    # (000: a 5 bears off the checker on the 5 point; 5/4 then 4/off with the 5 is written 5/off)
    pytest.param({5: 1, 4: 1}, {}, (5, 1), {"5/off 4/3", "5/off"}, id="bear-off-exact"),
    # "if the removing move is longer than just after the last triangle but no other player's pieces stay at
    # previous positions, such piece can be removed too" (000: a 6 bears off from the 5 point)
    pytest.param(
        {5: 1, 2: 1}, {}, (6, 3), {"5/off 2/off", "5/off"}, id="bear-off-larger-die-from-the-highest-point"
    ),
    # "If there is no checker on the point indicated by the roll, the player must make a legal move using a
    # checker on a higher-numbered point." (004): with 2-2, the checker on 6 must come down before the 1 point
    # may bear off with a 2, so the only play using all four 2s is 6/4/2/off then 1/off.
    pytest.param({6: 1, 1: 1}, {}, (2, 2), {"6/off 1/off"}, id="bear-off-higher-point-moves-first"),
    # The same with two dice: the 4 cannot bear off the checker on 2 while one stands on 6, so 6/2 (or 6/5/1).
    pytest.param({6: 1, 2: 1}, {}, (4, 1), {"6/1"}, id="bear-off-larger-die-not-past-a-higher-checker"),
    # "this implies that all dice points may not be used completely. Such unused dice points are lost." (001)
    pytest.param({3: 1, 2: 1}, {}, (6, 6), {"3/off 2/off"}, id="bear-off-unused-numbers-are-lost"),
    # "A player must have all of his active checkers in his home board in order to bear off." (004): 3/off is
    # never played before the checker on 7 is home.
    pytest.param({7: 1, 3: 1}, {}, (6, 2), {"7/1 3/1", "7/off"}, id="no-bear-off-with-a-checker-outside"),
    # "If a checker is hit during the bear-off process, the player must bring that checker back to his home
    # board before continuing to bear off." (004)
    pytest.param({25: 1, 3: 5}, {}, (6, 5), {"bar/14"}, id="hit-checker-comes-home-before-bearing-off"),
    # "A player is under no obligation to bear off if he can make an otherwise legal move." (004)
    pytest.param(
        {6: 1, 2: 1}, {}, (2, 1), {"6/5 2/off", "6/4 2/1", "6/3"}, id="bearing-off-is-not-compulsory"
    ),
    # Hitting: a single opposing checker is hit; hitting on the way is part of the notation.
    pytest.param({13: 2}, {15: 1}, (3, 1), {"13/12 13/10*", "13/10*/9", "13/9"}, id="hit-a-blot"),
]


@pytest.mark.parametrize(("mine", "theirs", "dice", "expected"), RULE_TABLE)
def test_rule_table(
    mine: dict[int, int], theirs: dict[int, int], dice: tuple[int, int], expected: set[str]
) -> None:
    position = board(mine, theirs)
    assert plays_of(position, dice) == expected
    assert {(p.mine, p.theirs) for p in legal_positions(position, dice)} == reference_results(position, dice)


def test_no_legal_move_gives_the_empty_play_and_the_same_position() -> None:
    closed = board({25: 1, 6: 14}, {point: 2 for point in range(1, 7)})
    plays = legal_plays(closed, (6, 5))
    assert list(plays) == [Play()]
    assert plays.positions == [closed]
    assert plays.move_count == 0
    assert legal_positions(closed, (6, 5)) == [closed]


def test_a_play_is_in_the_legal_plays_whatever_its_order_or_combination() -> None:
    plays = legal_plays(Position.start(), (6, 5))
    assert Play([Move(24, 18), Move(18, 13)]) in plays
    assert Play([Move(24, 19), Move(19, 13)]) not in plays  # 19 is the opponent's 6 point: blocked
    assert Play([Move(13, 8), Move(13, 7)]) in plays
    assert Play([Move(13, 7), Move(13, 8)]) in plays
    assert Play([Move(13, 8)]) not in plays  # both dice must be used
    assert Play([Move(13, 8), Move(8, 3), Move(3, 1)]) not in plays
    text: object = "13/8 13/7"
    assert text not in plays  # text is not a play


def test_positions_match_the_plays_one_to_one() -> None:
    position = Position.start()
    plays = legal_plays(position, (4, 2))
    assert len(plays) == len(plays.positions) == len(reference_results(position, (4, 2)))
    for play, after in plays.items():
        assert position.apply_unchecked(play) == after


def test_dice_are_checked_on_the_checked_path() -> None:
    with pytest.raises(BackgammonError, match="Dice must be two numbers from 1 to 6"):
        legal_plays(Position.start(), (7, 1))
    with pytest.raises(BackgammonError):
        legal_plays(Position.start(), (0, 3))


def test_a_finished_side_has_nothing_to_play() -> None:
    finished = board({}, {6: 3})
    assert list(legal_plays(finished, (6, 6))) == [Play()]


def _check_results(position: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(position, dice)
    results = plays.positions
    assert len(set(results)) == len(results)
    assert {(p.mine, p.theirs) for p in results} == reference_results(position, dice)
    for play, after in plays.items():
        assert position.apply_unchecked(play) == after
        assert play in plays
        assert position_problem(after.mine, after.theirs) is None
        mine_off, theirs_off = after.borne_off()
        assert sum(after.mine) + mine_off == 15 and sum(after.theirs) + theirs_off == 15
        assert Position.from_id(after.id) == after


@settings(max_examples=examples(100), deadline=None)
@given(any_positions, dice_rolls)
def test_generator_agrees_with_the_reference(position: Position, dice: tuple[int, int]) -> None:
    _check_results(position, dice)


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(game_positions(), st.sampled_from([(d, d) for d in range(1, 7)]))
def test_generator_agrees_with_the_reference_on_doubles_from_games(
    position: Position, dice: tuple[int, int]
) -> None:
    _check_results(position, dice)


# -- the engines' fast path: `legal_positions` collects bare results with searches of its own -------------


def _check_fast_path(position: Position, dice: tuple[int, int]) -> None:
    fast = legal_positions(position, dice)
    assert len(set(fast)) == len(fast), "each resulting position once"
    assert {(p.mine, p.theirs) for p in fast} == reference_results(position, dice)
    assert set(fast) == set(legal_plays(position, dice).positions)


@settings(max_examples=examples(150), deadline=None)
@given(any_positions, dice_rolls)
def test_fast_positions_agree_with_the_reference(position: Position, dice: tuple[int, int]) -> None:
    _check_fast_path(position, dice)


@settings(max_examples=examples(60), deadline=None)
@given(game_positions(), st.sampled_from([(d, d) for d in range(1, 7)] + [(6, 5), (4, 2), (3, 1)]))
def test_fast_positions_agree_with_the_reference_in_games(position: Position, dice: tuple[int, int]) -> None:
    _check_fast_path(position, dice)


@pytest.mark.parametrize(
    ("mine", "theirs", "dice"),
    [
        # two checkers pass the same blot with a double: it is hit once
        pytest.param({13: 2, 8: 3, 6: 5, 24: 2}, {15: 1}, (3, 3), id="double-passes-one-blot-twice"),
        # the second die lands a second checker on the blot the first one hit: no second hit
        pytest.param({13: 3, 11: 2, 24: 2}, {15: 1}, (3, 1), id="second-checker-on-the-point-just-hit"),
        # a double that cannot be played four times (the fast search finds nothing and hands over)
        pytest.param({13: 2, 24: 2}, {5: 2, 20: 2}, (4, 4), id="double-not-all-four"),
        # only one of two dice can be played
        pytest.param({13: 1, 24: 1}, {7: 2, 6: 2, 17: 2, 23: 2}, (6, 5), id="one-die-only"),
    ],
)
def test_fast_positions_on_hand_picked_boards(
    mine: dict[int, int], theirs: dict[int, int], dice: tuple[int, int]
) -> None:
    _check_fast_path(board(mine, theirs), dice)
