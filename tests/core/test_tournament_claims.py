"""The claim of a player whose opponent never starts or goes silent (backgammon.tournament.claims,
docs/tournaments.md *Claims*): a claim made after the time limit counts as a win by forfeit once its window
is over, unless the opponent shows they are there within it; hostile claims (too early, by a non-player, of a
decided match) are refused with the tournament unchanged; every device computes the same whatever it hears."""

from __future__ import annotations

from typing import Any

import pytest
from lobby_support import public_keys, sign
from test_tournament_methods import (
    CLOSES,
    DRAWN,
    PLAYERS,
    call,
    drawn,
    event,
    named,
    receive,
    result,
    signed_by,
    view,
)

from backgammon.tournament.claims import LIVE_LIMIT_SECONDS, MAX_ANSWERS_PER_PLAYER

pytestmark = pytest.mark.usefixtures("fresh_tournaments")

LIMIT = LIVE_LIMIT_SECONDS  # a live tournament's: to start, and the window to answer a claim
#: When the draw was made, as its events show it: every value was revealed at CLOSES + 60.
DRAWN_AT = CLOSES + 60


@pytest.fixture
def fresh_tournaments() -> None:
    assert call("tournament_reset") == {}


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return public_keys(["org", *PLAYERS, "mal"])


def claim(keys: dict[str, str], who: str, at: int, round_: int = 1, table: int = 1) -> dict[str, Any]:
    (signed,) = sign([(who, event(1667, keys, at, round=round_, table=table))])
    return signed


def answer(
    keys: dict[str, str], who: str, at: int, claimed: dict[str, Any], table: int = 1
) -> dict[str, Any]:
    (signed,) = sign([(who, event(1668, keys, at, round=1, table=table, claim=claimed["id"]))])
    return signed


def first_match(keys: dict[str, str]) -> tuple[str, str, dict[str, Any]]:
    """The drawn tournament's round 1, table 1: its two players' names."""
    shown = drawn(keys)
    first, second = shown["rounds"][0][0]["players"]
    return named(keys, first), named(keys, second), shown


def clock(shown: dict[str, Any], round_: int = 1, table: int = 1) -> dict[str, Any]:
    return next(c for c in shown["clocks"] if (c["round"], c["table"]) == (round_, table))


def test_a_player_who_never_starts_loses_by_forfeit_after_the_window(keys: dict[str, str]) -> None:
    claimer, silent, shown = first_match(keys)
    ticking = clock(shown)
    assert ticking["start"] == DRAWN_AT and ticking["claim"] is None
    assert ticking["claim_from"] == {keys[claimer]: DRAWN_AT + LIMIT, keys[silent]: DRAWN_AT + LIMIT}
    made = DRAWN_AT + LIMIT
    assert receive([claim(keys, claimer, made)], made)["refused"] == {}
    pending = view(keys, made + LIMIT - 1)
    assert clock(pending)["claim"] == {
        "id": clock(pending)["claim"]["id"],
        "by": keys[claimer],
        "against": keys[silent],
        "made": made,
        "counts_at": made + LIMIT,
        "state": "pending",
    }
    assert pending["rounds"][0][0]["winner"] is None
    counted = view(keys, made + LIMIT)
    assert clock(counted)["claim"]["state"] == "counted"
    assert counted["rounds"][0][0]["winner"] == keys[claimer]
    assert keys[claimer] in counted["rounds"][1][0]["players"]
    # The other semi-final decided by both signatures; the final's clock starts at the later deciding.
    other = counted["rounds"][0][1]["players"]
    content = result(keys, 1, 2, other, other[0])
    assert receive(signed_by(keys, content, *(named(keys, p) for p in other)), made + LIMIT)["refused"] == {}
    final = view(keys, made + LIMIT)
    assert clock(final, 2, 1)["start"] == made + LIMIT  # the forfeit counted after DRAWN - 5's signatures


def test_hostile_claims_are_refused_and_change_nothing(keys: dict[str, str]) -> None:
    claimer, silent, shown = first_match(keys)
    outsider = next(p for p in PLAYERS if p not in (claimer, silent))
    before = view(keys, DRAWN_AT + 3 * LIMIT)
    too_early = claim(keys, claimer, DRAWN_AT + LIMIT - 1)
    assert receive([too_early], DRAWN_AT + LIMIT)["refused"] == {"early": 1}
    assert receive([claim(keys, outsider, DRAWN_AT + LIMIT)], DRAWN_AT + LIMIT)["refused"] == {"pairing": 1}
    assert receive([claim(keys, "mal", DRAWN_AT + LIMIT)], DRAWN_AT + LIMIT)["refused"] == {"pairing": 1}
    assert receive([claim(keys, claimer, DRAWN_AT + LIMIT, table=9)], DRAWN_AT + LIMIT)["refused"] == {
        "pairing": 1
    }
    assert receive([claim(keys, claimer, DRAWN_AT + LIMIT, table=99)], DRAWN_AT + LIMIT)["refused"] == {
        "content": 1
    }
    assert view(keys, DRAWN_AT + 3 * LIMIT) == before
    # A match decided by both signatures cannot be claimed.
    players = shown["rounds"][0][0]["players"]
    content = result(keys, 1, 1, players, keys[silent])
    assert receive(signed_by(keys, content, claimer, silent), DRAWN)["refused"] == {}
    late = DRAWN + 2 * LIMIT
    assert receive([claim(keys, claimer, late)], late)["refused"] == {"decided": 1}
    assert view(keys, late + 2 * LIMIT)["rounds"][0][0]["winner"] == keys[silent]


