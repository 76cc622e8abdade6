"""One device's lobby fed signed events (nostr-tools under Node): the open invitations, flood limits, the
block list, accepts, and ratings that only results both players signed can move."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from lobby_support import NOW, invitation, needs_node, public_keys, result, result_event, sign

from backgammon.lobby import nostr, state
from backgammon.lobby.flood import MAX_EVENTS_PER_MINUTE, PAUSE_SECONDS
from backgammon.lobby.ratings import played_against, standings
from backgammon.lobby.state import MAX_OPEN_PER_KEY, Lobby

pytestmark = needs_node

MATCH_1, MATCH_2, MATCH_3 = "1" * 22, "2" * 22, "3" * 22


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return public_keys(["ann", "bob", "carol", "dave"])


def key_of(keys: dict[str, str], event: dict[str, Any]) -> str:
    return next(name for name, key in keys.items() if key == event["pubkey"])


def test_invitations_come_and_go(keys: dict[str, str]) -> None:
    first, later_taken, older, withdrawn_other, other = sign(
        [
            ("ann", invitation("annsinvite01", created_at=NOW - 10)),
            ("ann", invitation("annsinvite01", state="taken", **{"with": keys["bob"]})),
            ("ann", invitation("annsinvite01", created_at=NOW - 20)),
            ("carol", invitation("carolsinvite", created_at=NOW - 5, state="withdrawn")),
            ("carol", invitation("carolsinvite", created_at=NOW - 30)),
        ]
    )
    lobby = Lobby()
    changes = lobby.receive([first, other], NOW)
    assert changes["added"] == [
        {"poster": keys["ann"], "d": "annsinvite01"},
        {"poster": keys["carol"], "d": "carolsinvite"},
    ]
    assert [i["name"] for i in lobby.open_invitations(NOW)] == ["Ann", "Ann"]
    again = lobby.receive([first, older], NOW)
    assert again["refused"] == {"duplicate": 2} and not again["added"]
    taken = lobby.receive([later_taken, withdrawn_other], NOW)
    assert taken["taken"] == [{"poster": keys["ann"], "d": "annsinvite01", "by": keys["bob"]}]
    assert len(taken["removed"]) == 2 and lobby.open_invitations(NOW) == []
    assert lobby.status(keys["ann"], "annsinvite01", NOW) == {"status": "taken", "taken_by": keys["bob"]}
    assert lobby.status(keys["carol"], "carolsinvite", NOW)["status"] == "withdrawn"
    # An older copy of a withdrawn invitation, sent again by a relay, does not bring it back.
    assert lobby.receive([other], NOW)["refused"] == {"duplicate": 1}


def test_expired_invitations_leave_the_list(keys: dict[str, str]) -> None:
    (event,) = sign([("ann", invitation(expires=NOW + 60))])
    lobby = Lobby()
    assert lobby.receive([event], NOW)["added"]
    assert lobby.receive([], NOW + 59)["removed"] == []
    assert lobby.receive([], NOW + 60)["removed"] == [{"poster": keys["ann"], "d": "abcdefghijkl"}]
    assert lobby.open_invitations(NOW + 60) == []
    assert Lobby().receive([event], NOW + 61)["refused"] == {"expired": 1}


def test_a_few_open_invitations_per_key() -> None:
    ids = [f"invitation{n:04d}" for n in range(MAX_OPEN_PER_KEY + 1)]
    events = sign([("dave", invitation(d)) for d in ids])
    lobby = Lobby()
    changes = lobby.receive(events, NOW)
    assert len(changes["added"]) == MAX_OPEN_PER_KEY and changes["refused"] == {"flood": 1}
    # Withdrawing one leaves room for another.
    (withdrawn,) = sign([("dave", invitation(ids[0], created_at=NOW + 1, state="withdrawn"))])
    assert lobby.receive([withdrawn, events[-1]], NOW + 2)["added"] == [
        {"poster": events[-1]["pubkey"], "d": ids[-1]}
    ]


def test_a_flooding_key_is_ignored_for_a_while(keys: dict[str, str]) -> None:
    count = MAX_EVENTS_PER_MINUTE + 1
    events = sign([("dave", invitation("floodinvite1", created_at=NOW - count + n)) for n in range(count)])
    (later,) = sign([("dave", invitation("floodinvite2", created_at=NOW + 100, expires=NOW + 1200))])
    (others,) = sign([("ann", invitation())])
    lobby = Lobby()
    changes = lobby.receive([*events, others], NOW)
    assert changes["refused"] == {"flood": 1}
    assert lobby.receive([later], NOW + 120)["refused"] == {"flood": 1}  # paused, though valid
    assert len(lobby.open_invitations(NOW + 120)) == 2  # Ann's, and Dave's from before the flood
    assert lobby.receive([later], NOW + PAUSE_SECONDS + 1)["added"]


def test_blocked_players(keys: dict[str, str]) -> None:
    ann, bob = sign([("ann", invitation()), ("bob", invitation())])
    lobby = Lobby()
    lobby.receive([ann], NOW)
    assert lobby.set_blocked([keys["ann"]]) == 1
    assert lobby.open_invitations(NOW) == []
    changes = lobby.receive([ann, bob], NOW)
    assert changes["refused"] == {"blocked": 1} and len(changes["added"]) == 1
    assert "blocked" in changes["reasons"][0]["reason"]


def test_forged_events_are_refused(keys: dict[str, str]) -> None:
    (event,) = sign([("ann", invitation())])
    bad_sig = {**event, "sig": event["sig"][:-1] + ("0" if event["sig"][-1] != "0" else "1")}
    other_key = {**event, "pubkey": keys["bob"]}
    other_key["id"] = nostr.event_id(other_key)  # type: ignore[arg-type]
    changed = copy.deepcopy(event)
    changed["content"] = changed["content"].replace("5", "7")
    lobby = Lobby()
    changes = lobby.receive([bad_sig, other_key, changed], NOW)
    assert changes["refused"] == {"bad-signature": 2, "bad-id": 1}
    assert lobby.open_invitations(NOW) == []


def test_junk_is_refused_before_any_signature_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of junk events (of every cheap kind) cost no curve arithmetic at all: the signature is the
    last check, reached only by events that pass all the others."""
    (event,) = sign([("ann", invitation())])
    calls = []
    real = nostr.schnorr_verify
    monkeypatch.setattr(nostr, "schnorr_verify", lambda *a: calls.append(1) or real(*a))
    junk: list[Any] = []
    for n in range(1000):
        junk += [
            n,
            {"kind": 31660},
            {**event, "kind": 1},
            {**event, "content": "x" * 5000},
            {**event, "id": f"{n:064x}"},  # a wrong id: one hash, no signature check
            {**event, "tags": [["d", "abcdefghijkl"], ["expiration", "1"], ["t", "backgammon-lobby"]]},
        ]
    lobby = Lobby()
    changes = lobby.receive(junk[: state.MAX_BATCH], NOW)
    assert calls == [] and sum(changes["refused"].values()) == state.MAX_BATCH
    assert lobby.receive(junk[state.MAX_BATCH :], NOW)["refused"]
    assert lobby.receive([event], NOW)["added"] and calls == [1]


