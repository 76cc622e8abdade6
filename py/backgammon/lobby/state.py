"""The lobby as one device sees it: fed events from relays in batches, it keeps the open invitations, the
results both players signed, and the ratings they give.

Every event passes the same checks, cheapest first, so a batch of thousands of junk events costs little: its
shape, its kind, the block list, a key paused for flooding, an event seen before, its tags, times and content
(`backgammon.lobby.events`), its id (one SHA-256), the count of its key's events this minute and of its open
invitations, and only then its signature (the costly part, at most `MAX_SIGNATURES_PER_BATCH` per batch).
"""

from __future__ import annotations

import json
from collections import Counter, OrderedDict
from typing import Any, Literal, TypedDict, cast

from .events import (
    KIND_ACCEPT,
    KIND_INVITATION,
    KIND_RESULT,
    Accept,
    Invitation,
    Result,
    check_accept,
    check_invitation,
    check_result,
    invitation_address,
)
from .flood import FloodGate
from .nostr import HEX_32, NostrEvent, check_id, check_shape, check_signature, check_signed
from .ratings import Standing, standings
from .refusal import Refused

#: Open invitations one key may hold at once.
MAX_OPEN_PER_KEY = 3
#: Signatures checked in one batch; events past it are refused as "busy" for the page to send again later.
MAX_SIGNATURES_PER_BATCH = 400
#: Events in one batch, at most.
MAX_BATCH = 5_000
#: Ids of events taken in, remembered to drop a repeat cheaply.
MAX_SEEN = 50_000
#: Invitations (open or not) and results held, at most.
MAX_INVITATIONS = 20_000
MAX_RESULTS = 100_000
#: Different contents one player may sign for one match (a second one is kept so that a changed result
#: cannot hide the first; more is a flood).
MAX_CONTENTS_PER_AUTHOR = 2
#: Matches being played listed at once, at most (newest first).
MAX_PLAYING_SHOWN = 50
#: Refusals reported with their words in one answer (the rest only counted).
MAX_REASONS = 50


class InvitationKey(TypedDict):
    """Which invitation: its poster's key and its id."""

    poster: str
    d: str


class Taken(TypedDict):
    """An invitation seen taken: by whom."""

    poster: str
    d: str
    by: str


class RefusalNote(TypedDict):
    """One refused event: its code, the reason in words, its id when it had one."""

    code: str
    reason: str
    id: str | None


class Changes(TypedDict):
    """What one batch changed."""

    added: list[InvitationKey]
    removed: list[InvitationKey]
    taken: list[Taken]
    results: int
    #: Matches being played that a result signed in this batch ended (they leave the list at once).
    ended: list[InvitationKey]
    refused: dict[str, int]
    reasons: list[RefusalNote]


class InvitationStatus(TypedDict):
    """Where one invitation stands on this device."""

    status: Literal["open", "taken", "withdrawn", "expired", "unknown"]
    taken_by: str | None


