"""A knock-out tournament (docs/tournaments.md, *Knock-out*): the bracket of the draw's order, as in any
seeded bracket. Its size is the next power of two; the entrants are its seeds in the draw's order (the first
drawn is seed 1); seed s meets seed size + 1 - s in the first round, with the halves arranged so that seeds 1
and 2 can meet only in the final (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight). Places with no entrant are byes: they
fall to the top seeds, all in the first round, and a bye's player goes through without a match. A match's
winner goes on to the next round in the place of its table's pair.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from ..errors import InvalidActionError

#: Entrants a tournament takes.
MIN_ENTRANTS, MAX_ENTRANTS = 2, 64


class Pairing(TypedDict):
    """One match of a round: `table` its place (from 1), `players` its two (None: not known yet, or a bye in
    the first round), `winner` once known."""

    round: int
    table: int
    players: list[str | None]
    winner: str | None
    bye: bool


def seed_positions(size: int) -> list[int]:
    """The seeds in bracket order for a bracket of `size` (a power of two): 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    positions = [1]
    while len(positions) < size:
        doubled = 2 * len(positions)
        positions = [seed for s in positions for seed in (s, doubled + 1 - s)]
    return positions


def bracket_size(entrants: int) -> int:
    if not MIN_ENTRANTS <= entrants <= MAX_ENTRANTS:
        raise InvalidActionError(f"A tournament has {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants.")
    size = 1
    while size < entrants:
        size *= 2
    return size


def bracket(order: list[str], winners: Mapping[tuple[int, int], str]) -> list[list[Pairing]]:
    """Every round of the bracket as far as the winners given (by round and table) decide it. A winner given
    for a match whose players are not both known, or who is not one of them, is refused."""
    size = bracket_size(len(order))
    seeds = seed_positions(size)
    players: list[str | None] = [order[s - 1] if s <= len(order) else None for s in seeds]
    rounds: list[list[Pairing]] = []
    number = 1
    while len(players) > 1:
        pairings = []
        for table in range(1, len(players) // 2 + 1):
            pair = players[2 * table - 2 : 2 * table]
            bye = number == 1 and None in pair
            winner = next((p for p in pair if p is not None), None) if bye else winners.get((number, table))
            if winner is not None and not bye and (None in pair or winner not in pair):
                raise InvalidActionError(
                    f"Round {number}, table {table}: the winner given is not one of its players."
                )
            pairings.append(Pairing(round=number, table=table, players=pair, winner=winner, bye=bye))
        rounds.append(pairings)
        players = [p["winner"] for p in pairings]
        number += 1
    return rounds


def champion(rounds: list[list[Pairing]]) -> str | None:
    """The tournament's winner, once its final is decided."""
    return rounds[-1][0]["winner"] if rounds else None
