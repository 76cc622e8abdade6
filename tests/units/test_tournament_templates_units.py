"""The page's tournament event templates (web/lobby/tournament-events.js) under Node, signed by the page's own
signer (web/lobby/keys.js): every event each template makes passes the core's checks
(py/backgammon/tournament), and together they carry a tournament from its announcement to a decided match."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from backgammon import api
from backgammon.lobby.state import Lobby

from .node_esm import needs_node, run_module

pytestmark = needs_node

NOW = 1_800_000_000
CLOSES = NOW + 3600
IMPORTS = """
import {
  ANNOUNCEMENT_KIND, ENTRY_KIND, CLOSING_KIND, REVEAL_KIND, LEAVE_KIND, announcementTemplate, entryTemplate,
  closingTemplate, leaveTemplate, revealTemplate, newTournamentId, tournamentAddress,
  tournamentResultTemplate,
} from "{WEB}/lobby/tournament-events.js";
import { publicKeyOf, signEvent } from "{WEB}/lobby/keys.js";
"""


def secret(name: str) -> str:
    return hashlib.sha256(f"template test key {name}".encode()).hexdigest()


def call(method: str, **params: Any) -> Any:
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer.get("result", answer.get("error"))


def node(body: str, **data: Any) -> Any:
    return run_module(IMPORTS, f"const data = {json.dumps(data)};\n{body}")


def test_every_template_makes_an_event_the_core_takes() -> None:
    names = ["org", "ann", "bob"]
    secrets = {name: secret(name) for name in names}
    values = {name: hashlib.sha256(name.encode()).hexdigest() for name in ["ann", "bob"]}
    made = node(
        """
const keys = Object.fromEntries(Object.entries(data.secrets).map(([n, s]) => [n, publicKeyOf(s)]));
const d = newTournamentId();
const address = tournamentAddress(keys.org, d);
const terms = {
  name: "Spring cup", organiserName: "Olga", format: "knockout", length: 1, places: 4, rated: true,
  closes: data.closes };
const live = signEvent(
  announcementTemplate({ d, ...terms, mode: "live", moveHours: null, createdAt: data.now }),
  data.secrets.org);
const links = signEvent(announcementTemplate({
  d: newTournamentId(), ...terms, format: "roundrobin", mode: "links", moveHours: 48, createdAt: data.now,
}), data.secrets.org);
const entries = ["ann", "bob"].map((n, i) => signEvent(
  entryTemplate({ address, name: n, commitment: data.commitments[n], createdAt: data.now + 60 + i }),
  data.secrets[n]));
print({ d, address, keys, live, links, entries,
  kinds: [ANNOUNCEMENT_KIND, ENTRY_KIND, CLOSING_KIND, REVEAL_KIND] });
""",
        secrets=secrets,
        closes=CLOSES,
        now=NOW,
        commitments={n: call("tournament_commitment", value=v)["commitment"] for n, v in values.items()},
    )
    assert made["kinds"] == [31663, 1663, 1664, 1665] and len(made["d"]) == 16
    assert call("tournament_reset") == {}
    answer = call("tournament_receive", events=[made["live"], made["links"], *made["entries"]], now=NOW + 100)
    assert answer["refused"] == {} and made["address"] in answer["changed"]
    listed = {t["address"]: t for t in call("tournament_list", now=NOW + 100)["tournaments"]}
    assert listed[made["address"]]["entrants"] == 2 and listed[made["address"]]["move_hours"] is None
    assert listed[made["address"]]["organiser_name"] == "Olga"
    (links,) = (t for a, t in listed.items() if a != made["address"])
    assert links["mode"] == "links" and links["move_hours"] == 48 and links["format"] == "roundrobin"

    closing = call("tournament_closing", address=made["address"], now=CLOSES + 1)
    keys = made["keys"]
    later = node(
        """
const closing = signEvent(closingTemplate({
  address: data.address, entries: data.closing.entries, revealsUntil: data.closing.reveals_until,
  createdAt: data.closes + 1 }), data.secrets.org);
const reveals = ["ann", "bob"].map((n) => signEvent(
  revealTemplate({ address: data.address, value: data.values[n], createdAt: data.closes + 60 }),
  data.secrets[n]));
print({ closing, reveals });
""",
        secrets=secrets,
        address=made["address"],
        closing=closing,
        closes=CLOSES,
        values=values,
    )
    answer = call("tournament_receive", events=[later["closing"], *later["reveals"]], now=CLOSES + 100)
    assert answer == {"changed": [made["address"]], "refused": {}}
    shown = call("tournament_view", address=made["address"], now=CLOSES + 100)
    assert shown["summary"]["phase"] == "drawn" and sorted(shown["order"]) == sorted(
        [keys["ann"], keys["bob"]]
    )

    players = shown["rounds"][0][0]["players"]
    pairing = {"tournament": made["address"], "round": 1, "table": 1}
    fields = {
        "match": "M" * 22,
        "length": 1,
        "rated": True,
        "players": players,
        "score": [1, 0],
        "winner": players[0],
        "final": "A" * 43,
        "ended": CLOSES + 150,
        **pairing,
    }
    content = call("lobby_result_statement", result=fields, now=CLOSES + 200)["content"]
    by_key = {publicKey: name for name, publicKey in keys.items()}
    results = node(
        """
print(data.players.map((key, seat) => signEvent(tournamentResultTemplate({
  address: data.address, other: data.players[1 - seat], content: data.content, createdAt: data.closes + 160,
}), data.secrets[data.byKey[key]])));
""",
        secrets=secrets,
        players=players,
        address=made["address"],
        content=content,
        closes=CLOSES,
        byKey=by_key,
    )
    assert call("tournament_receive", events=results, now=CLOSES + 200)["refused"] == {}
    shown = call("tournament_view", address=made["address"], now=CLOSES + 200)
    assert shown["summary"]["phase"] == "over" and shown["champion"] == players[0]
    # The lobby takes the same two events as a verified result.
    assert Lobby().receive(results, CLOSES + 200)["results"] == 1


def test_a_leave_takes_an_entry_back() -> None:
    secrets = {name: secret(name) for name in ["org", "ann"]}
    made = node(
        """
const d = newTournamentId();
const address = tournamentAddress(publicKeyOf(data.secrets.org), d);
const announced = signEvent(announcementTemplate({
  d, name: "Leave cup", organiserName: "Olga", format: "knockout", length: 1, mode: "live", moveHours: null,
  places: 4, rated: false, closes: data.closes, createdAt: data.now }), data.secrets.org);
const entry = signEvent(entryTemplate({
  address, name: "Ann", commitment: "0".repeat(64), createdAt: data.now + 1 }), data.secrets.ann);
const leave = signEvent(
  leaveTemplate({ address, entry: entry.id, createdAt: data.now + 2 }), data.secrets.ann);
print({ address, announced, entry, leave, kind: LEAVE_KIND });
""",
        secrets=secrets,
        closes=CLOSES,
        now=NOW,
    )
    assert made["kind"] == 1666
    assert call("tournament_reset") == {}
    answer = call("tournament_receive", events=[made["announced"], made["entry"]], now=NOW + 10)
    assert answer["refused"] == {}
    assert call("tournament_view", address=made["address"], now=NOW + 10)["entrants"] != []
    answer = call("tournament_receive", events=[made["leave"]], now=NOW + 10)
    assert answer == {"changed": [made["address"]], "refused": {}}
    assert call("tournament_view", address=made["address"], now=NOW + 10)["entrants"] == []
