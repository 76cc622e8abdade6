"""World class shares its look two plies deep with the page's helper workers (web/play/think.js over
web/engine/pool.js): the real engines, one helper beside play's worker. The computer's move is the one the
core makes alone for the same match (tests/core/test_bot_share.py holds the chances to the last bit)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from backgammon import api
from backgammon.bot.methods import bot_action_method  # noqa: F401  (registers the bot's methods)

from .conftest import Site
from .match_driver import click_move, phase, press_button, saved_record, status
from .test_match_computer import WORLD_CLASS_MOVE_MS, start_against_computer


def last_play_cut(record: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The record before its last play (the moves and the confirm that end it), and that play's moves."""
    actions = record["games"][-1]["actions"]
    assert actions[-1]["type"] == "confirm"
    start = len(actions) - 1
    while actions[start - 1]["type"] == "move":
        start -= 1
    moves = [{"from": a["from"], "to": a["to"]} for a in actions[start:-1]]
    games = [*record["games"][:-1], {**record["games"][-1], "actions": actions[:start]}]
    return {**record, "games": games}, moves


def test_world_class_shares_its_look_ahead_with_a_helper_and_plays_as_alone(page: Page, site: Site) -> None:
    # Black (world class) wins the opening with 3-1; its helper starts as it thinks about it.
    start_against_computer(page, site, "13,64,52", level="world_class", query="&workers=1")
    expect(page.locator("#movelist")).to_contain_text("31: 8/5 6/5")
    # The helper is not waited for: the first move is shared only if it had started in time.
    page.wait_for_function("window.backgammonPoolProbe?.ready() === 1", timeout=WORLD_CLASS_MOVE_MS)
    first = page.evaluate("window.backgammonPoolProbe.jobs()")
    press_button(page, "roll")
    assert "White to move 6 and 4" in status(page)
    click_move(page, 24, 18)
    click_move(page, 18, 14)
    # Done, not press_done: that waits until the page is idle, and world class thinks for longer than a step.
    page.locator("#controls button[data-action='confirm']").click()
    # Black rolls 5-2 and thinks, its helper taking parts of the look two plies deep.
    expect(page.locator("#movelist")).to_contain_text("52:", timeout=WORLD_CLASS_MOVE_MS)
    page.wait_for_function("document.documentElement.dataset.phase === 'roll'", timeout=WORLD_CLASS_MOVE_MS)
    assert phase(page) == "roll" and "White to roll or double" in status(page)
    assert page.evaluate("window.backgammonPoolProbe.jobs()") > first
    before, played = last_play_cut(saved_record(page))
    api.call("load", {"record": before})
    alone = api.call("bot_action", {"level": "world_class"})["action"]
    assert alone == {"type": "play", "moves": played}
    expect(page.locator("#notice")).not_to_contain_text("started again")
