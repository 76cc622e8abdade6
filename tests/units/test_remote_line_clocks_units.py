"""The live line's own clocks (web/remote/transport.js `lineClocks`, web/remote/line.js `lineTimeScale`),
run under Node: a page gives its friend 30 s to connect once expected, and tries to meet a friend gone again
2, 5, 10, 20 and then every 30 s; only a test's `?test-line-scale=` (between 0 and 1) shortens them, in
proportion."""

from __future__ import annotations

import json
from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = (
    'import { lineClocks } from "{WEB}/remote/transport.js";'
    'import { lineTimeScale } from "{WEB}/remote/line.js";'
)


PRODUCTION = {"timeoutMs": 30_000, "rejoinDelaysMs": [2_000, 5_000, 10_000, 20_000, 30_000]}


def clocks_of(*hrefs: str) -> list[dict[str, Any]]:
    """The clocks of a page at each of `hrefs`, in one run of Node."""
    found: list[dict[str, Any]] = run_module(
        IMPORTS, f"print({json.dumps(hrefs)}.map((href) => lineClocks(lineTimeScale(href))));"
    )
    return found


def test_a_page_waits_30_s_for_its_friend_and_tries_again_further_apart_up_to_every_30_s() -> None:
    hrefs = ["https://example.org/games/bg/#play=ABCD2345.K7QD3M9XHJNP", "https://example.org/?no-welcome"]
    # Only a scale that shortens them is heard.
    hrefs += [f"https://example.org/?test-line-scale={asked}" for asked in ("0", "-1", "1", "2", "x", "")]
    assert clocks_of(*hrefs) == [PRODUCTION] * len(hrefs)


def test_a_test_shortens_the_clocks_in_proportion() -> None:
    assert clocks_of("https://example.org/?no-welcome&test-line-scale=0.25#play=ABCD2345.K7QD3M9XHJNP") == [
        {"timeoutMs": 7_500, "rejoinDelaysMs": [500, 1_250, 2_500, 5_000, 7_500]}
    ]
