"""The worker methods of play on two devices (backgammon.remote.methods): JSON in and out through api.handle,
as the page calls them."""

from __future__ import annotations

import json
from typing import Any

from backgammon import api


def call(method: str, **params: Any) -> dict[str, Any]:
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert answer["id"] == 1
    return answer  # type: ignore[no-any-return]


def result(method: str, **params: Any) -> dict[str, Any]:
    answer = call(method, **params)
    assert "result" in answer, answer
    return answer["result"]  # type: ignore[no-any-return]


def test_two_pages_start_a_match_and_play_its_opening_through_the_worker() -> None:
    created = result("remote_create", name="Ann", settings={"match_length": 3}, mode="live", now=100)
    assert created["remote"]["phase"] == "invited" and created["view"] is None
    assert created["message"]["type"] == "hello"
    assert "secret" in created["state"] and "secret" not in json.dumps(created["message"])
    joined = result("remote_join", hello=json.dumps(created["message"]), name="Bob", now=110)
    assert joined["view"]["phase"] == "opening" and joined["remote"]["waiting_for"] == "dice"
    host = result("remote_receive", state=created["state"], message=json.dumps(joined["message"]), now=120)
    assert host["accepted"] and host["send"][0]["type"] == "ack"
    # Each side answers what it receives until neither has more to send (a tied opening roll takes a round
    # more: the secrets are random).
    states = {"host": host["state"], "guest": joined["state"]}
    pending = [("guest", message) for message in host["send"][1:]]
    for _ in range(50):
        if not pending:
            break
        to, message = pending.pop(0)
        answer = result("remote_receive", state=states[to], message=json.dumps(message), now=130)
        assert answer["accepted"]
        states[to] = answer["state"]
        back = "host" if to == "guest" else "guest"
        pending += [(back, reply) for reply in answer.get("send", []) if reply["type"] != "ack"]
    assert not pending
    host_view = result("remote_view", state=states["host"])["view"]
    assert result("remote_view", state=states["guest"])["view"] == host_view
    assert host_view["phase"] == "move"


def test_a_refused_message_comes_back_as_a_value_with_the_refusal_to_send() -> None:
    created = result("remote_create", name="Ann", now=0)
    answer = result("remote_receive", state=created["state"], message='{"v": 9}')
    assert not answer["accepted"] and answer["refusal"]["code"] == "version"
    assert answer["send"][0]["type"] == "refusal" and answer["state"] == created["state"]


def test_wrong_calls_are_plain_errors() -> None:
    assert call("remote_act", action={"type": "roll"})["error"]["type"] == "InvalidActionError"
    created = result("remote_create", name="Ann", now=0)
    error = call("remote_act", state=created["state"], action={"type": "roll"})["error"]
    assert error["type"] == "RemoteError" and error["rule"] == "not-your-turn"
    assert (
        call("remote_create", name="Ann", settings={"match_length": 99})["error"]["type"]
        == "InvalidSettingsError"
    )
    assert call("remote_read_link", payload="%%%")["error"]["type"] == "RemoteError"
    tampered = {**created["state"], "secret": "short"}
    assert "cannot be read" in call("remote_view", state=tampered)["error"]["message"]


def test_a_link_and_a_record_through_the_worker() -> None:
    created = result("remote_create", name="Ann", mode="correspondence", now=0)
    payload = result("remote_link", state=created["state"])["payload"]
    assert result("remote_read_link", payload=payload)["invitation"]
    joined = result("remote_join_link", payload=payload, name="Bob", now=5)
    back = result("remote_link", state=joined["state"])["payload"]
    host = result("remote_receive_link", state=created["state"], payload=back, now=9)
    assert host["status"] == "theirs"
    record = result("remote_record", state=host["state"])["record"]
    assert result("remote_verify_record", record=record)["match"] == created["message"]["match"]
    assert result("load", record=record)["view"]["players"][1]["name"] == "Bob"
    sync = result("remote_sync", state=host["state"])["message"]
    assert result("remote_reconcile", state=joined["state"], messages=sync["messages"])["status"] in (
        "theirs",
        "same",
    )
    chat = result("remote_chat", state=host["state"], text="hi", now=1)["message"]
    assert result("remote_receive", state=joined["state"], message=json.dumps(chat))["chat"]["text"] == "hi"


def test_a_match_on_two_devices_is_written_to_files_from_its_record() -> None:
    """*Save / load* writes the match shown: a match with a friend is exported from its record, and the match
    the worker holds for play here is neither used nor changed."""
    held = result("new_match", settings={"match_length": 3}, players=[{"name": "Here"}, {"name": "Also"}])
    created = result("remote_create", name="Ann", settings={"match_length": 1}, now=0)
    joined = result("remote_join", hello=created["message"], name="Bob", now=1)
    host = result("remote_receive", state=created["state"], message=json.dumps(joined["message"]), now=2)
    record = result("remote_record", state=host["state"])["record"]
    mat = result("export_mat", record=record)
    assert mat["filename"] == "Ann-vs-Bob-1pt.mat" and '[Player 2 "Bob"]' in mat["text"]
    assert result("export_sgf", record=record)["filename"] == "Ann-vs-Bob-1pt.sgf"
    assert result("export_mat")["filename"] == "Here-vs-Also-3pt.mat"
    assert result("view")["view"]["players"] == held["view"]["players"]
