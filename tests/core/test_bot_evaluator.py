"""The evaluator: probabilities that are consistent, ordered as the game demands, and exact where known."""

from __future__ import annotations

import random

import pytest

from backgammon.bot.encoding import INPUT_COUNT, encode
from backgammon.bot.evaluator import Probabilities, evaluate, evaluate_after_play, evaluate_many
from backgammon.bot.gnubg_inputs import EXTENDED_INPUT_COUNT
from backgammon.bot.network import pack_networks, parse_networks, shipped_networks
from backgammon.movegen import legal_positions
from backgammon.position import Position


def side(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from {point: checkers}; point 25 is the bar."""
    counts = [0] * 25
    for point, checkers in points.items():
        counts[point - 1] = checkers
    return tuple(counts)


def random_positions(count: int, seed: int) -> list[Position]:
    """Positions from games of random plays: a spread of contact, race and bear-off boards."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start()
        while any(position.mine) and any(position.theirs) and len(found) < count:
            found.append(position)
            after = rng.choice(legal_positions(position, (rng.randint(1, 6), rng.randint(1, 6))))
            position = after.swap()
    return found


def assert_consistent(probs: Probabilities) -> None:
    assert 0.0 <= probs.win <= 1.0
    assert 0.0 <= probs.win_backgammon <= probs.win_gammon <= probs.win
    assert 0.0 <= probs.lose_backgammon <= probs.lose_gammon <= probs.lose
    assert -3.0 <= probs.equity <= 3.0


def test_every_estimate_is_a_consistent_set_of_probabilities() -> None:
    for position in random_positions(300, seed=1):
        assert_consistent(evaluate(position.mine, position.theirs))


def test_a_won_race_is_worth_more_than_a_lost_one() -> None:
    ahead = side({1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2})  # 45 pips
    behind = side({6: 5, 8: 4, 10: 3, 12: 3})  # 130 pips
    winning = evaluate(ahead, behind)
    losing = evaluate(behind, ahead)
    assert winning.win > 0.95
    assert losing.win < 0.05
    assert winning.equity > losing.equity


def test_a_bear_off_that_cannot_be_lost_is_a_certain_win() -> None:
    mine = side({1: 1, 2: 1})  # any roll bears both off
    theirs = side({1: 2, 2: 2, 3: 2})
    probs = evaluate(mine, theirs)
    assert probs.win == 1.0
    assert probs.win_gammon == 0.0  # they have borne checkers off


def test_a_side_that_cannot_finish_against_a_certain_finish_has_lost() -> None:
    mine = side({6: 3, 5: 3})
    theirs = side({1: 1})
    assert evaluate(mine, theirs).win == 0.0


def test_a_certain_ending_still_counts_the_gammon_and_the_backgammon() -> None:
    straggler = side({24: 1, 6: 14})  # 15 checkers on the board, one still in their home board
    finisher = side({1: 1})
    # The finisher wins a backgammon: the straggler gets no roll.
    assert evaluate(finisher, straggler).as_tuple() == (1.0, 1.0, 1.0, 0.0, 0.0)
    # On roll, the straggler bears a checker off only with 6-6 (24/18/12/6, 6/off), and escapes their
    # home board with every roll of 6 pips or more (1-1, 2-1, 3-1, 4-1, 3-2 leave it there).
    assert evaluate(straggler, finisher).as_tuple() == pytest.approx((0.0, 0.0, 0.0, 35 / 36, 9 / 36))


def test_no_gammon_is_possible_once_the_loser_has_borne_off() -> None:
    mine = side({13: 5, 15: 5, 18: 5})  # far behind in a race, nothing borne off
    theirs = side({1: 4, 2: 4, 3: 4})  # three checkers already off
    probs = evaluate(mine, theirs)
    assert probs.win_gammon == 0.0
    assert probs.lose_gammon > 0.5


def test_a_finished_game_is_scored_by_its_size() -> None:
    empty = (0,) * 25
    assert evaluate_after_play(empty, side({6: 15})).as_tuple() == (1.0, 1.0, 0.0, 0.0, 0.0)
    assert evaluate_after_play(empty, side({20: 1, 6: 14})).as_tuple() == (1.0, 1.0, 1.0, 0.0, 0.0)
    assert evaluate_after_play(empty, side({6: 14})).as_tuple() == (1.0, 0.0, 0.0, 0.0, 0.0)


def test_seen_from_the_other_side_the_chances_are_mirrored() -> None:
    probs = Probabilities(0.6, 0.2, 0.01, 0.1, 0.02)
    assert probs.flipped().as_tuple() == pytest.approx((0.4, 0.1, 0.02, 0.2, 0.01))
    assert probs.flipped().equity == pytest.approx(-probs.equity)
    assert probs.flipped().flipped() == probs


def test_incremental_batch_evaluation_gives_the_same_numbers_as_one_by_one() -> None:
    for position in random_positions(20, seed=3):
        boards = [(p.theirs, p.mine) for p in legal_positions(position, (6, 4))]
        batch = evaluate_many(boards)
        for (mine, theirs), probs in zip(boards, batch, strict=True):
            assert probs.as_tuple() == pytest.approx(evaluate(mine, theirs).as_tuple(), abs=1e-9)


def test_the_shipped_networks_fit_the_encoding() -> None:
    """The contact net takes gnubg's 28 inputs after the encoding's; the race and pruning nets do not."""
    nets = shipped_networks()
    assert set(nets) == {"contact", "race", "prune"}
    assert len(nets["contact"].input_rows) == EXTENDED_INPUT_COUNT
    assert len(nets["race"].input_rows) == len(nets["prune"].input_rows) == INPUT_COUNT
    for net in nets.values():
        assert len(net.output_bias) == 5


def test_network_file_round_trip_keeps_the_weights() -> None:
    w1 = [[0.5, -1.0]] * INPUT_COUNT
    data = pack_networks({"tiny": (w1, [0.1, 0.2], [[1.0, 0.0, 0.0, 0.0, 0.0], [0.0] * 5], [0.0] * 5)})
    net = parse_networks(data)["tiny"]
    assert net.input_rows[3] == [0.5, -1.0]
    assert net.output_columns[0] == [1.0, 0.0]
    inputs = encode(Position.start().mine, Position.start().theirs)
    assert len(inputs) == INPUT_COUNT


def test_a_foreign_file_is_refused() -> None:
    with pytest.raises(ValueError, match="not a backgammon network file"):
        parse_networks(b"GIF89a....")
