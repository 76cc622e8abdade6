"""The lobby's checking speed: signatures verified, and events taken in, per second of CPU.

Three figures, each the fastest of `--repeats` passes (3 by default) in this process's CPU time:
- `schnorr_verify` alone (BIP-340, Python integers): verifications per second;
- `Lobby.receive` of 500 signed open invitations (from 167 keys, three each; in batches of at most
  `MAX_SIGNATURES_PER_BATCH`), every check through the signature: events per second, what a list of 500 costs;
- a batch of 5,000 junk events (wrong kinds, expired, changed ids, malformed): refused per second.

The events are signed here with BIP-340's reference signing (deterministic keys and nonces): benchmark code
only, so that the same events can be made inside Pyodide, where Node's nostr-tools is out of reach; each is
verified by the lobby as any other. Runs in CPython and in Pyodide under Node:

    PYTHONPATH=py python3 -m benchmarks.lobby_verify [--repeats N]
    node benchmarks/run_in_pyodide.mjs lobby_verify [--repeats N]

docs/performance.md ("The lobby's checks") holds the figures and what they mean for the page.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from backgammon.lobby import nostr
from backgammon.lobby.state import MAX_SIGNATURES_PER_BATCH, Lobby
from benchmarks.cpu_clock import cpu_clock

NOW = 1_800_000_000
INVITATIONS = 500
JUNK = 5_000


def _point(scalar: int) -> tuple[int, int]:
    x, y, z = nostr._combined(scalar, nostr._G_TABLE, 0, nostr._G_TABLE)
    inverse = pow(z, -1, nostr.P)
    return x * inverse * inverse % nostr.P, y * inverse**3 % nostr.P


def sign(secret: int, message: bytes) -> tuple[str, str]:
    """(public key, signature) in hex: BIP-340's reference signing, with zero auxiliary randomness."""
    x, y = _point(secret)
    d = secret if y % 2 == 0 else nostr.N - secret
    key = x.to_bytes(32, "big")
    t = (d ^ int.from_bytes(nostr.tagged_hash("BIP0340/aux", bytes(32)), "big")).to_bytes(32, "big")
    k0 = int.from_bytes(nostr.tagged_hash("BIP0340/nonce", t + key + message), "big") % nostr.N
    rx, ry = _point(k0)
    k = k0 if ry % 2 == 0 else nostr.N - k0
    r = rx.to_bytes(32, "big")
    e = int.from_bytes(nostr.tagged_hash("BIP0340/challenge", r + key + message), "big") % nostr.N
    return key.hex(), (r + ((k + e * d) % nostr.N).to_bytes(32, "big")).hex()


def invitations(count: int) -> list[dict[str, Any]]:
    events = []
    for number in range(count):
        secret = int.from_bytes(hashlib.sha256(f"bench key {number // 3}".encode()).digest(), "big") % nostr.N
        content = {"v": 1, "name": f"Player {number // 3}", "length": 5, "mode": "live", "rated": True}
        event: dict[str, Any] = {
            "pubkey": _point(secret)[0].to_bytes(32, "big").hex(),
            "created_at": NOW,
            "kind": 31660,
            "tags": [
                ["d", f"invitation{number:04d}"],
                ["expiration", str(NOW + 300)],
                ["t", "backgammon-lobby"],
            ],
            "content": json.dumps({**content, "state": "open"}),
        }
        event["id"] = nostr.event_id(event)  # type: ignore[arg-type]
        key, event["sig"] = sign(secret, bytes.fromhex(event["id"]))
        assert key == event["pubkey"]
        events.append(event)
    return events


def junk(valid: dict[str, Any], count: int) -> list[Any]:
    kinds = [
        lambda n: {**valid, "kind": 1},
        lambda n: {**valid, "tags": [["d", "abcdefghijkl"], ["expiration", "5"], ["t", "backgammon-lobby"]]},
        lambda n: {**valid, "id": f"{n:064x}"},
        lambda n: {**valid, "content": "x" * 5_000},
        lambda n: {"kind": 31660, "junk": n},
    ]
    return [kinds[n % len(kinds)](n) for n in range(count)]


def best(repeats: int, work: Any) -> float:
    clock = cpu_clock()
    times = []
    for _ in range(repeats):
        start = clock()
        work()
        times.append(clock() - start)
    return min(times)


def main() -> None:
    repeats = int(sys.argv[sys.argv.index("--repeats") + 1]) if "--repeats" in sys.argv else 3
    events = invitations(INVITATIONS)
    vectors = [
        (bytes.fromhex(e["id"]), bytes.fromhex(e["pubkey"]), bytes.fromhex(e["sig"])) for e in events[:50]
    ]

    def verify_all() -> None:
        assert all(nostr.schnorr_verify(*vector) for vector in vectors)

    def receive_all() -> None:
        lobby, added = Lobby(), 0
        for start in range(0, INVITATIONS, MAX_SIGNATURES_PER_BATCH):  # batches as the page sends them
            added += len(lobby.receive(events[start : start + MAX_SIGNATURES_PER_BATCH], NOW)["added"])
        assert added == INVITATIONS

    rubbish = junk(events[0], JUNK)

    def refuse_all() -> None:
        changes = Lobby().receive(rubbish, NOW)
        assert sum(changes["refused"].values()) == JUNK

    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    verify = best(repeats, verify_all) / len(vectors)
    receive = best(repeats, receive_all)
    refuse = best(repeats, refuse_all)
    print(f"{where} {sys.version.split()[0]}")
    print(f"  schnorr_verify: {1 / verify:,.0f} per second ({verify * 1000:.2f} ms each)")
    print(
        f"  receive {INVITATIONS} signed invitations: {INVITATIONS / receive:,.0f} events per second"
        f" ({receive:.2f} s for the batch, {receive / INVITATIONS * 1000:.2f} ms each)"
    )
    print(
        f"  refuse {JUNK:,} junk events: {JUNK / refuse:,.0f} per second ({refuse * 1000:.0f} ms the batch)"
    )


if __name__ == "__main__":
    main()