class Lobby:
    """One device's lobby. `now` is always given (seconds since 1970), so tests choose the clock."""

    def __init__(self) -> None:
        self.invitations: OrderedDict[tuple[str, str], Invitation] = OrderedDict()
        self.results: dict[str, dict[str, list[tuple[str, Result]]]] = {}
        #: The latest time either of two players (sorted) signed a result of a match between them: a match
        #: taken before it is over, and leaves the matches being played.
        self.last_result_at: dict[tuple[str, str], int] = {}
        self.blocked: set[str] = set()
        self.flood = FloodGate()
        self.seen: OrderedDict[str, None] = OrderedDict()
        self._standings: dict[str, Standing] | None = None

    # ---- taking events in ------------------------------------------------------------------------------

    def receive(self, events: object, now: int) -> Changes:
        """Check and take in a batch of events (a list of JSON objects as relays send them)."""
        changes = Changes(added=[], removed=[], taken=[], results=0, ended=[], refused={}, reasons=[])
        refused: Counter[str] = Counter()
        if not isinstance(events, list):
            events = [events]
        budget = MAX_SIGNATURES_PER_BATCH
        for number, data in enumerate(events):
            event_id = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
            try:
                if number >= MAX_BATCH:
                    raise Refused("too-large", f"a batch holds at most {MAX_BATCH:,} events.")
                event = check_shape(data)
                prepared = self._precheck(event, now)
                if budget <= 0:
                    raise Refused(
                        "busy", "more events came at once than are checked in one batch; send it again."
                    )
                budget -= 1
                check_signature(event)
                self._remember(event["id"])
                self._apply(event, prepared, now, changes)
            except Refused as refusal:
                refused[refusal.code] += 1
                if len(changes["reasons"]) < MAX_REASONS:
                    note = RefusalNote(code=refusal.code, reason=str(refusal), id=event_id and event_id[:64])
                    changes["reasons"].append(note)
        changes["removed"].extend(self.prune(now))
        changes["refused"] = dict(refused)
        return changes

    def _precheck(self, event: NostrEvent, now: int) -> Invitation | Result | Accept:
        """Every check but the id and the signature, cheapest first."""
        kind, key = event["kind"], event["pubkey"]
        if kind not in (KIND_INVITATION, KIND_RESULT):
            if kind == KIND_ACCEPT:
                raise Refused(
                    "kind", "an accept is checked with lobby_check_accept, not taken into the list."
                )
            raise Refused("kind", f"the lobby has no events of kind {kind}.")
        if key in self.blocked:
            raise Refused("blocked", "its player is blocked on this device.")
        if self.flood.paused(key, now):
            raise Refused("flood", "its player sent too many events and is ignored for a while.")
        if event["id"] in self.seen:
            raise Refused("duplicate", "it was taken in already.")
        if kind == KIND_INVITATION:
            held = self.invitations.get(invitation_address(event))
            if held is not None and held["created_at"] >= event["created_at"]:
                raise Refused("duplicate", "a newer version of this invitation is held.")
        prepared: Invitation | Result = (
            check_invitation(event, now) if kind == KIND_INVITATION else check_result(event, now)
        )
        check_id(event)  # one hash: an event changed in transit never counts against its key
        if not self.flood.admit(key, now):
            raise Refused("flood", "its player sent too many events in a minute and is ignored for a while.")
        if kind == KIND_INVITATION:
            invitation = cast(Invitation, prepared)
            address = (key, invitation["d"])
            if (
                invitation["state"] == "open"
                and address not in self.invitations
                and self._open_count(key) >= MAX_OPEN_PER_KEY
            ):
                raise Refused("flood", f"its player already has {MAX_OPEN_PER_KEY} open invitations.")
            if len(self.invitations) >= MAX_INVITATIONS and address not in self.invitations:
                raise Refused("flood", "the lobby holds as many invitations as it keeps.")
        elif len(self.results) >= MAX_RESULTS:
            raise Refused("flood", "the lobby holds as many results as it keeps.")
        return prepared

    def _open_count(self, key: str) -> int:
        return sum(
            1 for (poster, _), held in self.invitations.items() if poster == key and held["state"] == "open"
        )

    def _remember(self, event_id: str) -> None:
        self.seen[event_id] = None
        while len(self.seen) > MAX_SEEN:
            self.seen.popitem(last=False)

    def _apply(self, event: NostrEvent, prepared: Any, now: int, changes: Changes) -> None:
        if event["kind"] == KIND_INVITATION:
            invitation: Invitation = prepared
            address = (invitation["poster"], invitation["d"])
            held = self.invitations.pop(address, None)
            self.invitations[address] = invitation
            key = InvitationKey(poster=address[0], d=address[1])
            was_open = held is not None and held["state"] == "open"
            if invitation["state"] == "open" and not was_open:
                changes["added"].append(key)
            if invitation["state"] != "open" and was_open:
                changes["removed"].append(key)
            if invitation["state"] == "taken" and invitation["taken_by"] is not None:
                changes["taken"].append(Taken(poster=address[0], d=address[1], by=invitation["taken_by"]))
            return
        result: Result = prepared
        signed = self.results.setdefault(result["match"], {}).setdefault(event["pubkey"], [])
        text = json.dumps(result, sort_keys=True)
        if any(held == text for held, _ in signed):
            return
        if len(signed) >= MAX_CONTENTS_PER_AUTHOR:
            raise Refused("flood", "its player signed more different results for one match than are kept.")
        before = self.verified_results()
        signed.append((text, result))
        pair = _pair(result["players"][0], result["players"][1])
        going_on = [i for i in self._taken_by_pair(pair) if not self._over(i)]
        self.last_result_at[pair] = max(self.last_result_at.get(pair, 0), event["created_at"])
        changes["ended"] += [InvitationKey(poster=i["poster"], d=i["d"]) for i in going_on if self._over(i)]
        self._standings = None
        changes["results"] += len(self.verified_results()) - len(before)

    def prune(self, now: int) -> list[InvitationKey]:
        """Drop the invitations past their expiration; the open ones among them, as the list's removals."""
        removed = []
        for address, invitation in list(self.invitations.items()):
            if invitation["expires"] <= now:
                del self.invitations[address]
                if invitation["state"] == "open":
                    removed.append(InvitationKey(poster=address[0], d=address[1]))
        return removed

    # ---- the block list ----------------------------------------------------------------------------

    def set_blocked(self, keys: object) -> int:
        """This device's block list (the page keeps it): their invitations leave the list at once."""
        if not isinstance(keys, list) or not all(isinstance(k, str) and HEX_32.fullmatch(k) for k in keys):
            raise Refused("malformed", "a block list is a list of players' keys (64 hex digits).")
        self.blocked = set(keys)
        for address in [a for a in self.invitations if a[0] in self.blocked]:
            del self.invitations[address]
        return len(self.blocked)

    # ---- what the lobby shows ----------------------------------------------------------------------

    def open_invitations(self, now: int, me: str | None = None) -> list[Invitation]:
        """The open invitations, oldest first: those for anyone, and those for `me` or posted by `me`."""
        self.prune(now)
        found = [
            i
            for i in self.invitations.values()
            if i["state"] == "open" and (i["to"] is None or me in (i["to"], i["poster"]))
        ]
        return sorted(found, key=lambda i: (i["created_at"], i["poster"], i["d"]))

    def being_played(self, now: int, me: str | None = None) -> list[Invitation]:
        """The live matches met here that may be watched: invitations taken (their poster re-publishes the
        taken version while the match goes on), newest first, at most `MAX_PLAYING_SHOWN`; one addressed to a
        player only to that player and its poster, as when it was open. A match is over once either of its
        players signed a result of a match between them dated at or after its taken version: it leaves the
        list (its result is counted with the results)."""
        self.prune(now)
        found = [
            i
            for i in self.invitations.values()
            if i["state"] == "taken"
            and i["mode"] == "live"
            and i["watch"]
            and (i["to"] is None or me in (i["to"], i["poster"]))
            and not self._over(i)
        ]
        found.sort(key=lambda i: (-i["created_at"], i["poster"], i["d"]))
        return found[:MAX_PLAYING_SHOWN]

    def _taken_by_pair(self, pair: tuple[str, str]) -> list[Invitation]:
        return [
            i
            for i in self.invitations.values()
            if i["state"] == "taken"
            and i["taken_by"] is not None
            and _pair(i["poster"], i["taken_by"]) == pair
        ]

    def _over(self, invitation: Invitation) -> bool:
        taker = invitation["taken_by"]
        if taker is None:
            return False
        ended = self.last_result_at.get(_pair(invitation["poster"], taker))
        return ended is not None and ended >= invitation["created_at"]

    def taken_between(self, players: tuple[str, str], now: int) -> list[Invitation]:
        """The invitations one of `players` posted and the other took, newest first (live or by links, watched
        or not): the matches the two met by here, as a tournament's pairing looks for its match. Unlike the
        list of matches being played, one addressed to a player shows to anyone asking for its two players: a
        tournament's pairings are public, and so is who invited whom on the relay."""
        self.prune(now)
        found = self._taken_by_pair(_pair(*players))
        found.sort(key=lambda i: (-i["created_at"], i["poster"], i["d"]))
        return found[:MAX_PLAYING_SHOWN]

    def status(self, poster: str, d: str, now: int) -> InvitationStatus:
        invitation = self.invitations.get((poster, d))
        if invitation is None:
            return InvitationStatus(status="unknown", taken_by=None)
        if invitation["expires"] <= now:
            return InvitationStatus(status="expired", taken_by=None)
        return InvitationStatus(status=invitation["state"], taken_by=invitation["taken_by"])

    def verified_results(self) -> list[Result]:
        """The results both players signed with the same content. A match for which two different results
        were each signed by both counts for none of them."""
        verified = []
        for signed in self.results.values():
            common = self.verified_of(signed)
            if len(common) == 1:
                text = common.pop()
                first = next(iter(signed.values()))
                verified.append(next(result for held, result in first if held == text))
        return verified

    def standings(self) -> dict[str, Standing]:
        if self._standings is None:
            self._standings = standings(self.verified_results())
        return self._standings

    def standing(self, key: str) -> Standing | None:
        """A player's rating from the verified results held, or None: no verified rated result."""
        return self.standings().get(key)

    def claimed_results(self) -> int:
        """Results signed by one side only (held, never counted)."""
        return sum(1 for signed in self.results.values() if len(self.verified_of(signed)) == 0)

    @staticmethod
    def verified_of(signed: dict[str, list[tuple[str, Result]]]) -> set[str]:
        if len(signed) != 2:
            return set()
        first, second = signed.values()
        return {text for text, _ in first} & {text for text, _ in second}

    # ---- an accept ---------------------------------------------------------------------------------

    def check_accept(self, data: object, now: int) -> tuple[Accept, Invitation]:
        """An accept addressed to an invitation this device holds open: checked whole (its signature too).
        Raises `Refused` ("taken" when the invitation is no longer open)."""
        event = check_shape(data)
        accept = check_accept(event, now)
        if event["pubkey"] in self.blocked:
            raise Refused("blocked", "its player is blocked on this device.")
        check_signed(event)
        self.prune(now)
        invitation = self.invitations.get((accept["poster"], accept["d"]))
        if invitation is None or invitation["state"] == "withdrawn":
            raise Refused("taken", "the invitation it accepts is no longer open.")
        if invitation["state"] == "taken" and invitation["taken_by"] != accept["accepter"]:
            raise Refused("taken", "the invitation was already taken by another player.")
        if invitation["to"] is not None and invitation["to"] != accept["accepter"]:
            raise Refused("taken", "the invitation is for another player.")
        return accept, invitation


def _pair(first: str, second: str) -> tuple[str, str]:
    """Two players' keys, the same whichever way round."""
    return (first, second) if first <= second else (second, first)
