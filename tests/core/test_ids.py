"""GNU Backgammon Position ID and Match ID, checked against IDs gnubg writes."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_movegen_reference import board

from backgammon import (
    GameState,
    InvalidIdError,
    InvalidPositionError,
    MatchIdInfo,
    Position,
    decode_match_id,
    encode_match_id,
)
from backgammon.formats.gnubg_id import decode_position_id, encode_position_id


def test_start_position_id() -> None:
    assert Position.start().id == "4HPwATDgc/ABMA"
    assert Position.from_id("4HPwATDgc/ABMA") == Position.start()


def test_the_player_not_on_roll_is_written_first() -> None:
    # Only the player not on roll has checkers: they fill the first bits of the key.
    position = board({}, {1: 1})
    first_byte = base64.b64decode(position.id + "==")[0]
    assert first_byte & 1 == 1  # their ace point holds one checker: the very first bit is 1
    assert board({1: 1}, {}).id != position.id
    assert decode_position_id(position.id) == (position.mine, position.theirs)


def test_empty_board_id() -> None:
    assert encode_position_id([0] * 25, [0] * 25) == "AAAAAAAAAAAAAA"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("4HPwATDgc/ABM", "14 characters"),
        ("4HPwATDgc/ABM!", "Base64"),
        ("//////////////", "bits end inside the board"),
        (None, "string"),
    ],
)
def test_malformed_position_ids(text: str, reason: str) -> None:
    with pytest.raises(InvalidIdError, match=reason) as caught:
        Position.from_id(text)
    if text:
        assert repr(text) in str(caught.value)


def test_a_position_id_of_an_impossible_board() -> None:
    shared = encode_position_id([1] + [0] * 24, [0] * 23 + [1, 0])  # both sides on our ace point
    with pytest.raises(InvalidPositionError, match=shared.replace("+", r"\+")):
        Position.from_id(shared)


def test_money_game_match_id() -> None:
    # gnubg's Match ID for a money game with player 1 on roll before rolling, Jacoby rule on.
    info = decode_match_id("cAkAAAAAAAAA")
    assert info == MatchIdInfo(player_on_roll=1, turn=1, game_state=GameState.PLAYING, jacoby=True)
    assert info.id == "cAkAAAAAAAAA"


def test_the_gnubg_manual_match_id_example() -> None:
    # The manual's example: 9-point match, score 2-4, player 0 owns a 2-cube, player 1 has rolled 5-2.
    info = decode_match_id("QYkqASAAIAAA")
    assert (info.match_length, info.score, info.cube_value, info.cube_owner) == (9, (2, 4), 2, 0)
    assert (info.player_on_roll, info.turn, info.dice, info.game_state) == (1, 1, (5, 2), GameState.PLAYING)
    assert not info.crawford and not info.double_offered and info.resignation == 0
    assert encode_match_id(info) == "QYkqASAAIAAA"


def test_dice_are_written_larger_first() -> None:
    base = decode_match_id("QYkqASAAIAAA")
    assert encode_match_id(MatchIdInfo(**{**base.__dict__, "dice": (2, 5)})) == "QYkqASAAIAAA"


MONEY_GAME_KEY = int.from_bytes(base64.b64decode("cAkAAAAAAAAA"), "little")


def _match_id(key: int) -> str:
    return base64.b64encode(key.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("cAkAAAAAAAA", "12 characters"),
        ("cAkAAAAAAA?A", "Base64"),
        (_match_id(MONEY_GAME_KEY & ~(1 << 4)), "cube owner"),  # owner bits 10
        (_match_id(MONEY_GAME_KEY | 1 << 70), "bits set after the last field"),
        (_match_id(MONEY_GAME_KEY | 7 << 15 | 1 << 18), "dice"),
        (_match_id(MONEY_GAME_KEY | 3 << 15), "dice"),  # one die without the other
        (_match_id(MONEY_GAME_KEY | 7 << 8), "game state"),
        (_match_id(MONEY_GAME_KEY | 3 << 21 | 5 << 36), "score"),  # 5 points in a 3-point match
    ],
)
def test_malformed_match_ids(text: str, reason: str) -> None:
    with pytest.raises(InvalidIdError, match=reason) as caught:
        decode_match_id(text)
    assert repr(text) in str(caught.value)


def test_unencodable_match_fields() -> None:
    with pytest.raises(InvalidIdError, match="power of two"):
        encode_match_id(MatchIdInfo(cube_value=3))
    with pytest.raises(InvalidIdError, match="score"):
        encode_match_id(MatchIdInfo(match_length=5, score=(6, 0)))


match_infos = st.builds(
    MatchIdInfo,
    cube_value=st.sampled_from([2**k for k in range(16)]),
    cube_owner=st.sampled_from([None, 0, 1]),
    player_on_roll=st.integers(0, 1),
    crawford=st.booleans(),
    game_state=st.sampled_from(list(GameState)),
    turn=st.integers(0, 1),
    double_offered=st.booleans(),
    resignation=st.integers(0, 3),
    dice=st.sampled_from([(0, 0)] + [(a, b) for a in range(1, 7) for b in range(1, a + 1)]),
    match_length=st.just(25),
    score=st.tuples(st.integers(0, 25), st.integers(0, 25)),
    jacoby=st.booleans(),
)


@settings(deadline=None)  # no time limit per example: the machine is shared
@given(match_infos)
def test_match_ids_round_trip(info: MatchIdInfo) -> None:
    text = encode_match_id(info)
    assert len(text) == 12
    assert decode_match_id(text) == info
