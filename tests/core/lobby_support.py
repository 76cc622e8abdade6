"""Nostr events for the lobby's tests, signed by nostr-tools under Node (the page signs with it; Python only
verifies). On CPython one Node process per test process answers every call, each a whole list of events, a
line of JSON each way (a Node started per call cost 0.15 s of CPU, 42 s over the 231 calls of tests/core);
inside Pyodide, which starts no processes, tests/pyodide/run_core_tests.mjs hands Python the same functions of
nostr-tools. Tests that sign are skipped where neither is there."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.node_line import NodeLine

REPO_ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") if sys.platform != "emscripten" else None
try:  # inside Pyodide, run by tests/pyodide/run_core_tests.mjs
    import nostr_tools_from_node  # type: ignore[import-not-found]
except ImportError:
    nostr_tools_from_node = None
needs_node = pytest.mark.skipif(
    NODE is None and nostr_tools_from_node is None, reason="nostr-tools runs under Node, which is not here"
)

NOW = 1_800_000_000
TOPIC = "backgammon-lobby"


def secret(name: str) -> str:
    """A fixed secret key for a named test player (hex), so keys are the same from run to run."""
    return hashlib.sha256(f"lobby test key {name}".encode()).hexdigest()


# nostr-tools' functions as the calls below name them, each given the call's data (JSON) and answering JSON.
_SERVER = """
import { createInterface } from "node:readline";
import { finalizeEvent, getPublicKey, nip19, verifyEvent } from "nostr-tools";
const hex = (h) => Uint8Array.from(h.match(/../g), (b) => parseInt(b, 16));
const verdict = (e) => { try { return verifyEvent(e); } catch { return false; } };
const calls = {
  sign: (items) => items.map(([key, template]) => finalizeEvent(template, hex(key))),
  nsec: (key) => nip19.nsecEncode(hex(key)),
  verify: (events) => events.map(verdict),
  public_keys: (keys) => keys.map((k) => getPublicKey(hex(k))),
};
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const { name, data } = JSON.parse(line);
  let answer;
  try {
    answer = { result: calls[name](data) };
  } catch (error) {
    answer = { error: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\\n");
}
"""
_SERVER_LINE = NodeLine(NODE, _SERVER, REPO_ROOT, 120, "nostr-tools' Node process") if NODE else None


def _node(data: Any, name: str) -> Any:
    """nostr-tools' function `name` (of `_SERVER`'s calls) on `data`: by the Node process this test process
    keeps for it, or inside Pyodide by the function of that name the runner gave Python, which does the
    same."""
    if nostr_tools_from_node is not None:
        return json.loads(getattr(nostr_tools_from_node, name)(json.dumps(data)))
    assert _SERVER_LINE is not None
    answer = _SERVER_LINE.ask({"name": name, "data": data})
    assert "error" not in answer, answer["error"]
    return answer["result"]


def sign(items: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each (player name, event template {kind, created_at, tags, content}) signed by nostr-tools."""
    return _node([[secret(name), template] for name, template in items], "sign")  # type: ignore[no-any-return]


def nsec(name: str) -> str:
    """The secret key of a named test player (`secret`) as a player pastes it."""
    return str(_node(secret(name), "nsec"))


def verify(events: list[Any]) -> list[bool]:
    """nostr-tools' `verifyEvent` on each (a fresh copy: it caches its verdict on the object)."""
    return _node(events, "verify")  # type: ignore[no-any-return]


def public_keys(names: list[str]) -> dict[str, str]:
    return dict(zip(names, _node([secret(name) for name in names], "public_keys"), strict=True))


def invitation(
    d: str = "abcdefghijkl",
    *,
    created_at: int = NOW,
    expires: int | None = None,
    tags: list[list[str]] | None = None,
    **content: Any,
) -> dict[str, Any]:
    """An invitation's template: a live 5-point unrated open invitation unless told otherwise."""
    body = {"v": 1, "name": "Ann", "length": 5, "mode": "live", "rated": False, "state": "open", **content}
    body = {key: value for key, value in body.items() if value is not None}
    expiry = str(expires if expires is not None else created_at + 300)
    return {
        "kind": 31660,
        "created_at": created_at,
        "tags": tags if tags is not None else [["d", d], ["expiration", expiry], ["t", TOPIC]],
        "content": json.dumps(body),
    }


def announcement(
    name: str,
    d: str,
    *,
    created_at: int,
    closes: int,
    organiser_name: str | None = None,
    tournament_format: str = "knockout",
    length: int = 1,
    mode: str = "live",
    places: int = 4,
    rated: bool = False,
) -> dict[str, Any]:
    """A tournament's announcement's template (docs/tournaments.md, *The events*), to be signed by its
    organiser with `sign`: a live 4-place knock-out of 1-point matches, not rated, unless told otherwise."""
    body: dict[str, Any] = {"v": 1, "name": name}
    if organiser_name is not None:
        body["organiser_name"] = organiser_name
    body |= {"format": tournament_format, "length": length, "mode": mode, "places": places, "rated": rated}
    body["closes"] = closes
    return {
        "kind": 31663,
        "created_at": created_at,
        "tags": [["d", d], ["t", TOPIC]],
        "content": json.dumps(body),
    }


def result(
    match: str, players: list[str], winner: int, *, length: int = 3, ended: int = NOW - 100, **fields: Any
) -> dict[str, Any]:
    """A result's content (a dict): `winner` the seat."""
    score = [length, 0] if winner == 0 else [0, length]
    body = {
        "v": 1,
        "match": match,
        "length": length,
        "rated": True,
        "players": players,
        "score": score,
        "winner": players[winner],
        "final": "A" * 43,
        "ended": ended,
    }
    body.update(fields)
    return body


def result_event(content: dict[str, Any], other: str, *, created_at: int = NOW - 50) -> dict[str, Any]:
    return {
        "kind": 1660,
        "created_at": created_at,
        "tags": [["p", other], ["t", TOPIC]],
        "content": json.dumps(content, sort_keys=True),
    }
