"""A tournament's events (backgammon.tournament.events, .state): the announcement, the entries, the
organiser's closing and the reveals, signed by their authors' keys (nostr-tools under Node); from them alone
every device computes the same entrants, draw and bracket, and refuses what does not belong."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from lobby_support import NOW, TOPIC, needs_node, public_keys, sign

from backgammon.lobby.refusal import Refused
from backgammon.tournament.draw import commitment
from backgammon.tournament.events import check_announcement
from backgammon.tournament.state import Tournament

pytestmark = needs_node

PLAYERS = ["ann", "bob", "carol", "dave"]
CLOSES = NOW + 3600
D = "springcup2026"


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return public_keys(["org", *PLAYERS, "mal"])


def value(name: str) -> str:
    return hashlib.sha256(f"draw value of {name}".encode()).hexdigest()


def address(keys: dict[str, str]) -> str:
    return f"31663:{keys['org']}:{D}"


def announcement(**content: Any) -> dict[str, Any]:
    body = {"v": 1, "name": "Spring cup", "format": "knockout", "length": 1, "mode": "live", "places": 8}
    body |= {"rated": True, "closes": CLOSES, **content}
    return {"kind": 31663, "created_at": NOW, "tags": [["d", D], ["t", TOPIC]], "content": json.dumps(body)}


def event(kind: int, keys: dict[str, str], created_at: int, **content: Any) -> dict[str, Any]:
    return {
        "kind": kind,
        "created_at": created_at,
        "tags": [["a", address(keys)], ["t", TOPIC]],
        "content": json.dumps({"v": 1, **content}),
    }


def entries(keys: dict[str, str]) -> list[dict[str, Any]]:
    return sign(
        [
            (p, event(1663, keys, NOW + 60 + i, name=p.title(), commitment=commitment(value(p))))
            for i, p in enumerate(PLAYERS)
        ]
    )


def reveals(keys: dict[str, str], players: list[str], wrong: str | None = None) -> list[dict[str, Any]]:
    return sign(
        [(p, event(1665, keys, CLOSES + 120, value=value("x" if p == wrong else p))) for p in players]
    )


def test_an_announcement_is_read_and_checked(keys: dict[str, str]) -> None:
    (read,) = sign([("org", announcement())])
    assert check_announcement(read, NOW)["organiser"] == keys["org"]
    # An announcement made before it named its organiser still reads: the name is optional.
    assert check_announcement(read, NOW)["organiser_name"] is None
    (named,) = sign([("org", announcement(organiser_name="  Ann\u0301 "))])
    assert check_announcement(named, NOW)["organiser_name"] == "Anń"  # NFC, trimmed: as the lobby
    bad = sign(
        [
            ("org", announcement(organiser_name="")),
            ("org", announcement(organiser_name="x" * 41)),
            ("org", announcement(organiser_name="Ann\u202e")),  # an invisible formatting character
            ("org", announcement(organiser_name=7)),
            ("org", announcement(format="swiss")),
            ("org", announcement(places=3)),
            ("org", announcement(mode="links")),  # no hours to move
            ("org", announcement(move_hours=24)),  # live with hours to move
            ("org", announcement(closes=NOW - 1)),
            ("org", announcement(length=26)),
        ]
    )
    for data in bad:
        with pytest.raises(Refused):
            check_announcement(data, NOW)


def tournament(keys: dict[str, str]) -> Tournament:
    (read,) = sign([("org", announcement())])
    return Tournament(check_announcement(read, NOW))


def test_every_device_computes_the_same_draw_from_the_same_events(keys: dict[str, str]) -> None:
    made = entries(keys)
    (closing,) = sign(
        [
            (
                "org",
                event(1664, keys, CLOSES, entries=sorted(e["id"] for e in made), reveals_until=CLOSES + 600),
            )
        ]
    )
    revealed = reveals(keys, PLAYERS)
    first, second = tournament(keys), tournament(keys)
    assert first.receive(made, NOW + 100) == {}
    assert first.view(NOW + 100)["phase"] == "registration"
    assert first.view(CLOSES + 1)["phase"] == "closing"
    assert first.receive([closing], CLOSES + 1) == {}
    assert first.view(CLOSES + 1)["phase"] == "revealing"
    # Nobody revealed by the time allowed: no tournament, said in English and as a message id.
    nobody = first.view(CLOSES + 601)
    assert nobody["phase"] == "broken" and nobody["broken_words"] == {
        "id": "tournament.brokenReveals",
        "args": {},
    }
    assert (
        nobody["broken"] == "Fewer than two entrants revealed their values: there is no tournament to draw."
    )
    assert first.receive(revealed, CLOSES + 200) == {}
    shown = first.view(CLOSES + 200)
    assert shown["phase"] == "drawn" and sorted(shown["order"]) == sorted(keys[p] for p in PLAYERS)
    # Another device hears the same events in another order: the same draw, the same bracket.
    shuffled = [*made, closing, *revealed]
    random.Random(5).shuffle(shuffled)
    second.receive([e for e in shuffled if e["kind"] != 1665], CLOSES + 200)
    second.receive([e for e in shuffled if e["kind"] == 1665], CLOSES + 200)
    assert second.view(CLOSES + 200) == shown
    assert [p["players"] for p in shown["rounds"][0]] == [
        [shown["order"][0], shown["order"][3]],
        [shown["order"][1], shown["order"][2]],
    ]


def test_a_wrong_value_leaves_its_entrant_out_and_a_bye_comes(keys: dict[str, str]) -> None:
    made = entries(keys)
    (closing,) = sign(
        [
            (
                "org",
                event(1664, keys, CLOSES, entries=sorted(e["id"] for e in made), reveals_until=CLOSES + 600),
            )
        ]
    )
    held = tournament(keys)
    held.receive([*made, closing, *reveals(keys, PLAYERS, wrong="dave")], CLOSES + 200)
    assert held.view(CLOSES + 200)["phase"] == "revealing"  # Dave may still reveal the right value
    shown = held.view(CLOSES + 601)
    assert shown["phase"] == "drawn" and keys["dave"] not in shown["order"] and len(shown["order"]) == 3
    assert sum(p["bye"] for p in shown["rounds"][0]) == 1


def test_what_does_not_belong_is_refused_and_two_closings_break_it(keys: dict[str, str]) -> None:
    made = entries(keys)
    ids = sorted(e["id"] for e in made)
    other = {**event(1663, keys, NOW + 70, name="Mal", commitment=commitment(value("mal")))}
    other["tags"] = [["a", f"31663:{keys['org']}:anothercup01"], ["t", TOPIC]]
    wrong_tournament, closing_by_mal, early_reveal = sign(
        [
            ("mal", other),
            ("mal", event(1664, keys, CLOSES, entries=ids, reveals_until=CLOSES + 600)),
            ("ann", event(1665, keys, NOW + 100, value=value("ann"))),
        ]
    )
    held = tournament(keys)
    # A value revealed before any closing is kept until one comes (relays hand events over in any order).
    assert held.receive([*made, wrong_tournament, closing_by_mal, early_reveal], CLOSES + 5) == {
        "kind": 1,
        "content": 1,
    }
    assert held.early == [early_reveal]
    one, two = sign(
        [
            ("org", event(1664, keys, CLOSES, entries=ids, reveals_until=CLOSES + 600)),
            ("org", event(1664, keys, CLOSES + 1, entries=ids[:3], reveals_until=CLOSES + 600)),
        ]
    )
    held.receive([one, two], CLOSES + 5)
    assert held.view(CLOSES + 5)["phase"] == "broken"
