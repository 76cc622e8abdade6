"""Play on two devices (backgammon.remote): two simulated sides play whole matches through the protocol, and
every message that is wrong is refused in plain words with the match unchanged."""

from __future__ import annotations

import copy
import json
import random
import sys
from typing import Any

import pytest
from remote_support import Pair, choose, play, start

from backgammon.errors import IllegalMoveError, InvalidActionError
from backgammon.limits import MAX_CHAT_CHARS, MAX_MESSAGE_CHARS
from backgammon.record import load_record, to_record
from backgammon.remote import CHAIN_LENGTH, RemoteError, derive_dice, session
from backgammon.remote.dice import b64decode, b64encode, chain_head
from backgammon.remote.messages import message_hash


def rolls_of(record: dict[str, Any]) -> list[list[int]]:
    return [a["dice"] for game in record["games"] for a in game["actions"] if a["type"] == "roll"]


def reveals_of(transcript: list[dict[str, Any]]) -> dict[int, dict[int, bytes]]:
    reveals: dict[int, dict[int, bytes]] = {}
    for message in transcript:
        for item in message.get("items", []):
            if item["type"] == "reveal":
                value = b64decode(item["value"], 32)
                assert value is not None
                reveals.setdefault(item["roll"], {})[message["from"]] = value
    return reveals


# ---- whole matches -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "settings", "host_seat", "mode"),
    [
        (1, {"match_length": 3}, 0, "correspondence"),
        (2, {"match_length": 5, "strict_doubling": True}, 1, "correspondence"),
        (3, {"match_length": 1}, 0, "live"),
        (4, {"match_length": 3}, 1, "live"),
    ],
)
def test_two_devices_play_a_whole_match_to_its_end_and_keep_the_same_record(
    seed: int, settings: dict[str, Any], host_seat: int, mode: str
) -> None:
    pair = play(start(seed, settings=settings, host_seat=host_seat, mode=mode), random.Random(seed))
    assert pair.states[0]["transcript"] == pair.states[1]["transcript"]
    views = [session.view(pair.states[seat]) for seat in (0, 1)]
    assert views[0]["view"] == views[1]["view"]
    assert views[0]["remote"]["phase"] == "over" and views[0]["view"]["match_winner"] in (0, 1)
    assert max(views[0]["view"]["score"]) >= settings["match_length"]
    record = session.record(pair.states[0])
    assert session.verify_record(record)["rolls"] == len(rolls_of(record))
    # The record is a match record of the rules core like any other: it loads and replays the same.
    assert to_record(load_record(record))["games"] == record["games"]
    # Every roll is the hash of both sides' reveals for it, the opening rolls included.
    reveals = reveals_of(pair.states[0]["transcript"])
    match_id = record["remote"]["transcript"][0]["match"]
    for number, dice in enumerate(rolls_of(record), start=1):
        assert list(derive_dice(match_id, number, reveals[number][0], reveals[number][1])) == dice


def test_opening_rolls_are_rolled_again_on_a_tie_and_count_as_automatic_doubles() -> None:
    settings = {"match_length": 0, "automatic_doubles": 1, "beavers": True, "jacoby": True}
    pair = play(start(7, settings=settings), random.Random(7), stop_after_rolls=150, resign=0.2)
    record = session.record(pair.states[0])
    ties = 0
    for game in record["games"]:
        actions = game["actions"]
        opening = 0
        while opening < len(actions) and actions[opening]["type"] == "roll":
            opening += 1
        rolls = [a["dice"] for a in actions[:opening]]
        assert all(a == b for a, b in rolls[:-1])  # every roll before the last of the opening is a tie
        if len(actions) > opening or game is not record["games"][-1]:
            assert rolls and rolls[-1][0] != rolls[-1][1]
        ties += len(rolls) - 1
    assert ties > 0
    assert session.verify_record(record)["rolls"] >= 140


