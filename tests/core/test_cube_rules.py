"""The doubling-cube rules, as a table named after the sentences of the rules documents.

000 = BrainKing, 001 = the keyboard game's house rule, 002/003 = the tournament site's FAQ,
004 = the standard rules sheet (wins where they disagree).
"""

from dataclasses import dataclass

import pytest

from backgammon.rules import (
    MAX_CUBE,
    Cube,
    CubeBlock,
    InvalidSettingsError,
    MatchSettings,
    may_beaver,
    may_double,
)


@dataclass(frozen=True)
class Case:
    rule: str
    settings: MatchSettings
    cube: Cube
    player: int
    score: tuple[int, int]
    crawford_game: bool
    expected: CubeBlock | None


MATCH5 = MatchSettings(match_length=5)
MATCH7 = MatchSettings(match_length=7)
STRICT7 = MatchSettings(match_length=7, strict_doubling=True)
MONEY = MatchSettings(match_length=0)

CASES = [
    Case(
        "004: either player may make the first double of a game (centred cube)",
        MATCH5,
        Cube(),
        1,
        (0, 0),
        False,
        None,
    ),
    Case(
        "004: a player who accepts a double owns the cube and only he may make the next double",
        MATCH5,
        Cube(2, owner=0),
        1,
        (0, 0),
        False,
        CubeBlock.NOT_YOUR_CUBE,
    ),
    Case("004: the owner may redouble", MATCH7, Cube(2, owner=0), 0, (0, 0), False, None),
    Case(
        "000: the cube goes 2, 4, 8, 16, 32 and 64 and no higher",
        MONEY,
        Cube(64, owner=0),
        0,
        (0, 0),
        False,
        CubeBlock.MAX_CUBE,
    ),
    Case("000: a 32 cube may still be turned to 64", MONEY, Cube(32, owner=1), 1, (0, 0), False, None),
    Case(
        "000: a player 1 point away from winning is not offered a double",
        MATCH5,
        Cube(),
        0,
        (4, 2),
        False,
        CubeBlock.ONE_POINT_AWAY,
    ),
    Case(
        "000: a player 1 point away may not redouble either, owning the cube",
        MATCH5,
        Cube(2, owner=0),
        0,
        (4, 0),
        False,
        CubeBlock.ONE_POINT_AWAY,
    ),
    Case(
        "000: no cube turn once its value already wins the match for the doubler",
        MATCH5,
        Cube(2, owner=1),
        1,
        (3, 3),
        False,
        CubeBlock.CUBE_DEAD,
    ),
    Case(
        "000: the cube is live while a single win does not yet win the match",
        MATCH7,
        Cube(2, owner=1),
        1,
        (3, 4),
        False,
        None,
    ),
    Case(
        "000/002: in the Crawford game the cube is not used",
        MATCH5,
        Cube(),
        1,
        (4, 1),
        True,
        CubeBlock.CRAWFORD,
    ),
    Case(
        "002 Crawford clarification: after the Crawford game the trailer may double again",
        MATCH5,
        Cube(),
        1,
        (4, 1),
        False,
        None,
    ),
    Case(
        "001 house rule off: the post-Crawford double at 5-6 of 7 is allowed",
        MATCH7,
        Cube(),
        0,
        (5, 6),
        False,
        None,
    ),
    Case(
        "001 house rule: trailing 5-6 in a 7-point match you may not double",
        STRICT7,
        Cube(),
        0,
        (5, 6),
        False,
        CubeBlock.STRICT_RULE,
    ),
    Case(
        "001 house rule: no double that would let the doubler win the match at once",
        STRICT7,
        Cube(2, owner=0),
        0,
        (3, 0),
        False,
        CubeBlock.STRICT_RULE,
    ),
    Case(
        "001 house rule: no double that would erase the opponent's lead",
        STRICT7,
        Cube(),
        0,
        (0, 2),
        False,
        CubeBlock.STRICT_RULE,
    ),
    Case(
        "001 house rule: no redouble that would erase the opponent's lead",
        STRICT7,
        Cube(2, owner=0),
        0,
        (1, 4),
        False,
        CubeBlock.STRICT_RULE,
    ),
    Case(
        "001 house rule: a double that leaves the doubler still behind is allowed",
        STRICT7,
        Cube(),
        0,
        (0, 3),
        False,
        None,
    ),
    Case(
        "001 house rule: a double that neither wins at once nor erases a lead is allowed",
        STRICT7,
        Cube(),
        0,
        (1, 0),
        False,
        None,
    ),
    Case("004: money play has no match score limits", MONEY, Cube(16, owner=0), 0, (40, 0), False, None),
]


@pytest.mark.parametrize("case", CASES, ids=[case.rule for case in CASES])
def test_cube_rule(case: Case) -> None:
    got = may_double(case.settings, case.cube, case.player, case.score, crawford_game=case.crawford_game)
    assert got is case.expected


def test_000_first_turn_of_a_game_has_no_double() -> None:
    assert may_double(MATCH5, Cube(), 0, (0, 0), crawford_game=False, first_turn=True) is CubeBlock.FIRST_TURN


def test_every_reason_has_a_code_and_plain_words() -> None:
    codes = {block.code for block in CubeBlock}
    assert {
        "crawford",
        "first-turn",
        "not-your-cube",
        "cube-dead",
        "one-point-away",
        "max-cube",
        "strict-rule",
        "after-roll",
    } <= codes
    for block in CubeBlock:
        assert block.text.endswith(".") and len(block.text) > 10


def test_004_beavers_only_in_money_play_with_beavers_on_and_within_the_cube() -> None:
    with_beavers = MatchSettings(match_length=0, beavers=True)
    assert may_beaver(with_beavers, 2)
    assert may_beaver(with_beavers, MAX_CUBE // 2)
    assert not may_beaver(with_beavers, MAX_CUBE)
    assert not may_beaver(MONEY, 2)


@pytest.mark.parametrize("length", [0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 25])
def test_000_002_match_lengths_from_1_to_25_and_money_sessions(length: int) -> None:
    assert MatchSettings(match_length=length).match_length == length


@pytest.mark.parametrize(
    "settings",
    [
        {"match_length": -1},
        {"match_length": 26},
        {"match_length": "5"},
        {"match_length": 5, "jacoby": True},
        {"match_length": 5, "beavers": True},
        {"match_length": 5, "automatic_doubles": 1},
        {"match_length": 0, "automatic_doubles": 9},
        {"crawford": "yes"},
        {"colour": "red"},
    ],
)
def test_impossible_settings_are_refused_with_a_reason(settings: dict[str, object]) -> None:
    with pytest.raises(InvalidSettingsError):
        MatchSettings.from_dict(settings)


def test_settings_round_trip_through_a_dict() -> None:
    settings = MatchSettings(match_length=0, jacoby=True, beavers=True, automatic_doubles=1)
    assert MatchSettings.from_dict(settings.to_dict()) == settings
