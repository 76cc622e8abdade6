"""A pool worker that dies during a rollout (web/engine/pool.js): it is replaced by a new one, the chunk it
was playing is played again, the player is told in words, and the result is the same, to the last bit, as a
rollout where nothing died. The worker is ended without a word, as the browser ends one under memory
pressure; the test page gives a pool worker's answer 30 s instead of ten minutes, so that its death is
noticed soon."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .match_driver import open_match
from .test_rollout_page import full_result, open_panel, result_rows, roll_out

# Cut at 2 plies: each trial's figures then depend on its own first (rotated) roll, so a trial lost or played
# twice would change the mean (at 1 ply, variance reduction makes every trial's figure the same).
DONE_AT_LEAST = "n => Number(document.getElementById('rollout-panel').dataset.done) >= n"


def test_a_pool_worker_that_dies_is_restarted_and_the_rollout_ends_the_same(page: Page, site: Site) -> None:
    open_match(page, site, "31", query="&test-answer-budget=30000")
    open_panel(page)
    roll_out(page, workers=1, truncation="2")
    page.wait_for_function(DONE_AT_LEAST, arg=2, timeout=400_000)
    assert page.evaluate("backgammonPoolProbe.kill(0)") is True
    expect(page.locator("#rollout-status")).to_contain_text("An engine stopped", timeout=120_000)
    rows = result_rows(page)
    panel = page.locator("#rollout-panel")
    assert int(panel.get_attribute("data-restarts") or "0") >= 1
    expect(page.locator("#rollout-status")).to_contain_text(
        "Done: 36 trials. An engine stopped and was started again; its trials were played again."
    )
    after_a_death = full_result(page)
    screenshot(page, "rollout-worker-restarted-desktop")

    # The same rollout with nothing dying: the same figures.
    roll_out(page, workers=1, truncation="2")
    assert result_rows(page) == rows
    assert panel.get_attribute("data-restarts") is None
    expect(page.locator("#rollout-status")).to_have_text("Done: 36 trials.")
    assert full_result(page) == after_a_death