# CPython only: a money session of some 290 rolls (3-4 s inside Pyodide), the same turns again; a whole match,
# its chains and its record run inside Pyodide in the tests above.
@pytest.mark.skipif(
    sys.platform == "emscripten", reason="a long session: the same turns again, on CPython only"
)
def test_a_long_session_commits_new_chains_before_the_first_runs_out() -> None:
    pair = play(start(8, settings={"match_length": 0}), random.Random(8), stop_after_rolls=CHAIN_LENGTH + 30)
    replay = session._peek(pair.states[0])
    assert len(replay.dice) >= CHAIN_LENGTH + 30
    assert [len(replay.segments[seat]) for seat in (0, 1)] == [2, 2]
    assert [s.first for s in replay.segments[0]] == [1, CHAIN_LENGTH + 1]
    session.verify_record(session.record(pair.states[1]))


def test_either_side_can_reload_and_go_on_from_its_saved_state() -> None:
    rng = random.Random(9)
    pair = play(start(9), rng, stop_after_rolls=12)
    seat = pair.awaited()
    assert seat is not None
    if session._peek(pair.states[seat]).match.game.phase.value == "move":  # type: ignore[union-attr]
        pair.act(seat, {"type": "undo_all"})
    before = [session.view(pair.states[s]) for s in (0, 1)]
    pair.states = {s: json.loads(json.dumps(pair.states[s])) for s in (0, 1)}
    session._CACHE.clear()
    assert [session.view(pair.states[s]) for s in (0, 1)] == before
    play(pair, rng)
    assert session.view(pair.states[0])["remote"]["phase"] == "over"


def test_a_turn_in_progress_survives_a_reload_and_only_the_whole_play_is_sent() -> None:
    pair = start(10, settings={"match_length": 1})
    seat = pair.awaited()
    assert seat is not None
    view = session.view(pair.states[seat])["view"]
    assert view["phase"] == "move" and view["turn"] == seat
    source = next(iter(view["dests"]))
    dest = view["dests"][source][0]
    action = {"type": "move", "from": "bar" if source == "bar" else int(source), "to": dest}
    answer = pair.act(seat, action)
    assert answer["message"] is None and answer["state"]["turn"]
    saved = json.loads(json.dumps(pair.states[seat]))
    session._CACHE.clear()
    assert session.view(saved)["view"]["moves_made"] == answer["view"]["moves_made"]
    undone = session.act(saved, {"type": "undo"})
    assert undone["state"]["turn"] == [] and undone["message"] is None
    pair.states[seat] = undone["state"]
    pair.act(seat, choose(pair.states[seat], random.Random(1)))
    sent = pair.sent[-1]
    kinds = [item["type"] for item in sent["items"]]
    assert "undo" not in kinds and kinds.count("confirm") == 1
    pair.deliver()


# ---- local actions -----------------------------------------------------------------------------------------


def test_this_sides_actions_are_checked_and_a_refused_one_changes_nothing() -> None:
    pair = start(11)
    mover = pair.awaited()
    assert mover is not None
    other = 1 - mover
    state = copy.deepcopy(pair.states[other])
    with pytest.raises(RemoteError) as refused:
        session.act(pair.states[other], {"type": "double"})
    assert refused.value.code == "not-your-turn"
    with pytest.raises(InvalidActionError, match="Dice are never chosen"):
        session.act(pair.states[mover], {"type": "roll", "dice": [6, 6]})
    with pytest.raises(IllegalMoveError):
        session.act(pair.states[mover], {"type": "play", "moves": [{"from": 1, "to": 7}] * 5})
    assert pair.states[other] == state
    play(pair, random.Random(11))


# ---- messages refused -------------------------------------------------------------------------------------


def next_message(pair: Pair, rng: random.Random, wanted: str) -> tuple[int, dict[str, Any]]:
    """Play on until a side sends a message holding an item of type `wanted`; it is held back, undelivered."""
    for _ in range(2000):
        pair.deliver()
        seat = pair.awaited()
        assert seat is not None
        answer = pair.act(seat, choose(pair.states[seat], rng, resign=0))
        message = answer["message"]
        if message is not None and any(item["type"] == wanted for item in message["items"]):
            pair.inbox[1 - seat].pop()
            return 1 - seat, message
    raise AssertionError(f"no message with {wanted}")


