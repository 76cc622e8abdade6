"""gnubg move notation: writing plays (`24/18 13/10*`, `bar/22`, `6/off`, `8/4(2)`, `pass`), reading them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis_budget import examples
from test_movegen_reference import any_positions, board, dice_rolls

from backgammon import (
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Play,
    Position,
    format_play,
    legal_plays,
    parse_play_text,
)


@pytest.mark.parametrize(
    ("position", "moves", "text"),
    [
        (Position.start(), [(8, 5), (6, 5)], "8/5 6/5"),
        (Position.start(), [(24, 18), (18, 13)], "24/13"),  # one checker's steps are joined
        (Position.start(), [(13, 11), (13, 11), (6, 4), (6, 4)], "13/11(2) 6/4(2)"),
        (board({13: 2}, {15: 1}), [(13, 10), (10, 9)], "13/10*/9"),  # a hit on the way is shown
        (board({13: 2}, {15: 1}), [(13, 12), (13, 10)], "13/12 13/10*"),
        (board({25: 1, 6: 2}), [(25, 22), (6, 5)], "bar/22 6/5"),
        (board({6: 2, 5: 1}), [(6, 0), (6, 0)], "6/off(2)"),
        (board({8: 4}), [(8, 4), (8, 4), (4, 0), (8, 4)], "8/off 8/4(2)"),
        (Position.start(), [], "pass"),
    ],
)
def test_format(position: Position, moves: list[tuple[int, int]], text: str) -> None:
    assert position.notation(Play(Move(*m) for m in moves)) == text


def test_str_of_a_play_has_no_hit_marks_and_repr_is_a_constructor() -> None:
    play = Play([Move(13, 10), Move(10, 9)])
    assert str(play) == "13/9"
    assert repr(play) == "Play([Move(13, 10), Move(10, 9)])"
    assert eval(repr(play)) == play
    assert format_play(play, blots={10}) == "13/10*/9"


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        ("24/18 13/10*", [(24, 18), (13, 10)]),
        ("bar/22", [(25, 22)]),
        ("BAR/22 6/OFF", [(25, 22), (6, 0)]),
        ("8/4(2)", [(8, 4), (8, 4)]),
        ("24/18*/13", [(24, 18, 13)]),
        ("25/20", [(25, 20)]),
        ("pass", []),
        ("", []),
    ],
)
def test_parse(text: str, paths: list[tuple[int, ...]]) -> None:
    assert parse_play_text(text) == paths


@pytest.mark.parametrize(
    "text", ["24-18", "24/", "/18", "24/18(5)", "off/3", "6/bar", "13/13", "6/8", "27/20", "hello"]
)
def test_text_that_is_not_a_move(text: str) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        parse_play_text(text)
    assert repr(text) in str(caught.value)


def test_play_notation_applies_a_legal_play() -> None:
    after = Position.start().play_notation("24/13", (6, 5))
    assert after == Position.start().apply_unchecked([Move(24, 18), Move(18, 13)])
    assert Position.start().play_notation("13/8 13/7", (6, 5)) == Position.start().play_notation(
        "13/7 13/8", (5, 6)
    )


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("13/8", "must-use-both-dice"),  # half a play
        ("pass", "must-move"),
        ("24/19 13/7", "blocked"),  # 19 is the opponent's 6 point
        ("6/off 13/8", "bear-off-not-all-home"),
        ("13/3", "no-die"),
    ],
)
def test_play_notation_rejects_an_illegal_play(text: str, rule: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        Position.start().play_notation(text, (6, 5))
    assert caught.value.rule == rule
    assert Position.start().id in str(caught.value)


def test_checked_play_raises_for_an_illegal_sequence() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        Position.start().play(Play([Move(13, 8)]), (6, 5))
    assert caught.value.rule == "must-use-both-dice"
    assert "13/8" in str(caught.value) and "4HPwATDgc/ABMA" in str(caught.value)
    with pytest.raises(IllegalMoveError) as caught:
        Position.start().play(Play([Move(24, 19), Move(13, 7)]), (6, 5))
    assert caught.value.rule == "blocked"
    # a move by both dice is accepted as on the board, when the point in between is open
    assert Position.start().play(Play([Move(13, 2)]), (6, 5)) == Position.start().play_notation(
        "13/2", (6, 5)
    )
    with pytest.raises(IllegalMoveError) as caught:
        Position.start().play(Play([Move(24, 13)]), (6, 6))
    assert caught.value.rule == "no-die"
    assert Position.start().play(Play([Move(13, 8), Move(13, 7)]), (6, 5)).pip_count() == (156, 167)


@settings(max_examples=examples(30), deadline=None)
@given(any_positions, dice_rolls)
def test_every_legal_play_reads_back_from_its_notation(position: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(position, dice)
    for play, after in plays.items():
        assert position.play_notation(position.notation(play), dice) == after
