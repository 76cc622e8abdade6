"""The one-sided bear-off database: its figures against an independent exact computation (the game's own move
generator), the two-sided chances against a brute-force recursion, the evaluator's use of it, and the lazy
read of its file."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from backgammon import api
from backgammon.bot import bearoff_db
from backgammon.bot.bearoff import race_probabilities_if_known
from backgammon.bot.bearoff_db import (
    CHECKERS,
    GAMMON_POSITIONS,
    POSITIONS,
    Database,
    Distribution,
    database,
    gammon_index,
    index,
    two_sided,
)
from backgammon.bot.evaluator import clear_caches, evaluate, evaluate_many, evaluate_many_after_play
from backgammon.movegen import generate

ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
EMPTY = (0,) * 25
Board = tuple[int, ...]  # six counts, points 1..6


def side(board: Board, **outside: int) -> tuple[int, ...]:
    """A side's 25 counts: `board` on points 1..6, and `p7=1`-style counts beyond."""
    counts = [*board, *(0,) * 19]
    for name, count in outside.items():
        counts[int(name[1:]) - 1] = count
    return tuple(counts)


def boards(checkers: int, points: int = 6) -> Iterator[Board]:
    if points == 0:
        yield ()
        return
    for count in range(checkers + 1):
        for rest in boards(checkers - count, points - 1):
            yield (count, *rest)


@cache
def results(board: Board, dice: tuple[int, int]) -> list[Board]:
    """The boards a roll can reach, by the game's move generator (no checker of the other side in the way)."""
    found = [after[:6] for after, _, _ in generate(side(board), EMPTY, dice).values()]
    return found or [board]


@cache
def exact(board: Board) -> tuple[float, tuple[float, ...]]:
    """(expected rolls to bear off, distribution from 0 rolls) playing each roll to the lowest expectation."""
    if not any(board):
        return 0.0, (1.0,)
    expected = 1.0
    dist = [0.0] * 40
    for dice, weight in ROLLS:
        best = min(results(board, dice), key=lambda after: (exact(after)[0], index(after)))
        after_expected, after_dist = exact(best)
        expected += weight * after_expected / 36
        for n, p in enumerate(after_dist):
            dist[n + 1] += weight * p / 36
    while dist[-1] == 0.0:
        dist.pop()
    return expected, tuple(dist)


