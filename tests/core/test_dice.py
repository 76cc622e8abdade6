"""Dice sources: reproducible, scripted, and never the global random generator."""

import random

import pytest

from backgammon.dice import ScriptedDice, SeededDice, check_dice
from backgammon.errors import BackgammonError


def test_seeded_dice_repeat_for_the_same_seed_and_differ_for_another() -> None:
    first = [SeededDice(42).roll() for _ in range(1)]
    a, b, c = SeededDice(42), SeededDice(42), SeededDice(43)
    rolls_a = [a.roll() for _ in range(50)]
    assert rolls_a == [b.roll() for _ in range(50)]
    assert rolls_a != [c.roll() for _ in range(50)]
    assert first[0] == rolls_a[0]


def test_seeded_dice_do_not_touch_the_global_random_state() -> None:
    random.seed(5)
    expected = random.random()
    random.seed(5)
    dice = SeededDice(1)
    for _ in range(10):
        dice.roll()
    assert random.random() == expected


def test_seeded_dice_cover_every_face_and_stay_in_range() -> None:
    dice = SeededDice(7)
    faces = {die for _ in range(500) for die in dice.roll()}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_scripted_dice_come_in_order_and_run_out_with_an_error() -> None:
    dice = ScriptedDice([(3, 1), [6, 6]])
    assert dice.roll() == (3, 1)
    assert dice.roll() == (6, 6)
    assert dice.remaining == 0
    with pytest.raises(BackgammonError, match="ran out"):
        dice.roll()


@pytest.mark.parametrize("bad", [(0, 1), (1, 7), (1,), (1, 2, 3), "31", (1.0, 2), (True, 2), None])
def test_dice_outside_one_to_six_are_refused(bad: object) -> None:
    with pytest.raises(BackgammonError):
        check_dice(bad)
    with pytest.raises(BackgammonError):
        ScriptedDice([bad])  # type: ignore[list-item]