def test_an_answer_within_the_window_voids_the_claim_and_play_goes_on(keys: dict[str, str]) -> None:
    claimer, silent, _ = first_match(keys)
    made = DRAWN_AT + LIMIT
    claimed = claim(keys, claimer, made)
    back = answer(keys, silent, made + 60, claimed)
    assert receive([claimed, back], made + 60)["refused"] == {}
    shown = view(keys, made + 5 * LIMIT)
    assert clock(shown)["claim"]["state"] == "voided" and shown["rounds"][0][0]["winner"] is None
    # The answer restarts the time limit: a claim before it is over counts for nothing ...
    assert receive([claim(keys, claimer, made + 60 + LIMIT - 1)], made + 60 + LIMIT)["refused"] == {}
    assert view(keys, made + 5 * LIMIT)["rounds"][0][0]["winner"] is None
    assert clock(view(keys, made + 5 * LIMIT))["claim_from"][keys[claimer]] == made + 60 + LIMIT
    # ... one after it counts once its window is over, unanswered.
    again = made + 60 + LIMIT
    assert receive([claim(keys, claimer, again)], again)["refused"] == {}
    assert view(keys, again + LIMIT)["rounds"][0][0]["winner"] == keys[claimer]


def test_an_answer_after_the_window_is_too_late(keys: dict[str, str]) -> None:
    claimer, silent, _ = first_match(keys)
    made = DRAWN_AT + LIMIT
    claimed = claim(keys, claimer, made)
    assert receive([claimed, answer(keys, silent, made + LIMIT, claimed)], made + LIMIT)["refused"] == {}
    assert view(keys, made + LIMIT)["rounds"][0][0]["winner"] == keys[claimer]


def test_claims_by_both_sides_void_each_other(keys: dict[str, str]) -> None:
    first, second, _ = first_match(keys)
    made = DRAWN_AT + LIMIT
    both = [claim(keys, first, made), claim(keys, second, made + 30)]
    assert receive(both, made + 30)["refused"] == {}
    shown = view(keys, made + 10 * LIMIT)
    # Each claim shows its author is there: the first is voided, the second was made within the time the
    # first claim restarted, so neither wins; both players are there and must play.
    assert shown["rounds"][0][0]["winner"] is None
    assert clock(shown)["claim"]["state"] == "voided" and clock(shown)["claim"]["by"] == keys[first]


def test_a_player_answers_three_claims_at_most(keys: dict[str, str]) -> None:
    claimer, silent, _ = first_match(keys)
    at = DRAWN_AT + LIMIT
    for _ in range(MAX_ANSWERS_PER_PLAYER):
        claimed = claim(keys, claimer, at)
        assert receive([claimed, answer(keys, silent, at + 1, claimed)], at + 1)["refused"] == {}
        assert view(keys, at + 2 * LIMIT)["rounds"][0][0]["winner"] is None
        at += 1 + LIMIT
    claimed = claim(keys, claimer, at)
    assert receive([claimed, answer(keys, silent, at + 1, claimed)], at + 1)["refused"] == {}
    assert view(keys, at + LIMIT)["rounds"][0][0]["winner"] == keys[claimer]


def test_every_device_weighs_claims_the_same_whatever_order_it_hears(keys: dict[str, str]) -> None:
    claimer, silent, _ = first_match(keys)
    made = DRAWN_AT + LIMIT
    claimed = claim(keys, claimer, made)
    events = [claimed, answer(keys, silent, made + 5, claimed), claim(keys, claimer, made + 5 + LIMIT)]
    for one in events:
        receive([one], made + 5 + LIMIT)
    mine = view(keys, made + 10 * LIMIT)
    assert mine["rounds"][0][0]["winner"] == keys[claimer]
    # Another device, drawn from the same events, hears the claims in the other order, at once.
    assert call("tournament_reset") == {}
    drawn(keys)
    assert receive([*reversed(events)], made + 5 + LIMIT)["refused"] == {}
    assert view(keys, made + 10 * LIMIT) == mine
