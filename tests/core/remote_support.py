"""Two simulated devices playing one match through the protocol of backgammon.remote: each side holds only
its own state and sees only the messages (as JSON text) or links the other sends."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from backgammon.game import Phase, to_absolute
from backgammon.remote import session

State = dict[str, Any]


def choose(
    state: State, rng: random.Random, *, cube: float = 0.15, resign: float = 0.01, ahead: float = 0.3
) -> dict[str, Any]:
    """A legal action at random for the side of `state`, which the match waits for; a play asks for the next
    roll ahead (no double at that turn) with probability `ahead`."""
    replay = session._peek(state)
    assert replay.match is not None
    game = replay.match.game
    seat = state["seat"]
    if game.phase is Phase.ROLL:
        if game.why_not_double(seat) is None and rng.random() < cube:
            return {"type": "double"}
        if rng.random() < resign:
            return {"type": "resign", "kind": rng.choice(["single", "gammon"])}
        return {"type": "roll"}
    if game.phase is Phase.MOVE:
        turn = game.current_turn
        assert turn is not None
        if rng.random() < resign:
            return {"type": "resign", "kind": "single"}
        plays = list(turn.legal_plays) if turn.legal_plays.move_count else []
        roll_ahead = rng.random() < ahead
        if not plays:
            return {"type": "confirm", "roll_ahead": roll_ahead}
        play = rng.choice(plays)
        moves = [{"from": to_absolute(seat, m.source), "to": to_absolute(seat, m.dest)} for m in play]
        return {"type": "play", "moves": moves, "roll_ahead": roll_ahead}
    if game.phase is Phase.DOUBLED:
        if game.may_beaver and rng.random() < 0.3:
            return {"type": "beaver"}
        return {"type": "take" if rng.random() < 0.75 else "drop"}
    if game.phase is Phase.RESIGN_OFFERED:
        return {"type": "accept_resign" if rng.random() < 0.5 else "reject_resign"}
    raise AssertionError(f"nothing to do at {game.phase}")


@dataclass
class Pair:
    """The two devices: `states[seat]`, and the messages on their way to each (`inbox[seat]`, JSON text)."""

    states: dict[int, State]
    inbox: dict[int, list[str]] = field(default_factory=lambda: {0: [], 1: []})
    now: int = 1_000_000
    sent: list[dict[str, Any]] = field(default_factory=list)

    def post(self, to: int, message: dict[str, Any] | None) -> None:
        if message is not None and message["type"] != "ack":
            self.sent.append(message)
            self.inbox[to].append(json.dumps(message))

    def deliver(self) -> None:
        """Every message on its way, to the end (answers included); each must be accepted."""
        while self.inbox[0] or self.inbox[1]:
            for seat in (0, 1):
                while self.inbox[seat]:
                    answer = session.receive(self.states[seat], self.inbox[seat].pop(0), now=self.now)
                    assert answer["accepted"], answer.get("refusal")
                    self.states[seat] = answer["state"]
                    for message in answer["send"]:
                        self.post(1 - seat, message)

    def awaited(self) -> int | None:
        replays = [session._peek(self.states[seat]) for seat in (0, 1)]
        assert replays[0].awaited == replays[1].awaited
        return replays[0].awaited

    def act(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        answer = session.act(self.states[seat], action, now=self.now)
        self.states[seat] = answer["state"]
        self.post(1 - seat, answer["message"])
        self.now += 7
        return answer


def start(
    seed: int = 1,
    *,
    settings: dict[str, Any] | None = None,
    mode: str = "correspondence",
    host_seat: int = 0,
    timeout: int | None = None,
    ratings: tuple[int | None, int | None] = (None, None),
) -> Pair:
    """A match created by Ann and joined by Bob, with secrets fixed by `seed`; `ratings`: Ann's and Bob's, as
    each gives it (None: Ann offers no rated match, or Bob does not accept the offer)."""
    rng = random.Random(seed)
    now = 1_000_000
    created = session.create(
        name="Ann",
        settings=settings if settings is not None else {"match_length": 3},
        seat=host_seat,
        mode=mode,
        timeout=timeout,
        secret=rng.randbytes(32),
        match_id=f"{seed:022d}",
        rating=ratings[0],
        now=now,
    )
    joined = session.join(
        json.dumps(created["message"]), name="Bob", rating=ratings[1], secret=rng.randbytes(32), now=now
    )
    host, guest = host_seat, 1 - host_seat
    pair = Pair({host: created["state"], guest: joined["state"]}, now=now)
    pair.sent += [created["message"]]
    pair.post(host, joined["message"])
    pair.deliver()
    return pair


def play(
    pair: Pair,
    rng: random.Random,
    *,
    max_actions: int = 20_000,
    stop_after_rolls: int | None = None,
    **chances: float,
) -> Pair:
    """Both sides act at random (`chances` as `choose` takes them), each only on what it received, until the
    match ends."""
    for _ in range(max_actions):
        pair.deliver()
        seat = pair.awaited()
        if seat is None:
            return pair
        if stop_after_rolls is not None and len(session._peek(pair.states[0]).dice) >= stop_after_rolls:
            return pair
        pair.act(seat, choose(pair.states[seat], rng, **chances))
    raise AssertionError("the match did not end")
