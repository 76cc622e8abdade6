"""Match analysis and review in the page (web/review/review.js, web/analysis-*.js): a match is analysed in
the worker with a progress bar, the result is kept in the browser's storage beside the match, and review walks
the decisions by keys, buttons, the move list and the chart, the board showing the position before each one;
leaving review gives play back exactly as it stood. Depth 0 everywhere but the cancel test: the analysis
itself is tested in tests/core."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.units.node_esm import needs_node, run_module

from .conftest import Site, screenshot, wait_for_engine_ready
from .match_driver import (
    MATCH_KEY,
    button,
    click_move,
    open_match,
    phase,
    position_id,
    press_done,
    saved_record,
    status,
    wait_idle,
)
from .stored import store_text, stored_items, stored_text

ANALYSIS_KEY = "backgammon-test.analysis.v1"
PREFERENCES_KEY = "backgammon.preferences.v1"
ANALYSIS_TIMEOUT_MS = 90_000
# The progress counter once the first decisions are judged.
PROGRESS_STARTED = (
    "() => /^[1-9]\\d* of \\d+ decisions judged$/.test(document.getElementById('analysis-count').textContent)"
)

# Every text the analysis progress counter shows, and every state of the analysis, in the order they came.
WATCH_ANALYSIS = """
window.__progress = [];
window.__analysisStates = [];
window.__analysisTimes = [];
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) {
    const mode = document.documentElement.dataset.analysis ?? "";
    window.__longTasks.push({ms: Math.round(task.duration), mode});
  }
}).observe({type: "longtask"});
document.addEventListener("DOMContentLoaded", () => {
  const count = document.getElementById("analysis-count");
  new MutationObserver(() => window.__progress.push(count.textContent))
    .observe(count, {childList: true, characterData: true, subtree: true});
  new MutationObserver(() => {
    window.__analysisStates.push(document.documentElement.dataset.analysis);
    window.__analysisTimes.push(performance.now());
  }).observe(document.documentElement, {attributes: true, attributeFilter: ["data-analysis"]});
});
"""


def api_call(method: str, params: dict[str, Any]) -> dict[str, Any]:
    from backgammon import api

    answer: dict[str, Any] = json.loads(api.handle(json.dumps({"method": method, "params": params})))
    assert "error" not in answer, answer
    result: dict[str, Any] = answer.get("result", answer)
    return result


@cache
def computer_match(length: int = 1, seed: int = 6) -> dict[str, Any]:
    """A whole match of two computer players (beginner, intermediate), played in Python on seeded dice.

    Seed 6 gives the marked errors the review's tests need in the 1-point match (a new net plays other
    matches, and the tests say so when a match lacks them); `two_game_match` finds a 3-point match of two
    games."""
    rng = random.Random(seed)
    players = [
        {"name": "Wendy", "kind": "computer", "level": "beginner"},
        {"name": "Boris", "kind": "computer", "level": "intermediate"},
    ]
    settings = {"match_length": length, "crawford": True}
    result = api_call("new_match", {"settings": settings, "players": players})
    for _ in range(3000):
        action = api_call("bot_action", {})["action"]
        if action is None:
            break
        if action["type"] == "roll":
            action["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
        result = api_call("act", {"action": action})
        if action["type"] == "play" and result["view"]["phase"] == "move" and result["view"]["can_confirm"]:
            result = api_call("act", {"action": {"type": "confirm"}})
    assert result["view"]["phase"] == "match_over"
    record: dict[str, Any] = result["record"]
    return record


def python_analysis(record: dict[str, Any]) -> dict[str, Any]:
    """The review's analysis of `record` at depth 0, as the page's worker runs it, here in CPython."""
    job = api_call("analysis_start", {"record": record, "depth": 0})["job"]
    while not api_call("analysis_step", {"job": job, "budget_ms": 5000})["finished"]:
        pass
    analysis: dict[str, Any] = api_call("analysis_result", {"job": job})["analysis"]
    return analysis


@cache
def _two_game_match(clear_no_doubles: bool) -> str:
    for seed in range(3, 43):
        record = computer_match(length=3, seed=seed)
        if len(record["games"]) < 2:
            continue
        if clear_no_doubles:
            analysis = python_analysis(record)
            if len(decisions(analysis)) == sum(len(g["decisions"]) for g in analysis["games"]):
                continue
        return json.dumps(record)
    raise AssertionError("no 3-point match of two games or more in 40 seeds")


def two_game_match(*, clear_no_doubles: bool = False) -> dict[str, Any]:
    """A 3-point match of the computer players with two games or more (and with `clear_no_doubles`, turns
    whose no-double the review leaves out of its list): the first seed from 3 that plays one, so that a new
    net moves the match and not the tests."""
    record: dict[str, Any] = json.loads(_two_game_match(clear_no_doubles))
    return record


def open_saved(
    page: Page, site: Site, record: dict[str, Any], dice: str = "31", depth: int = 0, query: str = ""
) -> None:
    """Open the page in test mode with `record` as the saved match (and the analysis depth preference)."""
    page.add_init_script(WATCH_ANALYSIS)
    open_match(page, site, dice, query)
    envelope = {"format": "backgammon-match", "version": 1, "revision": 50, "savedAt": "", "tab": "x"}
    envelope["record"] = record
    store_text(page, MATCH_KEY, json.dumps(envelope))
    depth_preference = json.dumps({"analysisDepth": depth})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [PREFERENCES_KEY, depth_preference])
    reload(page)


def reload(page: Page) -> None:
    page.reload()
    wait_for_engine_ready(page)
    wait_idle(page)


def analyse(page: Page, depth: int = 0) -> None:
    """Start an analysis from the review panel at `depth`."""
    page.select_option("#analysis-depth", str(depth))
    page.click("#analysis-start")


def wait_analysis(page: Page, state: str = "done", timeout: float = ANALYSIS_TIMEOUT_MS) -> None:
    page.wait_for_selector(f"html[data-analysis='{state}']", state="attached", timeout=timeout)


def stored_analysis(page: Page) -> dict[str, Any]:
    text = stored_text(page, ANALYSIS_KEY)
    assert text, "no analysis saved"
    data: dict[str, Any] = json.loads(text)
    assert data["format"] == "backgammon-analyses"
    return data


def decisions(analysis: dict[str, Any]) -> list[dict[str, Any]]:
    """The decisions review steps through: all but the "no double"s that were neither close nor marked."""
    return [
        d
        for game in analysis["games"]
        for d in game["decisions"]
        if d["kind"] != "double" or d["played"] == "double" or d["mark"] or d["close"]
    ]


def at(page: Page) -> int:
    return int(page.get_attribute("#review-panel", "data-at") or -1)


def board_points(page: Page) -> list[int]:
    """The 24 points as the board's accessible names say (+ white = player 0, - black), absolute numbering.

    Read after the next two animation frames: the board draws what it was last given once per frame.
    """
    labels: list[list[str]] = page.evaluate(
        """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(
             [...document.querySelectorAll('#board .target.point')]
               .map(g => [g.dataset.loc, g.getAttribute('aria-label')])))))"""
    )
    points = [0] * 24
    for loc, label in labels:
        found = re.search(r"(\d+) (white|black) checkers?\b", label)
        if found:
            points[int(loc) - 1] = int(found[1]) * (1 if found[2] == "white" else -1)
    return points


def dice_shown(page: Page) -> list[int]:
    values: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#board .dice.current .die')].map(d => d.dataset.value)"
    )
    return sorted({int(v) for v in values})


def current_move_in_sight(page: Page) -> bool:
    """Whether the move list, long enough to scroll, shows the current decision's button whole, to a pixel (at
    the next frame, when the list is scrolled)."""
    in_sight: bool = page.evaluate(
        """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
             const box = document.getElementById('review-moves');
             const item = box.querySelector('[aria-current]').getBoundingClientRect();
             const seen = box.getBoundingClientRect();
             const scrolls = box.scrollHeight > box.clientHeight;
             done(scrolls && item.top > seen.top - 1 && item.bottom < seen.bottom + 1);
           })))"""
    )
    return in_sight


def check_board(page: Page, decision: dict[str, Any]) -> None:
    expect(page.locator("#review-decision")).to_contain_text(decision["position_id"])
    page.wait_for_function("() => new Promise(r => requestAnimationFrame(() => r(true)))")
    assert board_points(page) == decision["board"]["points"]
    if decision["kind"] == "move":
        assert dice_shown(page) == sorted(set(decision["dice"]))


def test_analyse_a_finished_match_then_review_it(page: Page, site: Site) -> None:
    open_saved(page, site, computer_match())
    assert phase(page) == "match_over"
    expect(page.locator("#result-analyse")).to_be_visible()
    page.click("#result-analyse")
    wait_analysis(page)
    # Progress was shown while it ran, then the figures of both players, the marks and the chart.
    progress = page.evaluate("window.__progress")
    assert any(re.fullmatch(r"\d+ of \d+ decisions judged", text) for text in progress), progress
    states: list[str] = page.evaluate("window.__analysisStates")
    assert states.count("running") == 1
    # The page stayed responsive while the analysis ran: the worker computes, the main thread only draws the
    # progress. Measured idle, no task of the main thread was over 50 ms; on a loaded machine one of 102 ms
    # was seen. Were the analysis computed on the main thread, each of its steps (150 ms of work) would be a
    # long task and they would fill the run: the long tasks must take under a quarter of it. The one task that
    # draws the finished review is left out (under 100 ms idle, 377 ms once at a load average of 15).
    times: list[float] = page.evaluate("window.__analysisTimes")
    running = states.index("running")
    running_ms = times[running + 1] - times[running]
    tasks = [task for task in page.evaluate("window.__longTasks") if task["mode"] == "running"]
    print(f"long tasks while the analysis ran for {running_ms:.0f} ms: {tasks}")
    assert sum(task["ms"] for task in tasks) < running_ms / 4, (running_ms, tasks)
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator("#play-panel")).to_be_hidden()
    summary = page.locator("#review-summary table")
    expect(summary).to_contain_text("Wendy")
    expect(summary).to_contain_text("Boris")
    expect(summary).to_contain_text("Performance rating")
    analysis = stored_analysis(page)["entries"][0]["analysis"]
    steps = decisions(analysis)
    marked = [i for i, d in enumerate(steps) if d["mark"]]
    assert marked, "the beginner made no marked error in this match"
    expect(page.locator("#review-moves .move-button")).to_have_count(len(steps))
    expect(page.locator("#review-moves .mark")).to_have_count(len(marked))
    expect(page.locator("#review-chart .mark-dot")).to_have_count(len(marked))
    assert at(page) == 0
    check_board(page, steps[0])
    screenshot(page, "review-first-decision")

    # Keys: Right, End, Home, Left.
    page.locator("#review-close").focus()
    page.keyboard.press("ArrowRight")
    assert at(page) == 1
    check_board(page, steps[1])
    page.keyboard.press("End")
    assert at(page) == len(steps) - 1
    check_board(page, steps[-1])
    assert current_move_in_sight(page)
    screenshot(page, "review-last-decision")
    page.keyboard.press("ArrowLeft")
    assert at(page) == len(steps) - 2
    page.keyboard.press("Home")
    assert at(page) == 0
    assert current_move_in_sight(page)
    page.locator("#review-moves").scroll_into_view_if_needed()  # the list on the screen, not scrolled inside
    expect(page.locator("#review-moves h4").first).to_be_in_viewport()  # "Game 1 …" above the first move
    # Buttons, the move list and the chart.
    page.click("#review-body [data-go=last]")
    assert at(page) == len(steps) - 1
    page.click("#review-body [data-go=previous]")
    assert at(page) == len(steps) - 2
    first_error = marked[0]
    page.locator(f"#review-moves button[data-at='{first_error}']").click()
    assert at(page) == first_error
    check_board(page, steps[first_error])
    current = page.locator(f"#review-moves button[data-at='{first_error}']")
    expect(current).to_have_attribute("aria-current", "step")
    d = steps[first_error]
    expect(page.locator("#review-decision")).to_contain_text(d["best"])
    if d["kind"] == "move":
        expect(page.locator("#board .arrow.error")).not_to_have_count(0)
        expect(page.locator("#board .arrow.best")).not_to_have_count(0)
    screenshot(page, "review-an-error")
    theme = page.evaluate("document.documentElement.dataset.theme")
    page.evaluate("document.documentElement.dataset.theme = 'contrast'")  # the arrows over yellow points
    screenshot(page, "review-an-error-contrast")
    page.evaluate("(theme) => { document.documentElement.dataset.theme = theme; }", theme)
    chart = page.locator("#review-chart svg")
    box = chart.bounding_box()
    assert box is not None
    chart.click(position={"x": box["width"] - 12, "y": box["height"] / 2})
    assert at(page) >= len(steps) - 3
    # The table alternative of the chart goes there too.
    page.click("#review-chart summary")
    page.locator("#review-chart table button").nth(2).click()
    assert at(page) == 2
    check_board(page, steps[2])

    # Leaving review: the match as it stood.
    page.click("#review-close")
    expect(page.locator("#review-panel")).to_be_hidden()
    expect(page.locator("#play-panel")).to_be_visible()
    assert phase(page) == "match_over"
    expect(page.locator("#result-banner")).to_be_visible()
    expect(page.locator("#board .arrow")).to_have_count(0)  # drawn at the board's next animation frame


def test_the_analysis_is_kept_and_not_computed_again_after_a_reload(page: Page, site: Site) -> None:
    open_saved(page, site, computer_match())
    page.click("#review-button")
    expect(page.locator("#analysis-note")).to_contain_text("not been analysed yet")
    analyse(page)
    wait_analysis(page)
    assert page.get_attribute("html", "data-analysis-source") == "computed"
    saved = stored_analysis(page)
    reload(page)
    page.click("#review-button")
    wait_analysis(page)
    # Read back from storage: no analysis was started in this page.
    assert page.get_attribute("html", "data-analysis-source") == "stored"
    assert page.get_attribute("html", "data-analysis-runs") is None
    expect(page.locator("#analysis-note")).to_contain_text("loaded from this browser's storage")
    assert page.evaluate("window.__analysisStates").count("running") == 0
    assert stored_analysis(page) == saved
    count = len(decisions(saved["entries"][0]["analysis"]))
    expect(page.locator("#review-moves .move-button")).to_have_count(count)


def test_the_match_went_on_after_its_analysis(page: Page, site: Site) -> None:
    page.add_init_script(WATCH_ANALYSIS)
    open_match(page, site, "31,52,64")
    click_move(page, 8, 5)
    click_move(page, 6, 5)  # White's 31
    press_done(page)  # Black to roll
    page.click("#review-button")
    analyse(page)
    wait_analysis(page)
    first = stored_analysis(page)["entries"][0]
    page.click("#review-close")
    # Play goes on: Black rolls 52 and plays.
    assert phase(page) == "roll"
    page.locator("#controls button[data-action=roll]").click()
    wait_idle(page)
    click_move(page, 12, 17)
    click_move(page, 12, 14)
    total = sum(len(game["actions"]) for game in saved_record(page)["games"])
    assert total > first["actions"]
    page.click("#review-button")
    wait_analysis(page)
    covers = f"covers the first {first['actions']} of the match's {total}"
    expect(page.locator("#analysis-note")).to_contain_text(covers)
    expect(page.locator("#review-summary")).to_contain_text("the match went on after it")
    analyse(page)
    expect(page.locator("#analysis-note")).to_contain_text("Analysis done", timeout=ANALYSIS_TIMEOUT_MS)
    entries = stored_analysis(page)["entries"]
    assert [e["actions"] for e in entries] == [total], "the newer analysis replaces the older one"
    expect(page.locator("#review-summary")).not_to_contain_text("went on")


def test_cancel_an_analysis(page: Page, site: Site) -> None:
    open_saved(page, site, computer_match(), depth=1)
    page.click("#review-button")
    expect(page.locator("#review-panel")).to_be_visible()
    assert page.input_value("#analysis-depth") == "1"
    page.click("#analysis-start")
    expect(page.locator("#analysis-progress")).to_be_visible()
    page.wait_for_function(
        PROGRESS_STARTED,
        timeout=ANALYSIS_TIMEOUT_MS,
    )
    page.click("#analysis-cancel")
    wait_analysis(page, "cancelled")
    expect(page.locator("#analysis-progress")).to_be_hidden()
    expect(page.locator("#analysis-note")).to_contain_text("Analysis cancelled")
    assert stored_text(page, ANALYSIS_KEY) is None
    # The worker is free again: a quick analysis goes through.
    analyse(page)
    wait_analysis(page)
    assert stored_analysis(page)["entries"][0]["analysis"]["depth"] == 0


def test_leaving_review_gives_play_back_exactly(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    click_move(page, 8, 5)  # half of White's 31: one checker still to move, the first can be taken back
    before = {"position": position_id(page), "status": status(page), "board": board_points(page)}
    page.click("#review-button")
    analyse(page)
    wait_analysis(page)
    page.keyboard.press("End")
    # Play keys do nothing in review: Enter does not roll, U does not undo.
    page.keyboard.press("u")
    page.locator("#review-close").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#review-panel")).to_be_hidden()
    assert position_id(page) == before["position"]
    assert status(page) == before["status"]
    assert board_points(page) == before["board"]
    expect(button(page, "undo")).to_be_enabled()
    # And play goes on from there.
    click_move(page, 6, 5)
    press_done(page)
    assert phase(page) == "roll"


def test_import_a_mat_file_review_it_and_play_it_on(page: Page, site: Site, tmp_path: Path) -> None:
    from backgammon.record import load_record

    try:
        from backgammon.formats import mat_import  # noqa: F401
    except ImportError:
        pytest.skip("backgammon.formats.mat_import (import_mat) is not there yet")
    from backgammon.formats.mat_export import export_mat

    record = two_game_match()
    # The first game only: an unfinished match, to play on.
    partial = dict(record, games=record["games"][:1])
    text = export_mat(load_record(partial))
    mat = tmp_path / "two-computers.mat"
    mat.write_text(text)

    open_match(page, site, "31,52")
    click_move(page, 8, 5)
    mine = saved_record(page)
    before = position_id(page)
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(mat))
    wait_idle(page)
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator("#review-source")).to_contain_text("two-computers.mat")
    expect(page.locator("#review-source")).to_contain_text("Your match in progress is unchanged")
    analyse(page)
    wait_analysis(page)
    expect(page.locator("#review-moves .move-button")).not_to_have_count(0)
    screenshot(page, "review-imported")
    assert saved_record(page) == mine
    # Play it on: asked in plain words; the match in progress is kept and comes back from Save / load.
    page.click("#review-continue")
    dialog = page.locator("#message-dialog")
    expect(dialog).to_contain_text("Your current match")
    dialog.locator("button[value=play]").click()
    wait_idle(page)
    expect(page.locator("#review-panel")).to_be_hidden()
    assert saved_record(page) != mine
    page.click("#match-file-button")
    page.click("#restore-previous")
    wait_idle(page)
    assert position_id(page) == before
    assert saved_record(page) == mine


GNUBG_MAT = Path(__file__).resolve().parents[1] / "core" / "data" / "mat" / "gnubg-1pt-seed5.mat"


def test_review_a_match_file_written_by_gnu_backgammon(page: Page, site: Site) -> None:
    if not GNUBG_MAT.exists():
        pytest.skip(f"{GNUBG_MAT.name} is not there")
    page.add_init_script(WATCH_ANALYSIS)
    open_match(page, site, "31")
    mine = saved_record(page)
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(GNUBG_MAT))
    wait_idle(page)
    expect(page.locator("#review-source")).to_contain_text("1-point match")
    expect(page.locator("#review-continue")).to_be_hidden()  # a finished match is for review only
    analyse(page)
    wait_analysis(page)
    steps = decisions(stored_analysis(page)["entries"][0]["analysis"])
    # The file's first line, 21: 13/11 24/23, in our notation's order.
    assert steps[0]["dice"] == [2, 1] and sorted(steps[0]["played"].split()) == ["13/11", "24/23"]
    for i in (0, 1, len(steps) // 2, len(steps) - 1):
        page.locator(f"#review-moves button[data-at='{i}']").click()
        check_board(page, steps[i])
    screenshot(page, "review-gnubg-file")
    page.click("#review-close")
    assert saved_record(page) == mine


@needs_node
def test_an_analysis_belongs_to_its_record_and_to_the_records_that_continue_it() -> None:
    """web/review/analysis-data.js and web/record.js under Node: which record an analysis covers, and the
    board view of a decision."""
    record = computer_match()
    found = run_module(
        'import * as data from "{WEB}/review/analysis-data.js"; import * as named from "{WEB}/record.js";',
        f"""
        const record = {json.dumps(record)};
        const n = named.countActions(record);
        const shorter = {{...record, games: [{{actions: record.games[0].actions.slice(0, 40)}}]}};
        const changed = structuredClone(shorter);
        changed.games[0].actions[0] = {{type: "roll", dice: [6, 6]}};
        const points = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];
        const start = {{points, bar: [0, 0], off: [0, 0]}};
        const cube = {{value: 2, owner: 1}};
        const take = {{kind: "take", player: 1, turn: 0, board: start, cube, dice: null}};
        const step = {{at: 0, game: 0, gameNumber: 1, score: [0, 0], decision: take}};
        const view = data.decisionView(step, record, 3);
        print({{
          n,
          prefix: named.recordFingerprint(record, 40) === named.recordFingerprint(shorter),
          changed: named.recordFingerprint(changed) === named.recordFingerprint(shorter),
          whole: named.recordFingerprint(record) === named.recordFingerprint(record, n),
          pips: data.pipsOf(start),
          cube: view.cube, phase: view.phase, dice: view.dice,
          equities: [data.formatEquity(0.0812), data.formatEquity(-0.0571), data.formatEquity(0)],
          stale: data.coverage({{actions: 40}}, record).stale,
        }});
        """,
    )
    assert found["n"] == sum(len(game["actions"]) for game in record["games"])
    assert found["prefix"] and found["whole"] and not found["changed"]
    assert found["pips"] == [167, 167]
    assert found["phase"] == "doubled" and found["dice"] == []
    assert found["cube"]["offered_by"] == 0 and found["cube"]["offered_value"] == 4
    assert found["equities"] == ["+0.081", "\N{MINUS SIGN}0.057", "0.000"]
    assert found["stale"] is True


def test_an_analysis_whose_worker_dies_starts_again_and_finishes(page: Page, site: Site) -> None:
    # The dead worker is noticed when its request's budget runs out: 6 s here (test mode), 15 s in play.
    open_saved(page, site, computer_match(), depth=1, query="&test-answer-budget=6000")
    page.click("#review-button")
    page.click("#analysis-start")
    page.wait_for_function(
        PROGRESS_STARTED,
        timeout=ANALYSIS_TIMEOUT_MS,
    )
    page.evaluate("backgammonTestProbe.kill()")
    # A new engine loads and the whole analysis runs again: 27 s on an idle machine, over 90 s when the
    # machine is shared with the rest of the suite.
    wait_analysis(page, timeout=4 * ANALYSIS_TIMEOUT_MS)
    assert page.get_attribute("html", "data-engine-restarts") == "1"
    progress: list[str] = page.evaluate("window.__progress")
    done = [int(text.split(" of ")[0]) for text in progress if " of " in text]
    assert any(later < earlier for earlier, later in pairwise(done)), progress  # it started over
    assert stored_analysis(page)["entries"][0]["analysis"]["depth"] == 1


def test_unreadable_saved_analyses_are_kept_aside_and_said(page: Page, site: Site) -> None:
    open_saved(page, site, computer_match())
    store_text(page, ANALYSIS_KEY, "{not json")
    page.click("#review-button")
    expect(page.locator("#review-panel")).to_contain_text("could not be read (it is not valid JSON)")
    backups = stored_items(page, ANALYSIS_KEY + ".backup.")
    assert list(backups.values()) == ["{not json"]
    analyse(page)
    wait_analysis(page)
    assert stored_analysis(page)["entries"][0]["analysis"]["depth"] == 0
