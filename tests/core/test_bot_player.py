"""Checker play: the computer always makes a legal play, prefers the obvious, and is reproducible."""

from __future__ import annotations

import random
import sys

import pytest

from backgammon.bot.levels import BEGINNER, EXPERT, INTERMEDIATE, level_named
from backgammon.bot.player import choose_play, rank_plays
from backgammon.errors import BackgammonError
from backgammon.movegen import legal_plays, legal_positions
from backgammon.position import Position


def side(points: dict[int, int]) -> tuple[int, ...]:
    counts = [0] * 25
    for point, checkers in points.items():
        counts[point - 1] = checkers
    return tuple(counts)


def positions_and_rolls(count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    position = Position.start()
    while len(found) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        found.append((position, dice))
        after = rng.choice(legal_positions(position, dice))
        position = after.swap() if any(after.mine) else Position.start()
    return found


@pytest.mark.parametrize("level", [BEGINNER, INTERMEDIATE])
def test_the_chosen_play_is_always_legal_and_leads_to_its_position(level: object) -> None:
    rng = random.Random(11)
    for position, dice in positions_and_rolls(150, seed=5):
        chosen = choose_play(position, dice, level=level, rng=rng)  # type: ignore[arg-type]
        plays = legal_plays(position, dice)
        assert chosen.play in plays
        assert plays.result_of(chosen.play) == chosen.position


def test_the_expert_plays_legally_with_look_ahead() -> None:
    for position, dice in positions_and_rolls(6, seed=8):
        chosen = choose_play(position, dice, level=EXPERT)
        assert legal_plays(position, dice).result_of(chosen.play) == chosen.position


def test_with_no_legal_move_the_play_is_a_pass() -> None:
    closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    on_bar = side({25: 1, 6: 14})
    position = Position(on_bar, closed)
    chosen = choose_play(position, (6, 6), level=EXPERT)
    assert len(chosen.play) == 0
    assert chosen.position == position


def test_bearing_off_the_last_checkers_wins_at_once() -> None:
    position = Position(side({1: 1, 3: 1}), side({6: 5, 8: 5, 13: 5}))
    chosen = choose_play(position, (3, 1), level=INTERMEDIATE)
    assert not any(chosen.position.mine)
    assert chosen.probs.win == 1.0


def test_the_plays_are_ranked_best_first() -> None:
    ranked = rank_plays(Position.start(), (3, 1), level=INTERMEDIATE)
    values = [r.value for r in ranked]
    assert values == sorted(values, reverse=True)
    assert Position.start().notation(ranked[0].play) == "8/5 6/5"  # making the 5-point


# CPython only, this test and the next two: 40 to 80 positions each, played two to four times (2-3 s inside
# Pyodide), the same evaluations again; the choices of every level are checked inside Pyodide by the others.
@pytest.mark.skipif(sys.platform == "emscripten", reason="many choices: on CPython only")
def test_the_same_seed_gives_the_same_choices() -> None:
    cases = positions_and_rolls(40, seed=9)
    first = [choose_play(p, d, level=BEGINNER, rng=random.Random(3)).play for p, d in cases]
    again = [choose_play(p, d, level=BEGINNER, rng=random.Random(3)).play for p, d in cases]
    assert first == again


@pytest.mark.skipif(sys.platform == "emscripten", reason="many choices: on CPython only")
def test_the_beginner_sometimes_departs_from_the_best_play() -> None:
    rng = random.Random(1)
    departures = sum(
        choose_play(p, d, level=BEGINNER, rng=rng).play != rank_plays(p, d, level=BEGINNER)[0].play
        for p, d in positions_and_rolls(60, seed=2)
    )
    assert departures > 0


@pytest.mark.skipif(sys.platform == "emscripten", reason="many choices: on CPython only")
def test_the_weaker_the_level_the_more_equity_its_choices_give_away() -> None:
    lost = {BEGINNER.name: 0.0, INTERMEDIATE.name: 0.0}
    for level in (BEGINNER, INTERMEDIATE):
        rng = random.Random(4)
        for position, dice in positions_and_rolls(80, seed=6):
            ranked = rank_plays(position, dice, level=INTERMEDIATE)  # plain 0-ply, no noise
            chosen = choose_play(position, dice, level=level, rng=rng)
            value = next(r.value for r in ranked if r.position == chosen.position)
            lost[level.name] += ranked[0].value - value
    assert lost[BEGINNER.name] > 2 * lost[INTERMEDIATE.name] > 0.0


def test_the_expert_does_not_leave_a_shot_when_bearing_off_against_an_anchor() -> None:
    # They hold our 1-point; with 6-1 only 6/off 6/5 leaves no blot.
    position = Position(side({6: 2, 5: 2, 3: 2}), side({24: 2, 6: 5, 5: 5, 4: 3}))
    for seed in range(5):
        chosen = choose_play(position, (6, 1), level=EXPERT, rng=random.Random(seed))
        assert position.notation(chosen.play) == "6/5 6/off"


def test_the_expert_points_on_the_blot_that_closes_its_board() -> None:
    # Their last checker back is a blot on our 2-point: 8/2* 6/2 hits it and closes the board.
    position = Position(side({8: 2, 6: 3, 5: 3, 4: 3, 3: 2, 1: 2}), side({23: 1, 6: 6, 5: 4, 4: 4}))
    chosen = choose_play(position, (6, 4), level=EXPERT)
    assert position.notation(chosen.play) == "8/2* 6/2"


def test_levels_are_known_by_name() -> None:
    assert level_named("expert") is EXPERT
    assert level_named(None) is EXPERT
    with pytest.raises(BackgammonError, match="Unknown level"):
        level_named("grandmaster")
