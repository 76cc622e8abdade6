"""Tournaments through the worker's methods (backgammon.tournament.methods), fed events signed by their
authors' keys (nostr-tools under Node, or handed to Pyodide): the announcement, entries, closing, reveals and
the lobby's results naming their pairing. Each refusal docs/tournaments.md names leaves the tournament as it
was; a 4-player knock-out and a 4-player round robin are decided by signed results alone."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from lobby_support import NOW, TOPIC, needs_node, public_keys, sign
from remote_support import play, start

from backgammon import api
from backgammon.lobby.nostr import event_id
from backgammon.lobby.state import Lobby
from backgammon.tournament.draw import commitment
from backgammon.tournament.held import (
    MAX_EVENTS_PER_MINUTE,
    MAX_PER_ORGANISER,
    MAX_WAITING_EVENTS,
    MAX_WAITING_TOURNAMENTS,
    Tournaments,
)

pytestmark = needs_node

PLAYERS = ["ann", "bob", "carol", "dave"]
CLOSES = NOW + 3600
DRAWN = CLOSES + 300  # every entrant revealed by then
D = "springcup2026"


def call(method: str, **params: Any) -> Any:
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer.get("result", answer.get("error"))


@pytest.fixture(autouse=True)
def fresh() -> None:
    assert call("tournament_reset") == {}


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return public_keys(["org", *PLAYERS, "mal"])


def value(name: str) -> str:
    return hashlib.sha256(f"draw value of {name}".encode()).hexdigest()


def address(keys: dict[str, str], d: str = D) -> str:
    return f"31663:{keys['org']}:{d}"


def announcement(d: str = D, created_at: int = NOW, **content: Any) -> dict[str, Any]:
    body = {"v": 1, "name": "Spring cup", "format": "knockout", "length": 1, "mode": "live", "places": 8}
    body |= {"rated": True, "closes": CLOSES, **content}
    return {
        "kind": 31663,
        "created_at": created_at,
        "tags": [["d", d], ["t", TOPIC]],
        "content": json.dumps(body),
    }


def event(kind: int, keys: dict[str, str], created_at: int, **content: Any) -> dict[str, Any]:
    return {
        "kind": kind,
        "created_at": created_at,
        "tags": [["a", address(keys)], ["t", TOPIC]],
        "content": json.dumps({"v": 1, **content}),
    }


def entry(keys: dict[str, str], player: str, created_at: int) -> dict[str, Any]:
    return event(1663, keys, created_at, name=player.title(), commitment=commitment(value(player)))


def receive(events: list[dict[str, Any]], now: int) -> dict[str, Any]:
    answer = call("tournament_receive", events=events, now=now)
    assert "changed" in answer, answer
    return answer  # type: ignore[no-any-return]


def view(keys: dict[str, str], now: int = DRAWN) -> dict[str, Any]:
    return call("tournament_view", address=address(keys), now=now)  # type: ignore[no-any-return]


def drawn(keys: dict[str, str], fmt: str = "knockout") -> dict[str, Any]:
    """A tournament of the four players, announced, entered, closed (by the organiser's device, from
    `tournament_closing`), revealed and drawn."""
    (announced,) = sign([("org", announcement(format=fmt))])
    entries = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS)])
    assert receive([announced, *entries], NOW + 100)["changed"] == [address(keys)]
    closing = call("tournament_closing", address=address(keys), now=CLOSES + 1)
    assert closing == {"entries": sorted(e["id"] for e in entries), "reveals_until": CLOSES + 1 + 900}
    (closed,) = sign([("org", event(1664, keys, CLOSES + 1, **closing))])
    revealed = sign([(p, event(1665, keys, CLOSES + 60, value=value(p))) for p in PLAYERS])
    assert receive([*revealed, closed], CLOSES + 100)["refused"] == {}
    shown = view(keys)
    assert shown["summary"]["phase"] == "drawn" and sorted(shown["order"]) == sorted(keys[p] for p in PLAYERS)
    return shown


def result(
    keys: dict[str, str], round_: int, table: int, players: list[str], winner: str, **fields: Any
) -> dict[str, Any]:
    """A result's content for a tournament's match of 1 point, `winner` a key."""
    body = {
        "v": 1,
        "match": hashlib.sha256(f"{round_}/{table}/{players}".encode()).hexdigest()[:22],
        "length": 1,
        "rated": True,
        "players": players,
        "score": [1, 0] if winner == players[0] else [0, 1],
        "winner": winner,
        "final": "A" * 43,
        "ended": DRAWN - 10,
        "tournament": address(keys),
        "round": round_,
        "table": table,
    }
    return body | fields


def signed_by(keys: dict[str, str], content: dict[str, Any], *authors: str) -> list[dict[str, Any]]:
    """The result signed by each author named (a player's name), its 'p' tag the other player."""
    items = []
    for author in authors:
        other = next(p for p in content["players"] if p != keys[author])
        text = json.dumps(content, sort_keys=True, separators=(",", ":"))
        tags = [["p", other], ["t", TOPIC], ["a", address(keys)]]
        items.append((author, {"kind": 1660, "created_at": DRAWN - 5, "tags": tags, "content": text}))
    return sign(items)


def named(keys: dict[str, str], key: str) -> str:
    return next(player for player, k in keys.items() if k == key)


def play_round(keys: dict[str, str], shown: dict[str, Any], better_seed_wins: bool = True) -> None:
    """Every pairing whose two players are known and not yet decided, won by its better seed (or worse),
    signed by both players."""
    seed = {key: index for index, key in enumerate(shown["order"])}
    events = []
    for pairing in (p for r in shown["rounds"] for p in r):
        players = pairing["players"]
        if pairing["bye"] or pairing["winner"] is not None or None in players:
            continue
        winner = min(players, key=lambda k: seed[k] if better_seed_wins else -seed[k])
        content = result(keys, pairing["round"], pairing["table"], players, winner)
        events += signed_by(keys, content, *(named(keys, p) for p in players))
    assert receive(events, DRAWN)["refused"] == {}


def test_the_list_and_the_phases(keys: dict[str, str]) -> None:
    (announced,) = sign([("org", announcement())])
    entries = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS[:2])])
    # Entries heard before their announcement wait for it.
    assert receive(entries, NOW + 100) == {"changed": [], "refused": {}}
    assert call("tournament_list", now=NOW + 100) == {"tournaments": []}
    assert receive([announced], NOW + 100) == {"changed": [address(keys)], "refused": {}}
    (listed,) = call("tournament_list", now=NOW + 100)["tournaments"]
    assert listed == {
        "address": address(keys),
        "organiser": keys["org"],
        "d": D,
        "name": "Spring cup",
        "organiser_name": None,
        "format": "knockout",
        "length": 1,
        "mode": "live",
        "move_hours": None,
        "places": 8,
        "rated": True,
        "closes": CLOSES,
        "phase": "registration",
        "entrants": 2,
        "champion_name": None,
    }
    shown = view(keys, NOW + 100)
    assert shown["entrants"] == [{"key": keys["ann"], "name": "Ann"}, {"key": keys["bob"], "name": "Bob"}]
    assert shown["names"] == {keys["ann"]: "Ann", keys["bob"]: "Bob"}
    assert shown["order"] == [] and shown["rounds"] == [] and shown["champion"] is None
    assert shown["reveals_until"] is None and shown["revealed"] == []
    assert view(keys, CLOSES)["summary"]["phase"] == "closing"
    # The same announcement published again changes nothing.
    (again,) = sign([("org", announcement(created_at=NOW + 5))])
    assert receive([again], NOW + 100) == {"changed": [], "refused": {}}
    assert call("tournament_commitment", value=value("ann")) == {"commitment": commitment(value("ann"))}
    assert call("tournament_commitment", value="xyz")["type"] == "InvalidActionError"
    assert call("tournament_view", address="31663:nobody:none")["type"] == "InvalidActionError"
    assert call("tournament_closing", address=address(keys), now=NOW + 100)["type"] == "InvalidActionError"


