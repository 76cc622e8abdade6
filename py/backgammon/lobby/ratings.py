"""Ratings anyone can check: FIBS's formula replayed over the verified results a device holds.

The formula is web/home/rating.js's (START_RATING 1500, experience the sum of the lengths of the matches
finished before; its comment quotes FIBS's text), written again here term for term so that the same sequence
gives the same figures: tests/units/test_lobby_rating_units.py runs both on the same results. Results are
replayed in the order of their end, then their match id, so every device that holds the same verified
results computes the same ratings. A player with no verified rated result has no rating here (None), never a
made-up number.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TypedDict

from .events import Result

START_RATING = 1500


class Standing(TypedDict):
    """A player's rating from the verified results it rests on (`results`), and their experience."""

    rating: float
    experience: int
    results: int


class Played(TypedDict):
    """One opponent of a player, from the verified results: matches, won and lost, the last one's end."""

    key: str
    matches: int
    won: int
    lost: int
    last: int


def played_against(me: str, results: Iterable[Result]) -> list[Played]:
    """The players `me` met in the results given (rated or not), the most recent first."""
    table: dict[str, Played] = {}
    for result in results:
        if me not in result["players"]:
            continue
        other = next((key for key in result["players"] if key != me), None)
        if other is None:
            continue
        row = table.setdefault(other, Played(key=other, matches=0, won=0, lost=0, last=0))
        row["matches"] += 1
        row["won" if result["winner"] == me else "lost"] += 1
        row["last"] = max(row["last"], result["ended"])
    return sorted(table.values(), key=lambda row: (-row["last"], row["key"]))


def upset_probability(difference: float, length: int) -> float:
    """The probability that the lower-rated player wins an n-point match (FIBS's P_upset)."""
    return 1 / (10 ** ((abs(difference) * math.sqrt(length)) / 2000) + 1)


def experience_factor(experience: int) -> float:
    """FIBS's K."""
    return max(1, -experience / 100 + 5)


def rating_change(rating: float, opponent: float, length: int, experience: int, won: bool) -> float:
    """The change of a player's rating after an n-point match: positive for a win."""
    upset = upset_probability(rating - opponent, length)
    underdog_won = rating < opponent if won else opponent < rating
    p = 1 - upset if underdog_won else upset
    change = 4 * experience_factor(experience) * math.sqrt(length) * p
    return change if won else -change


def standings(results: Iterable[Result]) -> dict[str, Standing]:
    """Every player's standing after the rated results given (each already verified), replayed in order."""
    table: dict[str, Standing] = {}
    rated = sorted((r for r in results if r["rated"]), key=lambda r: (r["ended"], r["match"]))
    for result in rated:
        players = [
            table.setdefault(key, Standing(rating=START_RATING, experience=0, results=0))
            for key in result["players"]
        ]
        length = result["length"]
        changes = [
            rating_change(
                players[seat]["rating"],
                players[1 - seat]["rating"],
                length,
                players[seat]["experience"],
                result["players"][seat] == result["winner"],
            )
            for seat in (0, 1)
        ]
        for seat in (0, 1):
            players[seat]["rating"] += changes[seat]
            players[seat]["experience"] += length
            players[seat]["results"] += 1
    return table
