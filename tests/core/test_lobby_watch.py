"""Watching a lobby match (backgammon.lobby.watch): a watcher proves the match from the messages its two
players sign, in order, with the rules core; anything else — a stranger's message, a gap, a forged move, two
versions of one revision, a message that is not part of a transcript — stops or is refused, never shown."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from lobby_support import NOW, TOPIC, needs_node, public_keys, sign
from remote_support import play, start

from backgammon import api
from backgammon.errors import InvalidActionError
from backgammon.lobby.refusal import Refused
from backgammon.lobby.watch import KIND_WATCH, Watch
from backgammon.remote.messages import message_hash

pytestmark = needs_node


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return public_keys(["ann", "bob", "mal"])


@pytest.fixture(scope="module")
def transcript() -> list[dict[str, Any]]:
    """A 3-point match between Ann (seat 0) and Bob, played to its end."""
    messages: list[dict[str, Any]] = play(start(11), random.Random(11)).states[0]["transcript"]
    return messages


def address(keys: dict[str, str]) -> str:
    return f"31660:{keys['ann']}:annsinvite01"


def watch_event(keys: dict[str, str], message: dict[str, Any], by: str = "ann") -> tuple[str, dict[str, Any]]:
    other = keys["bob"] if by != "bob" else keys["ann"]
    template = {
        "kind": KIND_WATCH,
        "created_at": NOW,
        "tags": [["a", address(keys)], ["p", other], ["t", TOPIC]],
        "content": json.dumps(message, separators=(",", ":")),
    }
    return by, template


def watcher(keys: dict[str, str]) -> Watch:
    return Watch((keys["ann"], keys["bob"]), address(keys))


def test_a_whole_match_from_both_players_in_any_order_is_proven(
    keys: dict[str, str], transcript: list[dict[str, Any]]
) -> None:
    events = sign(
        [watch_event(keys, m, "ann") for m in transcript] + [watch_event(keys, m, "bob") for m in transcript]
    )
    random.Random(3).shuffle(events)
    watch = watcher(keys)
    first = watch.receive(events[: len(events) // 2], NOW)
    rest = watch.receive(events[len(events) // 2 :], NOW)
    assert first["proven"] + rest["proven"] == len(transcript)
    # Each message came twice (once from each player): the second copy is a duplicate, nothing else refused.
    assert set(first["refused"]) | set(rest["refused"]) <= {"duplicate"}
    assert watch.state() == {
        "proven": len(transcript),
        "waiting": 0,
        "stopped": None,
        "stopped_words": None,
        "phase": "over",
    }
    assert watch.head() == message_hash(transcript[-1])


def test_a_gap_waits_and_the_missing_message_fills_it(
    keys: dict[str, str], transcript: list[dict[str, Any]]
) -> None:
    events = sign([watch_event(keys, m) for m in transcript[:12]])
    watch = watcher(keys)
    assert watch.receive(events[:5] + events[6:], NOW)["proven"] == 5
    assert watch.state()["waiting"] == 6 and watch.state()["phase"] == "playing"
    assert watch.receive([events[5]], NOW)["proven"] == 7
    assert watch.state()["proven"] == 12


def test_what_is_not_the_players_match_is_refused(
    keys: dict[str, str], transcript: list[dict[str, Any]]
) -> None:
    hello = transcript[0]
    by_mal = sign([watch_event(keys, hello, "mal")])[0]
    elsewhere = dict(watch_event(keys, hello)[1])
    elsewhere["tags"] = [["a", f"31660:{keys['ann']}:otherinvite1"], ["p", keys["bob"]], ["t", TOPIC]]
    ack = {"v": hello["v"], "type": "ack", "match": hello["match"], "rev": 0, "hash": message_hash(hello)}
    wrong_other = dict(watch_event(keys, hello)[1])
    wrong_other["tags"] = [["a", address(keys)], ["p", keys["mal"]], ["t", TOPIC]]
    signed = sign([("ann", elsewhere), watch_event(keys, ack), ("ann", wrong_other)])
    changed = {**sign([watch_event(keys, hello)])[0], "content": json.dumps({**hello, "name": "Eve"})}
    watch = watcher(keys)
    changes = watch.receive([by_mal, *signed, changed, {"junk": 1}], NOW)
    assert changes["proven"] == 0
    assert changes["refused"] == {"content": 3, "kind": 1, "bad-id": 1, "malformed": 1}
    assert "neither player of the match signed it." in changes["reasons"]
    assert any("ack message is not part of a match's transcript" in r for r in changes["reasons"])
    assert watch.state()["phase"] == "waiting"


def test_a_forged_move_stops_the_match_where_it_is_proven(
    keys: dict[str, str], transcript: list[dict[str, Any]]
) -> None:
    """Ann signs a turn of Bob's with a move changed: the watcher proves the match up to it and says why it
    stops there; what comes after is never shown."""
    forged = copy.deepcopy(transcript)
    index, item = next(
        (i, item)
        for i, m in enumerate(forged)
        if m["type"] == "turn"
        for item in m["items"]
        if item.get("type") == "move"
    )
    item["from"], item["to"] = 24, 12  # no die moves a checker twelve pips in one step
    events = sign([watch_event(keys, m) for m in forged])
    watch = watcher(keys)
    changes = watch.receive(events, NOW)
    assert changes["proven"] == index
    state = watch.state()
    assert state["proven"] == index and state["stopped"] is not None
    assert state["stopped"].startswith(
        f"From its message {index + 1} on, this match cannot be followed: that message does not follow"
    )
    # The same sentence as a message id, with the refusal inside it as words of its own: the move refused,
    # and the rule inside that (its English context, the play and the Position ID, stays out of the words).
    words = state["stopped_words"]
    assert words is not None and words["id"] == "watch.stoppedRefused" and words["args"]["n"] == index + 1
    refused = words["args"]["error"]
    assert isinstance(refused, dict) and refused["id"] == "remote.actionRefused"
    assert refused["args"]["name"] == "Ann" and refused["args"]["action"] == "move"
    rule = refused["args"]["error"]
    assert isinstance(rule, dict) and rule["id"].startswith("rule.")
    assert state["stopped"].endswith("(24/12 with 4-3 in position 4HPwATDgc/ABMA)).")


def test_two_versions_of_one_revision_stop_the_match_there(
    keys: dict[str, str], transcript: list[dict[str, Any]]
) -> None:
    other = dict(transcript[3])
    other["time"] += 1
    events = sign([watch_event(keys, m) for m in transcript[:3]] + [watch_event(keys, other, "bob")])
    ann_says = sign([watch_event(keys, transcript[3])])
    watch = watcher(keys)
    watch.receive(events, NOW)
    assert watch.state()["proven"] == 4
    changes = watch.receive(ann_says, NOW)
    assert changes["refused"] == {"content": 1}
    # Neither version of message 4 is trusted: the match is shown up to message 3.
    assert watch.state()["proven"] == 3 and watch.head() == message_hash(transcript[2])
    assert watch.state()["stopped"] == (
        "From its message 4 on, this match cannot be followed: the players' records of it differ."
    )
    assert watch.state()["stopped_words"] == {"id": "watch.stoppedDiffer", "args": {"n": 4}}


def test_a_match_not_begun_has_no_record_to_review(keys: dict[str, str]) -> None:
    with pytest.raises(InvalidActionError, match="has not begun yet") as refused:
        watcher(keys).record()
    assert refused.value.words == {"id": "watch.notBegun", "args": {}}


def test_a_watch_needs_two_players() -> None:
    with pytest.raises(Refused):
        Watch(("a" * 64, "a" * 64), "31660:x:y")


def call(method: str, **params: Any) -> Any:
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer.get("result", answer.get("error"))


def test_the_worker_method_shows_the_watched_match(
    keys: dict[str, str], transcript: list[dict[str, Any]]
) -> None:
    """`lobby_watch` keeps one watch per invitation: the events of several calls add up, and it answers
    with the board of the match as far as it is proven."""
    events = sign([watch_event(keys, m) for m in transcript])
    players = [keys["ann"], keys["bob"]]
    assert call("lobby_reset") == {}
    first = call("lobby_watch", players=players, address=address(keys), events=events[:2], now=NOW)
    assert first["state"]["phase"] == "playing" and first["names"] == ["Ann", "Bob"]
    shown = call("lobby_watch", players=players, address=address(keys), events=events[2:], now=NOW)
    assert shown["state"] == {
        "proven": len(transcript),
        "waiting": 0,
        "stopped": None,
        "stopped_words": None,
        "phase": "over",
    }
    assert shown["view"]["phase"] == "match_over"
    assert call("lobby_watch", players=["ann", "bob"], address=address(keys))["type"] == "InvalidActionError"
    # The match watched to its end opens in review as a player's record does: every roll checkable again.
    watched = call("lobby_watch_record", address=address(keys))
    record = watched["record"]
    assert record["remote"]["transcript"] == transcript
    assert watched["summary"]["finished"] and watched["summary"]["players"] == ["Ann", "Bob"]
    assert call("remote_verify_record", record=record)["revision"] == len(transcript) - 1
    assert call("lobby_watch_record", address="31660:x:y")["type"] == "InvalidActionError"
