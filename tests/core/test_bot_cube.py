"""Cube decisions: money and match play, clear doubles, takes and passes, and the rules' limits."""

from __future__ import annotations

import pytest

from backgammon.bot.cube import (
    MatchContext,
    Owner,
    accept_resignation,
    cube_advice,
    resignation_to_offer,
)
from backgammon.bot.evaluator import Probabilities, evaluate
from backgammon.bot.met import match_winning_chance
from backgammon.bot.player import evaluate_position
from backgammon.position import Position

MONEY = MatchContext()


def gammonless(win: float) -> Probabilities:
    return Probabilities(win, 0.0, 0.0, 0.0, 0.0)


def side(points: dict[int, int]) -> tuple[int, ...]:
    counts = [0] * 25
    for point, checkers in points.items():
        counts[point - 1] = checkers
    return tuple(counts)


def test_an_even_game_is_no_double_and_a_take() -> None:
    advice = cube_advice(gammonless(0.5), 1, Owner.CENTRE, MONEY)
    assert not advice.double
    assert advice.take


def test_a_strong_but_not_decisive_edge_is_double_take() -> None:
    advice = cube_advice(gammonless(0.74), 1, Owner.CENTRE, MONEY)
    assert advice.double
    assert advice.take


def test_a_decisive_edge_is_double_pass() -> None:
    advice = cube_advice(gammonless(0.88), 1, Owner.CENTRE, MONEY)
    assert advice.double
    assert not advice.take
    assert advice.double_pass == 1.0


def test_a_big_gammon_threat_is_too_good_to_double() -> None:
    advice = cube_advice(Probabilities(0.9, 0.6, 0.05, 0.0, 0.0), 1, Owner.CENTRE, MONEY)
    assert advice.too_good
    assert not advice.double


def test_the_money_take_point_lies_between_the_dead_and_live_cube_values() -> None:
    takes = [w / 100 for w in range(60, 100) if cube_advice(gammonless(w / 100), 1, Owner.CENTRE, MONEY).take]
    last_take = max(takes)
    assert 0.75 <= last_take <= 0.81  # the taker needs 19-25%


def test_a_redouble_needs_the_cube() -> None:
    owned = cube_advice(gammonless(0.74), 2, Owner.ME, MONEY)
    centred = cube_advice(gammonless(0.74), 1, Owner.CENTRE, MONEY)
    assert owned.no_double >= centred.no_double  # owning the cube is worth something


def test_a_winning_doubled_side_beavers_when_beavers_are_played() -> None:
    context = MatchContext(beavers=True)
    advice = cube_advice(gammonless(0.35), 1, Owner.CENTRE, context)
    assert advice.take and advice.beaver
    assert not cube_advice(gammonless(0.35), 1, Owner.CENTRE, MONEY).beaver


def test_no_double_in_the_crawford_game() -> None:
    context = MatchContext(away=1, opponent_away=3, crawford_game=True)
    for win in (0.6, 0.75, 0.9):
        assert not cube_advice(gammonless(win), 1, Owner.CENTRE, context).double
        assert not cube_advice(gammonless(win), 1, Owner.CENTRE, context.flipped()).double


def test_the_trailer_doubles_after_the_crawford_game() -> None:
    context = MatchContext(away=4, opponent_away=1, post_crawford=True)
    assert cube_advice(gammonless(0.5), 1, Owner.CENTRE, context).double


def test_match_score_changes_the_take() -> None:
    # At 2-away/2-away a taken double decides the match: the taker needs 32% (Crawford 2-away/1-away).
    money = cube_advice(gammonless(0.72), 1, Owner.CENTRE, MONEY)
    two_away_each = cube_advice(gammonless(0.72), 1, Owner.CENTRE, MatchContext(away=2, opponent_away=2))
    assert money.take
    assert two_away_each.double and not two_away_each.take


def test_a_clear_race_lead_is_double_and_pass() -> None:
    mine = side({1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2})  # 45 pips
    theirs = side({6: 4, 7: 4, 8: 4, 9: 2})  # 98 pips, one checker off
    static = evaluate(mine, theirs)
    looked_ahead = evaluate_position(Position(mine, theirs), lookahead=True)
    for probs in (static, looked_ahead):
        advice = cube_advice(probs, 1, Owner.CENTRE, MONEY, race=True)
        assert advice.double and not advice.take


def test_match_equity_table_values() -> None:
    assert match_winning_chance(1, 2) == pytest.approx(0.67736)
    assert match_winning_chance(2, 1) == pytest.approx(1 - 0.67736)
    assert match_winning_chance(7, 7) == 0.5
    assert match_winning_chance(0, 3) == 1.0
    assert match_winning_chance(3, 0) == 0.0
    assert match_winning_chance(2, 1, post_crawford=True) == pytest.approx(0.48803)
    for away in range(1, 22):
        for other in range(1, 22):
            total = match_winning_chance(away, other) + match_winning_chance(other, away)
            assert total == pytest.approx(1.0, abs=1e-4)
            if other < 21:
                assert match_winning_chance(away, other + 1) >= match_winning_chance(away, other)


def test_resignations_are_offered_only_when_hopeless_and_accepted_when_fair() -> None:
    assert resignation_to_offer(Probabilities(0.3, 0.0, 0.0, 0.1, 0.0)) is None
    assert resignation_to_offer(Probabilities(0.0, 0.0, 0.0, 0.0, 0.0)) == 1
    assert resignation_to_offer(Probabilities(0.0, 0.0, 0.0, 1.0, 0.0)) == 2
    crushing = Probabilities(1.0, 0.9, 0.0, 0.0, 0.0)
    assert not accept_resignation(crushing, 1, 1, Owner.CENTRE, MONEY)  # 1 point when a gammon is likely
    assert accept_resignation(crushing, 2, 1, Owner.CENTRE, MONEY)