def test_signatures_per_batch_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state, "MAX_SIGNATURES_PER_BATCH", 2)
    events = sign([(name, invitation()) for name in ("ann", "bob", "carol")])
    lobby = Lobby()
    changes = lobby.receive(events, NOW)
    assert len(changes["added"]) == 2 and changes["refused"] == {"busy": 1}
    assert lobby.receive(events, NOW)["added"] == [{"poster": events[2]["pubkey"], "d": "abcdefghijkl"}]


def test_an_accept_of_an_open_invitation(keys: dict[str, str]) -> None:
    invite, taken = sign(
        [
            ("ann", invitation("annsinvite01", created_at=NOW - 10)),
            ("ann", invitation("annsinvite01", state="taken", **{"with": keys["carol"]})),
        ]
    )
    template = {
        "kind": 21660,
        "created_at": NOW,
        "tags": [["p", keys["ann"]], ["a", f"31660:{keys['ann']}:annsinvite01"]],
        "content": "A" * 200,
    }
    bob_accepts, carol_accepts = sign([("bob", template), ("carol", template)])
    lobby = Lobby()
    with pytest.raises(state.Refused) as unknown:
        lobby.check_accept(bob_accepts, NOW)
    assert unknown.value.code == "taken"
    lobby.receive([invite], NOW)
    accept, held = lobby.check_accept(bob_accepts, NOW)
    assert accept["accepter"] == keys["bob"] and held["d"] == "annsinvite01"
    lobby.receive([taken], NOW)
    with pytest.raises(state.Refused) as late:
        lobby.check_accept(bob_accepts, NOW)
    assert late.value.code == "taken" and "already taken" in str(late.value)
    assert lobby.check_accept(carol_accepts, NOW)[0]["accepter"] == keys["carol"]
    forged = {**bob_accepts, "sig": carol_accepts["sig"]}
    with pytest.raises(state.Refused) as bad:
        lobby.check_accept(forged, NOW)
    assert bad.value.code == "bad-signature"


