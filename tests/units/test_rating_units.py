"""The FIBS rating formula (web/home/rating.js) and the statistics of a history (web/home/stats.js) under
Node,
against worked examples. The formula is FIBS's `help formula`: D = |r1 - r2|,
P_upset = 1 / (10^(D sqrt(n) / 2000) + 1), K = max(1, 5 - experience / 100), change = ±4 K sqrt(n) P."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = 'import * as rating from "{WEB}/home/rating.js"; import { summarize } from "{WEB}/home/stats.js";'


def run_js(body: str) -> Any:
    return run_module(IMPORTS, body)


def change(rating: float, opponent: float, length: int, experience: int, won: bool) -> float:
    value: float = run_js(
        f"print(rating.ratingChange({{rating: {rating}, opponent: {opponent}, length: {length},"
        f" experience: {experience}, won: {str(won).lower()}}}));"
    )
    return value


@pytest.mark.parametrize(
    ("rating", "opponent", "length", "experience", "won", "expected"),
    [
        # "A one-point match played between two experienced players with identical ratings is worth 2 points"
        # (Kevin Bastian, The FIBS Rating System): P = 0.5, K = 1, 4 * 1 * 1 * 0.5.
        (1500, 1500, 1, 400, True, 2.0),
        (1500, 1500, 1, 400, False, -2.0),
        # A new player (experience 0): K = 5, so five times as much.
        (1500, 1500, 1, 0, True, 10.0),
        # 1500 against 1800 in a 5-point match: D sqrt(n) / 2000 = 0.33541, P_upset = 1 / (10^0.33541 + 1) =
        # 0.31598. The underdog wins: 4 * 5 * sqrt(5) * 0.68402 = 30.590; loses: 4 * 5 * sqrt(5) * 0.31598.
        (1500, 1800, 5, 0, True, 30.590),
        (1500, 1800, 5, 0, False, -14.131),
        # 1700 against 1600, 7 points, experience 250: K = 2.5, P_upset = 1 / (10^0.13229 + 1) = 0.42443.
        (1700, 1600, 7, 250, True, 11.229),
        (1700, 1600, 7, 250, False, -15.228),
    ],
)
def test_rating_change_follows_the_fibs_formula(
    rating: float, opponent: float, length: int, experience: int, won: bool, expected: float
) -> None:
    assert change(rating, opponent, length, experience, won) == pytest.approx(expected, abs=0.001)


def test_experience_factor_falls_from_5_to_1_at_400() -> None:
    assert run_js("print([0, 100, 250, 400, 1000].map(rating.experienceFactor));") == [5, 4, 2.5, 1, 1]


def entry(
    level: str | None, length: int, won: bool, games: list[tuple[bool, str]], **more: Any
) -> dict[str, Any]:
    opponent = {"kind": "computer", "level": level} if level else {"kind": "human"}
    return {
        "id": f"x{length}{level}{won}",
        "finishedAt": "2026-11-24T12:00:00.000Z",
        "matchLength": length,
        "players": [
            {"name": "White", "kind": "human"},
            {"name": "Black", "kind": "computer" if level else "human"},
        ],
        "you": 0,
        "opponent": opponent,
        "score": [0, 0],
        "winner": 0 if won else 1,
        "games": [
            {"winner": 0 if w else 1, "points": 1, "kind": kind, "ending": "borne_off"} for w, kind in games
        ],
        "fromSetup": False,
        "analysis": None,
        **more,
    }


def test_the_rating_moves_only_with_rated_matches_against_the_computer() -> None:
    entries = [
        entry("expert", 5, True, [(True, "gammon"), (True, "single"), (False, "backgammon")]),
        entry(None, 3, True, [(True, "single")]),  # two people: not rated
        entry("beginner", 1, False, [(False, "gammon")]),
        entry("intermediate", 3, False, [(False, "single")], fromSetup=True),  # a set-up position: not rated
    ]
    series = run_js(f"print(rating.ratingSeries({json.dumps(entries)}));")
    # The expert (1800) beaten in 5 points at 1500, experience 0: +30.590 (above). Then 1530.590 loses a
    # 1-point match to the beginner (1400): D = 130.590, P_upset = 1 / (10^0.065295 + 1) = 0.46248; the
    # underdog won, so P = 0.53752, and K = 5 - 5 / 100 = 4.95: -4 * 4.95 * 1 * 0.53752 = -10.643.
    assert [round(s["change"], 3) for s in series] == [30.590, -10.643]
    assert [s["experience"] for s in series] == [5, 6]
    assert series[-1]["rating"] == pytest.approx(1500 + 30.590 - 10.643, abs=0.001)


def test_a_match_with_a_friend_moves_the_rating_only_when_both_agreed_to_rate_it() -> None:
    friend = {"kind": "human", "remote": True}
    entries = [
        entry(None, 3, True, [(True, "single")], opponent=friend),  # not rated: no rating given
        entry(None, 7, True, [(True, "single")], opponent={**friend, "rating": 1600}),
        entry(None, 3, True, [(True, "single")], opponent={"kind": "human", "rating": 1600}),  # one device
        entry(None, 0, True, [(True, "single")], opponent={**friend, "rating": 1600}),  # a money session
    ]
    series = run_js(f"print(rating.ratingSeries({json.dumps(entries)}));")
    # 1500 beats the friend's 1600 in 7 points at experience 0: D sqrt(n) / 2000 = 0.13229, P_upset =
    # 0.42443, the underdog won: 4 * 5 * sqrt(7) * 0.57557 = 30.456 (the FIBS formula, as above).
    assert [round(s["change"], 3) for s in series] == [30.456]
    summary = run_js(f"print(summarize({json.dumps(entries)}));")
    rows = {row["key"]: row for row in summary["rows"]}
    assert rows["friend"]["matchesWon"] == 3 and rows["human"]["matchesWon"] == 1


def test_summary_counts_matches_games_gammons_and_backgammons_per_opponent() -> None:
    entries = [
        entry("expert", 5, True, [(True, "gammon"), (True, "single"), (False, "backgammon")]),
        entry(
            None,
            3,
            True,
            [(True, "single")],
            analysis={
                "depth": 1,
                "players": [{"overall_error_rate": 10.0, "pr": 5.0, "unforced_moves": 12}, {}],
            },
        ),
        entry(
            "beginner",
            1,
            False,
            [(False, "gammon")],
            analysis={
                "depth": 0,
                "players": [{"overall_error_rate": 20.0, "pr": 10.0, "close_cube_decisions": 1}, {}],
            },
        ),
        # Resigned before any decision of yours: the analysis's rate of 0.0 is not counted as a perfect match.
        entry(
            "beginner",
            2,
            False,
            [(False, "single")],
            analysis={
                "depth": 0,
                "players": [
                    {"overall_error_rate": 0.0, "pr": 0.0, "unforced_moves": 0, "close_cube_decisions": 0},
                    {},
                ],
            },
        ),
    ]
    summary = run_js(f"print(summarize({json.dumps(entries)}));")
    rows = {row["key"]: row for row in summary["rows"]}
    assert (rows["expert"]["matchesWon"], rows["expert"]["matchesLost"]) == (1, 0)
    assert (rows["expert"]["gamesWon"], rows["expert"]["gamesLost"]) == (2, 1)
    assert (rows["expert"]["gammonsWon"], rows["expert"]["backgammonsLost"]) == (1, 1)
    assert (rows["beginner"]["matchesLost"], rows["beginner"]["gammonsLost"]) == (2, 1)
    assert (rows["human"]["matchesWon"], rows["intermediate"]["matchesWon"]) == (1, 0)
    assert summary["total"]["matchesWon"] == 2 and summary["total"]["matchesLost"] == 2
    assert summary["analysed"] == 2 and summary["averageErrorRate"] == 15.0 and summary["averagePr"] == 7.5
    assert summary["experience"] == 8


def test_a_history_file_keeps_a_rated_match_with_a_friend_and_refuses_a_rating_elsewhere() -> None:
    friend = {"kind": "human", "remote": True}
    cases = [
        entry(None, 3, True, [(True, "single")], opponent=friend),
        entry(None, 3, True, [(True, "single")], opponent={**friend, "rating": 1612}),
        entry(None, 3, True, [(True, "single")], opponent={"kind": "human", "rating": 1612}),
        entry(None, 3, True, [(True, "single")], opponent={**friend, "rating": 1612.5}),
    ]
    for case in cases:
        case["id"] = "1:abc"
    problems = run_module(
        'import { entryProblem } from "{WEB}/home/history.js";',
        f"print({json.dumps(cases)}.map(entryProblem));",
    )
    assert problems == [None, None, "history.entryOpponent", "history.entryOpponent"]