def test_the_organisers_name_is_shown_as_announced(keys: dict[str, str]) -> None:
    (announced,) = sign([("org", announcement(organiser_name=" Olga "))])
    assert receive([announced], NOW + 100)["changed"] == [address(keys)]
    (listed,) = call("tournament_list", now=NOW + 100)["tournaments"]
    assert listed["organiser_name"] == "Olga"
    # The view carries the list's summary, once: the same fields, the same values.
    assert view(keys, NOW + 100)["summary"] == listed
    # A name the lobby would refuse refuses the announcement, and nothing is held.
    call("tournament_reset")
    (badly,) = sign([("org", announcement(organiser_name="\u200b"))])
    assert receive([badly], NOW + 100) == {"changed": [], "refused": {"content": 1}}
    assert call("tournament_list", now=NOW + 100) == {"tournaments": []}


def test_a_knock_out_of_four_decided_by_signed_results(keys: dict[str, str]) -> None:
    shown = drawn(keys)
    order = shown["order"]
    assert [p["players"] for p in shown["rounds"][0]] == [[order[0], order[3]], [order[1], order[2]]]
    play_round(keys, shown)
    shown = view(keys)
    assert [p["winner"] for p in shown["rounds"][0]] == [order[0], order[1]]
    assert shown["rounds"][1][0]["players"] == [order[0], order[1]] and shown["summary"]["phase"] == "drawn"
    play_round(keys, shown, better_seed_wins=False)
    shown = view(keys)
    assert (
        shown["summary"]["phase"] == "over" and shown["champion"] == order[1] and shown["standings"] is None
    )
    # The list names the champion by their entry's name.
    (listed,) = call("tournament_list", now=DRAWN)["tournaments"]
    assert listed["phase"] == "over"
    assert listed["champion_name"] == shown["names"][order[1]]


