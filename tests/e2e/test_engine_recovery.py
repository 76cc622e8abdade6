"""The engine's worker fails and the page carries on: it notices, says so, starts a new worker, gives it the
match back from the saved record (no dice rolled again) and answers the request that was in flight
(web/engine/engine.js, the watchdog in web/engine/bridge.js).

The failures are made by the test probe of test mode (`backgammonTestProbe`): `kill` terminates the worker
without a word, as the browser does to a worker under memory pressure; `hang` keeps it busy for ever;
`corrupt` leaves Python's session broken, as a fault in our code could, so that the next
request fails inside Python.
"""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

from .conftest import Site, screenshot
from .match_driver import (
    click_move,
    open_match,
    point,
    position_id,
    saved_record,
    status,
    steps,
    wait_after,
    wait_idle,
)

#: The heartbeat (2 s) plus the ping's budget (3 s), with room for a loaded machine.
NOTICED_MS = 10_000
#: A request's budget (15 s) plus a worker's start.
RESTARTED_MS = 60_000
#: The tests that wait out a request's budget shorten it (test mode only, web/engine/bridge.js).
SHORT_BUDGET = "&test-answer-budget=6000"


def actions(page: Page) -> list[dict[str, Any]]:
    """The actions of the game in progress, as saved."""
    game: list[dict[str, Any]] = saved_record(page)["games"][-1]["actions"]
    return game


def moves(page: Page) -> list[dict[str, Any]]:
    return [action for action in actions(page) if action.get("type") == "move"]


def restarts(page: Page) -> int:
    return int(page.get_attribute("html", "data-engine-restarts") or 0)


def wait_restarted(page: Page, count: int = 1) -> None:
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.engineRestarts || 0) >= n"
        " && document.documentElement.dataset.engine === 'ready'",
        arg=count,
        timeout=RESTARTED_MS,
    )
    wait_idle(page)


def break_until_given_up(page: Page) -> None:
    """Break the worker's Python session and read the match, on each new worker again, until the engine is
    given up. Broken sessions restart the worker at once (a dead one is first noticed after seconds): the same
    count of restarts, sooner. The fourth read fails; on a loaded machine a worker that does not answer for
    seconds counts as a failure too, so the page may give up one break sooner."""
    break_and_read = "async () => { await backgammonTestProbe.corrupt(); await backgammonTestProbe.view(); }"
    for count in range(1, 5):
        with contextlib.suppress(PlaywrightError):
            page.evaluate(break_and_read)
        if count == 4 or page.get_attribute("html", "data-engine") == "failed":
            break
        wait_restarted(page, count)


def test_a_worker_killed_while_idle_is_noticed_and_the_match_goes_on(page: Page, site: Site) -> None:
    open_match(page, site, "31,52,64,52")
    click_move(page, 8, 5)  # White plays the opening 3-1 halfway: the turn in progress is saved too
    before_id, before_status = position_id(page), status(page)
    before_record = saved_record(page)

    page.evaluate("backgammonTestProbe.kill()")
    page.wait_for_selector("html[data-engine='restarting']", state="attached", timeout=NOTICED_MS)
    expect(page.locator("#engine-status")).to_contain_text("The game engine stopped")
    wait_restarted(page)

    expect(page.locator("#notice")).to_contain_text("was started again")
    screenshot(page, "engine-restarted")
    assert position_id(page) == before_id
    assert status(page) == before_status  # the same dice, the 3 still to play
    assert saved_record(page) == before_record
    click_move(page, 6, 5)  # the new worker has the turn in progress: the 1 is there to play
    made = actions(page)[len(before_record["games"][-1]["actions"]) :]
    assert made[:1] == [{"type": "move", "from": 6, "to": 5}]
    assert restarts(page) == 1


