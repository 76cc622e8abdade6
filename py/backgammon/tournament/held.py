"""The tournaments one device holds: every tournament event the page hands over, routed to its tournament by
the address it names, checked as the lobby checks its events (backgammon.lobby.state), floods bounded.

Checks run cheapest first: the shape, the kind, the tournament named, a key paused for flooding, an event
seen before, the id (one SHA-256), the count of its key's events this minute, and only then the rest (tags,
times, content, and the signature last), at most `MAX_SIGNATURES_PER_BATCH` signatures a batch. Events naming
a tournament whose announcement has not come yet are kept (bounded) until it comes."""

from __future__ import annotations

import json
from collections import Counter, OrderedDict
from typing import TypedDict

from ..lobby.events import KIND_RESULT
from ..lobby.flood import FloodGate
from ..lobby.nostr import NostrEvent, check_id, check_shape
from ..lobby.refusal import Refused
from .events import (
    KIND_ANNOUNCEMENT,
    KIND_ANSWER,
    KIND_CLAIM,
    KIND_CLOSING,
    KIND_ENTRY,
    KIND_LEAVE,
    KIND_REVEAL,
    MAX_TOURNAMENT_EVENT_CHARS,
    Announcement,
    check_announcement,
    named_tournament,
)
from .state import Tournament

KINDS = (
    KIND_ANNOUNCEMENT,
    KIND_ENTRY,
    KIND_LEAVE,
    KIND_CLOSING,
    KIND_REVEAL,
    KIND_RESULT,
    KIND_CLAIM,
    KIND_ANSWER,
)
#: Tournaments held at once, at most; past it, the one announced longest ago is let go.
MAX_TOURNAMENTS = 200
#: Tournaments one organiser may have held here at once.
MAX_PER_ORGANISER = 5
#: Tournaments whose events came before their announcement, and events kept for each, at most.
MAX_WAITING_TOURNAMENTS = 50
MAX_WAITING_EVENTS = 300
#: Signatures checked in one batch; events past it are refused as "busy" for the page to send again.
MAX_SIGNATURES_PER_BATCH = 400
MAX_BATCH = 5_000
MAX_SEEN = 50_000
#: Events one key may send in a minute (this device's minute): a device that opens a finished round robin of
#: 64 hears each player's 63 results at once, with their entry and reveal; twice that, and a little more.
MAX_EVENTS_PER_MINUTE = 2 * 63 + 8


class TournamentChanges(TypedDict):
    """What one batch changed: the addresses ("31663:<organiser>:<d>") of the tournaments it changed, and the
    events refused, counted by code."""

    changed: list[str]
    refused: dict[str, int]