def test_a_round_robin_of_four_decided_by_signed_results(keys: dict[str, str]) -> None:
    shown = drawn(keys, "roundrobin")
    assert len(shown["rounds"]) == 3 and all(len(r) == 2 for r in shown["rounds"])
    assert [row["played"] for row in shown["standings"]] == [0, 0, 0, 0]
    play_round(keys, shown)
    shown = view(keys)
    order = shown["order"]
    assert shown["summary"]["phase"] == "over" and shown["champion"] == order[0]
    assert [row["key"] for row in shown["standings"]] == order
    assert [
        (row["won"], row["lost"], row["points_for"], row["points_against"]) for row in shown["standings"]
    ] == [
        (3, 0, 3, 0),
        (2, 1, 2, 1),
        (1, 2, 1, 2),
        (0, 3, 0, 3),
    ]


def without_clocks(shown: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in shown.items() if k != "clocks"}


def test_results_that_do_not_count(keys: dict[str, str]) -> None:
    shown = drawn(keys)
    order = shown["order"]
    one, four, two = order[0], order[3], order[1]
    first, second = (named(keys, k) for k in (one, four))
    # A result signed by one side shows that player is there: it moves the clock of claims (claims.py), not
    # the bracket.
    before = without_clocks(view(keys))
    one_side = signed_by(keys, result(keys, 1, 1, [one, four], four), second)
    # Round 1, table 1 is seed 1 against seed 4, not seed 1 against seed 2: no such pairing.
    wrong_table = signed_by(keys, result(keys, 1, 1, [one, two], one), first, named(keys, two))
    no_round = signed_by(keys, result(keys, 3, 1, [one, four], one), first, second)
    no_table = signed_by(keys, result(keys, 1, 3, [one, four], one), first, second)
    # Mal is at no table: a result naming Mal is refused whoever signs it.
    mal = signed_by(keys, result(keys, 1, 1, [one, keys["mal"]], keys["mal"]), "mal")
    # Both signed, but of a 3-point match in a tournament of 1-point matches.
    longer = signed_by(keys, result(keys, 1, 1, [one, four], four, length=3, score=[0, 3]), first, second)
    answer = receive([*one_side, *wrong_table, *no_round, *no_table, *mal, *longer], DRAWN)
    assert answer["refused"] == {"pairing": 7, "content": 2}
    assert without_clocks(view(keys)) == before
    # Different results each signed by one side only: nothing is decided.
    assert receive(signed_by(keys, result(keys, 1, 1, [one, four], one), first), DRAWN)["refused"] == {}
    assert without_clocks(view(keys)) == before
    # The same content signed by the other side: now it counts.
    receive(signed_by(keys, result(keys, 1, 1, [one, four], one), second), DRAWN)
    assert view(keys)["rounds"][0][0]["winner"] == one


def test_a_tournaments_result_counts_in_the_lobbys_ratings(keys: dict[str, str]) -> None:
    shown = drawn(keys)
    one, four = shown["order"][0], shown["order"][3]
    events = signed_by(keys, result(keys, 1, 1, [one, four], one), named(keys, one), named(keys, four))
    lobby = Lobby()
    assert lobby.receive(events, DRAWN)["results"] == 1
    assert lobby.standing(one) is not None and lobby.standing(one)["rating"] > 1500  # type: ignore[index]


