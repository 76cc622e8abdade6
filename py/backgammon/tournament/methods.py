"""Worker methods of tournaments, registered with `backgammon.api` on first use (docs/tournaments.md).

The worker holds this device's tournaments; the page feeds it every tournament event its relay subscriptions
receive and shows what it answers. `now` (seconds since 1970) is optional everywhere: Python's clock is used
without it.

- `tournament_receive {events, now?}` -> `TournamentChanges`: the tournaments a batch changed; refusals
- `tournament_list {now?}` -> `TournamentList`: one summary per announcement heard, newest first
- `tournament_view {address, now?}` -> `TournamentPage`: one tournament as every device computes it
- `tournament_commitment {value}` -> `CommitmentAnswer`: the commitment an entry carries for its secret value
- `tournament_closing {address, now?, early?}` -> `ClosingContent`: what the organiser's closing says
  (`early`: before registration's announced end, the organiser having asked to close it now)
- `tournament_reset {}` -> `{}`: forget everything (tests)
"""

# No `from __future__ import annotations`: Python 3.11 reads `NotRequired` only from evaluated annotations.

from typing import Any, Literal, NotRequired, TypedDict

from ..api import now_param, register
from ..errors import InvalidActionError
from ..shapes import Words
from .claims import MatchClock
from .draw import commitment
from .events import Format
from .held import TournamentChanges, Tournaments
from .knockout import Pairing
from .roundrobin import Standing
from .state import Entrant, Phase, Tournament

Params = dict[str, Any]
TOURNAMENTS = Tournaments()
#: How long the entrants have to reveal their values after the organiser's device closes the registration:
#: a live tournament's players are there; by links, a day.
REVEAL_SECONDS = {"live": 15 * 60, "links": 24 * 3600}


class TournamentSummary(TypedDict):
    """A tournament as the list shows it: its announcement's terms (with the organiser's name, null for an
    announcement made before it carried one), where it stands, how many entered, and its champion's name once
    it has one."""

    address: str
    organiser: str
    d: str
    name: str
    organiser_name: str | None
    format: Format
    length: int
    mode: Literal["live", "links"]
    move_hours: int | None
    places: int
    rated: bool
    closes: int
    phase: Phase
    entrants: int
    champion_name: str | None


class TournamentList(TypedDict):
    tournaments: list[TournamentSummary]


class TournamentPage(TypedDict):
    """One tournament as every device computes it from the same events: its summary, as the list shows it (its
    terms, phase and number of entrants); why it is broken (else null), also as a message id (`broken_words`);
    the entrants; the draw's order (seed 1 first; [] before the draw); every round's pairings with their
    winners; the round robin's standings, best first (null for a knock-out); the champion once there is one;
    every entrant's name by key; when the reveals close (null before the closing) and the keys of the entrants
    whose value was revealed and matched, in the order of the keys; the clocks of the pairings with both
    players known and no result both signed (when each may claim, the latest claim and where it stands: a
    counted one is a win by forfeit); `time_limit`, the seconds a player may keep the other waiting (the
    tournament's time to move by links, 15 minutes live), which the match played for a pairing takes as its
    own; `now`, the time this view was computed for (the page shows times left from it)."""

    summary: TournamentSummary
    entrants: list[Entrant]
    broken: str | None
    broken_words: Words | None
    order: list[str]
    rounds: list[list[Pairing]]
    standings: list[Standing] | None
    champion: str | None
    names: dict[str, str]
    reveals_until: int | None
    revealed: list[str]
    clocks: list[MatchClock]
    time_limit: int
    now: int


class CommitmentAnswer(TypedDict):
    commitment: str


class ClosingContent(TypedDict):
    """The content of the closing the organiser's device signs: the ids of the entries taken (the earliest
    made, one per key, at most the places) and when the reveals close."""

    entries: list[str]
    reveals_until: int


class TournamentReceiveParams(TypedDict):
    events: list[dict[str, Any]]
    now: NotRequired[int]


class TournamentListParams(TypedDict):
    now: NotRequired[int]


class TournamentViewParams(TypedDict):
    address: str
    now: NotRequired[int]