class Tournaments:
    """One device's tournaments. `now` is always given (seconds since 1970), so tests choose the clock."""

    def __init__(self) -> None:
        self.held: OrderedDict[str, Tournament] = OrderedDict()
        self.waiting: OrderedDict[str, list[NostrEvent]] = OrderedDict()
        self.flood = FloodGate(MAX_EVENTS_PER_MINUTE)
        self.seen: OrderedDict[str, None] = OrderedDict()

    def receive(self, events: object, now: int) -> TournamentChanges:
        refused: Counter[str] = Counter()
        changed: dict[str, None] = {}
        if not isinstance(events, list):
            events = [events]
        # Announcements first, then each tournament's events in the order a tournament takes them.
        ranks: dict[object, int] = {
            KIND_ANNOUNCEMENT: 0,
            KIND_ENTRY: 1,
            KIND_LEAVE: 2,
            KIND_CLOSING: 3,
            KIND_REVEAL: 4,
            KIND_RESULT: 5,
        }
        ranked = sorted(
            events[:MAX_BATCH], key=lambda e: ranks.get(e.get("kind"), 6) if isinstance(e, dict) else 6
        )
        if len(events) > MAX_BATCH:
            refused["too-large"] += len(events) - MAX_BATCH
        budget = MAX_SIGNATURES_PER_BATCH
        for data in ranked:
            try:
                event = check_shape(data, MAX_TOURNAMENT_EVENT_CHARS)
                address = self._precheck(event, now)
                if budget <= 0:
                    raise Refused(
                        "busy", "more events came at once than are checked in one batch; send it again."
                    )
                budget -= 1
                taken = self._take(event, address, now, refused)
                if taken is not None:
                    self._remember(event["id"])  # an event kept waiting is not checked yet: not remembered
                if taken:
                    changed[address] = None
            except Refused as refusal:
                refused[refusal.code] += 1
        return TournamentChanges(changed=list(changed), refused=dict(refused))

    def _precheck(self, event: NostrEvent, now: int) -> str:
        """Every check that costs less than a signature; the tournament the event names."""
        if event["kind"] not in KINDS:
            raise Refused("kind", f"a tournament has no events of kind {event['kind']}.")
        address = named_tournament(event)
        if address is None:
            raise Refused("kind", "it names no tournament.")
        key = event["pubkey"]
        if self.flood.paused(key, now):
            raise Refused("flood", "its player sent too many events and is ignored for a while.")
        if event["id"] in self.seen:
            raise Refused("duplicate", "it was taken in already.")
        check_id(event)  # one hash: an event changed in transit never counts against its key
        if not self.flood.admit(key, now):
            raise Refused("flood", "its player sent too many events in a minute and is ignored for a while.")
        return address

    def _take(self, event: NostrEvent, address: str, now: int, refused: Counter[str]) -> bool | None:
        """Whether the event changed its tournament; None when it was kept waiting for its announcement."""
        if event["kind"] == KIND_ANNOUNCEMENT:
            return self._announce(event, address, now, refused)
        tournament = self.held.get(address)
        if tournament is None:
            self._wait(event, address)
            return None
        return tournament.take(event, now)

    def _announce(self, event: NostrEvent, address: str, now: int, refused: Counter[str]) -> bool:
        announcement = check_announcement(event, now)
        held = self.held.get(address)
        if held is not None:
            if _terms(held.announcement) != _terms(announcement) and held.broken is None:
                # A relay keeps only the newest version: a changed announcement would give devices different
                # tournaments, so the organiser's change ends it.
                held.broken = "tournament.brokenAnnouncement"
                return True
            return False
        organiser = announcement["organiser"]
        if (
            sum(1 for t in self.held.values() if t.announcement["organiser"] == organiser)
            >= MAX_PER_ORGANISER
        ):
            raise Refused("flood", f"its organiser already has {MAX_PER_ORGANISER} tournaments here.")
        tournament = Tournament(announcement)
        self.held[address] = tournament
        while len(self.held) > MAX_TOURNAMENTS:
            oldest = min(self.held, key=lambda a: self.held[a].announcement["created_at"])
            del self.held[oldest]
        for code, count in tournament.receive(list(self.waiting.pop(address, [])), now).items():
            refused[code] += count
        return True

    def _wait(self, event: NostrEvent, address: str) -> None:
        """Keep an event of a tournament not heard of yet, until its announcement comes (checked then)."""
        kept = self.waiting.get(address)
        if kept is None:
            if len(self.waiting) >= MAX_WAITING_TOURNAMENTS:
                raise Refused("flood", "events of more unknown tournaments came than are kept.")
            kept = self.waiting[address] = []
        if len(kept) >= MAX_WAITING_EVENTS:
            raise Refused("flood", "more events of an unknown tournament came than are kept.")
        kept.append(event)

    def _remember(self, event_id: str) -> None:
        self.seen[event_id] = None
        while len(self.seen) > MAX_SEEN:
            self.seen.popitem(last=False)

    def newest_first(self) -> list[Tournament]:
        return sorted(
            self.held.values(),
            key=lambda t: (-t.announcement["created_at"], t.address),
        )


def _terms(announcement: Announcement) -> str:
    """An announcement's terms, whatever its time: the organiser may publish the same one again."""
    return json.dumps({k: v for k, v in announcement.items() if k != "created_at"}, sort_keys=True)
