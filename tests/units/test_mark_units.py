"""A player's mark (web/lobby/mark.js, web/lobby/words.js) and the checks of their name
(web/lobby/name.js), run under Node: the mark is read from SHA-256 of the public key (checked here
against Python's hashlib), the same every time, spread evenly over many keys; its words are distinct
to their fourth letter; its colours stay apart for colour-blind players and stand out against their
white tile."""

from __future__ import annotations

import hashlib
import itertools
import math
import secrets
from collections import Counter
from typing import Any

from .node_esm import needs_node, run_module

IMPORTS = (
    'import * as mark from "{WEB}/lobby/mark.js"; import * as words from "{WEB}/lobby/words.js";'
    ' import * as name from "{WEB}/lobby/name.js";'
)


def run(body: str) -> Any:
    return run_module(IMPORTS, body)


def marks_of(keys: list[str]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = run(f"print(await Promise.all({keys!r}.map((k) => mark.markOfKey(k))));")
    return found


@needs_node
def test_the_mark_is_read_from_the_sha256_of_the_key_the_same_every_time() -> None:
    keys = [secrets.token_hex(32) for _ in range(50)] + ["a" * 64]
    lists = run("print({adjectives: words.ADJECTIVES, things: words.THINGS, colours: mark.MARK_COLOURS});")
    first, again = marks_of(keys), marks_of(keys)
    assert first == again
    for key, found in zip(keys, first, strict=True):
        digest = hashlib.sha256(bytes.fromhex(key)).digest()
        assert found["words"] == [lists["adjectives"][digest[0]], lists["things"][digest[1]]]
        assert found["text"] == " ".join(found["words"])
        assert found["colour"] == lists["colours"][digest[2] & 7]
        bits = (digest[3] << 8) | digest[4]
        for row, column in itertools.product(range(5), range(5)):
            assert found["cells"][row * 5 + column] == bool((bits >> (row * 3 + min(column, 4 - column))) & 1)
    # A mark already shown stays the one shown: the lists' order is pinned by this one.
    assert first[-1]["text"] == "tall toffee" and first[-1]["colour"] == "#501878"
    assert run('print(await mark.markOfKey("A".repeat(64)))') == first[-1]


@needs_node
def test_the_picture_is_mirrored_left_to_right() -> None:
    for found in marks_of([secrets.token_hex(32) for _ in range(100)]):
        rows = [found["cells"][i : i + 5] for i in range(0, 25, 5)]
        assert all(row == row[::-1] for row in rows)


@needs_node
def test_marks_spread_evenly_over_many_random_keys() -> None:
    count = 4096
    found = run(
        f"""
        const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
        const keys = Array.from({{length: {count}}}, () => hex(crypto.getRandomValues(new Uint8Array(32))));
        print(await Promise.all(keys.map((k) => mark.markOfKey(k))));
        """
    )
    assert run("print(mark.MARK_BITS)") == 34
    for part in (0, 1):
        seen = Counter(m["words"][part] for m in found)
        assert len(seen) > 240  # 256 words, 16 draws each on average: a few unseen by chance at most
        assert max(seen.values()) < 45
    colours = Counter(m["colour"] for m in found)
    assert len(colours) == 8 and all(abs(n - count / 8) < 0.2 * count / 8 for n in colours.values())
    for cell in range(25):
        on = sum(m["cells"][cell] for m in found)
        assert abs(on - count / 2) < 0.1 * count
    # 34 bits: among 4096 keys, two equal marks are unlikely (about 1 in 2000).
    assert len({(m["text"], m["colour"], tuple(m["cells"])) for m in found}) >= count - 1


@needs_node
def test_the_words_are_256_of_each_short_plain_and_distinct_to_their_fourth_letter() -> None:
    lists = run("print([words.ADJECTIVES, words.THINGS]);")
    assert [len(words) for words in lists] == [256, 256]
    every = lists[0] + lists[1]
    assert all(word.isascii() and word.isalpha() and word.islower() and 2 <= len(word) <= 8 for word in every)
    for a, b in itertools.combinations(every, 2):
        shorter, longer = sorted((a, b), key=len)
        assert a[:4] != b[:4] and not longer.startswith(shorter), (a, b)


def _linear(channel: float) -> float:
    channel /= 255
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> list[float]:
    return [_linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5)]


def _luminance(colour: str) -> float:
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
SIMULATIONS = {
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "tritanopia": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
    "typical": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
}


def _lab_seen(colour: str, matrix: list[list[float]]) -> tuple[float, float, float]:
    rgb = _rgb(colour)
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


@needs_node
def test_the_colours_stand_out_on_the_white_tile_and_stay_apart_for_colour_blind_players() -> None:
    colours = run("print(mark.MARK_COLOURS);")
    assert len(colours) == 8
    for colour in colours:
        # WCAG's contrast with the white tile: 3:1 is asked of graphics.
        assert (1.05) / (_luminance(colour) + 0.05) >= 3.2, colour
    for kind, matrix in SIMULATIONS.items():
        for a, b in itertools.combinations(colours, 2):
            assert math.dist(_lab_seen(a, matrix), _lab_seen(b, matrix)) >= 29, (kind, a, b)


@needs_node
def test_a_name_is_trimmed_normalised_and_at_most_32_characters_without_control_characters() -> None:
    cases = {
        "  Alex ": "Alex",
        "Zoe\u0301": "Zo\u00e9",  # NFC: é as one character
        "x" * 32: "x" * 32,
        "🎲" * 32: "🎲" * 32,  # characters, not UTF-16 units
        "Ana María": "Ana María",
    }
    refused = ["", "   ", "x" * 33, "e\u0301" * 33, "🎲" * 33]
    refused += ["Al\tex", "Al\nex", "A\u0000", "A\u202eB", "A\u200bB"]
    check = "(texts) => texts.map(name.checkName)"
    ok, bad, limit = run(f"print([({check})({list(cases)!r}), ({check})({refused!r}), name.MAX_NAME_CHARS]);")
    assert limit == 32
    assert ok == [{"ok": True, "name": value} for value in cases.values()]
    assert all(not result["ok"] and result["error"] for result in bad)
    assert bad[2]["error"] == "A name has at most 32 characters; this one has 33."
    assert bad[0]["error"].startswith("Choose a name")
    assert "control characters" in bad[5]["error"]
