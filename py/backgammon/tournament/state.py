"""One tournament as a device holds it (docs/tournaments.md, *The events*): its announcement, the entries, the
organiser's closing, the reveals and the results naming its pairings, and from them alone what every device
computes the same way: who plays, in which order of the draw, the bracket or the table with each match's
winner, the standings, the champion."""

from __future__ import annotations

import contextlib
import json
from typing import Literal, TypedDict

from ..lobby.events import KIND_RESULT, Result, check_result
from ..lobby.nostr import NostrEvent, check_shape, check_signed
from ..lobby.refusal import Refused
from ..shapes import Words
from .claims import (
    MAX_ANSWERS_PER_PLAYER,
    MAX_CLAIMS_PER_PLAYER,
    Claim,
    MatchClock,
    check_answer,
    check_claim,
    keep_earliest,
    match_clock,
    time_limit,
)
from .draw import commitment, draw_order, draw_seed
from .events import (
    KIND_ANSWER,
    KIND_CLAIM,
    KIND_CLOSING,
    KIND_ENTRY,
    KIND_LEAVE,
    KIND_REVEAL,
    MAX_TOURNAMENT_EVENT_CHARS,
    Announcement,
    Closing,
    Entry,
    check_closing,
    check_entry,
    check_leave,
    check_reveal,
    tournament_address,
)
from .knockout import Pairing, bracket, champion
from .roundrobin import Score, Standing, round_robin, standings

Phase = Literal["registration", "closing", "revealing", "drawn", "over", "broken"]

#: Entries a tournament keeps that its closing does not list (yet), at most: four for each of the most
#: places; past it, more are refused as a flood (those the closing lists are always taken).
MAX_ENTRIES = 4 * 64
#: Entries one key may make to one tournament (a second is kept: a changed entry cannot hide the first; after
#: leaving, it is the entry again).
MAX_ENTRIES_PER_KEY = 2
#: Reveals heard before the closing or their entry, kept until they come (relays hand events over in any
#: order).
MAX_EARLY_REVEALS = 2 * 64
#: Results a tournament keeps, at most: every match of a round robin of 64 (2,016), by each of its two
#: players, twice.
MAX_RESULTS = 4 * 2_016
#: Different results one player may sign for one pairing (as the lobby's `MAX_CONTENTS_PER_AUTHOR`).
MAX_RESULTS_PER_AUTHOR = 2
#: Claims and answers a tournament keeps, at most (each player's few per pairing, for every pairing).
MAX_CLAIMS = MAX_RESULTS


#: Why a tournament cannot go on, by message id: the page says it in the player's language from its
#: catalogues, whose English is this (tests/units/test_core_rest_words.py holds the two together).
BROKEN = {
    "tournament.brokenEntrants": (
        "The organiser signed two different lists of entrants: the tournament cannot go on."
    ),
    "tournament.brokenAnnouncement": (
        "The organiser changed the tournament's announcement: the tournament cannot go on."
    ),
    "tournament.brokenReveals": (
        "Fewer than two entrants revealed their values: there is no tournament to draw."
    ),
}


class Entrant(TypedDict):
    key: str
    name: str


class TournamentView(TypedDict):
    """`broken`: why it cannot go on (English, else None), `broken_words` the same as a message id."""

    phase: Phase
    broken: str | None
    broken_words: Words | None
    entrants: list[Entrant]
    order: list[str]
    rounds: list[list[Pairing]]
    standings: list[Standing] | None
    champion: str | None
    clocks: list[MatchClock]


#: The rounds with their winners, each decided match's score, and the clocks of the pairings not decided by
#: a signed result (those won by forfeit among them).
Decided = tuple[list[list[Pairing]], dict[tuple[int, int], Score], dict[tuple[int, int], MatchClock]]
Place = tuple[int, int]
#: Results signed for one pairing, by author: the canonical text of each and what it says.
Signed = dict[str, list[tuple[str, Result]]]


