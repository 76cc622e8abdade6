"""Nostr events as the lobby reads them: BIP-340 verification against the BIP's own test vectors, and ids and
verdicts against nostr-tools (what the page signs with) on real events and on tampered copies."""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path
from typing import Any

import pytest
from lobby_support import NOW, invitation, needs_node, sign, verify

from backgammon.lobby.nostr import check_event, event_id, lift_x, schnorr_verify
from backgammon.lobby.refusal import Refused

VECTORS = Path(__file__).parent / "data" / "bip340_test_vectors.csv"


def _vectors() -> list[dict[str, str]]:
    with VECTORS.open(newline="") as file:
        return list(csv.DictReader(file))


@pytest.mark.parametrize("row", _vectors(), ids=lambda row: f"vector{row['index']}")
def test_bip340_vectors(row: dict[str, str]) -> None:
    """Every verification vector of BIP-340 (bitcoin/bips bip-0340/test-vectors.csv), the failing ones
    (a key off the curve, a negated s, R at infinity, r or s out of range, ...) and the messages of 0, 1, 17
    and 100 bytes."""
    verdict = schnorr_verify(
        bytes.fromhex(row["message"]), bytes.fromhex(row["public key"]), bytes.fromhex(row["signature"])
    )
    assert verdict is (row["verification result"] == "TRUE"), row["comment"]


def test_vectors_cover_the_failures() -> None:
    rows = _vectors()
    assert len(rows) >= 19
    assert sum(row["verification result"] == "FALSE" for row in rows) >= 10


def test_lift_x_refuses_what_is_no_point() -> None:
    assert lift_x(5) is None  # 5³ + 7 = 132 is not a square mod p
    assert lift_x(2**256 - 1) is None
    point = lift_x(1)
    assert point is not None and point[1] % 2 == 0


def _tampered(event: dict[str, Any], other: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Copies of `event` each changed in one way after signing."""
    changes: dict[str, dict[str, Any]] = {}
    for name in ("content", "tag", "created_at", "sig", "key", "id-and-content"):
        changed = copy.deepcopy(event)
        if name == "content":
            changed["content"] = changed["content"].replace("Ann", "Anne")
        elif name == "tag":
            changed["tags"][0][1] = "zzzzzzzzzzzz"
        elif name == "created_at":
            changed["created_at"] += 1
        elif name == "sig":
            flipped = int(changed["sig"][-1], 16) ^ 1
            changed["sig"] = changed["sig"][:-1] + f"{flipped:x}"
        elif name == "key":
            changed["pubkey"] = other["pubkey"]
        else:  # the id made again for the changed content: the signature no longer fits
            changed["content"] = changed["content"].replace("Ann", "Anne")
        changes[name] = changed
    changes["id-and-content"]["id"] = event_id(changes["id-and-content"])  # type: ignore[arg-type]
    return changes


@needs_node
def test_same_ids_and_verdicts_as_nostr_tools() -> None:
    """Events signed by nostr-tools: the same id here as there, valid here; each tampered copy refused here
    and by nostr-tools' verifyEvent alike. The texts hold what JSON escapes (quotes, backslashes, controls,
    line separators, accents, emoji) so the serialization is tested too."""
    texts = ['Ann "the \\ quick"', "tab\there\nnew line", "é 🎲 \u2028 \u0001 \u007f", "", "x" * 1000]
    templates = [("ann", invitation(name="Ann")), ("bob", invitation(name="Bob"))]
    templates += [
        ("ann", {"kind": 1, "created_at": NOW + i, "tags": [["t", t]], "content": t})
        for i, t in enumerate(texts)
    ]
    events = sign(templates)
    for event in events:
        assert event_id(event) == event["id"]  # type: ignore[arg-type]
        assert check_event(json.loads(json.dumps(event)))["id"] == event["id"]
    tampered = _tampered(events[0], events[1])
    verdicts = verify(list(tampered.values()))
    for (name, changed), theirs in zip(tampered.items(), verdicts, strict=True):
        assert theirs is False, name
        with pytest.raises(Refused) as refusal:
            check_event(changed)
        assert refusal.value.code in ("bad-id", "bad-signature"), name
    assert verify(events) == [True] * len(events)


@needs_node
def test_the_signature_is_checked_not_only_the_id() -> None:
    """A key of another event with the id made again for it: the id is right, the signature is not."""
    first, second = sign([("ann", invitation()), ("bob", invitation())])
    forged = {**first, "pubkey": second["pubkey"]}
    forged["id"] = event_id(forged)  # type: ignore[arg-type]
    with pytest.raises(Refused) as refusal:
        check_event(forged)
    assert refusal.value.code == "bad-signature"
    assert verify([forged]) == [False]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda e: e.pop("sig"), "malformed"),
        (lambda e: e.update(extra=1), "malformed"),
        (lambda e: e.update(id=e["id"].upper()), "malformed"),
        (lambda e: e.update(pubkey="00" * 31), "malformed"),
        (lambda e: e.update(sig="ab" * 63), "malformed"),
        (lambda e: e.update(created_at=1.5), "malformed"),
        (lambda e: e.update(created_at=True), "malformed"),
        (lambda e: e.update(created_at=-1), "malformed"),
        (lambda e: e.update(kind="31660"), "malformed"),
        (lambda e: e.update(tags=[["d", 1]]), "malformed"),
        (lambda e: e.update(tags=[[]]), "malformed"),
        (lambda e: e.update(tags=[["t"]] * 9), "malformed"),
        (lambda e: e.update(tags="d"), "malformed"),
        (lambda e: e.update(content=None), "too-large"),
        (lambda e: e.update(content="x" * 4001), "too-large"),
        (lambda e: e.update(tags=[["t", "x" * 2000], ["t", "x" * 2001]]), "too-large"),
        (lambda e: e.update(content="\ud800"), "malformed"),
        (lambda e: e.update(id="0" * 64), "bad-id"),
    ],
)
def test_shape_refusals(change: Any, code: str) -> None:
    """What NIP-01 does not allow, refused with a code and plain words, before any curve arithmetic."""
    event: dict[str, Any] = {
        "id": "1" * 64,
        "pubkey": "2" * 64,
        "created_at": NOW,
        "kind": 31660,
        "tags": [["t", "backgammon-lobby"]],
        "content": "{}",
        "sig": "3" * 128,
    }
    event["id"] = event_id(event)  # type: ignore[arg-type]
    change(event)
    with pytest.raises(Refused) as refusal:
        check_event(event)
    assert refusal.value.code == code
    assert str(refusal.value).endswith(".")