def test_a_worker_killed_while_it_starts_is_replaced(page: Page, site: Site) -> None:
    # The browser may end a worker while Python is still loading (a phone short of memory, a second tab
    # starting): a worker that died is not one that cannot start, so a new one takes its place (a load that
    # fails is given up: test_a11y_page.py). Our package is held back: the first worker is still starting.
    held: list[Route] = []
    page.route("**/backgammon.zip", lambda route: held.append(route))
    page.goto(site.url(f"?test-dice=31,52&no-sw&no-welcome{SHORT_BUDGET}"))
    page.wait_for_function("() => globalThis.backgammonTestProbe !== undefined")
    assert page.get_attribute("html", "data-engine") == "loading"
    page.evaluate("backgammonTestProbe.kill()")
    page.unroute("**/backgammon.zip")  # the new worker's download goes through
    page.wait_for_selector("html[data-engine='restarting']", state="attached", timeout=RESTARTED_MS)
    wait_restarted(page)
    expect(page.locator("#engine-status")).to_be_hidden()
    expect(page.locator("#status")).not_to_contain_text("no answer")  # the technical words: in the console
    click_move(page, 8, 5)  # the new worker has the match: the opening 3-1 is played
    assert moves(page) == [{"type": "move", "from": 8, "to": 5}]


def test_a_request_caught_in_a_hung_worker_is_answered_by_the_new_one(page: Page, site: Site) -> None:
    open_match(page, site, "31,52,64,52", SHORT_BUDGET)
    before_id = position_id(page)
    page.evaluate("backgammonTestProbe.hang()")
    point(page, 8).click()
    before = steps(page)
    point(page, 5).click()  # sent to the hung worker: no answer, ever
    page.wait_for_selector("html[data-engine='restarting']", state="attached", timeout=RESTARTED_MS)
    wait_restarted(page)
    wait_after(page, before)
    assert position_id(page) != before_id
    assert moves(page) == [{"type": "move", "from": 8, "to": 5}]  # the move was made, once
    expect(page.locator("#notice")).to_contain_text("no answer for 6 s")


def test_a_broken_python_session_is_restored_from_the_record(page: Page, site: Site) -> None:
    open_match(page, site, "31,52,64,52")
    before_record = saved_record(page)
    page.evaluate("backgammonTestProbe.corrupt()")
    click_move(page, 8, 5)  # fails inside Python, then succeeds on a worker given the match back
    wait_restarted(page)
    expect(page.locator("#notice")).to_contain_text("was started again")
    assert actions(page) == [*before_record["games"][-1]["actions"], {"type": "move", "from": 8, "to": 5}]
    click_move(page, 6, 5)  # and the new worker goes on from there
    assert moves(page) == [{"type": "move", "from": 8, "to": 5}, {"type": "move", "from": 6, "to": 5}]


def test_the_computer_turn_goes_on_after_its_worker_dies(page: Page, site: Site) -> None:
    # Black, the computer, wins the opening roll; its worker dies as it starts to think.
    open_match(page, site, "31,13,64,52,31,62", SHORT_BUDGET)
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("computer")
    form.locator("select[name=level]").select_option("expert")
    form.locator("input[name=length]").fill("3")
    page.evaluate(
        """() => new MutationObserver((changes, observer) => {
            if (document.documentElement.dataset.busy === "thinking") {
                observer.disconnect();
                backgammonTestProbe.kill();
            }
        }).observe(document.documentElement, {attributes: true, attributeFilter: ["data-busy"]})"""
    )
    form.locator("button[value=start]").click()
    wait_restarted(page)
    page.wait_for_function(
        "() => ['roll', 'move'].includes(document.documentElement.dataset.phase)",
        timeout=RESTARTED_MS,
    )
    wait_idle(page)
    assert len(moves(page)) == 2, actions(page)  # the computer's 1-3, played once
    assert "White to" in status(page)


def test_an_engine_that_keeps_failing_is_given_up_with_the_match_saved(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    saved = saved_record(page)
    break_until_given_up(page)
    page.wait_for_selector("html[data-engine='failed']", state="attached", timeout=NOTICED_MS)
    assert page.get_attribute("html", "data-engine-restarts") == "3"  # given up at the 4th failure
    expect(page.locator("#engine-status")).to_contain_text("keeps failing")
    expect(page.locator("#engine-status")).to_contain_text("Your match is saved")
    assert saved_record(page) == saved
