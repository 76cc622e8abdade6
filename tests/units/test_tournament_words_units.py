"""A tournament in words (web/lobby/tournament-words.js) under Node, on brackets and tables the core computes
(py/backgammon/tournament): the phase, the time left to register, the knock-out's round names, and a player's
next match, with the byes of five entrants and a decided semi-final."""

from __future__ import annotations

import json
from typing import Any

from backgammon.tournament.knockout import bracket
from backgammon.tournament.roundrobin import round_robin

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import {
  inWords, phaseWords, roundName, tournamentTerms, yourMatchWords,
} from "{WEB}/lobby/tournament-words.js";
"""
NAMES = {"a": "Ann", "b": "Bob", "c": "Cy", "d": "Dee", "e": "Eve"}


def node(body: str, **data: Any) -> Any:
    return run_module(IMPORTS, f"const data = {json.dumps(data)};\n{body}")


def test_the_time_left_to_register_in_words() -> None:
    seconds = [0, 59, 60, 119, 720, 3599, 3600, 7200, 47 * 3600, 48 * 3600, 5 * 86400]
    assert node("print(data.seconds.map(inWords));", seconds=seconds) == [
        "in under a minute",
        "in under a minute",
        "in 1 minute",
        "in 1 minute",
        "in 12 minutes",
        "in 59 minutes",
        "in 1 hour",
        "in 2 hours",
        "in 47 hours",
        "in 2 days",
        "in 5 days",
    ]


def test_each_phase_in_words() -> None:
    shown = node(
        """print(data.phases.map((phase) => phaseWords({
             phase, closes: 1000 + 12 * 60,
             broken: phase === "broken" ? "The organiser signed two closings." : null,
             champion: phase === "over" ? "b" : null, names: data.names }, 1000)));""",
        phases=["registration", "closing", "revealing", "drawn", "over", "broken"],
        names=NAMES,
    )
    assert shown == [
        "Registration closes in 12 minutes",
        "Registration is closed: waiting for the organiser to list the entrants",
        "Registration is closed: waiting for the entrants' devices to reveal their part of the draw",
        "Drawn",
        "Over: Bob won the tournament",
        "The organiser signed two closings.",
    ]


def test_the_reveals_awaited_in_words() -> None:
    """The panel knows the entrants and whose values are in: it counts those awaited, and says when the draw
    goes on without them."""
    shown = node(
        """const entrants = ["a", "b", "c", "d"].map((key) => ({ key }));
           print([["a", "c"], ["a", "b", "c"]].map((revealed) => phaseWords({
             phase: "revealing", closes: 900, entrants, revealed, reveals_until: 1000 + 14 * 60 + 5,
           }, 1000)));"""
    )
    assert shown == [
        "Waiting for 2 entrants to reveal their part of the draw"
        " (the draw goes on without them in 14 minutes)",
        "Waiting for 1 entrant to reveal their part of the draw"
        " (the draw goes on without them in 14 minutes)",
    ]


def test_the_terms_in_words() -> None:
    shown = node(
        """print([
             tournamentTerms({format: "knockout", length: 1, mode: "live", move_hours: null, rated: false}),
             tournamentTerms({format: "roundrobin", length: 5, mode: "links", move_hours: 48, rated: true}),
           ]);"""
    )
    assert shown == [
        "knock-out · 1-point matches · live · not rated",
        "round robin · 5-point matches · by links, 2 days to move · rated",
    ]


def test_the_knockout_rounds_are_named_by_the_rounds_left() -> None:
    assert node("print([0, 1, 2, 3].map((i) => roundName(i, 4)));") == [
        "Round 1",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]


def test_a_players_next_match_in_a_knockout_of_five_with_byes() -> None:
    """Five entrants: seeds 1 to 3 have byes, seed 4 meets seed 5 in round 1; a seed with a bye waits for a
    round-2 opponent (4 v 5's winner for seed 1) or meets a known one (seeds 2 and 3 meet)."""
    order = ["a", "b", "c", "d", "e"]
    rounds = bracket(order, {})
    decided = bracket(order, {(1, 2): "e"})
    shown = node(
        """print([
             ...data.order.map((key) => yourMatchWords(data.rounds, key, data.names, true)),
             yourMatchWords(data.decided, "a", data.names, true),
             yourMatchWords(data.decided, "d", data.names, true),
           ]);""",
        order=order,
        rounds=rounds,
        decided=decided,
        names=NAMES,
    )
    assert shown == [
        "Semi-finals: your match against the winner of Dee and Eve",
        "Semi-finals: your match against Cy",
        "Semi-finals: your match against Bob",
        "Quarter-finals: your match against Eve",
        "Quarter-finals: your match against Dee",
        "Semi-finals: your match against Eve",
        None,
    ]


def test_a_players_next_match_in_a_round_robin_skips_their_bye() -> None:
    """Five in a round robin: each round one player sits out; their next match is in the round after."""
    order = ["a", "b", "c", "d", "e"]
    rounds = round_robin(order, {})
    sitting_out = next(key for key in order for p in rounds[0] if p["bye"] and key in p["players"])
    shown = node(
        "print(yourMatchWords(data.rounds, data.key, data.names, false));",
        rounds=rounds,
        key=sitting_out,
        names=NAMES,
    )
    assert shown.startswith("Round 2: your match against "), shown