def test_late_entries_and_entries_in_anothers_name(keys: dict[str, str]) -> None:
    (announced,) = sign([("org", announcement())])
    entries = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS[:3])])
    receive([announced, *entries], NOW + 100)
    # Made after the registration closed.
    (late,) = sign([("dave", entry(keys, "dave", CLOSES + 5))])
    # Dave's entry signed by Mal's key: its signature is not its key's.
    (dave,) = sign([("dave", entry(keys, "dave", NOW + 70))])
    (by_mal,) = sign([("mal", entry(keys, "dave", NOW + 70))])
    forged = {**dave, "sig": by_mal["sig"]}
    answer = receive([late, forged], CLOSES + 10)
    assert answer == {"changed": [], "refused": {"late": 1, "bad-signature": 1}}
    assert len(view(keys, CLOSES + 10)["entrants"]) == 3
    closing = call("tournament_closing", address=address(keys), now=CLOSES + 10)
    (closed,) = sign([("org", event(1664, keys, CLOSES + 10, **closing))])
    receive([closed], CLOSES + 10)
    # An entry the closing does not list, heard after it (dated before the registration closed): too late.
    assert receive([dave], CLOSES + 20)["refused"] == {"late": 1}
    assert [e["name"] for e in view(keys, CLOSES + 20)["entrants"]] == ["Ann", "Bob", "Carol"]


def leave(keys: dict[str, str], entry_id: str, created_at: int) -> dict[str, Any]:
    return event(1666, keys, created_at, entry=entry_id)


def test_an_entrant_leaves_before_the_closing_and_may_enter_once_more(keys: dict[str, str]) -> None:
    (announced,) = sign([("org", announcement())])
    ann, bob, carol = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS[:3])])
    receive([announced, ann, bob, carol], NOW + 100)
    # Mal cannot take Bob's entry back; Bob can.
    (by_mal,) = sign([("mal", leave(keys, bob["id"], NOW + 200))])
    assert receive([by_mal], NOW + 300) == {"changed": [], "refused": {"content": 1}}
    assert [e["name"] for e in view(keys, NOW + 300)["entrants"]] == ["Ann", "Bob", "Carol"]
    (left,) = sign([("bob", leave(keys, bob["id"], NOW + 200))])
    assert receive([left], NOW + 300) == {"changed": [address(keys)], "refused": {}}
    assert [e["name"] for e in view(keys, NOW + 300)["entrants"]] == ["Ann", "Carol"]
    assert call("tournament_list", now=NOW + 300)["tournaments"][0]["entrants"] == 2
    # The closing does not list an entry taken back.
    listed = call("tournament_closing", address=address(keys), now=CLOSES + 1)["entries"]
    assert sorted(listed) == sorted([ann["id"], carol["id"]])
    # Bob enters again, once: that entry counts; a third is refused.
    again, third = sign([("bob", entry(keys, "bob", NOW + 400)), ("bob", entry(keys, "bob", NOW + 500))])
    assert receive([again], NOW + 600)["changed"] == [address(keys)]
    assert [e["name"] for e in view(keys, NOW + 600)["entrants"]] == ["Ann", "Carol", "Bob"]
    assert receive([third], NOW + 600)["refused"] == {"flood": 1}
    closing = call("tournament_closing", address=address(keys), now=CLOSES + 1)
    assert sorted(closing["entries"]) == sorted([ann["id"], carol["id"], again["id"]])
    # A leave signed at or after the registration's end is refused, and so is one heard after the closing.
    (late,) = sign([("carol", leave(keys, carol["id"], CLOSES))])
    assert receive([late], CLOSES + 5)["refused"] == {"late": 1}
    (closed,) = sign([("org", event(1664, keys, CLOSES + 1, **closing))])
    receive([closed], CLOSES + 5)
    (after,) = sign([("ann", leave(keys, ann["id"], NOW + 700))])
    assert receive([after], CLOSES + 5)["refused"] == {"late": 1}
    assert [e["name"] for e in view(keys, CLOSES + 5)["entrants"]] == ["Ann", "Carol", "Bob"]


