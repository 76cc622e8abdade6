"""Letters (backgammon.lobby.letters): a lobby match by links carried over the relays as signed events from
one player's key to the other's, encrypted to the recipient. The outer event is checked before anything is
decrypted or applied; the decrypted part is bounded; a blocked sender's letters are refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lobby_support import NOW, TOPIC, needs_node, public_keys, sign

from backgammon import api
from backgammon.lobby.letters import KIND_LETTER, MAX_PART_CHARS, MAX_PARTS

pytestmark = needs_node

ENCRYPTED = "A" * 200  # the shape of a NIP-44 payload: the page decrypts, the core checks the shape
MATCH = "m" * 22


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return public_keys(["ann", "bob", "carol"])


def call(method: str, **params: Any) -> Any:
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer.get("result", answer.get("error"))


def letter(keys: dict[str, str], to: str = "bob", poster: str = "ann", **fields: Any) -> dict[str, Any]:
    template = {
        "kind": KIND_LETTER,
        "created_at": NOW,
        "tags": [["p", keys[to]], ["a", f"31660:{keys[poster]}:annsinvite01"], ["t", TOPIC]],
        "content": ENCRYPTED,
    }
    return {**template, **fields}


def part(**fields: Any) -> str:
    content = {"v": 1, "match": MATCH, "rev": 3, "part": 1, "parts": 1, "data": "abc_-XYZ09"}
    return json.dumps({**content, **fields})


def test_a_letter_and_its_part_are_read(keys: dict[str, str]) -> None:
    assert call("lobby_reset") == {}
    (event,) = sign([("ann", letter(keys))])
    checked = call("lobby_check_letter", event=event, content=part(), now=NOW)
    assert checked["letter"] == {
        "sender": keys["ann"],
        "recipient": keys["bob"],
        "address": f"31660:{keys['ann']}:annsinvite01",
        "created_at": NOW,
    }
    assert checked["part"] == {"match": MATCH, "rev": 3, "part": 1, "parts": 1, "data": "abc_-XYZ09"}
    # Bob writes back, naming the invitation Ann posted: a letter may name either player's invitation.
    (answer,) = sign([("bob", letter(keys, to="ann"))])
    assert call("lobby_check_letter", event=answer, now=NOW)["letter"]["sender"] == keys["bob"]


def test_letters_that_are_not_between_the_two_players_or_not_theirs_are_refused(keys: dict[str, str]) -> None:
    assert call("lobby_reset") == {}
    events = sign(
        [
            ("ann", letter(keys, kind=1)),
            ("ann", letter(keys, to="ann")),  # to herself
            ("ann", letter(keys, poster="carol")),  # an invitation neither posted
            ("ann", letter(keys, tags=[["p", keys["bob"]], ["t", TOPIC]])),
            ("ann", letter(keys, created_at=NOW + 3600)),
            ("ann", letter(keys, content="not encrypted")),
            ("ann", letter(keys, content="A" * 50_000)),
        ]
    )
    rules = [call("lobby_check_letter", event=event, now=NOW)["rule"] for event in events]
    assert rules == ["kind", "kind", "kind", "kind", "future", "content", "too-large"]
    (good,) = sign([("ann", letter(keys))])
    changed = {**good, "content": "B" * 200}
    assert call("lobby_check_letter", event=changed, now=NOW)["rule"] == "bad-id"
    assert call("lobby_block", keys=[keys["ann"]]) == {"blocked": 1}
    assert call("lobby_check_letter", event=good, now=NOW)["rule"] == "blocked"


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        part(match="short"),
        part(rev=-1),
        part(part=2, parts=1),
        part(part=0),
        part(parts=MAX_PARTS + 1),
        part(rev=True),
        part(data="<script>"),
        part(data="a" * (MAX_PART_CHARS + 1)),
        part(extra=1),
        json.dumps([1, 2]),
    ],
)
def test_a_part_out_of_its_bounds_is_refused(keys: dict[str, str], content: str) -> None:
    assert call("lobby_reset") == {}
    (event,) = sign([("ann", letter(keys))])
    assert call("lobby_check_letter", event=event, content=content, now=NOW)["rule"] == "content"
