"""The lobby's worker methods, called as the page calls them (JSON in, JSON out through `api.handle`)."""

import json
import random
from typing import Any

import pytest
from lobby_support import NOW, invitation, needs_node, public_keys, result_event, sign
from remote_support import play, start

from backgammon import api
from backgammon.lobby.methods import parse_statement
from backgammon.remote.messages import message_hash

ANN, BOB = "a" * 64, "b" * 64


def call(method: str, **params: Any) -> Any:
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer.get("result", answer.get("error"))


@pytest.fixture(autouse=True)
def fresh_lobby() -> None:
    assert call("lobby_reset") == {}


def test_a_finished_match_states_its_result() -> None:
    """From the remote state of a rated match played to its end: the content both players sign."""
    pair = play(start(7, ratings=(1500, 1600)), random.Random(7))
    state = pair.states[0]
    statement = call("lobby_result_statement", state=state, players=[ANN, BOB])
    result = statement["result"]
    assert parse_statement(statement["content"]) == result
    assert (
        statement["content"]
        == call("lobby_result_statement", state=pair.states[1], players=[ANN, BOB])["content"]
    )
    assert result["match"] == "7".rjust(22, "0") and result["length"] == 3 and result["rated"] is True
    assert result["final"] == message_hash(state["transcript"][-1])
    assert result["ended"] == state["transcript"][-1]["time"]
    winner = result["players"].index(result["winner"])
    assert result["score"][winner] >= 3 > result["score"][1 - winner]


def test_an_unfinished_match_has_no_result() -> None:
    pair = start(8)
    answer = call("lobby_result_statement", state=pair.states[0], players=[ANN, BOB])
    assert answer["type"] == "InvalidActionError" and "not over" in answer["message"]
    answer = call("lobby_result_statement", state=pair.states[0], players=[ANN])
    assert answer["type"] == "InvalidActionError"


def test_a_result_stated_from_its_fields() -> None:
    fields = {
        "match": "M" * 22,
        "length": 5,
        "rated": True,
        "players": [ANN, BOB],
        "score": [5, 2],
        "winner": ANN,
        "final": "A" * 43,
        "ended": NOW,
    }
    statement = call("lobby_result_statement", result=fields, now=NOW)
    assert statement["result"] == fields
    assert json.loads(statement["content"]) == {"v": 1, **fields}
    refused = call("lobby_result_statement", result={**fields, "score": [5, 5]}, now=NOW)
    assert refused["type"] == "Refused" and refused["rule"] == "content"


def test_bad_params_are_refused_plainly() -> None:
    assert call("lobby_receive", events="x")["type"] == "InvalidActionError"
    assert call("lobby_view", now="soon")["type"] == "InvalidActionError"
    assert call("lobby_rating", key="ann")["type"] == "InvalidActionError"
    assert call("lobby_block", keys=["ann"])["rule"] == "malformed"
    assert call("lobby_check_accept", event=None)["rule"] == "malformed"
    assert call("lobby_rating", key=ANN) == {"key": ANN, "rating": None, "results": 0, "experience": 0}


@needs_node
def test_the_list_with_ratings() -> None:
    keys = public_keys(["ann", "bob"])
    ann, bob = keys["ann"], keys["bob"]
    content = {
        "v": 1,
        "match": "R" * 22,
        "length": 3,
        "rated": True,
        "players": [ann, bob],
        "score": [3, 1],
        "winner": ann,
        "final": "A" * 43,
        "ended": NOW - 60,
    }
    events = sign(
        [
            ("ann", invitation(name="Ann")),
            ("bob", invitation("bobsinvitati", name="Bob", created_at=NOW + 1)),
            ("ann", result_event(content, bob)),
            ("bob", result_event(content, ann)),
        ]
    )
    changes = call("lobby_receive", events=[*events, {"junk": True}], now=NOW + 2)
    assert len(changes["added"]) == 2 and changes["results"] == 1 and changes["refused"] == {"malformed": 1}
    view = call("lobby_view", now=NOW + 2)
    assert [entry["invitation"]["name"] for entry in view["invitations"]] == ["Ann", "Bob"]
    ann_rating, bob_rating = (entry["rating"] for entry in view["invitations"])
    assert ann_rating["rating"] > 1500 > bob_rating["rating"] and ann_rating["results"] == 1
    assert view["verified_results"] == 1 and view["claimed_results"] == 0
    # The players Ann met, with her results against each and their rating now; none without `me`.
    assert view["played"] == []
    met = call("lobby_view", me=ann, now=NOW + 2)["played"]
    assert met == [
        {
            "played": {"key": bob, "matches": 1, "won": 1, "lost": 0, "last": NOW - 60},
            "rating": bob_rating,
        }
    ]
    assert call("lobby_view", me="ann", now=NOW + 2)["type"] == "InvalidActionError"
    assert call("lobby_block", keys=[bob]) == {"blocked": 1}
    assert [e["invitation"]["name"] for e in call("lobby_view", now=NOW + 2)["invitations"]] == ["Ann"]
    status = call("lobby_status", poster=ann, d="abcdefghijkl", now=NOW + 2)
    assert status == {"status": "open", "taken_by": None}


@needs_node
def test_an_accept_and_its_content() -> None:
    """The poster's device checks an accept of its open invitation, then the content the page decrypted."""
    keys = public_keys(["ann", "bob"])
    template = {
        "kind": 21660,
        "created_at": NOW,
        "tags": [["p", keys["ann"]], ["a", f"31660:{keys['ann']}:abcdefghijkl"]],
        "content": "A" * 200,
    }
    invite, accept = sign([("ann", invitation()), ("bob", template)])
    assert call("lobby_check_accept", event=accept, now=NOW)["rule"] == "taken"
    call("lobby_receive", events=[invite], now=NOW)
    content = json.dumps({"v": 1, "name": "Bob", "room": "ABCD1234", "secret": "0123456789AB"})
    checked = call("lobby_check_accept", event=accept, content=content, now=NOW)
    assert checked["accepter"] == keys["bob"] and checked["invitation"]["d"] == "abcdefghijkl"
    assert checked["content"] == {"name": "Bob", "room": "ABCD1234", "secret": "0123456789AB", "watch": True}
    missing_secret = json.dumps({"v": 1, "name": "Bob", "room": "ABCD1234"})
    assert call("lobby_check_accept", event=accept, content=missing_secret, now=NOW)["rule"] == "content"