def test_a_leave_heard_before_its_entry_counts_only_by_its_entrant(keys: dict[str, str]) -> None:
    """Relays hand events over in any order: a leave that comes before its entry waits for it, and counts
    only if its entry's entrant signed it."""
    (announced,) = sign([("org", announcement())])
    ann, bob = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS[:2])])
    forged, real = sign(
        [("mal", leave(keys, ann["id"], NOW + 200)), ("bob", leave(keys, bob["id"], NOW + 200))]
    )
    assert receive([announced, forged, real], NOW + 300) == {"changed": [address(keys)], "refused": {}}
    receive([ann, bob], NOW + 300)
    assert [e["name"] for e in view(keys, NOW + 300)["entrants"]] == ["Ann"]


def test_reveals_that_do_not_match_or_come_late(keys: dict[str, str]) -> None:
    (announced,) = sign([("org", announcement())])
    entries = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS)])
    receive([announced, *entries], NOW + 100)
    closing = call("tournament_closing", address=address(keys), now=CLOSES + 1)
    (closed,) = sign([("org", event(1664, keys, CLOSES + 1, **closing))])
    wrong, late, mal, *right = sign(
        [
            ("dave", event(1665, keys, CLOSES + 60, value=value("someone else"))),
            ("carol", event(1665, keys, closing["reveals_until"] + 1, value=value("carol"))),
            ("mal", event(1665, keys, CLOSES + 60, value=value("mal"))),
            *((p, event(1665, keys, CLOSES + 60, value=value(p))) for p in PLAYERS[:2]),
        ]
    )
    answer = receive([closed, wrong, late, mal, *right], closing["reveals_until"] + 2)
    assert answer["refused"] == {"mismatch": 1, "late": 1, "content": 1}
    shown = view(keys, closing["reveals_until"] + 2)
    assert shown["summary"]["phase"] == "drawn" and sorted(shown["order"]) == sorted(
        [keys["ann"], keys["bob"]]
    )
    assert shown["revealed"] == sorted([keys["ann"], keys["bob"]])
    assert shown["reveals_until"] == closing["reveals_until"]


def test_a_second_different_closing_breaks_it(keys: dict[str, str]) -> None:
    shown = drawn(keys)
    ids = sorted(call("tournament_closing", address=address(keys), now=CLOSES + 1)["entries"])
    same, other = sign(
        [
            ("org", event(1664, keys, CLOSES + 2, entries=ids, reveals_until=CLOSES + 901)),
            ("org", event(1664, keys, CLOSES + 3, entries=ids[:3], reveals_until=CLOSES + 901)),
        ]
    )
    assert receive([same], DRAWN)["changed"] == [] and view(keys) == shown
    assert receive([other], DRAWN)["changed"] == [address(keys)]
    broken = view(keys)
    assert broken["summary"]["phase"] == "broken" and "two different lists" in broken["broken"]
    assert broken["broken_words"] == {"id": "tournament.brokenEntrants", "args": {}}
    assert broken["rounds"] == [] and broken["champion"] is None


def test_a_changed_announcement_breaks_it(keys: dict[str, str]) -> None:
    drawn(keys)
    (changed,) = sign([("org", announcement(created_at=NOW + 10, length=3))])
    assert receive([changed], DRAWN)["changed"] == [address(keys)]
    assert view(keys)["summary"]["phase"] == "broken"
    assert view(keys)["broken"] == (
        "The organiser changed the tournament's announcement: the tournament cannot go on."
    )
    assert view(keys)["broken_words"] == {"id": "tournament.brokenAnnouncement", "args": {}}


def unsigned(kind: int, pubkey: str, tags: list[list[str]], content: str) -> dict[str, Any]:
    """An event with a right id and a signature never made: what a flood costs its sender nothing to make."""
    made: dict[str, Any] = {
        "pubkey": pubkey,
        "created_at": NOW,
        "kind": kind,
        "tags": tags,
        "content": content,
    }
    return {**made, "id": event_id(made), "sig": "0" * 128}  # type: ignore[arg-type]


def test_floods_are_bounded(keys: dict[str, str]) -> None:
    many = sign([("org", announcement(d=f"cup{n:09d}")) for n in range(MAX_PER_ORGANISER + 1)])
    assert receive(many, NOW + 10)["refused"] == {"flood": 1}
    assert len(call("tournament_list", now=NOW + 10)["tournaments"]) == MAX_PER_ORGANISER