def refused(pair: Pair, seat: int, message: object, code: str) -> dict[str, Any]:
    """`message` (an object, or text as it came) is refused by `seat` with `code`, nothing changed."""
    state = pair.states[seat]
    saved = copy.deepcopy(state)
    view = session.view(state)
    text = message if isinstance(message, str) else json.dumps(message)
    answer = session.receive(state, text, now=pair.now)
    assert not answer["accepted"]
    assert answer["refusal"]["code"] == code, answer["refusal"]
    assert answer["state"] == saved and pair.states[seat] == saved
    assert session.view(state) == view
    told = answer["send"][0]
    if code == "duplicate":
        assert told["type"] == "ack"
    else:
        assert (
            told["type"] == "refusal" and told["code"] == code and told["text"] == answer["refusal"]["text"]
        )
    return answer


@pytest.fixture
def held() -> tuple[Pair, int, dict[str, Any]]:
    """A match a few turns in, with a turn's message (a play) held back from its receiver."""
    pair = play(start(12), random.Random(12), stop_after_rolls=5)
    seat, message = next_message(pair, random.Random(13), "move")
    return pair, seat, message


def deliver_honest(pair: Pair, seat: int, message: dict[str, Any]) -> None:
    answer = session.receive(pair.states[seat], json.dumps(message), now=pair.now)
    assert answer["accepted"], answer.get("refusal")
    pair.states[seat] = answer["state"]


def test_a_reveal_that_does_not_match_its_commitment_is_refused() -> None:
    pair = play(start(14), random.Random(14), stop_after_rolls=3)
    seat, message = next_message(pair, random.Random(15), "reveal")
    forged = copy.deepcopy(message)
    item = next(i for i in forged["items"] if i["type"] == "reveal")
    item["value"] = b64encode(bytes(32))
    answer = refused(pair, seat, forged, "reveal")
    assert "does not match" in answer["refusal"]["text"] and "cannot be trusted" in answer["refusal"]["text"]
    item["value"] = message["items"][[i["type"] for i in message["items"]].index("reveal")]["value"]
    item["roll"] += 1
    assert "roll due" in refused(pair, seat, forged, "reveal")["refusal"]["text"]
    deliver_honest(pair, seat, message)


def test_a_forged_commitment_is_caught_at_its_first_reveal() -> None:
    created = session.create(name="Ann", secret=b"\x01" * 32, match_id="C" * 22, now=0)
    joined = session.join(created["message"], name="Bob", secret=b"\x02" * 32, now=0)
    pair = Pair({0: created["state"], 1: joined["state"]}, now=0)
    forged = copy.deepcopy(joined["message"])
    forged["items"][0]["head"] = b64encode(b"\x03" * 32)  # a head Bob's values do not hash to
    refused(pair, 0, forged, "reveal")
    deliver_honest(pair, 0, joined["message"])


def test_a_commitment_copied_from_the_other_side_is_refused() -> None:
    created = session.create(name="Ann", secret=b"\x01" * 32, match_id="D" * 22, now=0)
    joined = session.join(created["message"], name="Bob", secret=b"\x02" * 32, now=0)
    pair = Pair({0: created["state"], 1: joined["state"]}, now=0)
    copied = copy.deepcopy(joined["message"])
    copied["items"][0]["head"] = created["message"]["items"][0]["head"]
    assert "repeats" in refused(pair, 0, copied, "commit")["refusal"]["text"]
    # Ann's own chain under Bob's seat does not check either: a chain is bound to its seat and match.
    ann_head = b64encode(chain_head(b"\x01" * 32, "D" * 22, 1, 1))
    copied["items"][0]["head"] = ann_head
    refused(pair, 0, copied, "reveal")
    deliver_honest(pair, 0, joined["message"])


def test_a_commitment_made_after_a_reveal_or_too_early_is_refused(
    held: tuple[Pair, int, dict[str, Any]],
) -> None:
    pair, seat, message = held
    replay = session._peek(pair.states[seat])
    sender = 1 - seat
    early = copy.deepcopy(message)
    first = replay.coverage_end(sender) + 1
    early["items"].insert(0, {"type": "commit", "first": first, "head": b64encode(b"\x09" * 32)})
    assert "still committed" in refused(pair, seat, early, "commit")["refusal"]["text"]
    late = copy.deepcopy(message)
    late["items"].insert(0, {"type": "commit", "first": replay.next_roll, "head": b64encode(b"\x09" * 32)})
    refused(pair, seat, late, "commit")
    deliver_honest(pair, seat, message)


