"""The lobby's three events read into their shapes, and every way each is refused: its kind, its tags, its
times, its content (no signing needed here: these checks come before the id and the signature)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from lobby_support import NOW, invitation, result, result_event

from backgammon.lobby.events import (
    canonical_result,
    check_accept,
    check_accept_content,
    check_invitation,
    check_name,
    check_result,
)
from backgammon.lobby.nostr import NostrEvent, check_shape
from backgammon.lobby.refusal import REFUSAL_CODES, Refused
from backgammon.lobby.state import Lobby

ANN, BOB, CAROL = "a" * 64, "b" * 64, "c" * 64
MATCH = "M" * 22


def unsigned(template: dict[str, Any], pubkey: str = ANN) -> NostrEvent:
    return check_shape({**template, "pubkey": pubkey, "id": "0" * 64, "sig": "0" * 128})


def refused(check: Any, *args: Any) -> Refused:
    with pytest.raises(Refused) as refusal:
        check(*args)
    assert refusal.value.code in REFUSAL_CODES
    assert str(refusal.value).endswith(".")
    return refusal.value


def test_an_invitation_read() -> None:
    read = check_invitation(unsigned(invitation(name="  A\u0301nne ", rated=True, min=1400, max=1700)), NOW)
    assert read["poster"] == ANN and read["d"] == "abcdefghijkl" and read["expires"] == NOW + 300
    assert read["name"] == "Ánne"  # NFC and trimmed
    assert (read["length"], read["mode"], read["rated"], read["min"], read["max"]) == (
        5,
        "live",
        True,
        1400,
        1700,
    )
    assert read["state"] == "open" and read["taken_by"] is None
    taken = check_invitation(unsigned(invitation(state="taken", **{"with": BOB})), NOW)
    assert taken["taken_by"] == BOB


@pytest.mark.parametrize(
    ("template", "code"),
    [
        (invitation(tags=[["d", "abcdefghijkl"], ["t", "backgammon-lobby"]]), "kind"),
        (
            invitation(
                tags=[["d", "ABCDEFGHIJKL"], ["expiration", str(NOW + 60)], ["t", "backgammon-lobby"]]
            ),
            "kind",
        ),
        (invitation(tags=[["d", "short"], ["expiration", str(NOW + 60)], ["t", "backgammon-lobby"]]), "kind"),
        (invitation(tags=[["d", "abcdefghijkl"], ["expiration", "soon"], ["t", "backgammon-lobby"]]), "kind"),
        (invitation(tags=[["d", "abcdefghijkl"], ["expiration", str(NOW + 60)], ["t", "chess"]]), "kind"),
        (
            invitation(
                tags=[["d", "abcdefghijkl", "x"], ["expiration", str(NOW + 60)], ["t", "backgammon-lobby"]]
            ),
            "kind",
        ),
        (
            invitation(
                tags=[
                    ["d", "abcdefghijkl"],
                    ["expiration", str(NOW + 60)],
                    ["t", "backgammon-lobby"],
                    ["p", BOB],
                ]
            ),
            "kind",
        ),
        ({**invitation(), "kind": 1}, "kind"),
        (invitation(expires=NOW), "expired"),
        (invitation(created_at=NOW - 1000, expires=NOW - 1), "expired"),
        (invitation(created_at=NOW + 3600), "future"),
        (invitation(expires=NOW + 31 * 60), "content"),
        (invitation(mode="correspondence"), "content"),
        (invitation(length=0), "content"),
        (invitation(length=26), "content"),
        (invitation(length=True), "content"),
        (invitation(length=5.0), "content"),
        (invitation(rated="yes"), "content"),
        (invitation(rated=True, min=1800, max=1600), "content"),
        (invitation(rated=True, min=-1), "content"),
        (invitation(min=1200), "content"),
        (invitation(state="closed"), "content"),
        (invitation(state="taken"), "content"),
        (invitation(**{"with": BOB}), "content"),
        (invitation(state="taken", **{"with": ANN}), "content"),
        (invitation(state="taken", **{"with": "bob"}), "content"),
        (invitation(v=2), "content"),
        (invitation(colour="white"), "content"),
        (invitation(name=""), "content"),
        (invitation(name="   "), "content"),
        (invitation(name="x" * 33), "content"),
        (invitation(name="Ann\u202eevil"), "content"),
        (invitation(name="Ann\u200b"), "content"),
        (invitation(name="Ann\nBob"), "content"),
        (invitation(name="Ann\u2028"), "content"),
        (invitation(name=["Ann"]), "content"),
        ({**invitation(), "content": "not json"}, "content"),
        ({**invitation(), "content": "[" * 50 + "]" * 50}, "content"),
        ({**invitation(), "content": "[]"}, "content"),
    ],
)
def test_invitation_refusals(template: dict[str, Any], code: str) -> None:
    assert refused(check_invitation, unsigned(template), NOW).code == code


def test_the_longest_names_and_links_invitations() -> None:
    assert check_name("é" * 32) == "é" * 32
    assert check_name("e\u0301" * 32) == "é" * 32  # 64 characters before NFC, 32 after
    links = check_invitation(unsigned(invitation(mode="links", expires=NOW + 3 * 86400)), NOW)
    assert links["mode"] == "links"


def accept_event(poster: str = ANN, d: str = "abcdefghijkl", **changes: Any) -> dict[str, Any]:
    return {
        "kind": 21660,
        "created_at": NOW,
        "tags": [["p", poster], ["a", f"31660:{poster}:{d}"]],
        "content": "A" * 200,
        **changes,
    }


def test_an_accept_read() -> None:
    read = check_accept(unsigned(accept_event(), BOB), NOW)
    assert (read["accepter"], read["poster"], read["d"]) == (BOB, ANN, "abcdefghijkl")
    inner = check_accept_content(
        json.dumps({"v": 1, "name": "Bob", "room": "ABCD1234", "secret": "0123456789AB"}), "live"
    )
    assert inner == {"name": "Bob", "room": "ABCD1234", "secret": "0123456789AB", "watch": True}
    assert check_accept_content('{"v": 1, "name": "Bob"}', "links")["room"] is None
    # The accepter may turn watching off for the match (docs/lobby-events.md, *Watching*).
    assert check_accept_content('{"v": 1, "name": "Bob", "watch": false}', "links")["watch"] is False


@pytest.mark.parametrize(
    ("template", "pubkey", "code"),
    [
        (accept_event(), ANN, "content"),  # one's own invitation
        (accept_event(tags=[["p", ANN]]), BOB, "kind"),
        (accept_event(tags=[["p", ANN], ["a", f"31660:{CAROL}:abcdefghijkl"]]), BOB, "kind"),
        (accept_event(tags=[["p", ANN], ["a", f"1:{ANN}:abcdefghijkl"]]), BOB, "kind"),
        (accept_event(tags=[["p", ANN], ["a", f"31660:{ANN}:AB"]]), BOB, "kind"),
        (accept_event(tags=[["p", "ann"], ["a", "31660:ann:abcdefghijkl"]]), BOB, "kind"),
        (accept_event(created_at=NOW - 3600), BOB, "expired"),
        (accept_event(created_at=NOW + 3600), BOB, "future"),
        (accept_event(content='{"v": 1, "name": "Bob", "room": "ABCD1234"}'), BOB, "content"),
        (accept_event(kind=21661), BOB, "kind"),
    ],
)
def test_accept_refusals(template: dict[str, Any], pubkey: str, code: str) -> None:
    assert refused(check_accept, unsigned(template, pubkey), NOW).code == code


@pytest.mark.parametrize(
    ("content", "mode"),
    [
        ('{"v": 1, "name": "Bob"}', "live"),
        ('{"v": 1, "name": "Bob", "room": "abcd1234", "secret": "0123456789AB"}', "live"),
        ('{"v": 1, "name": "Bob", "room": "ABCD1234", "secret": "0123456789AI"}', "live"),
        ('{"v": 1, "name": "Bob", "room": "ABCD1234", "secret": "0123456789AB"}', "links"),
        ('{"v": 1, "name": "Bob", "room": "ABCD1234", "secret": "0123456789AB", "x": 1}', "live"),
        ('{"v": 1, "name": "\\u0000", "room": "ABCD1234", "secret": "0123456789AB"}', "live"),
        ('{"v": 1, "name": "Bob", "watch": "no"}', "links"),
        ("null", "live"),
        (None, "live"),
        ("x" * 2000, "live"),
    ],
)
def test_accept_content_refusals(content: Any, mode: Any) -> None:
    assert refused(check_accept_content, content, mode).code == "content"


def test_a_result_read() -> None:
    content = result(MATCH, [ANN, BOB], 1)
    read = check_result(unsigned(result_event(content, BOB), ANN), NOW)
    assert read["winner"] == BOB and read["score"] == [0, 3] and read["players"] == [ANN, BOB]
    assert json.loads(canonical_result(read)) == content


@pytest.mark.parametrize(
    ("content", "author", "other", "code"),
    [
        (result(MATCH, [ANN, BOB], 0), CAROL, ANN, "content"),  # an author who did not play
        (result(MATCH, [ANN, BOB], 0), ANN, CAROL, "kind"),  # the p tag not the other player
        (result(MATCH, [ANN, ANN], 0), ANN, ANN, "content"),
        (result("short", [ANN, BOB], 0), ANN, BOB, "content"),
        ({**result(MATCH, [ANN, BOB], 0), "winner": CAROL}, ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB], 0, score=[3, 3]), ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB], 0, score=[3]), ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB], 0, score=[3, -1]), ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB], 0, length=30), ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB], 0, final="not a hash"), ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB], 0, ended=NOW + 3600), ANN, BOB, "future"),
        (result(MATCH, [ANN, BOB], 0, rated=1), ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB, CAROL], 0), ANN, BOB, "content"),
        (result(MATCH, [ANN, BOB], 0, extra=True), ANN, BOB, "content"),
    ],
)
def test_result_refusals(content: dict[str, Any], author: str, other: str, code: str) -> None:
    assert refused(check_result, unsigned(result_event(content, other), author), NOW).code == code


def test_a_claimed_match_is_a_result() -> None:
    """A match claimed after the other side kept it waiting: the winner is the claimer, whatever the score."""
    read = check_result(unsigned(result_event(result(MATCH, [ANN, BOB], 0, score=[0, 2]), BOB), ANN), NOW)
    assert read["winner"] == ANN


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner, max_size=8),
    max_leaves=20,
)
event_like = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["0" * 64, "x"]) | json_values,
        "pubkey": st.sampled_from([ANN, "y"]) | json_values,
        "created_at": st.integers(-5, 2**41) | json_values,
        "kind": st.sampled_from([31660, 21660, 1660, 1]) | json_values,
        "tags": st.lists(st.lists(st.text(max_size=20), max_size=3), max_size=4) | json_values,
        "content": st.sampled_from([json.dumps(result(MATCH, [ANN, BOB], 0)), invitation()["content"]])
        | json_values,
        "sig": st.just("0" * 128) | json_values,
    }
)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(json_values | event_like, max_size=5))
def test_any_json_is_refused_plainly(values: list[Any]) -> None:
    """Whatever JSON a relay sends, each value is refused with a code and plain words; nothing escapes."""
    lobby = Lobby()
    changes = lobby.receive(values, NOW)
    assert sum(changes["refused"].values()) == len(values)
    assert not changes["added"] and not changes["results"]
    for note in changes["reasons"]:
        assert note["code"] in REFUSAL_CODES and note["reason"].endswith(".")