def results_of(keys: dict[str, str]) -> list[tuple[str, dict[str, Any]]]:
    """Three matches: Ann beats Bob, Bob beats Carol, Carol beats Ann; each result by both players."""
    items = []
    for match, (winner, loser), ended in (
        (MATCH_1, ("ann", "bob"), NOW - 300),
        (MATCH_2, ("bob", "carol"), NOW - 200),
        (MATCH_3, ("carol", "ann"), NOW - 200),
    ):
        content = result(match, [keys[winner], keys[loser]], 0, length=5, ended=ended)
        items += [(winner, result_event(content, keys[loser])), (loser, result_event(content, keys[winner]))]
    return items


def test_ratings_from_verified_results(keys: dict[str, str]) -> None:
    events = sign(results_of(keys))
    lobby = Lobby()
    assert lobby.standing(keys["ann"]) is None
    changes = lobby.receive(events[::2], NOW)  # one side of each: claimed, never counted
    assert changes["results"] == 0 and lobby.standing(keys["ann"]) is None and lobby.claimed_results() == 3
    changes = lobby.receive(events[1::2], NOW)
    assert changes["results"] == 3 and lobby.claimed_results() == 0
    contents = [json.loads(e["content"]) for e in events[::2]]
    expected = standings(sorted(contents, key=lambda c: (c["ended"], c["match"])))
    for name in ("ann", "bob", "carol"):
        standing = lobby.standing(keys[name])
        assert standing == expected[keys[name]] and standing is not None
        assert standing["results"] == 2 and standing["experience"] == 10
    assert lobby.standing(keys["dave"]) is None


def test_forged_results_never_move_a_rating(keys: dict[str, str]) -> None:
    """One signature missing, one signature wrong, contents that differ, an author who did not play, and a
    match both players signed two different results for: none of them gives anyone a rating."""
    ann, bob, carol, dave = (keys[n] for n in ("ann", "bob", "carol", "dave"))
    won = result(MATCH_1, [ann, bob], 0)
    lost = result(MATCH_1, [ann, bob], 1)
    second = result(MATCH_2, [ann, bob], 0)
    other_second = result(MATCH_2, [ann, bob], 0, score=[4, 0])
    events = sign(
        [
            ("ann", result_event(won, bob)),  # 0: Ann's own claim
            ("bob", result_event(lost, ann)),  # 1: Bob's different content for the same match
            ("carol", result_event(result(MATCH_3, [ann, bob], 0), ann)),  # 2: an author not a player
            ("ann", result_event(result(MATCH_3, [ann, bob], 0), bob)),  # 3
            ("ann", result_event(second, bob)),  # 4
            ("bob", result_event(second, ann)),  # 5
            ("ann", result_event(other_second, bob)),  # 6
            ("bob", result_event(other_second, ann)),  # 7
            ("dave", result_event(result("4" * 22, [dave, carol], 0), carol)),  # 8
            (
                "carol",
                result_event(result("4" * 22, [dave, carol], 0), dave),
            ),  # 9, its signature spoilt below
        ]
    )
    events[9]["sig"] = events[8]["sig"]
    lobby = Lobby()
    changes = lobby.receive(events[:4] + events[8:], NOW)
    assert changes["results"] == 0
    assert changes["refused"] == {"content": 1, "bad-signature": 1}
    for key in (ann, bob, carol, dave):
        assert lobby.standing(key) is None
    # Both signed one result for match 2: it counts; both then signed another for it too: the match counts
    # for none of them (which of the two is true cannot be told).
    lobby.receive(events[4:6], NOW)
    assert lobby.standing(ann) is not None
    lobby.receive(events[6:8], NOW)
    assert lobby.standing(ann) is None and lobby.verified_results() == []


def test_unrated_results_are_held_but_not_rated(keys: dict[str, str]) -> None:
    ann, bob = keys["ann"], keys["bob"]
    content = result(MATCH_1, [ann, bob], 0, rated=False)
    events = sign([("ann", result_event(content, bob)), ("bob", result_event(content, ann))])
    lobby = Lobby()
    assert lobby.receive(events, NOW)["results"] == 1
    assert len(lobby.verified_results()) == 1 and lobby.standing(ann) is None