def test_an_illegal_move_is_refused_with_the_rule_in_plain_words(
    held: tuple[Pair, int, dict[str, Any]],
) -> None:
    pair, seat, message = held
    illegal = copy.deepcopy(message)
    move = next(i for i in illegal["items"] if i["type"] == "move")
    move["to"] = move["from"]  # a checker that does not move
    answer = refused(pair, seat, illegal, "illegal")
    assert "is refused:" in answer["refusal"]["text"]
    backwards = copy.deepcopy(message)
    for item in backwards["items"]:
        if item["type"] == "move" and isinstance(item["from"], int) and isinstance(item["to"], int):
            item["from"], item["to"] = item["to"], item["from"]
            break
    else:
        pytest.skip("no point-to-point move in this play")
    refused(pair, seat, backwards, "illegal")
    deliver_honest(pair, seat, message)


def test_a_message_that_stops_before_its_turn_is_over_is_refused(
    held: tuple[Pair, int, dict[str, Any]],
) -> None:
    pair, seat, message = held
    short = copy.deepcopy(message)
    short["items"] = [i for i in short["items"] if i["type"] != "confirm"]
    short["items"] = short["items"][
        : next(n for n, i in enumerate(short["items"]) if i["type"] == "move") + 1
    ]
    assert "stops before" in refused(pair, seat, short, "illegal")["refusal"]["text"]
    deliver_honest(pair, seat, message)


def test_a_message_from_the_side_not_awaited_is_refused(held: tuple[Pair, int, dict[str, Any]]) -> None:
    pair, seat, message = held
    impostor = copy.deepcopy(message)
    impostor["from"] = seat
    refused(pair, seat, impostor, "not-your-turn")
    deliver_honest(pair, seat, message)


def test_messages_from_the_past_or_the_future_or_off_the_chain_are_refused(
    held: tuple[Pair, int, dict[str, Any]],
) -> None:
    pair, seat, message = held
    future = copy.deepcopy(message)
    future["rev"] += 1
    assert "missing" in refused(pair, seat, future, "missing")["refusal"]["text"]
    off_chain = copy.deepcopy(message)
    off_chain["prev"] = b64encode(b"\x00" * 32)
    refused(pair, seat, off_chain, "chain")
    transcript = pair.states[seat]["transcript"]
    replayed = transcript[-1]
    refused(pair, seat, replayed, "duplicate")
    changed = copy.deepcopy(transcript[-2])
    changed["time"] += 1
    refused(pair, seat, changed, "fork")
    refused(pair, seat, transcript[0], "duplicate")
    deliver_honest(pair, seat, message)
    refused(pair, seat, message, "duplicate")


