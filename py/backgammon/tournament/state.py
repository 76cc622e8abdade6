"""One tournament as a device holds it (docs/tournaments.md, *the events*): its announcement, the entries, the
organiser's closing and the reveals taken in, and from them alone what every device computes the same way: who
plays, in which order of the draw, and the bracket or the table. Not yet read by the page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict

from ..lobby.refusal import Refused
from .draw import draw_order, draw_seed, reveals_match
from .events import (
    KIND_CLOSING,
    KIND_ENTRY,
    KIND_REVEAL,
    Announcement,
    Closing,
    Entry,
    check_closing,
    check_entry,
    check_reveal,
    tournament_address,
)
from .knockout import Pairing, bracket
from .roundrobin import round_robin

Phase = Literal["registration", "closing", "revealing", "drawn", "broken"]


class Entrant(TypedDict):
    key: str
    name: str


class TournamentView(TypedDict):
    phase: Phase
    broken: str | None
    entrants: list[Entrant]
    order: list[str]
    rounds: list[list[Pairing]]


class Tournament:
    def __init__(self, announcement: Announcement) -> None:
        self.announcement = announcement
        self.address = tournament_address(announcement["organiser"], announcement["d"])
        self.entries: dict[str, Entry] = {}
        self.closing: Closing | None = None
        self.reveals: dict[str, str] = {}
        self.broken: str | None = None

    def receive(self, events: list[object], now: int) -> dict[str, int]:
        """Take in a batch of events; refusals counted by code."""
        refused: dict[str, int] = {}
        for data in events:
            try:
                self._take(data, now)
            except Refused as refusal:
                refused[refusal.code] = refused.get(refusal.code, 0) + 1
        return refused

    def _take(self, data: object, now: int) -> None:
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind == KIND_ENTRY:
            entry = check_entry(data, self.address, now)
            self.entries.setdefault(entry["id"], entry)
        elif kind == KIND_CLOSING:
            closing = check_closing(data, self.announcement, now)
            if self.closing is not None and self.closing["entries"] != closing["entries"]:
                # The organiser signed two lists of entrants: one is a lie, and nothing can be computed.
                self.broken = (
                    "The organiser signed two different lists of entrants: the tournament cannot go on."
                )
            elif self.closing is None:
                self.closing = closing
        elif kind == KIND_REVEAL:
            reveal = check_reveal(data, self.address, now)
            if self.closing is None:
                raise Refused("content", "a value revealed before the registration was closed is not taken.")
            self.reveals.setdefault(reveal["entrant"], reveal["value"])
        else:
            raise Refused("kind", "it is not an event of a tournament.")

    def entrants(self) -> list[Entrant]:
        """The entrants the closing lists (one entry per key: the first listed), or, before it, every entry
        heard."""
        listed = (
            [self.entries[i] for i in self.closing["entries"] if i in self.entries]
            if self.closing is not None
            else sorted(self.entries.values(), key=lambda e: (e["created_at"], e["id"]))
        )
        seen: dict[str, Entrant] = {}
        for entry in listed:
            seen.setdefault(entry["entrant"], Entrant(key=entry["entrant"], name=entry["name"]))
        return list(seen.values())

    def view(self, now: int, winners: Mapping[tuple[int, int], str] | None = None) -> TournamentView:
        entrants = self.entrants()
        if self.broken is not None:
            return TournamentView(phase="broken", broken=self.broken, entrants=entrants, order=[], rounds=[])
        if self.closing is None:
            phase: Phase = "registration" if now < self.announcement["closes"] else "closing"
            return TournamentView(phase=phase, broken=None, entrants=entrants, order=[], rounds=[])
        if now < self.closing["reveals_until"] and len(self._revealed()) < len(entrants):
            return TournamentView(phase="revealing", broken=None, entrants=entrants, order=[], rounds=[])
        revealed = self._revealed()
        if len(revealed) < 2:
            message = "Fewer than two entrants revealed their values: there is no tournament to draw."
            return TournamentView(phase="broken", broken=message, entrants=entrants, order=[], rounds=[])
        order = draw_order(list(revealed), draw_seed(revealed))
        pairings = bracket if self.announcement["format"] == "knockout" else round_robin
        rounds = pairings(order, winners or {})
        return TournamentView(phase="drawn", broken=None, entrants=entrants, order=order, rounds=rounds)

    def _revealed(self) -> dict[str, str]:
        """The reveals of the closing's entrants that match their commitments."""
        assert self.closing is not None
        commitments = {
            self.entries[i]["entrant"]: self.entries[i]["commitment"]
            for i in reversed(self.closing["entries"])
            if i in self.entries
        }
        return reveals_match(commitments, self.reveals)