def test_an_invitation_for_one_player_is_shown_and_open_to_that_player_alone(keys: dict[str, str]) -> None:
    """Ann invites Bob again: Bob and Ann see it, Carol does not, and only Bob's accept is taken."""
    for_bob, not_a_key, to_herself = sign(
        [
            ("ann", invitation("annforbob001", created_at=NOW - 10, to=keys["bob"])),
            ("ann", invitation("annforbob002", created_at=NOW - 10, to="bob")),
            ("ann", invitation("annforbob003", created_at=NOW - 10, to=keys["ann"])),
        ]
    )
    lobby = Lobby()
    changes = lobby.receive([for_bob, not_a_key, to_herself], NOW)
    assert len(changes["added"]) == 1 and changes["refused"] == {"content": 2}
    assert [r["reason"] for r in changes["reasons"]] == [
        "it is addressed to something that is not another player's key."
    ] * 2
    assert [i["d"] for i in lobby.open_invitations(NOW, keys["bob"])] == ["annforbob001"]
    assert [i["d"] for i in lobby.open_invitations(NOW, keys["ann"])] == ["annforbob001"]
    assert lobby.open_invitations(NOW, keys["carol"]) == [] and lobby.open_invitations(NOW) == []
    template = {
        "kind": 21660,
        "created_at": NOW,
        "tags": [["p", keys["ann"]], ["a", f"31660:{keys['ann']}:annforbob001"]],
        "content": "A" * 200,
    }
    bob_accepts, carol_accepts = sign([("bob", template), ("carol", template)])
    assert lobby.check_accept(bob_accepts, NOW)[0]["accepter"] == keys["bob"]
    with pytest.raises(state.Refused) as other:
        lobby.check_accept(carol_accepts, NOW)
    assert other.value.code == "taken" and "for another player" in str(other.value)


def test_the_players_met_with_the_results_against_each(keys: dict[str, str]) -> None:
    lobby = Lobby()
    lobby.receive(sign(results_of(keys)), NOW)
    met = played_against(keys["ann"], lobby.verified_results())
    assert met == [
        {"key": keys["carol"], "matches": 1, "won": 0, "lost": 1, "last": NOW - 200},
        {"key": keys["bob"], "matches": 1, "won": 1, "lost": 0, "last": NOW - 300},
    ]
    assert played_against(keys["dave"], lobby.verified_results()) == []


def test_the_live_matches_being_played_are_listed_for_watchers(keys: dict[str, str]) -> None:
    """A live invitation taken is a match being played: listed newest first while its taken version stands,
    with who took it; one with watching turned off, one by links and one still open are not."""
    ann_bob, carol_dave, no_watch, by_links, still_open = sign(
        [
            (
                "ann",
                invitation("annsinvite01", created_at=NOW - 20, state="taken", **{"with": keys["bob"]}),
            ),
            (
                "carol",
                invitation(
                    "carolsinvite",
                    created_at=NOW - 10,
                    state="taken",
                    **{"with": keys["dave"], "with_name": "Dave"},
                ),
            ),
            (
                "dave",
                invitation("davesinvite1", state="taken", watch=False, **{"with": keys["ann"]}),
            ),
            (
                "bob",
                invitation("bobsinvite01", mode="links", state="taken", **{"with": keys["ann"]}),
            ),
            ("bob", invitation("bobsinvite02")),
        ]
    )
    lobby = Lobby()
    assert lobby.receive([ann_bob, carol_dave, no_watch, by_links, still_open], NOW)["refused"] == {}
    playing = lobby.being_played(NOW)
    assert [(i["poster"], i["taken_by"], i["taken_name"]) for i in playing] == [
        (keys["carol"], keys["dave"], "Dave"),
        (keys["ann"], keys["bob"], None),
    ]
    # The taken version expires unless its poster publishes it again while the match goes on.
    assert lobby.being_played(NOW + 301) == []


