"""Our analysis against GNU Backgammon's own, decision by decision and player by player, on the matches gnubg
analysed and saved (tests/core/data/sgf: `*-analysed.sgf`, `*-noisy.sgf`, each with gnubg's `show statistics
match` beside it as `*.stats.txt`). No gnubg is needed: its verdicts are in the files.

Two sets. The four `*-noisy.sgf` (a 5-, a 7- and a 13-point match and a money session with beavers, made by
`make-noisy.sh`) were played by gnubg against itself with noise on each side's checker play and cube, so there
are errors to find, and analysed by gnubg at 2-ply: the yardstick. The seven `*-analysed.sgf` (1, 3, 5, 7 and
11 points, two money sessions; `make.sh`) were played and analysed by gnubg at 0-ply without noise: gnubg
finds no error in them (it played its own first choice), so they measure how far our evaluator strays from
gnubg's where gnubg sees none.

Ours runs at depth 0 (a 13-point match in about 2 s; depth 1, the page's default, takes 15 times as long).
Every tolerance below is today's figure with a small margin, and agrees with what
`benchmarks/analysis_gnubg.py` measured on 120 matches (ours at depth 0 against gnubg at 2-ply, 2026-11-24,
docs/analysis.md): the same verdict on whether the play made was the best in 84% of 15,733 plays, luck per
roll 49.5 mEMG apart on average, the checker-play error rate 5.0 mEMG apart on average per player (3.5 for the
players under 20) and the two players of a match in gnubg's order 93% of the time, the cube error rate 22 mEMG
apart on average. A change that makes the analysis agree less with gnubg fails here; one that makes it agree
more should tighten them (each bound stands beside today's figure). Where ours is known to differ by more than
is reasonable, the tolerance says so and holds today's figure (the cube, issue 28).
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from gnubg_analysed import ANALYSED, Paired, figures, paired

from backgammon.analysis.stats import RATINGS

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten",
    reason="the analysis is the same Python inside Pyodide; these ~10 s of analysis run on CPython only",
)

NOISY = [name for name in ANALYSED if "noisy" in name]
ZERO_PLY = [name for name in ANALYSED if "analysed" in name]
RATING_ORDER = ["Awful!", *(label for _, label in RATINGS)]


def test_the_yardstick_is_there() -> None:
    assert len(NOISY) == 4 and len(ZERO_PLY) == 7
    assert any("money" in name for name in NOISY) and any("13pt" in name for name in NOISY)


@pytest.mark.parametrize("name", ANALYSED)
def test_every_decision_gnubg_analysed_is_one_of_ours(name: str) -> None:
    """The pairing itself (gnubg_analysed.paired): every checker play, roll, cube decision and answer gnubg
    analysed is a decision of ours, in the same order, with the same dice, and we analyse no cube decision it
    leaves out; moves and unforced moves per player are gnubg's counts exactly (as for all 240 players of the
    benchmark)."""
    pairs = paired(name)
    assert pairs.moves and pairs.ours_only == 0
    for ours, theirs in zip(pairs.ours["players"], pairs.gnubg_players, strict=True):
        assert ours["name"] == theirs["name"]
        assert (ours["moves"], ours["unforced_moves"]) == (theirs["moves"], theirs["unforced_moves"])


def merged(names: list[str]) -> dict[str, Any]:
    """The decision figures of several files as one set (shares and means over all their decisions)."""
    weights = {
        "same_best_play": "plays",
        "same_verdict_on_play_made": "plays",
        "same_mark": "plays",
        "error_mad": "plays",
        "luck_mad": "rolls",
        "same_luck_mark": "rolls",
        "same_cube_action": "cube_decisions",
        "same_response": "takes",
    }
    each = [figures(paired(name)) for name in names]
    total: dict[str, Any] = {
        key: sum(f[key] for f in each) for key in ("plays", "rolls", "cube_decisions", "takes")
    }
    for key, weight in weights.items():
        total[key] = sum(f[key] * f[weight] for f in each) / total[weight]
    return total


# (set, figure, bound, today's figure): shares are "at least", the others "at most".
DECISION_TOLERANCES = [
    # Which play is best: the same play (the same position after it) for us and gnubg.
    ("noisy", "same_best_play", 0.74, 0.760),
    ("zero_ply", "same_best_play", 0.75, 0.770),
    # Was the play made the best one: the benchmark's 86% at depth 0 against gnubg's 2-ply (84% with run 6).
    ("noisy", "same_verdict_on_play_made", 0.84, 0.867),
    ("zero_ply", "same_verdict_on_play_made", 0.75, 0.780),
    # The size of each play's error, mEMG: mean absolute difference per unforced play.
    ("noisy", "error_mad", 12.0, 10.98),
    ("zero_ply", "error_mad", 6.0, 5.11),
    # The mark (none, doubtful, bad, very bad) of each play.
    ("noisy", "same_mark", 0.85, 0.864),
    ("zero_ply", "same_mark", 0.95, 0.964),
    # Luck per roll, mEMG: the benchmark's 43.7 at depth 0 (51.3 with run 6); and the roll's mark (lucky,
    # very unlucky...).
    ("noisy", "luck_mad", 43.0, 38.98),
    ("zero_ply", "luck_mad", 43.0, 38.97),
    ("noisy", "same_luck_mark", 0.94, 0.955),
    ("zero_ply", "same_luck_mark", 0.95, 0.964),
    # Cube decisions before a roll: the same verdict (no double, double, too good) from gnubg's values
    # (gnubg's cubeful method; 0.965 and 0.985 with run 6's net; with Janowski's model and fixed
    # efficiencies 0.957 and 0.965).
    ("noisy", "same_cube_action", 0.95, 0.959),
    ("zero_ply", "same_cube_action", 0.98, 0.988),
    # Answers to a double (take or drop): 23 and 26 answers, gnubg's values read from the doubler's side
    # (21 and 25 the same; 22 and 23 with run 6's net; 17 and 21 before, partly from reading gnubg's answers
    # from the taker's side). One answer in 23 moves the figure by 0.043.
    ("noisy", "same_response", 0.9, 0.913),
    ("zero_ply", "same_response", 0.92, 0.962),
]


@pytest.fixture(scope="module")
def sets() -> dict[str, dict[str, Any]]:
    return {"noisy": merged(NOISY), "zero_ply": merged(ZERO_PLY)}


@pytest.mark.parametrize(("which", "figure", "bound", "today"), DECISION_TOLERANCES)
def test_decision_by_decision(
    sets: dict[str, dict[str, Any]], which: str, figure: str, bound: float, today: float
) -> None:
    measured = sets[which][figure]
    if figure.startswith("same"):
        assert measured >= bound, f"{which}: {figure} {measured:.3f} < {bound} (today {today})"
    else:
        assert measured <= bound, f"{which}: {figure} {measured:.2f} > {bound} (today {today})"


def players(name: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    pairs: Paired = paired(name)
    return list(zip(pairs.ours["players"], pairs.gnubg_players, strict=True))


@pytest.mark.parametrize("name", NOISY)
def test_per_player_checker_play(name: str) -> None:
    """The checker-play error rate within 8 mEMG + 20% of gnubg's (today the largest gap is 7.3: 17.0 against
    9.7; the benchmark's mean gap is 5.0), its rating at most one step from gnubg's, and the player who played
    worse by gnubg the one who played worse by us."""
    both = players(name)
    for ours, theirs in both:
        gnubg = theirs["chequer_error_rate"]
        assert abs(ours["chequer_error_rate"] - gnubg) <= 8 + 0.2 * gnubg, (ours["name"], ours, theirs)
        steps = RATING_ORDER.index(ours["chequer_rating"]) - RATING_ORDER.index(theirs["chequer_rating"])
        assert abs(steps) <= 1, (ours["chequer_rating"], theirs["chequer_rating"])
    (a, a_gnubg), (b, b_gnubg) = both
    assert (a["chequer_error_rate"] > b["chequer_error_rate"]) == (
        a_gnubg["chequer_error_rate"] > b_gnubg["chequer_error_rate"]
    )


@pytest.mark.parametrize("name", ZERO_PLY)
def test_per_player_where_gnubg_sees_no_error(name: str) -> None:
    """gnubg played its own 0-ply choice: it finds 0 mEMG. Our evaluator differs from its 0-ply on about a
    quarter of the plays, mostly by little: today at most 13.2 mEMG per unforced move."""
    for ours, theirs in players(name):
        assert theirs["chequer_error_rate"] == 0.0
        assert ours["chequer_error_rate"] <= 14.0, ours


@pytest.mark.parametrize("name", ANALYSED)
def test_per_player_luck(name: str) -> None:
    """The luck rate (mEMG per move) within 25 of gnubg's: depth 0 measures a roll against the static
    value of the position before it, gnubg against the average over the 36 rolls (the benchmark: 10.6 apart on
    average at depth 0, 4.0 at depth 1, with run 11's net). Today's largest gap is 18.0 (20.0 against 2.0; the
    mean over these files 4.8, with run 11's net 12.4 and a largest gap of 25.9)."""
    for ours, theirs in players(name):
        assert abs(ours["luck_rate"] - theirs["luck_rate"]) <= 25.0, (ours["name"], ours["luck_rate"], theirs)


# The cube error rate (mEMG per close cube decision) where gnubg's and ours are far apart today: the gap is
# held at today's size, not blessed. Issue 28 is to bring our cube decisions closer to gnubg's.
CUBE_GAP_TODAY = {
    # Alice beavers three doubles that gnubg's 2-ply says to drop: we count each as her error, a take at
    # twice the stake (1.3 to 2.4 EMG each); gnubg 1.07 counts none of it for her, and books the doubler's
    # take of the beaver as Bob's wrong take.
    ("gnubg-money-seed21-noisy.sgf", "Alice"): 710.0,  # 706.4 with run 13's net (693.4 run 12, 686.1 run 11)
    # Bob: 46.9 with run 12's net, 73.3 against 120.2 (52.0 with run 11's)
    ("gnubg-money-seed21-noisy.sgf", "Bob"): 55.0,
    # Alice's two wrong takes (2.8 EMG, gnubg 2.9) are divided by 11 close decisions at depth 0 against
    # gnubg's 16 at 2-ply: five of her no-doubles as the underdog lie within a few hundredths of gnubg's
    # 0.16 EMG threshold, on its side at 2-ply and on the other at our depth 0 (255.2 against 172.0; 157.0
    # with Janowski's model, which counted 18).
    ("gnubg-7pt-seed23-noisy.sgf", "Alice"): 85.0,
    # gnubg 0-ply played its own cube here and finds no error; the contact net of run 11 (gnubg's shot
    # inputs) judges one of Alice's three close decisions an error of about 0.11 EMG at depth 0 (36.6 a
    # decision; 0 with run 6's net, while the 50-match benchmark's cube gap fell from 16.6 to 14.8).
    ("gnubg-3pt-seed6-analysed.sgf", "Alice"): 40.0,
}
CUBE_GAP = 30.0  # today's largest elsewhere: 24.3 (3pt, where gnubg finds none: 0-ply files); 29.2 before


@pytest.mark.parametrize("name", ANALYSED)
def test_per_player_cube(name: str) -> None:
    """The cube error rate within 30 mEMG of gnubg's, except the gaps held at today's size above, and the
    count of close cube decisions within 10 of gnubg's (today at most 5 apart, 11 against 16 above; with
    Janowski's cube model it was 50 against 40 in the 11-point match, 40 against 40 now)."""
    for ours, theirs in players(name):
        gap = CUBE_GAP_TODAY.get((name, ours["name"]), CUBE_GAP)
        assert abs(ours["cube_error_rate"] - theirs["cube_error_rate"]) <= gap, (ours["name"], ours, theirs)
        assert abs(ours["close_cube_decisions"] - theirs["close_cube_decisions"]) <= 10
