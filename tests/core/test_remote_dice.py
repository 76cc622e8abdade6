"""The dice of play on two devices: uniform, the same on both sides, fixed by commitments none can change."""

from __future__ import annotations

import base64
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from remote_support import play, start

from backgammon.remote import session
from backgammon.remote.dice import (
    CHAIN_LENGTH,
    _context,
    _step,
    b64decode,
    b64encode,
    chain_head,
    chain_value,
    derive_dice,
    reveal_ok,
)

MATCH = "A" * 22
values = st.binary(min_size=32, max_size=32)

# The 99.9% point of the chi-square distribution with 35 degrees of freedom: a fair die pair stays below it
# in 999 samples of 1000. The sample below is fixed by its seed, so the test gives the same answer every run.
CHI2_35_999 = 66.62


def chi_square(counts: Counter[tuple[int, int]], total: int) -> float:
    expected = total / 36
    return sum((counts[(a, b)] - expected) ** 2 / expected for a in range(1, 7) for b in range(1, 7))


def test_rolls_are_uniform_over_the_36_outcomes() -> None:
    rng = random.Random(20261126)
    total = 36 * 1000
    counts = Counter(
        derive_dice(MATCH, roll, rng.randbytes(32), rng.randbytes(32)) for roll in range(1, total + 1)
    )
    assert set(counts) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert chi_square(counts, total) < CHI2_35_999
    first = Counter(a for (a, _b), n in counts.items() for _ in range(n))
    assert all(abs(first[face] - total / 6) < 0.05 * total / 6 for face in range(1, 7))


def test_rolls_of_one_chain_pair_are_uniform_too() -> None:
    """The dice of a real match: the values are consecutive links of two committed chains."""
    counts: Counter[tuple[int, int]] = Counter()
    for segment in range(8):
        first = 1 + segment * CHAIN_LENGTH
        a = chain_value(bytes([segment]) * 32, MATCH, 0, first, CHAIN_LENGTH)
        b = chain_value(bytes([segment + 100]) * 32, MATCH, 1, first, CHAIN_LENGTH)
        chain_a, chain_b = [a], [b]
        for _ in range(CHAIN_LENGTH - 1):
            chain_a.append(_step(_context(MATCH, 0, first), chain_a[-1]))
            chain_b.append(_step(_context(MATCH, 1, first), chain_b[-1]))
        chain_a.reverse()
        chain_b.reverse()
        for index in range(CHAIN_LENGTH):
            counts[derive_dice(MATCH, first + index, chain_a[index], chain_b[index])] += 1
    assert chi_square(counts, 8 * CHAIN_LENGTH) < CHI2_35_999


@pytest.mark.parametrize(("seed", "mode"), [(1, "live"), (2, "correspondence"), (3, "live")])
def test_two_sessions_roll_the_same_dice_from_their_own_reveals(seed: int, mode: str) -> None:
    """A host and a guest session, each with its own secret, exchange real messages (remote_support.Pair):
    every roll each side's rules core played is the one derived from the two values revealed for it, and
    the two sides' rolls are the same, roll for roll, over forty rolls of a match."""
    pair = play(start(seed, mode=mode), random.Random(seed), stop_after_rolls=40)
    sides = [session._peek(pair.states[seat]) for seat in (0, 1)]
    # The side that has just rolled may know one roll more than the other has heard of yet.
    shorter, longer = sorted((side.dice for side in sides), key=len)
    assert longer[: len(shorter)] == shorter and len(longer) - len(shorter) <= 1
    assert len(shorter) >= 30, len(shorter)
    for seat in (0, 1):
        # The values as this side's state holds them (its own and the other's), each pair of them
        # giving the dice this side's match was played with.
        reveals: dict[int, list[bytes | None]] = {}
        unsent = {"from": seat, "items": pair.states[seat]["pending"]}  # its own items not yet sent
        for message in [*pair.states[seat]["transcript"], unsent]:
            for item in message.get("items", []):
                if item["type"] == "reveal":
                    value = b64decode(item["value"], 32)
                    assert value is not None
                    reveals.setdefault(item["roll"], [None, None])[message["from"]] = value
        derived = []
        for roll in sorted(reveals):
            first, second = reveals[roll]
            if first is None or second is None:  # the roll due, one value of it revealed so far
                assert roll == max(reveals), (seat, roll)
                continue
            derived.append(derive_dice(sides[seat].match_id, roll, first, second))
        assert derived == [tuple(dice) for dice in sides[seat].dice], seat
        # And the rolls in the match record each side keeps, which analysis and files read.
        kept = [
            tuple(action["dice"])
            for game in session.record(pair.states[seat])["games"]
            for action in game["actions"]
            if action["type"] == "roll"
        ]
        assert kept == derived[: len(kept)] and len(kept) >= len(derived) - 1, seat
    # Each side's values are its own: none of the host's is the guest's.
    own = [
        {
            item["value"]
            for m in pair.states[0]["transcript"]
            if m["from"] == seat
            for item in m.get("items", [])
            if item["type"] == "reveal"
        }
        for seat in (0, 1)
    ]
    assert own[0] and own[1] and not own[0] & own[1]


def test_the_dice_depend_on_the_match_the_roll_and_both_values() -> None:
    rng = random.Random(5)
    base = [(rng.randbytes(32), rng.randbytes(32)) for _ in range(200)]

    def rolls(match: str = MATCH, shift: int = 0, swap: bool = False) -> list[tuple[int, int]]:
        return [
            derive_dice(match, n + 1 + shift, *((b, a) if swap else (a, b))) for n, (a, b) in enumerate(base)
        ]

    reference = rolls()
    assert rolls("B" * 22) != reference
    assert rolls(shift=1) != reference
    assert rolls(swap=True) != reference  # player 0's value goes first: not a symmetric XOR


def test_each_chain_value_hashes_to_the_one_before_and_the_head_commits_to_all() -> None:
    secret = bytes(range(32))
    head = chain_head(secret, MATCH, 1, 257)
    previous = head
    for index in (1, 2, 3):
        value = chain_value(secret, MATCH, 1, 257, index)
        assert reveal_ok(value, previous, MATCH, 1, 257)
        previous = value
    value = chain_value(secret, MATCH, 1, 257, 1)
    # The same value does not check for the other seat, another segment or another match.
    assert not reveal_ok(value, head, MATCH, 0, 257)
    assert not reveal_ok(value, head, MATCH, 1, 1)
    assert not reveal_ok(value, head, "B" * 22, 1, 257)
    # Revealing a value out of order (the second before the first) does not check.
    assert not reveal_ok(chain_value(secret, MATCH, 1, 257, 2), head, MATCH, 1, 257)


@given(values)
@settings(max_examples=100, deadline=None)
def test_no_other_value_passes_for_the_committed_one(forged: bytes) -> None:
    secret = b"\x07" * 32
    head = chain_head(secret, MATCH, 0, 1)
    true = chain_value(secret, MATCH, 0, 1, 1)
    assert reveal_ok(forged, head, MATCH, 0, 1) == (forged == true)


def test_values_travel_as_canonical_base64url() -> None:
    value = bytes(range(32))
    text = b64encode(value)
    assert len(text) == 43 and "=" not in text
    assert b64decode(text, 32) == value
    assert text[-1] == "8"
    same_bytes = (
        text[:-1] + "9"
    )  # the last character's two spare bits set: the same bytes written another way
    assert base64.urlsafe_b64decode(same_bytes + "=") == value
    assert b64decode(same_bytes, 32) is None
    assert b64decode(text + "A", 32) is None
    assert b64decode("not base64!", 32) is None
    assert b64decode(text, 16) is None
