"""The turn in progress: destinations, frozen checkers, dice order, undo, the rule messages learners see."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis_budget import examples
from test_movegen_reference import any_positions, board, dice_rolls, game_positions

from backgammon import IllegalMoveError, InvalidActionError, InvalidMoveError, Move, Position, legal_plays
from backgammon.turn import Turn

THEIR_HOME_CLOSED_BUT_SIX = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}


def test_dests_from_the_start_with_6_1() -> None:
    turn = Turn(Position.start(), (6, 1))
    # 24/17 and 13/12 land on the opponent's 8 and 13 points; 7/1 would land on their 24 point.
    assert turn.dests() == {24: (23, 18), 13: (7, 6), 8: (7, 2), 6: (5,)}


def test_a_move_by_both_dice_is_recorded_as_its_single_die_steps() -> None:
    turn = Turn(Position.start(), (6, 5))
    steps = turn.move(24, 13)
    assert [step.move for step in steps] == [Move(24, 18), Move(18, 13)]
    assert turn.is_complete and turn.remaining_dice == ()
    assert turn.notation() == "24/13"
    assert turn.play in legal_plays(Position.start(), (6, 5))


def test_a_two_dice_move_prefers_the_path_that_hits_nothing() -> None:
    # 13/9 with 3-1: through 12 (empty) rather than through 10 (a blot); 13/10*/9 is played step by step.
    position = board({13: 2}, {15: 1})
    turn = Turn(position, (3, 1))
    steps = turn.move(13, 9)
    assert [step.move for step in steps] == [Move(13, 12), Move(12, 9)]
    assert not any(step.hit for step in steps)
    turn.undo()
    assert turn.move(13, 10)[0].hit
    turn.move(10, 9)
    assert turn.notation() == "13/10*/9"


def test_the_intermediate_point_must_be_open() -> None:
    position = board({24: 1, 6: 2}, {7: 2, 6: 2})  # our 18 and 19 are blocked
    turn = Turn(position, (6, 5))
    assert 13 not in turn.dests().get(24, ())
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(24, 13)
    assert caught.value.rule == "intermediate-blocked"


def test_entering_from_the_bar_comes_first() -> None:
    position = board({25: 1, 13: 2})
    turn = Turn(position, (3, 1))
    assert set(turn.dests()) == {25}
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(13, 10)
    assert caught.value.rule == "must-enter-first"
    assert caught.value.explanation == "You must enter your checker from the bar first."
    assert "13/10" in str(caught.value) and position.id in str(caught.value)
    # The page says the rule alone, by its message id (the play, dice and Position ID are English's context).
    assert caught.value.words == {"id": "rule.mustEnterFirst", "args": {}}


def test_more_than_one_checker_on_the_bar_has_its_own_sentence() -> None:
    turn = Turn(board({25: 2, 13: 2}), (3, 1))
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(13, 10)
    assert caught.value.explanation == "You must enter your checkers from the bar first."
    assert caught.value.words == {"id": "rule.mustEnterFirstMany", "args": {}}


def test_every_rule_refused_carries_its_message_id() -> None:
    turn = Turn(board({8: 1, 13: 1}, {20: 2}), (3, 1))
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(8, 5)
    assert caught.value.words == {"id": "rule.blocked", "args": {}}
    with pytest.raises(IllegalMoveError) as caught:
        Turn.from_notation(Position.start(), (3, 1), "8/5")
    assert caught.value.rule == "must-use-both-dice"
    assert caught.value.words == {"id": "rule.mustUseBothDice", "args": {}}
    with pytest.raises(InvalidActionError) as undone:
        Turn(Position.start(), (3, 1)).undo()
    assert undone.value.words == {"id": "refusal.noMoveToUndo", "args": {}}


def test_a_blocked_point_names_the_rule() -> None:
    turn = Turn(board({8: 1, 13: 1}, {20: 2}), (3, 1))  # our 5 point is theirs (their 20)
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(8, 5)
    assert caught.value.rule == "blocked"
    assert (
        caught.value.explanation == "That point is blocked: it holds two or more of your opponent's checkers."
    )


def test_bearing_off_needs_every_checker_home() -> None:
    turn = Turn(board({7: 1, 3: 1}), (6, 3))
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(3, 0)
    assert caught.value.rule == "bear-off-not-all-home"
    assert caught.value.explanation == "You can bear off only when all your checkers are in your home board."


def test_bearing_off_with_a_larger_die_needs_the_highest_point() -> None:
    turn = Turn(board({5: 1, 2: 1}), (6, 1))
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(2, 0)  # the 6 cannot bear off from 2 while a checker stands on 5
    assert caught.value.rule == "bear-off-higher-checker"


def test_frozen_checker_must_use_both_dice() -> None:
    # 10/8 would leave the 5 unplayable (8/3 blocked, no bear-off with a checker outside): frozen.
    position = board({10: 1, 2: 14}, {22: 2})
    turn = Turn(position, (5, 2))
    assert turn.dests() == {10: (5,)}
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(10, 8)
    assert caught.value.rule == "must-use-both-dice"
    assert caught.value.explanation == "You must use both dice when you can."
    turn.move(10, 5)
    assert turn.dests() == {2: (0,)}  # 5/3 is blocked; the 2 bears off


def test_the_larger_die_when_only_one_can_be_played() -> None:
    position = board({13: 1, 1: 14}, {23: 2})  # our 2 point blocked: 13/7/2 and 13/8/2 both fail
    turn = Turn(position, (6, 5))
    assert turn.dests() == {13: (7,)}
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(13, 8)
    assert caught.value.rule == "must-play-larger-die"
    assert caught.value.explanation == "You must play the larger die when only one die can be used."
    turn.move(13, 7)
    assert turn.is_complete and turn.remaining_dice == (5,)


def test_doubles_play_as_many_as_possible() -> None:
    position = board({13: 1, 1: 14}, {20: 2})
    turn = Turn(position, (4, 4))
    assert turn.required_moves == 1
    assert turn.dests() == {13: (9,)}
    turn.move(13, 9)
    assert turn.is_complete and turn.remaining_dice == (4, 4, 4)
    with pytest.raises(IllegalMoveError) as caught:
        turn.move(9, 5)
    assert caught.value.rule == "turn-complete"


def test_enter_as_many_as_possible_then_forfeit() -> None:
    turn = Turn(board({25: 2, 6: 13}, THEIR_HOME_CLOSED_BUT_SIX), (6, 5))
    assert turn.dests() == {25: (19,)}
    turn.move(25, 19)
    assert turn.is_complete and turn.dests() == {}


def test_no_legal_move_is_complete_at_once_as_a_pass() -> None:
    turn = Turn(board({25: 1, 6: 14}, THEIR_HOME_CLOSED_BUT_SIX), (5, 4))
    assert turn.required_moves == 0 and turn.is_complete
    assert turn.dests() == {} and turn.notation() == "pass"
    assert not turn.can_swap_dice


def test_swap_dice_is_offered_only_when_the_second_die_can_be_played_first() -> None:
    assert Turn(Position.start(), (6, 1)).can_swap_dice
    assert not Turn(Position.start(), (3, 3)).can_swap_dice  # both dice the same
    frozen = Turn(board({10: 1, 2: 14}, {22: 2}), (5, 2))
    assert not frozen.can_swap_dice  # the 2 cannot be played first
    with pytest.raises(InvalidActionError):
        frozen.swap_dice()
    turn = Turn(Position.start(), (6, 1))
    turn.move(13, 7)
    assert not turn.can_swap_dice  # only before moving


def test_bear_off_uses_the_first_die_in_the_current_order() -> None:
    position = board({3: 1, 2: 1})
    turn = Turn(position, (5, 4))
    assert turn.move(3, 0)[0].die == 5
    assert turn.remaining_dice == (4,)
    turn.undo()
    turn.swap_dice()
    assert turn.dice == (4, 5)
    assert turn.move(3, 0)[0].die == 4
    assert turn.remaining_dice == (5,)


def test_undo_takes_back_the_last_move_and_undo_all_everything() -> None:
    turn = Turn(Position.start(), (6, 5))
    turn.move(24, 13)
    assert turn.undo() and turn.moves == () and turn.position == Position.start()
    turn.move(13, 8)
    turn.move(13, 7)
    assert len(turn.undo_all()) == 2 and turn.remaining_dice == (6, 5)
    with pytest.raises(InvalidActionError):
        turn.undo()


def test_moves_that_are_not_moves() -> None:
    turn = Turn(Position.start(), (6, 5))
    with pytest.raises(InvalidMoveError):
        turn.move(26, 20)
    for source, dest, rule in ((12, 7, "no-checker"), (6, 8, "wrong-direction"), (13, 1, "no-die")):
        with pytest.raises(IllegalMoveError) as caught:
            turn.move(source, dest)
        assert caught.value.rule == rule


def _reachable(turn: Turn, found: set[Position]) -> None:
    if turn.is_complete:
        assert turn.play in turn.legal_plays
        found.add(turn.position)
        return
    dests = turn.dests()
    assert dests, "an incomplete turn always has a move"
    for source, targets in dests.items():
        for dest in targets:
            turn.move(source, dest)
            _reachable(turn, found)
            turn.undo()


@settings(max_examples=examples(40), deadline=None)
@given(any_positions, dice_rolls.filter(lambda dice: dice[0] != dice[1]))
def test_turn_reaches_exactly_the_legal_plays(position: Position, dice: tuple[int, int]) -> None:
    turn = Turn(position, dice)
    found: set[Position] = set()
    _reachable(turn, found)
    assert found == set(legal_plays(position, dice).positions)


@pytest.mark.slow
@settings(max_examples=examples(25), deadline=None)
@given(game_positions(), dice_rolls)
def test_turn_reaches_exactly_the_legal_plays_from_games(position: Position, dice: tuple[int, int]) -> None:
    turn = Turn(position, dice)
    found: set[Position] = set()
    _reachable(turn, found)
    assert found == set(legal_plays(position, dice).positions)


def test_undo_step_takes_back_one_die_of_a_move_that_used_both() -> None:
    # bar/20*/14 made in one move (Black's 6-point shuts 19): the last step comes back first, the checker
    # stops on 20 and the hit stays; then the entry and its hit.
    turn = Turn(board({25: 1, 13: 5, 8: 3, 6: 5}, {6: 4, 5: 1, 24: 2}), (5, 6))
    steps = turn.move(25, 14)
    assert [(step.move, step.hit) for step in steps] == [(Move(25, 20), True), (Move(20, 14), False)]
    assert turn.undo_step().move == Move(20, 14)
    assert turn.moves == (Move(25, 20),) and turn.remaining_dice == (6,) and turn.position.theirs[24] == 1
    assert 14 in turn.dests()[20]
    assert turn.undo_step().move == Move(25, 20)
    assert turn.position.mine[24] == 1 and turn.position.theirs[24] == 0 and turn.remaining_dice == (5, 6)
    with pytest.raises(InvalidActionError):
        turn.undo_step()
    # A move after step-by-step undos is undone whole by undo() (the computer's search), as before.
    turn.move(25, 14)
    turn.undo_step()
    turn.move(20, 14)
    assert len(turn.undo_all()) == 2 and turn.moves == ()