def test_a_match_leaves_the_matches_being_played_once_a_result_of_it_is_signed(keys: dict[str, str]) -> None:
    """Ann and Bob's match ends: a result either of them signs, dated at or after the invitation's taken
    version, takes it off the matches being played, for everyone; an older result of theirs (a match before)
    does not, nor a result between other players."""
    taken, bob_earlier, carol_dave, bob_signs = sign(
        [
            ("ann", invitation("annsinvite01", created_at=NOW - 20, state="taken", **{"with": keys["bob"]})),
            (
                "bob",
                result_event(
                    result(MATCH_1, [keys["bob"], keys["ann"]], 0), keys["ann"], created_at=NOW - 30
                ),
            ),
            (
                "carol",
                result_event(
                    result(MATCH_2, [keys["carol"], keys["dave"]], 0), keys["dave"], created_at=NOW - 5
                ),
            ),
            (
                "bob",
                result_event(
                    result(MATCH_3, [keys["ann"], keys["bob"]], 1), keys["ann"], created_at=NOW - 20
                ),
            ),
        ]
    )
    lobby = Lobby()
    changes = lobby.receive([taken, bob_earlier, carol_dave], NOW)
    assert changes["refused"] == {} and changes["ended"] == []
    assert [i["d"] for i in lobby.being_played(NOW)] == ["annsinvite01"]
    # The batch says which match it ended, so the page redraws the list at once (one signature is enough).
    changes = lobby.receive([bob_signs], NOW)
    assert changes["refused"] == {} and changes["results"] == 0
    assert changes["ended"] == [{"poster": keys["ann"], "d": "annsinvite01"}]
    assert lobby.being_played(NOW) == [] and lobby.being_played(NOW, keys["ann"]) == []
    # Ann's signature of the same result ends nothing more.
    same = result(MATCH_3, [keys["ann"], keys["bob"]], 1)
    ann_result = result_event(same, keys["bob"], created_at=NOW - 19)
    (ann_signs,) = sign([("ann", ann_result)])
    assert lobby.receive([ann_signs], NOW)["ended"] == []
    # Still found by its two players (a tournament's pairing looks for its match so, to review it).
    assert [i["d"] for i in lobby.taken_between((keys["ann"], keys["bob"]), NOW)] == ["annsinvite01"]


def test_watching_off_and_the_taker_s_name_are_checked(keys: dict[str, str]) -> None:
    bad_watch, name_when_open, bad_name = sign(
        [
            ("ann", invitation("annsinvite01", watch="no")),
            ("ann", invitation("annsinvite02", with_name="Bob")),
            (
                "ann",
                invitation("annsinvite03", state="taken", **{"with": keys["bob"], "with_name": "Bob\u202e"}),
            ),
        ]
    )
    changes = Lobby().receive([bad_watch, name_when_open, bad_name], NOW)
    assert changes["refused"] == {"content": 3} and not changes["added"]


def test_the_matches_two_players_met_by_are_found_for_their_pairing(keys: dict[str, str]) -> None:
    """A tournament's pairing looks for its match by its two players: every invitation one posted and the
    other took, newest first, either way round, one for a player alone, by links or with watching off too;
    not another pair's, nor one still open."""
    for_bob, bob_ann_links, no_watch, carol_dave, still_open = sign(
        [
            (
                "ann",
                invitation(
                    "annforbob001",
                    created_at=NOW - 30,
                    state="taken",
                    to=keys["bob"],
                    **{"with": keys["bob"]},
                ),
            ),
            (
                "bob",
                invitation(
                    "bobsinvite01", created_at=NOW - 20, mode="links", state="taken", **{"with": keys["ann"]}
                ),
            ),
            (
                "ann",
                invitation(
                    "annsinvite02", created_at=NOW - 10, state="taken", watch=False, **{"with": keys["bob"]}
                ),
            ),
            ("carol", invitation("carolsinvite", state="taken", **{"with": keys["dave"]})),
            ("ann", invitation("annsinvite03", to=keys["bob"])),
        ]
    )
    lobby = Lobby()
    assert lobby.receive([for_bob, bob_ann_links, no_watch, carol_dave, still_open], NOW)["refused"] == {}
    found = lobby.taken_between((keys["bob"], keys["ann"]), NOW)
    assert [(i["d"], i["mode"], i["watch"]) for i in found] == [
        ("annsinvite02", "live", False),
        ("bobsinvite01", "links", True),
        ("annforbob001", "live", True),
    ]
    assert lobby.taken_between((keys["ann"], keys["bob"]), NOW) == found
    # Not among the matches a third player's list shows (it was for Bob alone), yet found by its pairing.
    assert "annforbob001" not in [i["d"] for i in lobby.being_played(NOW, keys["carol"])]
    assert lobby.taken_between((keys["ann"], keys["carol"]), NOW) == []
