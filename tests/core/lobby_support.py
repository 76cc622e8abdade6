"""Nostr events for the lobby's tests, signed by nostr-tools under Node (the page signs with it; Python only
verifies). On CPython each call runs Node once for a whole list of events; inside Pyodide, which starts no
processes, tests/pyodide/run_core_tests.mjs hands Python the same functions of nostr-tools. Tests that sign
are skipped where neither is there."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

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


def _node(source: str, data: Any, name: str) -> Any:
    """`source` run by Node with `data` as its input (JSON), or inside Pyodide the function `name` the runner
    gave Python, which does the same."""
    if nostr_tools_from_node is not None:
        return json.loads(getattr(nostr_tools_from_node, name)(json.dumps(data)))
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", source],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=REPO_ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def sign(items: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each (player name, event template {kind, created_at, tags, content}) signed by nostr-tools."""
    source = """
import { finalizeEvent } from "nostr-tools";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const hex = (h) => Uint8Array.from(h.match(/../g), (b) => parseInt(b, 16));
const out = JSON.parse(text).map(([key, template]) => finalizeEvent(template, hex(key)));
process.stdout.write(JSON.stringify(out));
"""
    return _node(source, [[secret(name), template] for name, template in items], "sign")  # type: ignore[no-any-return]


def nsec(name: str) -> str:
    """The secret key of a named test player (`secret`) as a player pastes it."""
    source = """
import { nip19 } from "nostr-tools";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const hex = (h) => Uint8Array.from(h.match(/../g), (b) => parseInt(b, 16));
process.stdout.write(JSON.stringify(nip19.nsecEncode(hex(JSON.parse(text)))));
"""
    return str(_node(source, secret(name), "nsec"))


def verify(events: list[Any]) -> list[bool]:
    """nostr-tools' `verifyEvent` on each (a fresh copy: it caches its verdict on the object)."""
    source = """
import { verifyEvent } from "nostr-tools";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const out = JSON.parse(text).map((e) => { try { return verifyEvent(e); } catch { return false; } });
process.stdout.write(JSON.stringify(out));
"""
    return _node(source, events, "verify")  # type: ignore[no-any-return]


def public_keys(names: list[str]) -> dict[str, str]:
    source = """
import { getPublicKey } from "nostr-tools";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const hex = (h) => Uint8Array.from(h.match(/../g), (b) => parseInt(b, 16));
process.stdout.write(JSON.stringify(JSON.parse(text).map((k) => getPublicKey(hex(k)))));
"""
    return dict(zip(names, _node(source, [secret(name) for name in names], "public_keys"), strict=True))


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
