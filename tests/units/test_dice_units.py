"""The browser's dice (web/engine/dice.js) under Node: fair faces from crypto.getRandomValues, with the bytes
that would bias them drawn again."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node


def run_js(body: str) -> Any:
    """Run an ES module body with `cryptoDie` imported; it must `print(value)` once."""
    return run_module('import { cryptoDie } from "{WEB}/engine/dice.js";', body)


def test_every_byte_below_252_maps_evenly_onto_the_six_faces() -> None:
    counts = run_js(
        """
        const counts = [0, 0, 0, 0, 0, 0, 0];
        for (let b = 0; b < 252; b++) {
          counts[cryptoDie({ getRandomValues: (a) => { a[0] = b; return a; } })] += 1;
        }
        print(counts);
        """
    )
    assert counts == [0, 42, 42, 42, 42, 42, 42]


def test_bytes_252_to_255_are_drawn_again() -> None:
    drawn = run_js(
        """
        const bytes = [255, 254, 253, 252, 7];
        let calls = 0;
        const die = cryptoDie({ getRandomValues: (a) => { a[0] = bytes[calls++]; return a; } });
        print({ die, calls });
        """
    )
    assert drawn == {"die": 2, "calls": 5}  # 7 % 6 + 1


def test_the_platform_source_gives_every_face() -> None:
    faces = run_js(
        """
        const seen = new Set();
        for (let i = 0; i < 600; i++) seen.add(cryptoDie());
        print([...seen].sort());
        """
    )
    assert faces == [1, 2, 3, 4, 5, 6]