def test_entries_of_one_key_are_bounded(keys: dict[str, str]) -> None:
    (announced,) = sign([("org", announcement())])
    three = sign([("ann", entry(keys, "ann", NOW + n)) for n in range(1, 4)])
    assert receive([announced, *three], NOW + 10)["refused"] == {"flood": 1}


def test_events_waiting_for_their_announcement_are_bounded(keys: dict[str, str]) -> None:
    tags = [["a", address(keys)], ["t", TOPIC]]
    waiting = [unsigned(1663, f"{n + 1:064x}", tags, "{}") for n in range(MAX_WAITING_EVENTS + 1)]
    assert receive(waiting, NOW + 10)["refused"] == {"flood": 1}
    others = [
        unsigned(1663, f"{n + 1:064x}", [["a", f"31663:{keys['org']}:cup{n:09d}"], ["t", TOPIC]], "{}")
        for n in range(MAX_WAITING_TOURNAMENTS)
    ]
    assert receive(others, NOW + 10)["refused"] == {"flood": 1}  # one address is held already
    # Once the announcement comes, what waited is checked: none of it was signed.
    (announced,) = sign([("org", announcement())])
    answer = receive([announced], NOW + 10)
    assert answer["refused"] == {"content": MAX_WAITING_EVENTS} and view(keys, NOW + 10)["entrants"] == []


def test_junk_is_refused_and_counted(keys: dict[str, str]) -> None:
    (announced,) = sign([("org", announcement())])
    changed = {**announced, "content": announced["content"].replace("Spring", "Autumn")}
    answer = receive([changed, "junk", {**announced, "kind": 1}, announced, announced], NOW + 10)
    assert answer == {
        "changed": [address(keys)],
        "refused": {"bad-id": 1, "malformed": 1, "kind": 1, "duplicate": 1},
    }
    assert call("tournament_receive", events="x", now=NOW)["type"] == "InvalidActionError"


def test_a_result_names_its_tournament_and_pairing_whole(keys: dict[str, str]) -> None:
    """The lobby's result statement with a tournament's pairing: all three fields or none, each in bounds,
    and an 'a' tag, when there is one, naming the same tournament."""
    fields = {
        k: v for k, v in result(keys, 1, 2, [keys["ann"], keys["bob"]], keys["ann"]).items() if k != "v"
    }
    stated = call("lobby_result_statement", result=fields, now=DRAWN)
    assert stated["result"] == fields and json.loads(stated["content"])["table"] == 2
    for bad in (
        {k: v for k, v in fields.items() if k != "table"},
        {**fields, "round": 0},
        {**fields, "table": 33},
        {**fields, "tournament": "31660:" + keys["org"] + ":" + D},
    ):
        refused = call("lobby_result_statement", result=bad, now=DRAWN)
        assert refused["type"] == "Refused" and refused["rule"] == "content"
    (other_tag,) = signed_by(keys, {**fields, "v": 1}, "ann")
    tags = [["p", keys["bob"]], ["t", TOPIC], ["a", f"31663:{keys['org']}:anothercup01"]]
    (other_tag,) = sign(
        [("ann", {**{k: other_tag[k] for k in ("kind", "created_at", "content")}, "tags": tags})]
    )
    assert Lobby().receive([other_tag], DRAWN)["refused"] == {"kind": 1}


def test_a_finished_match_states_its_pairing() -> None:
    """From a match on two devices played to its end, the statement both sign names the pairing."""
    pair = play(start(7, ratings=(1500, 1600)), random.Random(7))
    ann, bob = "a" * 64, "b" * 64
    pairing = {"tournament": f"31663:{'c' * 64}:{D}", "round": 2, "table": 1}
    stated = call("lobby_result_statement", state=pair.states[0], players=[ann, bob], **pairing)
    assert {k: stated["result"][k] for k in pairing} == pairing
    assert (
        stated["content"]
        == call("lobby_result_statement", state=pair.states[1], players=[ann, bob], **pairing)["content"]
    )
    plain = call("lobby_result_statement", state=pair.states[0], players=[ann, bob])
    assert "tournament" not in plain["result"] and "tournament" not in plain["content"]


