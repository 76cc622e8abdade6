"""Luck-adjusted results (`benchmarks/luck.py`): the dice's luck has mean zero, so taking it off a game's
points changes their expectation not at all, and it takes out most of their spread."""

from __future__ import annotations

import random
import statistics
import sys

import pytest

from backgammon.bot.levels import Level
from backgammon.bot.player import ROLLS, choose_play
from backgammon.movegen import legal_positions
from backgammon.position import Position
from benchmarks.bot_vs_pubeval import play_game
from benchmarks.luck import OPENING_ROLLS, Luck, roll_luck

# A benchmark's arithmetic: the benchmarks run in CPython (inside gnubg's), never in the page, so not in
# Pyodide either (where these three took 54 s of the core suite's 200).
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="benchmarks run in CPython only")


def board(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from {point: checkers} (point 25 the bar)."""
    return tuple(points.get(point, 0) for point in range(1, 26))


def sample_positions() -> list[Position]:
    rng = random.Random(5)
    positions = []
    position = Position.start()
    for turn in range(40):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        after = rng.choice(legal_positions(position, dice))
        if not any(after.mine):
            break
        position = after.swap()
        if turn % 8 == 3:
            positions.append(position)
    bear_off = Position(mine=board({1: 2, 3: 3, 6: 2}), theirs=board({2: 4, 5: 5}))
    return [Position.start(), *positions, bear_off]


def test_the_luck_of_a_turn_averages_to_nothing_over_the_dice() -> None:
    for position in sample_positions():
        lucks = [(roll_luck(position, dice), weight) for dice, weight in ROLLS]
        assert abs(sum(luck.equity * weight for luck, weight in lucks)) < 1e-9
        assert abs(sum(luck.win * weight for luck, weight in lucks)) < 1e-9
    opening = [(roll_luck(Position.start(), dice, opening=True), w) for dice, w in OPENING_ROLLS]
    assert abs(sum(luck.equity * weight for luck, weight in opening)) < 1e-9
    assert abs(sum(luck.win * weight for luck, weight in opening)) < 1e-9


def test_a_roll_that_ends_the_game_is_lucky_and_one_that_does_not_is_unlucky() -> None:
    # Two checkers on the six point against two that any roll bears off: only 3-3 to 6-6 win (4 in 36).
    position = Position(mine=board({6: 2}), theirs=board({1: 1, 2: 1}))
    # Equity: +1 a win and -1 a loss, so a roll's luck is twice its luck in chances of winning.
    lucky, unlucky = roll_luck(position, (6, 6)), roll_luck(position, (1, 2))
    assert (lucky.win, lucky.equity) == pytest.approx((32 / 36, 64 / 36))
    assert (unlucky.win, unlucky.equity) == pytest.approx((-4 / 36, -8 / 36))
    assert roll_luck(position, (2, 1)) == roll_luck(position, (1, 2))  # the dice's order does not matter


def test_luck_adjusted_points_keep_the_sign_and_lose_the_spread() -> None:
    """Our net at 0-ply against itself: the raw points swing by whole games, the adjusted ones by a fraction
    of one (a luck counted for the wrong side would widen them instead)."""
    level = Level("net", noise=0.0, lookahead=0, window=0.0, budget=0, cube_noise=0.0)

    def player(position: Position, dice: tuple[int, int], _rng: random.Random | None = None) -> Position:
        return choose_play(position, dice, level=level).position

    rng = random.Random(11)
    games = [play_game(number % 2 == 0, player, rng, player, judge_luck=True) for number in range(4)]
    raw = [float(points) for points, _ in games]
    adjusted = [points - luck.equity for points, luck in games]
    assert statistics.pstdev(adjusted) < 0.4 * statistics.pstdev(raw)
    wins = [1.0 if points > 0 else 0.0 for points, _ in games]
    adjusted_wins = [won - luck.win for won, (_, luck) in zip(wins, games, strict=True)]
    assert statistics.pstdev(adjusted_wins) < 0.4 * statistics.pstdev(wins)
    assert play_game(True, player, random.Random(11), player)[1] == Luck()  # judged only when asked
