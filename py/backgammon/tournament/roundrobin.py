"""A round robin (docs/tournaments.md, *Round robin*): everyone meets everyone once, in the rounds of the
Berger tables (FIDE's Handbook, C.05 Annex 1), the players numbered by the draw; with an odd number, the
highest number is a bye. Standings: matches won; then, among players level on wins, the matches won
against one another; then the difference of points for and against; then points for; then the draw's order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from ..errors import InvalidActionError
from .knockout import MAX_ENTRANTS, MIN_ENTRANTS, Pairing


def berger_rounds(players: int) -> list[list[tuple[int, int]]]:
    """The Berger tables for `players` (numbers from 1; an odd count gets a bye, the number players + 1):
    each round's pairs in table order, the first named first. Round 1 is 1-n, 2-(n-1), ...; each next
    round, every number but n moves on by n/2 (modulo n - 1, counted from 1) in its place, and n changes
    sides."""
    n = players + players % 2
    rounds = [[(table, n + 1 - table) for table in range(1, n // 2 + 1)]]
    for _ in range(n - 2):
        before = rounds[-1]
        moved = [tuple(n if p == n else (p - 1 + n // 2) % (n - 1) + 1 for p in pair) for pair in before]
        first = moved[0]
        rounds.append([(first[1], first[0]), *[(a, b) for a, b in moved[1:]]])
    return rounds


def round_robin(order: list[str], winners: Mapping[tuple[int, int], str]) -> list[list[Pairing]]:
    """Every round, the entrants numbered by the draw's order; a pairing with the bye is marked `bye`."""
    if not MIN_ENTRANTS <= len(order) <= MAX_ENTRANTS:
        raise InvalidActionError(f"A tournament has {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants.")
    rounds = []
    for number, pairs in enumerate(berger_rounds(len(order)), start=1):
        pairings = []
        for table, pair in enumerate(pairs, start=1):
            players: list[str | None] = [order[p - 1] if p <= len(order) else None for p in pair]
            bye = None in players
            winner = None if bye else winners.get((number, table))
            if winner is not None and winner not in players:
                raise InvalidActionError(
                    f"Round {number}, table {table}: the winner given is not one of its players."
                )
            pairings.append(Pairing(round=number, table=table, players=players, winner=winner, bye=bye))
        rounds.append(pairings)
    return rounds


class Score(TypedDict):
    """A match's result: its winner and the points each player scored, by key."""

    winner: str
    points: dict[str, int]


class Standing(TypedDict):
    key: str
    played: int
    won: int
    lost: int
    points_for: int
    points_against: int


def standings(order: list[str], scores: Mapping[tuple[int, int], Score]) -> list[Standing]:
    """The table, best first, from the results of the round robin's matches (by round and table)."""
    rounds = round_robin(order, {place: score["winner"] for place, score in scores.items()})
    rows = {key: Standing(key=key, played=0, won=0, lost=0, points_for=0, points_against=0) for key in order}
    beat: set[tuple[str, str]] = set()
    for pairing in (p for matches in rounds for p in matches if p["winner"] is not None):
        a, b = (str(p) for p in pairing["players"])
        points = scores[(pairing["round"], pairing["table"])]["points"]
        for me, other in ((a, b), (b, a)):
            row = rows[me]
            row["played"] += 1
            row["won" if pairing["winner"] == me else "lost"] += 1
            row["points_for"] += points.get(me, 0)
            row["points_against"] += points.get(other, 0)
        beat.add((str(pairing["winner"]), b if pairing["winner"] == a else a))
    drawn = {key: index for index, key in enumerate(order)}

    def level(key: str) -> list[str]:
        return [k for k in order if rows[k]["won"] == rows[key]["won"]]

    def head_to_head(key: str) -> int:
        return sum(1 for other in level(key) if (key, other) in beat)

    return sorted(
        rows.values(),
        key=lambda r: (
            -r["won"],
            -head_to_head(r["key"]),
            -(r["points_for"] - r["points_against"]),
            -r["points_for"],
            drawn[r["key"]],
        ),
    )
