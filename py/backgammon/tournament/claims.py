"""The claim of a player whose opponent never starts or goes silent, and the answer that voids it
(docs/tournaments.md, *Claims*).

A claim (kind 1667) is signed by one player of a pairing once the opponent has been silent for the time limit;
it counts as a win by forfeit only after a window in which the opponent may void it by showing they are there:
their answer (kind 1668, citing the claim), their own claim of the match, or their signed result of it. What
decides is only the `created_at` of signed events (every device computes the same from the same events); the
device's clock decides only whether a window is over yet."""

from __future__ import annotations

from typing import Literal, TypedDict

from ..lobby.events import _content, _whole
from ..lobby.nostr import NostrEvent
from ..lobby.refusal import Refused
from .events import EVENT_ID, KIND_ANSWER, KIND_CLAIM, Announcement, checked, hex_field, of_tournament

#: A live tournament's time limit: its players are meant to be there, so a pairing not started (or a player
#: silent) 15 minutes after the round began may be claimed; and the window to answer a claim, the same.
LIVE_LIMIT_SECONDS = 15 * 60
#: Rounds a tournament has, at most (a round robin of 64: 63 rounds; a knock-out of 64: 6).
MAX_ROUND = 63
MAX_TABLE = 32
#: Claims kept per player and pairing (the earliest by time: the same on every device whatever it heard
#: first), and answers that count per player and pairing: a player who answers three claims and still does
#: not finish the match loses by the fourth.
MAX_CLAIMS_PER_PLAYER = 4
MAX_ANSWERS_PER_PLAYER = 3

ClaimState = Literal["pending", "counted", "voided", "early"]


class Claim(TypedDict):
    id: str
    author: str
    created_at: int
    round: int
    table: int


class Answer(TypedDict):
    id: str
    author: str
    created_at: int
    round: int
    table: int
    claim: str


class ClaimView(TypedDict):
    """A claim as every device weighs it: by whom, against whom, when it was made and when it counts (made +
    the window), and where it stands: `pending` (the window is not over), `counted` (won by forfeit),
    `voided` (the opponent showed they were there within the window)."""

    id: str
    by: str
    against: str
    made: int
    counts_at: int
    state: ClaimState


class MatchClock(TypedDict):
    """An undecided pairing's clock: when its round began for it (`start`), when each player may claim
    against the other (by key: the later of the start and the other's last sign of presence, plus the
    limit), and its latest claim that was not made too early (or null)."""

    round: int
    table: int
    start: int
    claim_from: dict[str, int]
    claim: ClaimView | None


def time_limit(announcement: Announcement) -> int:
    """Seconds a player may keep the other waiting (to start, or to move), and the window to answer a claim:
    a tournament by links' time to move, a live one's fixed 15 minutes."""
    hours = announcement["move_hours"]
    return LIVE_LIMIT_SECONDS if hours is None else hours * 3600


def _place(content: dict[str, object]) -> tuple[int, int]:
    round_, table = content["round"], content["table"]
    if not _whole(round_, 1, MAX_ROUND) or not _whole(table, 1, MAX_TABLE):
        raise Refused("content", "its round or table is not a place of a tournament.")
    assert isinstance(round_, int) and isinstance(table, int)
    return round_, table


def check_claim(data: object, address: str, now: int) -> tuple[NostrEvent, Claim]:
    """A claim of the match at a round and table: everything but its pairing and its signature, which
    `Tournament` checks (the signature last)."""
    event, found = checked(data, KIND_CLAIM, "a claim", ("a", "t"), now)
    of_tournament(found, address)
    round_, table = _place(_content(event, frozenset({"v", "round", "table"})))
    return event, Claim(
        id=event["id"], author=event["pubkey"], created_at=event["created_at"], round=round_, table=table
    )


def check_answer(data: object, address: str, now: int) -> tuple[NostrEvent, Answer]:
    """An answer to a claim: its author, the claimed player, is there and plays on (its pairing and signature
    are checked by `Tournament`, the signature last)."""
    event, found = checked(data, KIND_ANSWER, "an answer to a claim", ("a", "t"), now)
    of_tournament(found, address)
    content = _content(event, frozenset({"v", "round", "table", "claim"}))
    round_, table = _place(content)
    claim = hex_field(content, "claim", EVENT_ID, "the claim it answers is not an event id.")
    return event, Answer(
        id=event["id"],
        author=event["pubkey"],
        created_at=event["created_at"],
        round=round_,
        table=table,
        claim=claim,
    )


def keep_earliest(kept: list[Claim], claim: Claim, most: int) -> bool:
    """Keep a player's claim of a pairing among their `most` earliest (by time, then id): the same ones on
    every device, whatever order it heard them in. Whether it was kept."""
    if any(c["id"] == claim["id"] for c in kept):
        return False
    kept.append(claim)
    kept.sort(key=lambda c: (c["created_at"], c["id"]))
    del kept[most:]
    return claim in kept


def match_clock(
    place: tuple[int, int],
    players: tuple[str, str],
    start: int,
    limit: int,
    claims: list[Claim],
    presence: dict[str, list[int]],
    now: int,
) -> tuple[MatchClock, str | None]:
    """A pairing's clock and its winner by forfeit (or None), from its round's start, the time limit (the
    window is the same length), its players' claims and the times of every sign of presence of each (their
    claims, their answers that count, their signed results of the match)."""
    seen = {p: sorted(presence.get(p, [])) for p in players}

    def claim_from(player: str, before: int | None = None) -> int:
        other = players[1] if player == players[0] else players[0]
        last = max([start, *(t for t in seen[other] if before is None or t < before)])
        return last + limit

    latest: ClaimView | None = None
    for claim in sorted(claims, key=lambda c: (c["created_at"], c["id"])):
        by = claim["author"]
        against = players[1] if by == players[0] else players[0]
        made = claim["created_at"]
        if made < claim_from(by, made):
            continue  # made too early: it counts for nothing
        counts_at = made + limit
        voided = any(made <= t < counts_at for t in seen[against])
        state: ClaimState = "voided" if voided else "counted" if now >= counts_at else "pending"
        latest = ClaimView(
            id=claim["id"], by=by, against=against, made=made, counts_at=counts_at, state=state
        )
        if state != "voided":
            break
    clock = MatchClock(
        round=place[0],
        table=place[1],
        start=start,
        claim_from={p: claim_from(p) for p in players},
        claim=latest,
    )
    return clock, latest["by"] if latest is not None and latest["state"] == "counted" else None