class Tournament:
    def __init__(self, announcement: Announcement) -> None:
        self.announcement = announcement
        self.address = tournament_address(announcement["organiser"], announcement["d"])
        self.entries: dict[str, Entry] = {}
        self.closing: Closing | None = None
        #: Leaves before the closing: the entry's id and the key that signed the leave (it counts only when
        #: that is the entry's entrant: a leave heard before its entry waits for it).
        self.leaves: set[tuple[str, str]] = set()
        self.reveals: dict[str, str] = {}
        #: When each matching value was revealed (the earliest, if sent twice): the draw's time.
        self.revealed_at: dict[str, int] = {}
        self.early: list[NostrEvent] = []
        self.results: dict[tuple[int, int], Signed] = {}
        #: When each player signed each result's text (the earliest, if signed twice): presence and times.
        self.signed_at: dict[tuple[Place, str, str], int] = {}
        self.result_count = 0
        #: Claims and answers by pairing and author, each player's earliest few (docs: *Claims*).
        self.claims: dict[Place, dict[str, list[Claim]]] = {}
        self.answers: dict[Place, dict[str, list[Claim]]] = {}
        self.claim_count = 0
        self._decided: tuple[tuple[tuple[str, ...], int, int, int], Decided] | None = None
        #: Why it cannot go on: a key of BROKEN, else None.
        self.broken: str | None = None

    # ---- taking events in ----------------------------------------------------------------------------------

    def receive(self, events: list[object], now: int) -> dict[str, int]:
        """Take in a batch of events; refusals counted by code. The closing is taken before the reveals, and
        the reveals before the results, whatever order they came in."""
        refused: dict[str, int] = {}
        ranks: dict[object, int] = {
            KIND_ENTRY: 0,
            KIND_LEAVE: 1,
            KIND_CLOSING: 2,
            KIND_REVEAL: 3,
            KIND_RESULT: 4,
            KIND_CLAIM: 5,
            KIND_ANSWER: 5,
        }
        ranked = sorted(events, key=lambda e: ranks.get(e.get("kind"), 6) if isinstance(e, dict) else 6)
        for data in ranked:
            try:
                self.take(data, now)
            except Refused as refusal:
                refused[refusal.code] = refused.get(refusal.code, 0) + 1
        return refused

    def take(self, data: object, now: int) -> bool:
        """Take in one event (checked whole here, its signature last); whether it changed anything. Raises
        `Refused`."""
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind == KIND_ENTRY:
            return self._entry(data, now)
        if kind == KIND_LEAVE:
            return self._leave(data, now)
        if kind == KIND_CLOSING:
            return self._closing(data, now)
        if kind == KIND_REVEAL:
            return self._reveal(data, now)
        if kind == KIND_RESULT:
            return self._result(data, now)
        if kind in (KIND_CLAIM, KIND_ANSWER):
            return self._claim(data, now)
        raise Refused("kind", "it is not an event of a tournament.")

    def _entry(self, data: object, now: int) -> bool:
        listed = (
            self.closing is not None and isinstance(data, dict) and data.get("id") in self.closing["entries"]
        )
        entry = check_entry(data, self.address, now)
        if entry["id"] in self.entries:
            return False
        if not listed:
            if entry["created_at"] >= self.announcement["closes"]:
                raise Refused("late", "the entry was made after the tournament's registration closed.")
            if self.closing is not None:
                raise Refused("late", "the entry is not among those the organiser's closing took.")
            if len(self.entries) >= MAX_ENTRIES:
                raise Refused("flood", "the tournament holds as many entries as it keeps.")
            if (
                sum(1 for e in self.entries.values() if e["entrant"] == entry["entrant"])
                >= MAX_ENTRIES_PER_KEY
            ):
                raise Refused("flood", "its player made more entries to this tournament than are kept.")
        self.entries[entry["id"]] = entry
        if listed:
            self._retake_early(now)
        return True

    def _leave(self, data: object, now: int) -> bool:
        leave = check_leave(data, self.address, now)
        if leave["created_at"] >= self.announcement["closes"]:
            raise Refused("late", "the leave was made after the tournament's registration closed.")
        if self.closing is not None:
            raise Refused("late", "the organiser's closing already fixed the entrants.")
        entry = self.entries.get(leave["entry"])
        if entry is not None and entry["entrant"] != leave["entrant"]:
            raise Refused("content", "only an entry's entrant can take it back.")
        taken_back = (leave["entry"], leave["entrant"])
        if taken_back in self.leaves:
            return False
        if len(self.leaves) >= MAX_ENTRIES:
            raise Refused("flood", "the tournament holds as many leaves as it keeps.")
        self.leaves.add(taken_back)
        return entry is not None

    def left(self, entry: Entry) -> bool:
        """Whether its entrant took the entry back before the closing."""
        return (entry["id"], entry["entrant"]) in self.leaves

    def _closing(self, data: object, now: int) -> bool:
        closing = check_closing(data, self.announcement, now)
        if self.closing is not None:
            if self.closing["entries"] != closing["entries"] and self.broken is None:
                # The organiser signed two lists of entrants: one is a lie, and nothing can be computed.
                self.broken = "tournament.brokenEntrants"
                return True
            return False
        self.closing = closing
        # Entries heard before that the closing does not list can never play: let them go.
        self.entries = {i: e for i, e in self.entries.items() if i in closing["entries"]}
        self._retake_early(now)
        return True

    def _retake_early(self, now: int) -> None:
        """The reveals kept until the closing, or their entry, came: taken now if they can be."""
        early, self.early = self.early, []
        for reveal in early:
            with contextlib.suppress(Refused):
                self._reveal(reveal, now)

    def _reveal(self, data: object, now: int) -> bool:
        reveal = check_reveal(data, self.address, now)
        committed = self._commitments().get(reveal["entrant"]) if self.closing is not None else None
        if committed is None and not self._complete():
            # Its closing, or its entry, has not come yet (relays hand events over in any order).
            if len(self.early) >= MAX_EARLY_REVEALS:
                raise Refused("flood", "more values were revealed before the closing than are kept.")
            self.early.append(check_shape(data, MAX_TOURNAMENT_EVENT_CHARS))
            return False
        assert self.closing is not None
        if committed is None:
            raise Refused("content", "its author is not an entrant of the organiser's closing.")
        if reveal["created_at"] > self.closing["reveals_until"]:
            raise Refused("late", "the value was revealed after the reveals closed.")
        if commitment(reveal["value"]) != committed:
            raise Refused("mismatch", "the value revealed is not the one its entry committed to.")
        if reveal["entrant"] in self.reveals:
            earlier = reveal["created_at"] < self.revealed_at[reveal["entrant"]]
            if earlier:
                self.revealed_at[reveal["entrant"]] = reveal["created_at"]
            return earlier
        self.reveals[reveal["entrant"]] = reveal["value"]
        self.revealed_at[reveal["entrant"]] = reveal["created_at"]
        return True

    def _result(self, data: object, now: int) -> bool:
        event = check_shape(data)
        result = check_result(event, now)  # its signature is checked below, last
        if result.get("tournament") != self.address:
            raise Refused("kind", "it names another tournament.")
        if result["length"] != self.announcement["length"] or result["rated"] != self.announcement["rated"]:
            raise Refused("content", "its match's length or rating is not the tournament's.")
        entrants = {e["key"] for e in self.entrants()}
        if self._complete() and not set(result["players"]) <= entrants:
            raise Refused("pairing", "its players are not both entrants of the tournament.")
        place = (result["round"], result["table"])
        order = self._order(now)
        if order is not None:
            # The rounds last computed do: a knock-out's later round not known yet only keeps the result.
            held = self._decided
            rounds = (
                held[1][0] if held is not None and held[0][0] == tuple(order) else self.decided(order, now)[0]
            )
            pairing = next((p for r in rounds for p in r if (p["round"], p["table"]) == place), None)
            if pairing is None or pairing["bye"]:
                raise Refused("pairing", "the tournament has no match at that round and table.")
            if None not in pairing["players"] and set(pairing["players"]) != set(result["players"]):
                raise Refused(
                    "pairing", "the match at that round and table is not between these two players."
                )
        check_signed(event)
        signed = self.results.setdefault(place, {}).setdefault(event["pubkey"], [])
        text = json.dumps(result, sort_keys=True)
        when = (place, event["pubkey"], text)
        if any(held == text for held, _ in signed):
            earlier = event["created_at"] < self.signed_at[when]
            if earlier:
                self.signed_at[when] = event["created_at"]
            return earlier
        if len(signed) >= MAX_RESULTS_PER_AUTHOR or self.result_count >= MAX_RESULTS:
            raise Refused("flood", "more results were signed for this tournament than are kept.")
        signed.append((text, result))
        self.signed_at[when] = event["created_at"]
        self.result_count += 1
        return True

    def _claim(self, data: object, now: int) -> bool:
        """A claim, or an answer to one: kept (each player's earliest few per pairing) once its pairing allows
        it; weighed whenever the tournament is computed (`decided`)."""
        is_claim = isinstance(data, dict) and data.get("kind") == KIND_CLAIM
        what = "claim" if is_claim else "answer"
        if is_claim:
            event, claim = check_claim(data, self.address, now)
        else:
            event, answer = check_answer(data, self.address, now)
            claim = Claim(
                id=answer["id"],
                author=answer["author"],
                created_at=answer["created_at"],
                round=answer["round"],
                table=answer["table"],
            )
        place = (claim["round"], claim["table"])
        author = claim["author"]
        if self._complete() and author not in {e["key"] for e in self.entrants()}:
            raise Refused("pairing", f"the {what}'s author is not an entrant of the tournament.")
        order = self._order(now)
        if order is not None:
            rounds, _, clocks = self.decided(order, now)
            pairing = next((p for r in rounds for p in r if (p["round"], p["table"]) == place), None)
            if pairing is None or pairing["bye"]:
                raise Refused("pairing", "the tournament has no match at that round and table.")
            players = pairing["players"]
            if None not in players and author not in players:
                raise Refused("pairing", f"only a player of the match can make its {what}.")
            if pairing["winner"] is not None and place not in clocks:
                raise Refused("decided", "the match is already decided by a result both players signed.")
            clock = clocks.get(place)
            if is_claim and clock is not None and claim["created_at"] < clock["start"] + self.limit:
                raise Refused(
                    "early", "the claim was made before the opponent's time to start or to move was over."
                )
        check_signed(event)
        held = (self.claims if is_claim else self.answers).setdefault(place, {}).setdefault(author, [])
        if any(c["id"] == claim["id"] for c in held):
            return False
        if self.claim_count >= MAX_CLAIMS:
            raise Refused("flood", "more claims were made in this tournament than are kept.")
        kept = keep_earliest(held, claim, MAX_CLAIMS_PER_PLAYER if is_claim else MAX_ANSWERS_PER_PLAYER)
        self.claim_count += 1
        return kept

    def _complete(self) -> bool:
        """Whether the closing and every entry it lists are held."""
        return self.closing is not None and all(i in self.entries for i in self.closing["entries"])

    def _commitments(self) -> dict[str, str]:
        """The closing's entrants' commitments, by key (one entry per key: its earliest, as `entrants`)."""
        assert self.closing is not None
        first = {e["key"] for e in self.entrants()}
        listed = sorted(
            (e for e in self.entries.values() if e["id"] in self.closing["entries"]),
            key=lambda e: (e["created_at"], e["id"]),
            reverse=True,
        )
        return {e["entrant"]: e["commitment"] for e in listed if e["entrant"] in first}

    # ---- what every device computes ------------------------------------------------------------------------

    def entrants(self) -> list[Entrant]:
        """The entrants the closing lists, or, before it, every entry heard and not taken back: the earliest
        made first, one entry per key (its earliest). The closing decides: an entry it lists is in, left or
        not."""
        listed = sorted(
            (
                e
                for e in self.entries.values()
                if (e["id"] in self.closing["entries"] if self.closing is not None else not self.left(e))
            ),
            key=lambda e: (e["created_at"], e["id"]),
        )
        seen: dict[str, Entrant] = {}
        for entry in listed:
            seen.setdefault(entry["entrant"], Entrant(key=entry["entrant"], name=entry["name"]))
        return list(seen.values())

    def _order(self, now: int) -> list[str] | None:
        """The draw's order once it is known: every entrant of the closing revealed, or the reveals closed
        with two or more revealed; else None."""
        if self.broken is not None or self.closing is None or len(self.reveals) < 2:
            return None
        everyone = self._complete() and len(self.reveals) == len(self._commitments())
        if not everyone and now < self.closing["reveals_until"]:
            return None
        return draw_order(list(self.reveals), draw_seed(self.reveals))

    def verified(self, place: tuple[int, int], players: list[str | None]) -> Result | None:
        """The result both players of a pairing signed with the same content, naming them both; none when
        there is no such result, or more than one (as the lobby's verified results)."""
        signed = self.results.get(place, {})
        if None in players or any(p not in signed for p in players):
            return None
        wanted = set(players)
        first, second = ({text for text, r in signed[str(p)] if set(r["players"]) == wanted} for p in players)
        common = first & second
        if len(common) != 1:
            return None
        text = common.pop()
        return next(r for held, r in signed[str(players[0])] if held == text)

    @property
    def limit(self) -> int:
        """Seconds a player may keep the other waiting, and the window to answer a claim (claims.py)."""
        return time_limit(self.announcement)

    def drawn_at(self) -> int:
        """When the draw was made, as signed events show it: the last value revealed (or the closing, if
        later) when every entrant revealed, else the end of the reveals; never after that end."""
        assert self.closing is not None
        until = self.closing["reveals_until"]
        if not (self._complete() and len(self.reveals) == len(self._commitments())):
            return until
        return min(until, max(self.closing["created_at"], *self.revealed_at.values()))

    def _decided_at(self, place: Place, result: Result, players: list[str | None]) -> int:
        """When a verified result was complete: the later of its two signatures."""
        text = json.dumps(result, sort_keys=True)
        return max(self.signed_at[(place, str(p), text)] for p in players)

    def _presence(self, place: Place, player: str) -> list[int]:
        """The times a player showed they were there for a pairing: their claims, their answers that count and
        the results of it they signed."""
        times = [c["created_at"] for c in self.claims.get(place, {}).get(player, [])]
        times += [a["created_at"] for a in self.answers.get(place, {}).get(player, [])]
        times += [t for (at, key, _), t in self.signed_at.items() if at == place and key == player]
        return times

    def _start(self, rounds: list[list[Pairing]], place: Place, decided_at: dict[Place, int]) -> int | None:
        """When a pairing's round began for it: the draw for the first round; then the later of the draw and
        the deciding of the matches before it (a knock-out's two matches feeding it, a round robin's whole
        round before); None while one of those is not decided."""
        drawn = self.drawn_at()
        number, table = place
        if number == 1:
            return drawn
        before = rounds[number - 2]
        if self.announcement["format"] == "knockout":
            before = [p for p in before if p["table"] in (2 * table - 1, 2 * table)]
        times = [drawn]
        for pairing in before:
            if pairing["bye"]:
                continue
            at = decided_at.get((pairing["round"], pairing["table"]))
            if at is None:
                return None
            times.append(at)
        return max(times)

    def decided(self, order: list[str], now: int) -> Decided:
        """The rounds with every winner the verified results give, or a claim counted (won by forfeit), round
        after round (a knock-out's next round is known only once the one before is decided), each decided
        match's score, and the clocks of the pairings with both players known and no verified result."""
        # Results and claims only ever grow: the same order and counts give the same rounds (each result
        # taken in asks); with claims, the time matters too.
        key = (tuple(order), self.result_count, self.claim_count, now if self.claim_count else 0)
        if self._decided is not None and self._decided[0] == key:
            return self._decided[1]
        pairings = bracket if self.announcement["format"] == "knockout" else round_robin
        scores: dict[Place, Score] = {}
        decided_at: dict[Place, int] = {}
        clocks: dict[Place, MatchClock] = {}
        while True:
            rounds = pairings(order, {place: score["winner"] for place, score in scores.items()})
            found = False
            for pairing in (p for r in rounds for p in r if not p["bye"] and p["winner"] is None):
                place = (pairing["round"], pairing["table"])
                players = pairing["players"]
                result = self.verified(place, players)
                if result is not None:
                    points = dict(zip(result["players"], result["score"], strict=True))
                    scores[place] = Score(winner=result["winner"], points=points)
                    decided_at[place] = self._decided_at(place, result, players)
                    clocks.pop(place, None)
                    found = True
                    continue
                first, second = players
                start = self._start(rounds, place, decided_at)
                if first is None or second is None or start is None:
                    continue
                claims = [c for p in (first, second) for c in self.claims.get(place, {}).get(p, [])]
                presence = {p: self._presence(place, p) for p in (first, second)}
                clock, winner = match_clock(place, (first, second), start, self.limit, claims, presence, now)
                clocks[place] = clock
                if winner is not None and clock["claim"] is not None:
                    # Won by forfeit: the whole match to the claimer.
                    loser = second if winner == first else first
                    scores[place] = Score(
                        winner=winner, points={winner: self.announcement["length"], loser: 0}
                    )
                    decided_at[place] = clock["claim"]["counts_at"]
                    found = True
            if not found:
                self._decided = (key, (rounds, scores, clocks))
                return rounds, scores, clocks

    def view(self, now: int) -> TournamentView:
        entrants = self.entrants()

        def early(phase: Phase, broken: str | None = None) -> TournamentView:
            return TournamentView(
                phase=phase,
                broken=BROKEN[broken] if broken else None,
                broken_words={"id": broken, "args": {}} if broken else None,
                entrants=entrants,
                order=[],
                rounds=[],
                standings=None,
                champion=None,
                clocks=[],
            )

        if self.broken is not None:
            return early("broken", self.broken)
        if self.closing is None:
            return early("registration" if now < self.announcement["closes"] else "closing")
        order = self._order(now)
        if order is None and now < self.closing["reveals_until"]:
            return early("revealing")
        if order is None:
            return early("broken", "tournament.brokenReveals")
        rounds, scores, clocks = self.decided(order, now)
        table = standings(order, scores) if self.announcement["format"] == "roundrobin" else None
        if table is None:
            winner = champion(rounds)
        else:
            undecided = any(p["winner"] is None for r in rounds for p in r if not p["bye"])
            winner = None if undecided else table[0]["key"]
        return TournamentView(
            phase="over" if winner is not None else "drawn",
            broken=None,
            broken_words=None,
            entrants=entrants,
            order=order,
            rounds=rounds,
            standings=table,
            champion=winner,
            clocks=[clocks[place] for place in sorted(clocks)],
        )
