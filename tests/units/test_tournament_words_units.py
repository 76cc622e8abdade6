"""A tournament in words (web/lobby/tournament-words.js) under Node, on brackets and tables the core computes
(py/backgammon/tournament): the phase, the time left to register, the knock-out's round names, and a player's
next match or where they stand, with the byes of five entrants and a decided semi-final."""

from __future__ import annotations

import json
from typing import Any

from backgammon.tournament.knockout import bracket
from backgammon.tournament.roundrobin import round_robin

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import {
  inWords, matchInvitationWords, phaseWords, roundName, tournamentTerms, yourStandingWords,
} from "{WEB}/lobby/tournament-words.js";
"""
NAMES = {"a": "Ann", "b": "Bob", "c": "Cy", "d": "Dee", "e": "Eve"}


def node(body: str, **data: Any) -> Any:
    return run_module(IMPORTS, f"const data = {json.dumps(data)};\n{body}")


def page(rounds: Any, form: str = "knockout", phase: str = "drawn", **more: Any) -> dict[str, Any]:
    """A tournament's view as `tournament_view` answers it, with what `yourStandingWords` reads."""
    return {
        "summary": {"phase": phase, "format": form},
        "rounds": rounds,
        "standings": None,
        "champion": None,
        **more,
    }


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
        "In progress",
        "Finished: Bob won the tournament",
        "The organiser signed two closings.",
    ]


def test_a_drawn_tournament_says_the_round_being_played() -> None:
    """The panel gives the rounds: a knock-out names the first round with a match undecided, the final as
    to play; a round robin counts its rounds. The list, without rounds, says the tournament is in progress."""
    order = ["a", "b", "c", "d"]
    shown = node(
        """print([
             ...[data.semis, data.oneSemi, data.final].map((rounds) => phaseWords({
               phase: "drawn", closes: 0, rounds, format: "knockout" }, 0)),
             ...[data.robin, data.robinOn].map((rounds) => phaseWords({
               phase: "drawn", closes: 0, rounds, format: "roundrobin" }, 0)),
             phaseWords({ phase: "drawn", closes: 0 }, 0),
             phaseWords({ phase: "over", closes: 0 }, 0),
           ]);""",
        semis=bracket(order, {}),
        oneSemi=bracket(order, {(1, 1): "a"}),
        final=bracket(order, {(1, 1): "a", (1, 2): "b"}),
        robin=round_robin(order, {}),
        robinOn=round_robin(order, {(1, 1): "a", (1, 2): "b"}),
    )
    assert shown == [
        "Semi-finals being played",
        "Semi-finals being played",
        "Final to play",
        "Round 1 of 3 being played",
        "Round 2 of 3 being played",
        "In progress",
        "Finished",
    ]


def test_the_next_match_as_the_invitations_between_the_two_stand() -> None:
    """The opponent's invitation waiting is said and accepted; one's own posted waits for them and is
    withdrawn; an opponent playing another match is said so."""
    cases = [
        {"theirs": False, "posted": False, "busy": False},
        {"theirs": False, "posted": False, "busy": True},
        {"theirs": True, "posted": False, "busy": False},
        {"theirs": True, "posted": True, "busy": True},
        {"theirs": False, "posted": True, "busy": False},
        {"theirs": False, "posted": True, "busy": True},
    ]
    shown = node(
        "print(data.cases.map((c) => matchInvitationWords({ round: 'Semi-finals', name: 'Dee', ...c })));",
        cases=cases,
    )
    assert shown == [
        {"words": "Semi-finals: your match against Dee", "act": "play"},
        {"words": "Semi-finals: your match against Dee, who is playing another match now", "act": "play"},
        {"words": "Semi-finals: Dee has invited you to your match", "act": "accept"},
        {"words": "Semi-finals: Dee has invited you to your match", "act": "accept"},
        {"words": "Semi-finals: your invitation is posted: waiting for Dee to accept", "act": "withdraw"},
        {
            "words": "Semi-finals: your invitation is posted: waiting for Dee,"
            " who is playing another match now",
            "act": "withdraw",
        },
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
    round-2 opponent (4 v 5's winner for seed 1) or meets a known one (seeds 2 and 3 meet). Once Eve beats
    Dee, Dee is out, and is told who put her out."""
    order = ["a", "b", "c", "d", "e"]
    shown = node(
        """print([
             ...data.order.map((key) => yourStandingWords(data.drawn, key, data.names)),
             yourStandingWords(data.decided, "a", data.names),
             yourStandingWords(data.decided, "d", data.names),
           ]);""",
        order=order,
        drawn=page(bracket(order, {})),
        decided=page(bracket(order, {(1, 2): "e"})),
        names=NAMES,
    )
    assert shown == [
        "Semi-finals: your match against the winner of Dee and Eve",
        "Semi-finals: your match against Cy",
        "Semi-finals: your match against Bob",
        "Quarter-finals: your match against Eve",
        "Quarter-finals: your match against Dee",
        "Semi-finals: your match against Eve",
        "Quarter-finals: Eve won your match; you are out of the tournament",
    ]


def test_a_knockout_over_names_its_champion_to_them_and_the_loser_of_the_final_out() -> None:
    order = ["a", "b", "c", "d"]
    rounds = bracket(order, {(1, 1): "a", (1, 2): "b", (2, 1): "b"})
    shown = node(
        """print(["a", "b", "e"].map((key) => yourStandingWords(data.over, key, data.names)));""",
        over=page(rounds, phase="over", champion="b"),
        names=NAMES,
    )
    assert shown == [
        "Final: Bob won your match; you are out of the tournament",
        "You won the tournament",
        None,
    ]


def test_a_players_next_match_in_a_round_robin_skips_their_bye() -> None:
    """Five in a round robin: each round one player sits out; their next match is in the round after."""
    order = ["a", "b", "c", "d", "e"]
    rounds = round_robin(order, {})
    sitting_out = next(key for key in order for p in rounds[0] if p["bye"] and key in p["players"])
    shown = node(
        "print(yourStandingWords(data.drawn, data.key, data.names));",
        drawn=page(rounds, "roundrobin"),
        key=sitting_out,
        names=NAMES,
    )
    assert shown.startswith("Round 2: your match against "), shown


def test_a_round_robin_player_with_every_match_played_waits_then_is_told_their_place() -> None:
    """Three in a round robin (each sits out once): Ann has played both her matches while Bob and Cy have not
    met; once they have, the tournament is over and each is told their place in the standings."""
    order = ["a", "b", "c"]
    rounds = round_robin(order, {})
    results = {
        (p["round"], p["table"]): "a" if "a" in p["players"] else "b"
        for r in rounds
        for p in r
        if not p["bye"]
    }
    ann_played = {place: winner for place, winner in results.items() if winner == "a"}
    standings = [{"key": key} for key in ("a", "b", "c")]
    shown = node(
        """print([
             yourStandingWords(data.waiting, "a", data.names),
             ...["a", "b", "c"].map((key) => yourStandingWords(data.over, key, data.names)),
           ]);""",
        waiting=page(round_robin(order, ann_played), "roundrobin"),
        over=page(round_robin(order, results), "roundrobin", "over", standings=standings, champion="a"),
        names=NAMES,
    )
    assert shown == [
        "Your matches are all played: the standings are final once every match is",
        "You won the tournament",
        "The tournament is over: you finished in place 2 of 3",
        "The tournament is over: you finished in place 3 of 3",
    ]
