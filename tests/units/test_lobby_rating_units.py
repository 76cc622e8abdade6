"""The lobby's ratings (py/backgammon/lobby/ratings.py) against the page's own formula (web/home/rating.js)
under Node, on the same sequences of results: both replay them in the order of their end, then their match
id, and must give every player the same rating, so the two cannot drift apart."""

from __future__ import annotations

import json
import random
from typing import Any

from backgammon.lobby.events import Result
from backgammon.lobby.ratings import START_RATING, standings

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = 'import { START_RATING, ratingChange, ratingSeries } from "{WEB}/home/rating.js";'


def sequence(seed: int) -> list[Result]:
    rng = random.Random(seed)
    players = [f"{n:064x}" for n in range(rng.randint(2, 6))]
    results = []
    for number in range(rng.randint(1, 60)):
        one, two = rng.sample(players, 2)
        length = rng.choice([1, 1, 3, 5, 7, 9, 11, 13, 17, 25])
        winner = rng.choice([one, two])
        loser_score = rng.randint(0, length - 1)
        results.append(
            Result(
                match=f"{rng.randrange(10**6):022d}",
                length=length,
                rated=rng.random() > 0.1,
                players=[one, two],
                score=[length, loser_score] if winner == one else [loser_score, length],
                winner=winner,
                final="A" * 43,
                ended=rng.randrange(1_000, 1_100) if number % 3 else 1_050,  # ties of `ended` happen
            )
        )
    return results


def page_ratings(results: list[Result]) -> dict[str, Any]:
    body = (
        f"const results = {json.dumps(results)};"
        """
const byMatch = (a, b) => (a.match < b.match ? -1 : a.match > b.match ? 1 : 0);
const rated = results.filter((r) => r.rated).sort((a, b) => a.ended - b.ended || byMatch(a, b));
const table = {};
const histories = {};
for (const r of rated) {
  const [a, b] = r.players.map((key) => (table[key] ??= { rating: START_RATING, experience: 0, results: 0 }));
  const before = [a.rating, b.rating];
  const changes = [a, b].map((me, seat) => ratingChange({
    rating: me.rating, opponent: before[1 - seat], length: r.length, experience: me.experience,
    won: r.players[seat] === r.winner,
  }));
  [a, b].forEach((me, seat) => {
    (histories[r.players[seat]] ??= []).push({
      opponent: { kind: "human", remote: true, rating: before[1 - seat] },
      matchLength: r.length, you: 0, winner: r.players[seat] === r.winner ? 0 : 1,
    });
    me.rating += changes[seat]; me.experience += r.length; me.results += 1;
  });
}
const last = (entries) => ratingSeries(entries).at(-1)?.rating;
const series = Object.fromEntries(Object.entries(histories).map(([key, entries]) => [key, last(entries)]));
print({ table, series, start: START_RATING });
"""
    )
    return run_module(IMPORTS, body)  # type: ignore[no-any-return]


def test_the_same_ratings_as_the_page() -> None:
    sequences = [sequence(seed) for seed in range(12)]
    for results in sequences:
        page = page_ratings(results)
        ours = standings(results)
        assert page["start"] == START_RATING
        assert set(page["table"]) == set(ours)
        for key, standing in ours.items():
            theirs = page["table"][key]
            assert abs(standing["rating"] - theirs["rating"]) < 1e-9
            assert abs(standing["rating"] - page["series"][key]) < 1e-9
            assert (standing["experience"], standing["results"]) == (theirs["experience"], theirs["results"])
        if ours:
            assert any(abs(s["rating"] - START_RATING) > 1 for s in ours.values())
