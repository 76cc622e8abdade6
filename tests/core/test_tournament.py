"""Tournaments' pure parts (backgammon.tournament): the draw no one party chooses, the knock-out bracket with
its byes, the round robin's Berger tables checked against the published ones, and its standings."""

from __future__ import annotations

import collections
import hashlib
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from backgammon.errors import InvalidActionError
from backgammon.tournament.draw import commitment, draw_order, draw_seed, reveals_match
from backgammon.tournament.knockout import bracket, bracket_size, champion, seed_positions
from backgammon.tournament.roundrobin import Score, berger_rounds, round_robin, standings

KEYS = [f"{i:064x}" for i in range(1, 65)]


def value(n: int) -> str:
    return hashlib.sha256(str(n).encode()).hexdigest()


# ---- the draw ----------------------------------------------------------------------------------------


def test_a_reveal_counts_only_when_it_matches_its_commitment() -> None:
    commitments = {KEYS[i]: commitment(value(i + 1)) for i in range(3)}
    reveals = {KEYS[0]: value(1), KEYS[1]: value(9), KEYS[3]: value(4)}  # a wrong value; a stranger
    assert reveals_match(commitments, reveals) == {KEYS[0]: value(1)}
    with pytest.raises(InvalidActionError):
        commitment("not hex")


def test_the_seed_depends_on_every_value_and_not_on_their_order() -> None:
    reveals = {KEYS[i]: value(i) for i in range(4)}
    assert draw_seed(reveals) == draw_seed(dict(reversed(list(reveals.items()))))
    changed = {**reveals, KEYS[3]: value(99)}
    assert draw_seed(changed) != draw_seed(reveals)
    assert draw_seed({k: v for k, v in reveals.items() if k != KEYS[3]}) != draw_seed(reveals)


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(min_value=2, max_value=64), st.binary(min_size=32, max_size=32))
def test_the_draw_is_an_order_of_the_entrants_the_same_on_every_device(count: int, seed: bytes) -> None:
    keys = KEYS[:count]
    order = draw_order(list(reversed(keys)), seed)
    assert sorted(order) == sorted(keys)
    assert draw_order(keys, seed) == order  # the order the keys were given in does not matter


def test_every_order_of_four_is_about_equally_likely() -> None:
    """24 orders over 4,800 seeds: each expected 200 times; a bias of a tenth would show (chi-square, 23
    degrees of freedom, 0.1% level: 49.7)."""
    counts = collections.Counter(
        tuple(draw_order(KEYS[:4], hashlib.sha256(str(n).encode()).digest())) for n in range(4800)
    )
    assert len(counts) == 24
    chi_square = sum((seen - 200) ** 2 / 200 for seen in counts.values())
    assert chi_square < 49.7, counts


# ---- knock-out ---------------------------------------------------------------------------------------


def test_the_seeds_meet_as_in_any_seeded_bracket() -> None:
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_positions(4) == [1, 4, 2, 3]
    assert seed_positions(16)[:4] == [1, 16, 8, 9]


@pytest.mark.parametrize(
    ("entrants", "byes_to"),
    [(5, [1, 2, 3]), (6, [1, 2]), (7, [1]), (8, [])],
)
def test_byes_for_five_to_seven_fall_to_the_top_seeds_in_the_first_round(
    entrants: int, byes_to: list[int]
) -> None:
    order = KEYS[:entrants]
    rounds = bracket(order, {})
    first = rounds[0]
    assert sorted(order.index(str(p["winner"])) + 1 for p in first if p["bye"]) == byes_to
    assert not any(p["bye"] for later in rounds[1:] for p in later)
    # With five, the one first-round match is seed 4 against seed 5.
    if entrants == 5:
        assert [p["players"] for p in first if not p["bye"]] == [[order[3], order[4]]]


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(min_value=2, max_value=64), st.randoms(use_true_random=False))
def test_a_knock_out_played_to_its_end_has_one_champion(count: int, rng: random.Random) -> None:
    order = KEYS[:count]
    winners: dict[tuple[int, int], str] = {}
    while True:
        rounds = bracket(order, winners)
        due = [p for r in rounds for p in r if p["winner"] is None and None not in p["players"]]
        if not due:
            break
        for pairing in due:
            winners[(pairing["round"], pairing["table"])] = str(rng.choice(pairing["players"]))
    assert len(rounds) == bracket_size(count).bit_length() - 1
    # Everyone but the champion lost exactly once; the byes are only in the first round.
    lost = collections.Counter(
        next(x for x in p["players"] if x != p["winner"]) for r in rounds for p in r if not p["bye"]
    )
    assert set(lost) == set(order) - {champion(rounds)} and set(lost.values()) == {1}
    assert all(not p["bye"] for r in rounds[1:] for p in r)


def test_a_winner_who_did_not_play_the_match_is_refused() -> None:
    with pytest.raises(InvalidActionError):
        bracket(KEYS[:4], {(1, 1): KEYS[1]})  # table 1 is seed 1 against seed 4
    with pytest.raises(InvalidActionError):
        bracket(KEYS[:1], {})


# ---- round robin -------------------------------------------------------------------------------------

#: The Berger tables as published (FIDE Handbook C.05, Annex 1; the same as in Chris Fox's tables).
PUBLISHED = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
}


@pytest.mark.parametrize("players", sorted(PUBLISHED))
def test_the_rounds_are_the_published_berger_tables(players: int) -> None:
    made = [" ".join(f"{a}-{b}" for a, b in pairs) for pairs in berger_rounds(players)]
    assert made == PUBLISHED[players]
    assert berger_rounds(players - 1) == berger_rounds(players)  # an odd count: the highest number is a bye


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(min_value=2, max_value=64))
def test_everyone_meets_everyone_once_and_plays_once_a_round(count: int) -> None:
    rounds = round_robin(KEYS[:count], {})
    met = [frozenset(p["players"]) for r in rounds for p in r if not p["bye"]]
    assert len(met) == len(set(met)) == count * (count - 1) // 2
    for r in rounds:
        seated = [x for p in r for x in p["players"] if x is not None]
        assert len(seated) == len(set(seated))
    assert sum(p["bye"] for r in rounds for p in r) == (count if count % 2 else 0)


def test_standings_count_wins_then_the_matches_between_the_level_then_points() -> None:
    """Four players, 3-point matches each won 3-1: A beats B and D, B beats C and D, C beats A, D beats C."""
    a, b, c, d = KEYS[:4]
    order = [a, b, c, d]
    rounds = round_robin(order, {})
    winner_of = {
        frozenset((a, b)): a,
        frozenset((a, c)): c,
        frozenset((a, d)): a,
        frozenset((b, c)): b,
        frozenset((b, d)): b,
        frozenset((c, d)): d,
    }
    scores: dict[tuple[int, int], Score] = {}
    for pairing in itertools.chain.from_iterable(rounds):
        pair = frozenset(str(p) for p in pairing["players"])
        winner = winner_of[pair]
        loser = next(iter(pair - {winner}))
        scores[(pairing["round"], pairing["table"])] = Score(winner=winner, points={winner: 3, loser: 1})
    table = standings(order, scores)
    # Wins: A 2 (B, D), B 2 (C, D), C 1 (A), D 1 (C). A and B are level on 2: A beat B. C and D level on 1: D
    # beat C.
    assert [row["key"] for row in table] == [a, b, d, c]
    assert [(row["won"], row["lost"], row["points_for"], row["points_against"]) for row in table] == [
        (2, 1, 7, 5),
        (2, 1, 7, 5),
        (1, 2, 5, 7),
        (1, 2, 5, 7),
    ]