def call(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(
        api.handle(json.dumps({"id": 1, "method": method, "params": params or {}}))
    )
    assert "result" in answer, answer
    return answer


def as_list(dist: Distribution) -> list[float]:
    first, probs = dist
    return [0.0] * first + list(probs)


def mean(dist: Distribution) -> float:
    return sum(n * p for n, p in enumerate(as_list(dist)))


@pytest.fixture(scope="module")
def db() -> Database:
    found = database()
    assert found is not None, "py/backgammon/bot/bearoff.bin is missing: python3 -m training.bearoff_db"
    return found


def test_the_index_numbers_every_home_board_once() -> None:
    numbers = sorted(index(board) for board in boards(CHECKERS))
    assert numbers == list(range(POSITIONS))
    gammons = sorted(gammon_index(board) for board in boards(CHECKERS) if sum(board) == CHECKERS)
    assert gammons == list(range(GAMMON_POSITIONS))


def test_every_distribution_sums_to_one(db: Database) -> None:
    rng = random.Random(3)
    for board in rng.sample(list(boards(CHECKERS)), 300):
        assert sum(db.rolls(board)[1]) == pytest.approx(1.0, abs=1e-12)
        if sum(board) == CHECKERS:
            assert sum(db.first_off(board)[1]) == pytest.approx(1.0, abs=1e-12)


def test_small_boards_agree_with_an_exact_recursion(db: Database) -> None:
    """Every board of up to 5 checkers: the same distribution, to the file's rounding (1/65535 each)."""
    for board in boards(5):
        expected, dist = exact(board)
        stored = as_list(db.rolls(board))
        assert mean(db.rolls(board)) == pytest.approx(expected, abs=2e-4), board
        assert len(stored) <= len(dist) + 1
        for n, p in enumerate(dist):
            assert (stored[n] if n < len(stored) else 0.0) == pytest.approx(p, abs=1e-4), (board, n)


def test_large_boards_satisfy_the_recursion_by_the_move_generator(db: Database) -> None:
    """Sampled boards of 10 to 15 checkers: each one's distribution is one roll more than the best reachable
    board's, for each roll, where the best is chosen among the move generator's results by their stored
    expectations."""
    rng = random.Random(7)
    large = [board for board in boards(CHECKERS) if sum(board) >= 10]
    for board in rng.sample(large, 25):
        expected = 1.0
        dist = [0.0] * 40
        for dice, weight in ROLLS:
            best = min(results(board, dice), key=lambda after: mean(db.rolls(after)))
            expected += weight * mean(db.rolls(best)) / 36
            for n, p in enumerate(as_list(db.rolls(best))):
                dist[n + 1] += weight * p / 36
        assert mean(db.rolls(board)) == pytest.approx(expected, abs=5e-4), board
        stored = as_list(db.rolls(board))
        for n, p in enumerate(stored):
            assert p == pytest.approx(dist[n], abs=5e-4), (board, n)


def test_first_checker_off_agrees_with_the_move_generator(db: Database) -> None:
    """The chance of no checker off after one roll (what a gammon a roll away turns on), for 15-checker
    boards: none of the move generator's results of the roll has one off."""
    rng = random.Random(11)
    full = [board for board in boards(CHECKERS) if sum(board) == CHECKERS]
    for board in rng.sample(full, 40):
        stuck = sum(
            weight for dice, weight in ROLLS if all(sum(after) == CHECKERS for after in results(board, dice))
        )
        first, probs = db.first_off(board)
        assert first >= 1
        stored_stuck = 1.0 - (probs[0] if first == 1 else 0.0)
        assert stored_stuck == pytest.approx(stuck / 36, abs=1e-4), board
    assert db.first_off((1, 2, 0, 0, 0, 0)) == (0, (1.0,))  # checkers already off


@cache
def two_sided_brute_force(mine: Board, theirs: Board, optimal: bool) -> float:
    """The side on roll's chance to win, by recursion over both sides' rolls: each playing the database's
    way (the lowest expected rolls), or, with `optimal`, whatever wins most."""
    total = 0.0
    for dice, weight in ROLLS:
        options = results(mine, dice)
        if optimal:
            value = max(
                1.0 if not any(after) else 1.0 - two_sided_brute_force(theirs, after, optimal)
                for after in options
            )
        else:
            after = min(options, key=lambda b: (exact(b)[0], index(b)))
            value = 1.0 if not any(after) else 1.0 - two_sided_brute_force(theirs, after, optimal)
        total += weight * value
    return total / 36


def test_two_sided_chances_of_tiny_bear_offs_are_exact(db: Database) -> None:
    """Every pair of boards of 1 to 3 checkers: the database's win chance is the two-sided recursion's (to its
    rounding), and within 0.2% of perfect two-sided play's."""
    small = [board for board in boards(3) if any(board)]
    worst = 0.0
    for mine in small:
        for theirs in small:
            chances = two_sided(side(mine), side(theirs), db)
            assert chances is not None
            assert chances[0] == pytest.approx(two_sided_brute_force(mine, theirs, False), abs=1e-4)
            worst = max(worst, abs(chances[0] - two_sided_brute_force(mine, theirs, True)))
            assert chances[1:] == (0.0, 0.0, 0.0, 0.0)  # checkers are off: no gammons
    assert worst < 0.002


def test_gammons_agree_with_the_certain_cases(db: Database) -> None:
    """Where the result is certain, the database's gammon chances are the exact ones of `bearoff`."""
    rng = random.Random(5)
    full = [board for board in boards(CHECKERS) if sum(board) == CHECKERS]
    sure_finish = [(1, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0), (0, 0, 1, 0, 0, 0)]
    for loser in rng.sample(full, 30):
        for winner in sure_finish:
            on_roll = two_sided(side(winner), side(loser), db)
            assert on_roll == pytest.approx(race_probabilities_if_known(side(winner), side(loser)))
            waiting = two_sided(side(loser), side(winner), db)
            known = race_probabilities_if_known(side(loser), side(winner))
            assert known is not None and waiting is not None
            assert waiting == pytest.approx(known, abs=1e-4)


def test_the_evaluator_judges_bear_offs_by_the_database(db: Database) -> None:
    rng = random.Random(9)
    every = list(boards(CHECKERS))
    pairs = [(side(rng.choice(every)), side(rng.choice(every))) for _ in range(60)]
    pairs = [(mine, theirs) for mine, theirs in pairs if any(mine) and any(theirs)]
    clear_caches()
    many = evaluate_many(pairs)
    after_play = evaluate_many_after_play([(theirs, mine) for mine, theirs in pairs])
    for (mine, theirs), probs, flipped in zip(pairs, many, after_play, strict=True):
        expected = race_probabilities_if_known(mine, theirs) or two_sided(mine, theirs, db)
        assert evaluate(mine, theirs).as_tuple() == expected
        assert probs.as_tuple() == expected
        assert flipped.flipped().as_tuple() == pytest.approx(expected, abs=1e-12)


def test_a_race_with_checkers_outside_home_is_still_the_networks() -> None:
    mine = side((3, 3, 3, 2, 2, 1), p7=1)  # one checker on the 7 point
    theirs = side((2, 2, 2, 2, 2, 2))
    assert two_sided(side((3, 3, 3, 2, 2, 1)), theirs) != evaluate(mine, theirs).as_tuple()


def test_the_file_is_read_only_when_a_bear_off_is_first_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []
    real_read = bearoff_db.read_data

    def counted() -> bytes:
        reads.append(1)
        return real_read()

    monkeypatch.setattr(bearoff_db, "read_data", counted)
    database.cache_clear()
    clear_caches()
    try:
        players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "expert"}]
        call("new_match", {"settings": {"match_length": 3}, "players": players})
        call("act", {"action": {"type": "roll", "dice": [3, 1]}})
        call("hint")
        evaluate(side((0, 0, 0, 0, 0, 0), p13=2), side((1, 1, 1, 1, 1, 1)))  # a race, not a bear-off
        assert reads == []
        bear_off = (side((2, 2, 2, 2, 2, 0)), side((3, 3, 3, 0, 0, 0)))
        evaluate(*bear_off)
        evaluate_many([bear_off, (side((1, 1, 0, 0, 0, 4)), side((0, 0, 3, 3, 0, 0)))])
        assert reads == [1]
    finally:
        database.cache_clear()
        clear_caches()


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide: the test above stands")
def test_a_fresh_process_starting_a_match_never_imports_the_database() -> None:
    script = """
import json, sys
from backgammon import api
players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "expert"}]
for method, params in (("new_match", {"settings": {"match_length": 3}, "players": players}),
                       ("act", {"action": {"type": "roll", "dice": [3, 1]}}), ("hint", {})):
    assert "result" in json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
print(json.dumps(sorted(name for name in sys.modules if name.startswith("backgammon.bot"))))
"""
    source = str(Path(bearoff_db.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": source}
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    loaded = json.loads(completed.stdout)
    assert "backgammon.bot.evaluator" in loaded
    assert "backgammon.bot.bearoff_db" not in loaded


def test_the_generator_gives_the_shipped_records_of_small_boards(db: Database) -> None:
    """training/bearoff_db.py solving only the boards of up to 5 checkers writes the same records."""
    from training import bearoff_db as generator

    solver = generator.Solver(5)
    solver.solve()
    assert len(solver.finish) == 462
    for board, (expected, dist) in solver.finish.items():
        assert expected == pytest.approx(exact(board)[0], abs=1e-12)
        first, units = generator.quantised(dist)
        assert db.rolls(board) == (first, tuple(u / 65535 for u in units)), board
