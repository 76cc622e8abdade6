"""pubeval, the benchmark opponent, must score exactly like Tesauro's published C function."""

from __future__ import annotations

import pytest

from backgammon.bot.pubeval import ALL_OFF_SCORE, is_race, pubeval_score
from backgammon.position import Position

# Scores from Tesauro's pubeval.c (compiled unchanged) for these boards, contact weights then race weights.
REFERENCE = [
    ("4HPwATDgc/ABMA", 6.84055, 9.93903),
    ("4HPwATCwZ/ABMA", 10.34311, 11.18078),
    ("2+4OAADI3QMAAA", 8.27492, 8.16180),
    ("2TZgADS7jeAAAA", 20.05796, -0.54645),
    ("2D0AALy7CQAAAA", 2.45567, -16.98624),
    ("4OvgASBVPwMAFA", 3.67878, 15.47009),
]


@pytest.mark.parametrize(("position_id", "contact_score", "race_score"), REFERENCE)
def test_pubeval_matches_the_reference_implementation(
    position_id: str, contact_score: float, race_score: float
) -> None:
    position = Position.from_id(position_id)
    assert pubeval_score(False, position.mine, position.theirs) == pytest.approx(contact_score, abs=2e-4)
    assert pubeval_score(True, position.mine, position.theirs) == pytest.approx(race_score, abs=2e-4)


def test_pubeval_rates_bearing_off_the_last_checker_above_everything() -> None:
    won = Position.from_id("AQAAAAAAAAAAAA")
    assert pubeval_score(False, won.mine, won.theirs) == ALL_OFF_SCORE


def test_race_is_recognised_once_the_armies_have_passed() -> None:
    assert not is_race(Position.start().mine, Position.start().theirs)
    home = (2, 2, 2, 3, 3, 3) + (0,) * 19
    assert is_race(home, home)
