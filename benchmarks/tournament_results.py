"""A tournament decided by signed results, as one device's worker takes them (backgammon.tournament.held):
the CPU time of taking in each round's results (every check, the signature last) and of computing the
tournament's view after it, in this process's CPU time.

    PYTHONPATH=py python3 -m benchmarks.tournament_results [knockout|roundrobin] [players]
    node benchmarks/run_in_pyodide.mjs tournament_results knockout 64

Every match is won by the player named first; each result is signed by both players (BIP-340's reference
signing, as benchmarks/lobby_verify.py: benchmark code only). docs/tournaments.md keeps the figures.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from backgammon.lobby import nostr
from backgammon.tournament.draw import commitment
from backgammon.tournament.held import MAX_SIGNATURES_PER_BATCH, Tournaments
from benchmarks.cpu_clock import cpu_clock
from benchmarks.lobby_verify import _point, sign

NOW = 1_800_000_000
CLOSES = NOW + 3600
TOPIC = "backgammon-lobby"
Key = tuple[int, str]


def key(name: str) -> Key:
    secret = int.from_bytes(hashlib.sha256(f"tournament bench {name}".encode()).digest(), "big") % nostr.N
    return secret, _point(secret)[0].to_bytes(32, "big").hex()


def signed(author: Key, kind: int, created_at: int, tags: list[list[str]], content: object) -> dict[str, Any]:
    event: dict[str, Any] = {
        "pubkey": author[1],
        "created_at": created_at,
        "kind": kind,
        "tags": tags,
        "content": json.dumps(content, sort_keys=True, separators=(",", ":")),
    }
    event["id"] = nostr.event_id(event)  # type: ignore[arg-type]
    event["sig"] = sign(author[0], bytes.fromhex(event["id"]))[1]
    return event


def main() -> None:
    form = sys.argv[1] if len(sys.argv) > 1 else "knockout"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    organiser, players = key("organiser"), [key(str(n)) for n in range(count)]
    d = "benchmarkcup1"
    address = f"31663:{organiser[1]}:{d}"
    tags = [["a", address], ["t", TOPIC]]
    value = [hashlib.sha256(str(n).encode()).hexdigest() for n in range(count)]
    terms = {"v": 1, "name": "Benchmark cup", "format": form, "length": 1, "mode": "live", "places": 64}
    announced = signed(
        organiser, 31663, NOW, [["d", d], ["t", TOPIC]], {**terms, "rated": True, "closes": CLOSES}
    )
    entries = [
        signed(p, 1663, NOW + n, tags, {"v": 1, "name": f"Player {n}", "commitment": commitment(value[n])})
        for n, p in enumerate(players)
    ]
    closing = {"v": 1, "entries": sorted(e["id"] for e in entries), "reveals_until": CLOSES + 900}
    reveals = [signed(p, 1665, CLOSES + 10, tags, {"v": 1, "value": value[n]}) for n, p in enumerate(players)]
    device = Tournaments()
    device.receive([announced, *entries], NOW + 100)
    device.receive([signed(organiser, 1664, CLOSES, tags, closing), *reveals], CLOSES + 100)
    tournament, now, by_key = device.held[address], CLOSES + 200, {p[1]: p for p in players}
    clock = cpu_clock()
    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"{where} {sys.version.split()[0]}: a {form} of {count}")
    while (shown := tournament.view(now))["phase"] != "over":
        to_play = [
            p
            for r in shown["rounds"]
            for p in r
            if not p["bye"] and p["winner"] is None and None not in p["players"]
        ]
        events = []
        for pairing in to_play:
            one, two = (str(p) for p in pairing["players"])
            match = hashlib.sha256(f"{pairing['round']}/{pairing['table']}".encode()).hexdigest()[:22]
            result = {
                "v": 1,
                "match": match,
                "length": 1,
                "rated": True,
                "players": [one, two],
                "score": [1, 0],
            }
            result |= {"winner": one, "final": "A" * 43, "ended": now - 10, "tournament": address}
            result |= {"round": pairing["round"], "table": pairing["table"]}
            for me, other in ((one, two), (two, one)):
                events.append(
                    signed(by_key[me], 1660, now - 5, [["p", other], ["t", TOPIC], ["a", address]], result)
                )
        start = clock()
        for first in range(0, len(events), MAX_SIGNATURES_PER_BATCH):
            answer = device.receive(events[first : first + MAX_SIGNATURES_PER_BATCH], now)
            assert answer["refused"] == {}, answer
        taken = clock()
        tournament.view(now)
        viewed = clock()
        each = (taken - start) / len(events) * 1000
        print(
            f"  {len(to_play)} matches, {len(events)} results: taken in {taken - start:.2f} s"
            f" ({each:.1f} ms each), then the view {(viewed - taken) * 1000:.1f} ms"
        )
    print(f"  champion: {shown['champion']}")


if __name__ == "__main__":
    main()