def test_a_key_sending_too_much_is_ignored_for_a_while(keys: dict[str, str]) -> None:
    """Counted before the signature is checked, as the lobby's: past `MAX_EVENTS_PER_MINUTE` a minute (a whole
    round robin's results of one player fit), the key's events are refused unchecked."""
    (announced,) = sign([("org", announcement())])
    receive([announced], NOW + 10)
    tags = [["a", address(keys)], ["t", TOPIC]]
    flood = [
        unsigned(1665, keys["mal"], tags, f'{{"v":1,"n":{n}}}') for n in range(MAX_EVENTS_PER_MINUTE + 2)
    ]
    assert receive(flood, NOW + 10)["refused"] == {"content": MAX_EVENTS_PER_MINUTE, "flood": 2}
    assert MAX_EVENTS_PER_MINUTE >= 2 * 63


def test_every_device_computes_the_same_whatever_order_it_hears(keys: dict[str, str]) -> None:
    """A round robin's every event (announcement, entries, closing, reveals, results) heard by other devices
    in other orders, in batches of any size: the same draw, the same winners, standings and champion."""
    (announced,) = sign([("org", announcement(format="roundrobin"))])
    entries = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS)])
    (closed,) = sign(
        [
            (
                "org",
                event(
                    1664,
                    keys,
                    CLOSES + 1,
                    entries=sorted(e["id"] for e in entries),
                    reveals_until=CLOSES + 900,
                ),
            )
        ]
    )
    revealed = sign([(p, event(1665, keys, CLOSES + 60, value=value(p))) for p in PLAYERS])
    first = Tournaments()
    first.receive([announced, *entries, closed, *revealed], DRAWN)
    shown = first.held[address(keys)].view(DRAWN)
    seed = {key: index for index, key in enumerate(shown["order"])}
    results = []
    for pairing in (p for r in shown["rounds"] for p in r):
        players = pairing["players"]
        winner = max(players, key=lambda k: seed[k])  # the worse seed wins every match
        content = result(keys, pairing["round"], pairing["table"], players, winner)
        results += signed_by(keys, content, *(named(keys, p) for p in players))
    first.receive(results, DRAWN)
    decided = first.held[address(keys)].view(DRAWN)
    assert decided["phase"] == "over" and decided["champion"] == shown["order"][-1]
    every = [announced, *entries, closed, *revealed, *results]
    for trial in range(5):
        rng = random.Random(trial)
        heard = rng.sample(every, len(every))
        other, start = Tournaments(), 0
        while start < len(heard):
            size = rng.randint(1, 6)
            other.receive(heard[start : start + size], DRAWN)
            start += size
        assert other.held[address(keys)].view(DRAWN) == decided


def test_the_organiser_closes_the_registration_early_only_when_asked(keys: dict[str, str]) -> None:
    """Before the announced end, a closing is stated only with `early` (*Close registration now*, the
    organiser's own device): it lists the entries heard so far, as one at the end would; every device takes
    it, and an entry made after it (before the announced end) is out."""
    (announced,) = sign([("org", announcement())])
    entries = sign([(p, entry(keys, p, NOW + 60 + i)) for i, p in enumerate(PLAYERS[:3])])
    receive([announced, *entries], NOW + 100)
    early = NOW + 200
    refused = call("tournament_closing", address=address(keys), now=early)
    assert refused["type"] == "InvalidActionError" and "still open" in refused["message"], refused
    for not_asked in (False, "yes"):
        answer = call("tournament_closing", address=address(keys), now=early, early=not_asked)
        assert answer["type"] == "InvalidActionError", answer
    closing = call("tournament_closing", address=address(keys), now=early, early=True)
    assert closing == {"entries": sorted(e["id"] for e in entries), "reveals_until": CLOSES + 900}
    # Asked after the announced end, `early` changes nothing.
    assert call("tournament_closing", address=address(keys), now=CLOSES + 1, early=True) == {
        "entries": closing["entries"],
        "reveals_until": CLOSES + 1 + 900,
    }
    (closed,) = sign([("org", event(1664, keys, early, **closing))])
    assert receive([closed], early + 5) == {"changed": [address(keys)], "refused": {}}
    assert view(keys, early + 5)["summary"]["phase"] == "revealing"
    (after,) = sign([("dave", entry(keys, "dave", early + 100))])
    assert receive([after], early + 200)["refused"] == {"late": 1}
    revealed = sign([(p, event(1665, keys, early + 300, value=value(p))) for p in PLAYERS[:3]])
    assert receive(revealed, early + 400)["refused"] == {}
    shown = view(keys, early + 400)
    assert shown["summary"]["phase"] == "drawn" and sorted(shown["order"]) == sorted(
        keys[p] for p in PLAYERS[:3]
    )