def test_a_message_of_another_match_is_refused(held: tuple[Pair, int, dict[str, Any]]) -> None:
    pair, seat, message = held
    other = copy.deepcopy(message)
    other["match"] = "Z" * 22
    assert "another match" in refused(pair, seat, other, "other-match")["refusal"]["text"]
    other_hello = session.create(name="Eve", match_id="Y" * 22, now=0)["message"]
    refused(pair, seat, other_hello, "other-match")
    deliver_honest(pair, seat, message)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda m: json.dumps({**m, "pad": "x" * MAX_MESSAGE_CHARS}), "too-large"),
        (lambda m: "[" * 10_000 + "]" * 10_000, "too-large"),
        (lambda m: json.dumps(m)[:-1], "malformed"),
        (lambda m: "null", "malformed"),
        (lambda m: {**m, "v": 2}, "version"),
        (lambda m: {**m, "v": "1"}, "version"),
        (lambda m: {k: v for k, v in m.items() if k != "v"}, "version"),
        (lambda m: {**m, "type": "teleport"}, "malformed"),
        (lambda m: {**m, "extra": 1}, "malformed"),
        (lambda m: {k: v for k, v in m.items() if k != "prev"}, "malformed"),
        (lambda m: {**m, "rev": -1}, "malformed"),
        (lambda m: {**m, "rev": True}, "malformed"),
        (lambda m: {**m, "from": 2}, "malformed"),
        (lambda m: {**m, "time": 1.5}, "malformed"),
        (lambda m: {**m, "items": "all of them"}, "malformed"),
        (lambda m: {**m, "items": [{"type": "roll", "dice": [6, 6]}]}, "malformed"),
        (lambda m: {**m, "items": [{"type": "move", "from": 24}]}, "malformed"),
        (lambda m: {**m, "items": [{"type": "undo"}]}, "malformed"),
        (lambda m: {**m, "items": [{"type": "reveal", "roll": 1, "value": "short"}]}, "malformed"),
        (lambda m: {**m, "items": [{"type": "confirm"}] * 65}, "malformed"),
        (lambda m: {**m, "items": []}, "illegal"),
    ],
)
def test_a_malformed_or_oversized_message_is_refused(
    held: tuple[Pair, int, dict[str, Any]], change: Any, code: str
) -> None:
    pair, seat, message = held
    refused(pair, seat, change(copy.deepcopy(message)), code)
    deliver_honest(pair, seat, message)


def test_nothing_is_accepted_after_the_match_is_over() -> None:
    pair = play(start(16, settings={"match_length": 1}), random.Random(16))
    last = pair.sent[-1]
    late = {**last, "rev": last["rev"] + 1, "prev": message_hash(last), "from": 1 - last["from"]}
    late["items"] = [{"type": "double"}]
    refused(pair, 0, late, "over")
    with pytest.raises(RemoteError, match="over"):
        session.act(pair.states[0], {"type": "roll"})


# ---- chat, acknowledgements, refusals told -----------------------------------------------------------------


def test_chat_is_checked_and_never_changes_the_match() -> None:
    pair = start(17)
    message = session.chat(pair.states[0], "Good luck!\nHave fun", now=5)["message"]
    answer = session.receive(pair.states[1], json.dumps(message))
    assert answer["accepted"] and answer["chat"] == {"from": 0, "text": "Good luck!\nHave fun", "time": 5}
    assert answer["state"] == pair.states[1]
    with pytest.raises(RemoteError):
        session.chat(pair.states[0], "x" * (MAX_CHAT_CHARS + 1))
    with pytest.raises(RemoteError):
        session.chat(pair.states[0], "bell \x07")
    refused(pair, 1, {**message, "text": "\x1b[2J"}, "malformed")


def test_the_sender_learns_why_its_message_was_refused(held: tuple[Pair, int, dict[str, Any]]) -> None:
    pair, seat, message = held
    bad = copy.deepcopy(message)
    bad["items"] = [i for i in bad["items"] if i["type"] != "confirm"]
    told = session.receive(pair.states[seat], json.dumps(bad))["send"][0]
    back = session.receive(pair.states[1 - seat], json.dumps(told))
    assert back["accepted"] and back["peer_refusal"]["code"] == told["code"] == "reveal"
    assert back["peer_refusal"]["text"] == told["text"]
    assert back["state"] == pair.states[1 - seat]
    deliver_honest(pair, seat, message)
    ack = out = session.receive(pair.states[seat], json.dumps(message))["send"][0]
    assert out["type"] == "ack"
    confirmed = session.receive(pair.states[1 - seat], json.dumps(ack))
    assert confirmed["acked"] == message["rev"] and confirmed["ack_matches"]


# ---- claims after a timeout --------------------------------------------------------------------------------


