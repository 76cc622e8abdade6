"""The bear-off database in the browser: not fetched at start, fetched by the worker's Python the first time a
bear-off is judged, and answered from the offline copy when the network is gone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Request

from backgammon import api

from .conftest import ENGINE_READY_TIMEOUT_MS, Site, wait_for_engine_ready
from .match_driver import wait_idle
from .test_pwa import wait_for_offline_copy

# What the network is asked for, and the offline copy: each test its own new profile (conftest `context`).
pytestmark = pytest.mark.fresh_profile

# White 2 checkers on each of points 1-5, black 3 on each of points 1-3 (of its own), white on roll: the
# hint's cube figures are a look-ahead over bear-off positions only, so the database's alone.
BEAR_OFF = {"position_id": "dwcAAGzbAAAAAA", "match_id": "cAkAAAAAAAAA"}
SETUP_AND_HINT = """
const {createBridge} = await import(bridgeUrl);
const bridge = createBridge();
try {
  await bridge.ready;
  await bridge.call("setup", setup);
  return await bridge.call("hint", {});
} finally { bridge.terminate(); }
"""


def hint_in_page(page: Page, bridge_url: str) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate(
        f"async ([bridgeUrl, setup, timeout]) => {{ {SETUP_AND_HINT} }}",
        [bridge_url, BEAR_OFF, ENGINE_READY_TIMEOUT_MS],
    )
    return answer


def hint_in_cpython() -> dict[str, Any]:
    """The same requests answered here, the database read from the package."""
    for method, params in (("setup", BEAR_OFF), ("hint", {})):
        answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
        assert "result" in answer, answer
    result: dict[str, Any] = answer["result"]
    return result


def test_the_position_is_a_bear_off() -> None:
    from backgammon import Position
    from backgammon.bot.bearoff_db import is_bearoff

    position = Position.from_id(BEAR_OFF["position_id"])
    assert is_bearoff(position.mine, position.theirs)
    assert sum(position.mine) == 10 and sum(position.theirs) == 9


def test_the_database_is_fetched_when_first_needed_not_at_start(
    page: Page, site: Site, context: BrowserContext
) -> None:
    requested: list[str] = []

    def record(request: Request) -> None:
        requested.append(request.url)

    context.on("request", record)
    page.goto(site.url("?no-sw&no-welcome"))
    wait_for_engine_ready(page)
    wait_idle(page)
    assert any(url.endswith("/py/backgammon.zip") for url in requested)
    assert not any(url.endswith("/py/bearoff.bin") for url in requested)
    answer = hint_in_page(page, "./web/engine/bridge.js")
    assert [url for url in requested if url.endswith("/py/bearoff.bin")] == [site.url("py/bearoff.bin")]
    assert answer == hint_in_cpython()
    assert answer["cube"]["win"] == 0.4822  # the database's figure (the race network says otherwise)


def test_the_database_comes_from_the_offline_copy(page: Page, site: Site, context: BrowserContext) -> None:
    page.goto(site.url("?no-welcome"))
    wait_for_engine_ready(page)
    wait_idle(page)
    wait_for_offline_copy(page)
    context.set_offline(True)
    try:
        page.reload()
        wait_for_engine_ready(page)
        assert hint_in_page(page, "./web/engine/bridge.js") == hint_in_cpython()
    finally:
        context.set_offline(False)


def test_without_the_database_the_race_network_judges(page: Page, site: Site) -> None:
    """A failed fetch (here the request aborted, as with no network and no offline copy) is no error."""
    page.route("**/py/bearoff.bin", lambda route: route.abort())
    page.goto(site.url("?no-sw&no-welcome"))
    wait_for_engine_ready(page)
    answer = hint_in_page(page, "./web/engine/bridge.js")
    assert answer["cube"]["action"] in ("no_double", "double", "too_good")
    assert answer["cube"]["win"] != hint_in_cpython()["cube"]["win"]