class TournamentClosingParams(TypedDict):
    """`early`: the organiser asked to close the registration now, before its announced end (*Close
    registration now*, asked by the organiser's own device only: no other device signs a closing). Without it,
    a closing is stated only once that end has passed."""

    address: str
    now: NotRequired[int]
    early: NotRequired[bool]


class TournamentCommitmentParams(TypedDict):
    value: str


def _held(params: Params) -> Tournament:
    tournament = TOURNAMENTS.held.get(str(params.get("address")))
    if tournament is None:
        raise InvalidActionError("No tournament of that address was heard on this device.")
    return tournament


def summary(tournament: Tournament, now: int) -> TournamentSummary:
    a = tournament.announcement
    shown = tournament.view(now)
    champion = shown["champion"]
    return TournamentSummary(
        address=tournament.address,
        organiser=a["organiser"],
        d=a["d"],
        name=a["name"],
        organiser_name=a["organiser_name"],
        format=a["format"],
        length=a["length"],
        mode=a["mode"],
        move_hours=a["move_hours"],
        places=a["places"],
        rated=a["rated"],
        closes=a["closes"],
        phase=shown["phase"],
        entrants=len(tournament.entrants()),
        champion_name=next((e["name"] for e in shown["entrants"] if e["key"] == champion), None),
    )


@register("tournament_receive", TournamentReceiveParams)
def tournament_receive(params: Params) -> TournamentChanges:
    events = params.get("events")
    if not isinstance(events, list):
        raise InvalidActionError("tournament_receive needs events: a list of Nostr events.")
    return TOURNAMENTS.receive(events, now_param(params))


@register("tournament_list", TournamentListParams)
def tournament_list(params: Params) -> TournamentList:
    now = now_param(params)
    return TournamentList(tournaments=[summary(t, now) for t in TOURNAMENTS.newest_first()])


@register("tournament_view", TournamentViewParams)
def tournament_view(params: Params) -> TournamentPage:
    tournament = _held(params)
    now = now_param(params)
    shown = tournament.view(now)
    return TournamentPage(
        summary=summary(tournament, now),
        entrants=shown["entrants"],
        broken=shown["broken"],
        broken_words=shown["broken_words"],
        order=shown["order"],
        rounds=shown["rounds"],
        standings=shown["standings"],
        champion=shown["champion"],
        names={e["key"]: e["name"] for e in shown["entrants"]},
        reveals_until=tournament.closing["reveals_until"] if tournament.closing is not None else None,
        revealed=sorted(tournament.reveals),
        clocks=shown["clocks"],
        time_limit=tournament.limit,
        now=now,
    )


@register("tournament_commitment", TournamentCommitmentParams)
def tournament_commitment(params: Params) -> CommitmentAnswer:
    return CommitmentAnswer(commitment=commitment(str(params.get("value"))))


@register("tournament_closing", TournamentClosingParams)
def tournament_closing(params: Params) -> ClosingContent:
    tournament = _held(params)
    now = now_param(params)
    a = tournament.announcement
    early = params.get("early", False)
    if not isinstance(early, bool):
        raise InvalidActionError("early is true or false.")
    # Closed early, the closing takes the entries heard so far as the announced end would: the entries made
    # after it are not listed, so every device leaves them out.
    if now < a["closes"] and not early:
        raise InvalidActionError("The registration is still open: it is closed once its time is over.")
    taken: dict[str, str] = {}
    for entry in sorted(tournament.entries.values(), key=lambda e: (e["created_at"], e["id"])):
        # An entry taken back is not listed; its entrant's entry made again after it may be.
        if entry["created_at"] < a["closes"] and len(taken) < a["places"] and not tournament.left(entry):
            taken.setdefault(entry["entrant"], entry["id"])
    if len(taken) < 2:
        raise InvalidActionError("Fewer than two players entered: there is no tournament to close.")
    reveals_until = min(max(now, a["closes"]) + REVEAL_SECONDS[a["mode"]], a["closes"] + 7 * 24 * 3600)
    return ClosingContent(entries=sorted(taken.values()), reveals_until=reveals_until)


@register("tournament_reset")
def tournament_reset(params: Params) -> dict[str, Any]:
    global TOURNAMENTS
    TOURNAMENTS = Tournaments()
    return {}