def test_the_match_may_be_claimed_only_after_its_timeout() -> None:
    pair = play(start(18, timeout=3 * 86400), random.Random(18), stop_after_rolls=4)
    waiting = pair.awaited()
    assert waiting is not None
    claimant = 1 - waiting
    last = session.view(pair.states[claimant])["remote"]["last_time"]
    with pytest.raises(RemoteError) as early:
        session.claim(pair.states[claimant], now=last + 86400)
    assert early.value.code == "early-claim" and "3 days" in str(early.value)
    with pytest.raises(RemoteError):
        session.claim(pair.states[waiting], now=last + 10 * 86400)  # the match waits for the one claiming
    assert session.view(pair.states[claimant], now=last + 3 * 86400)["remote"]["may_claim"]
    claimed = session.claim(pair.states[claimant], now=last + 3 * 86400)
    assert claimed["remote"]["phase"] == "claimed" and claimed["remote"]["claimed_by"] == claimant
    answer = session.receive(pair.states[waiting], json.dumps(claimed["message"]))
    assert answer["accepted"] and answer["remote"]["phase"] == "claimed"
    with pytest.raises(RemoteError):
        session.act(answer["state"], {"type": "roll"})
    # A claim dated before the timeout is refused by the other side too.
    forged = {**claimed["message"], "time": last + 60}
    refused(pair, waiting, forged, "early-claim")


def test_a_player_who_asked_for_the_next_roll_ahead_rolls_at_once_and_cannot_double() -> None:
    rng = random.Random(30)
    pair = play(start(30, settings={"match_length": 7}), rng, stop_after_rolls=4)
    while True:
        seat = pair.awaited()
        assert seat is not None
        action = choose(pair.states[seat], rng, cube=0, resign=0, ahead=1.0)
        pair.act(seat, action)
        pair.deliver()
        if action["type"] in ("play", "confirm") and session._peek(pair.states[seat]).ahead[seat]:
            break
    asked = seat
    message = pair.sent[-1]
    assert message["items"][-1] == {"type": "roll"}
    while pair.awaited() != asked or session.view(pair.states[asked])["view"]["phase"] != "move":
        other = pair.awaited()
        assert other is not None and other != asked
        pair.act(other, choose(pair.states[other], rng, cube=0, resign=0, ahead=0.0))
        pair.deliver()
    # The other side's play brought its reveal: the dice are there, and the cube stays where it is.
    assert session.view(pair.states[asked])["view"]["dice"]
    with pytest.raises(RemoteError):
        session.act(pair.states[asked], {"type": "double"})


def test_asking_twice_for_the_next_roll_is_refused(held: tuple[Pair, int, dict[str, Any]]) -> None:
    pair, seat, message = held
    twice = copy.deepcopy(message)
    twice["items"] += [{"type": "roll"}, {"type": "roll"}]
    assert "next roll" in refused(pair, seat, twice, "illegal")["refusal"]["text"]
    deliver_honest(pair, seat, message)


# ---- rated matches ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ratings", "rated"),
    [((1612, 1488), True), ((1612, None), False), ((None, None), False)],
    ids=["both-agree", "guest-declines", "not-offered"],
)
def test_a_match_is_rated_only_when_the_host_offers_and_the_guest_accepts(
    ratings: tuple[int | None, int | None], rated: bool
) -> None:
    pair = start(3, ratings=ratings)
    for seat in (0, 1):
        remote = session.view(pair.states[seat])["remote"]
        assert remote["rated"] is rated
        # Both devices hold the ratings each player gave, from the transcript they share.
        assert remote["ratings"] == list(ratings)


def test_a_rating_cannot_answer_an_invitation_to_a_match_not_rated() -> None:
    created = session.create(name="Ann", match_id="R" * 22, now=0)
    joined = session.join(created["message"], name="Bob", now=0)
    forged = {**joined["message"], "rating": 1500}
    answer = session.receive(created["state"], json.dumps(forged), now=0)
    assert not answer["accepted"]
    assert "not to a rated match" in answer["refusal"]["text"]
    assert answer["state"] == created["state"]


@pytest.mark.parametrize("rating", [-1, 10_000, 1500.5, "1500", True])
def test_a_rating_out_of_range_or_not_a_whole_number_is_refused(rating: object) -> None:
    created = session.create(name="Ann", match_id="R" * 22, now=0)
    hello = {**created["message"], "rating": rating}
    with pytest.raises(RemoteError) as caught:
        session.join(json.dumps(hello), name="Bob", now=0)
    assert caught.value.code == "malformed" and "rating" in str(caught.value)
