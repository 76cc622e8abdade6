"""Review as a gnubg, XG or Galaxy player expects it, and as a new player reads it (issue 28), in the
built page: the candidate plays with their chances, all of them on request, one shown on the board; the cube's
three equities and the error in the unit of checker errors; EMG or MWC as the player chooses; jumps to errors;
the figures of each game; the chart's legend and axis; point numbers that follow the player on roll; the move
list's keys; the words and counts a new player found wrong; an imported match reviewed again after a reload;
an analysis that goes on in the background. Screenshots at desktop and phone sizes."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site, screenshot
from .stored import stored_text
from .test_review import (
    ANALYSIS_KEY,
    PREFERENCES_KEY,
    PROGRESS_STARTED,
    analyse,
    at,
    decisions,
    open_saved,
    reload,
    stored_analysis,
    two_game_match,
    wait_analysis,
)

MINUS = "\N{MINUS SIGN}"


def analysed(page: Page, site: Site, record: dict[str, Any]) -> dict[str, Any]:
    """Open `record` as the saved match, analyse it at depth 0 in review; the analysis stored."""
    open_saved(page, site, record)
    page.click("#review-button")
    analyse(page)
    wait_analysis(page)
    found: dict[str, Any] = stored_analysis(page)["entries"][0]["analysis"]
    return found


def go_to(page: Page, i: int) -> None:
    page.locator(f"#review-moves button[data-at='{i}']").click()
    assert at(page) == i


def one_line(page: Page, row: str) -> bool:
    """Whether the controls of `row` (a flex row, its items centred) stand on one line: one middle height."""
    middles: list[float] = page.eval_on_selector_all(
        f"{row} > *",
        "els => els.map((e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; })",
    )
    return max(middles) - min(middles) < 1


def point_number(page: Page, loc: int) -> int:
    """The number absolute point `loc` carries in its accessible name ("Point 24, 2 black checkers")."""
    label: str = page.evaluate(
        """(loc) => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(
             document.querySelector(`#board .target.point[data-loc='${loc}']`)
               .getAttribute('aria-label')))))""",
        loc,
    )
    found = re.match(r"Point (\d+)\b", label)
    assert found, label
    return int(found[1])


def test_what_a_new_player_read_wrong_is_said_right(page: Page, site: Site) -> None:
    record = two_game_match(clear_no_doubles=True)
    analysis = analysed(page, site, record)
    steps = decisions(analysis)
    judged = sum(len(g["decisions"]) for g in analysis["games"])
    assert judged > len(steps)  # some turns' clear no-doubles are not listed
    # The progress counted every decision judged, and the review says what it lists of them.
    progress: list[str] = page.evaluate("window.__progress")
    assert f"{judged} of {judged} decisions judged" in progress, progress
    note = page.locator("#review-summary .note")
    expect(note).to_contain_text(f"{judged} decisions judged")
    expect(note).to_contain_text(
        f"the move list shows {len(steps)}: the {judged - len(steps)} clear no-doubles"
    )
    expect(page.locator("#review-where")).to_have_text(f"Decision 1 of {len(steps)} listed · game 1")
    # No "None" for a luck without a label, no "(1 decisions)" nor "(1 moves)", no "Awful!."
    panel = page.locator("#review-panel").inner_text()
    assert "None" not in panel and "n/a" not in panel
    assert not re.search(r"\b1 (decisions|moves|unforced moves|close decisions)\b", panel), panel
    assert "!." not in page.locator("#analysis-note").inner_text()
    for i, d in enumerate(steps):
        if d["kind"] == "move" and d["mark"] and d["plays"][0]["moves"]:
            go_to(page, i)
            legend = page.locator("#review-decision .arrow-legend")
            expect(legend).to_have_text("On the board:  the play made, an error;  the best play")
            break
    else:
        raise AssertionError("no marked play in this match")

    # The move list: one stop in the tab order; Up / Down / Right move through it and the focus follows.
    assert page.locator("#review-moves button[tabindex='0']").count() == 1
    go_to(page, 3)
    current = page.locator("#review-moves button[data-at='3']")
    current.focus()
    page.keyboard.press("ArrowDown")
    assert at(page) == 4
    expect(page.locator("#review-moves button[data-at='4']")).to_be_focused()
    page.keyboard.press("ArrowRight")
    assert at(page) == 5
    expect(page.locator("#review-moves button[data-at='5']")).to_be_focused()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert at(page) == 3
    expect(current).to_be_focused()
    expect(current).to_have_attribute("tabindex", "0")
    assert page.locator("#review-moves button[tabindex='0']").count() == 1


def test_candidates_with_their_chances_all_on_request_and_one_on_the_board(page: Page, site: Site) -> None:
    analysis = analysed(page, site, two_game_match())
    steps = decisions(analysis)
    i, d = next(
        (i, d) for i, d in enumerate(steps) if d["kind"] == "move" and len(d["plays"]) >= 8 and d["mark"]
    )
    go_to(page, i)
    table = page.locator("#review-decision .plays-table")
    rows = table.locator("tr.play-row")
    made_at = next(n for n, p in enumerate(d["plays"]) if p["played"])
    expect(rows).to_have_count(5 + (1 if made_at >= 5 else 0))
    best = d["plays"][0]
    chances = table.locator("tr.chances-row").first
    pc = {k: f"{v * 100:.1f}" for k, v in best.items() if k.startswith(("win", "lose_"))}
    lose = f"{(1 - best['win']) * 100:.1f}"
    expect(chances).to_contain_text(
        f"{pc['win']} {pc['win_gammon']} {pc['win_backgammon']} – "
        f"{lose} {pc['lose_gammon']} {pc['lose_backgammon']}"
    )
    expect(chances.locator("td")).to_have_attribute(
        "aria-label", re.compile(rf"^wins {pc['win']}%, gammons {pc['win_gammon']}%")
    )
    expect(table.locator("th").nth(2)).to_have_text("Equity (EMG)")
    expect(table.locator("tr.play-row").first.locator("td").nth(2)).to_have_text(
        f"{best['equity']:+.3f}".replace("-", MINUS)
    )
    page.click("#review-decision button[data-more-plays='all']")
    expect(rows).to_have_count(len(d["plays"]))
    expect(page.locator("#review-decision button[data-more-plays]")).to_be_focused()
    screenshot(page, "review-all-candidates")
    # A candidate chosen shows on the board, alone; chosen again, the play made and the best are back.
    pick = len(d["plays"]) - 1
    page.click(f"#review-decision button[data-candidate='{pick}']")
    expect(page.locator("#board .arrow.chosen")).not_to_have_count(0)
    expect(page.locator("#board .arrow.error")).to_have_count(0)
    expect(page.locator(f"#review-decision button[data-candidate='{pick}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator("#review-decision .arrow-legend")).to_contain_text(
        f"{d['plays'][pick]['play']}, chosen from the list"
    )
    expect(rows).to_have_count(len(d["plays"]))  # the list stays as it was
    screenshot(page, "review-a-candidate-on-the-board")
    page.click(f"#review-decision button[data-candidate='{pick}']")
    expect(page.locator("#board .arrow.chosen")).to_have_count(0)
    expect(page.locator("#board .arrow.error")).not_to_have_count(0)
    # Another decision: the first five again, nothing chosen.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board .arrow.chosen")).to_have_count(0)


def mwc_difference(d: dict[str, Any], error: float) -> float:
    """An error (mEMG) in per cent of match winning chance by the decision's scale, as the page shows it; the
    analysis's `error_mwc` is the same kept to three decimals, which can round the other way at two."""
    scale = d["mwc_scale"]
    shown: float = error / 1000 * (scale["win"] - scale["lose"]) / 2 * 100
    assert abs(shown - d["error_mwc"]) < 0.001
    return shown


def test_cube_decisions_and_every_figure_in_the_unit_chosen(page: Page, site: Site) -> None:
    analysis = analysed(page, site, two_game_match())
    steps = decisions(analysis)
    i, d = next((i, d) for i, d in enumerate(steps) if d["kind"] == "double" and d["played"] == "double")
    go_to(page, i)
    cube = page.locator("#review-decision .cube-table")
    expect(cube.locator("tr")).to_have_count(4)
    c = d["cube_equities"]
    expect(cube).to_contain_text(f"{c['no_double']:+.3f}".replace("-", MINUS))
    expect(cube).to_contain_text(f"{c['double_take']:+.3f}".replace("-", MINUS))
    verdict = page.locator("#review-decision .cube-verdict")
    if d["error"] > 0:
        expect(verdict).to_contain_text(f"Doubling cost {d['error'] / 1000:.3f} EMG")
    else:
        expect(verdict).to_contain_text("Doubling was right")
    screenshot(page, "review-cube-emg")
    # MWC, as the player chooses in a match: the equities, the error and the summary follow, named.
    expect(page.locator("#review-unit-choice")).to_be_visible()
    page.select_option("#review-unit", "mwc")
    expect(cube.locator("th").nth(1)).to_have_text("MWC")
    scale = d["mwc_scale"]
    no_double = (scale["lose"] + (c["no_double"] + 1) * (scale["win"] - scale["lose"]) / 2) * 100
    expect(cube).to_contain_text(f"{no_double:.1f}%")
    if d["error"] > 0:
        expect(verdict).to_contain_text(f"cost {mwc_difference(d, d['error']):.2f}% MWC")
    expect(page.locator("#review-summary caption")).to_contain_text("MWC: per cent of match winning chance")
    expect(page.locator("#review-summary table")).to_contain_text("%")
    screenshot(page, "review-cube-mwc")
    # A marked play in MWC.
    j, m = next(
        (j, m) for j, m in enumerate(steps) if m["kind"] == "move" and m["mark"] and m["luck"] is not None
    )
    go_to(page, j)
    made = page.locator("#review-decision .made")
    expect(made).to_contain_text(f"{MINUS}{mwc_difference(m, m['error']):.2f}% MWC")
    expect(page.locator("#review-decision .luck-line")).to_contain_text("% MWC")
    # The choice is kept for the next review.
    reload(page)
    page.click("#review-button")
    wait_analysis(page)
    expect(page.locator("#review-unit")).to_have_value("mwc")
    assert stored_text(page, ANALYSIS_KEY)
    assert '"reviewUnit":"mwc"' in (page.evaluate("(k) => localStorage.getItem(k)", PREFERENCES_KEY) or "")


def test_jumps_to_errors_figures_per_game_the_charts_legend_and_the_point_numbers(
    page: Page, site: Site
) -> None:
    analysis = analysed(page, site, two_game_match())
    steps = decisions(analysis)
    names = [p["name"] for p in analysis["players"]]
    # At 1280 x 800 the steps are one row, and so are the jumps: "Next error ▶" not on a line of its own.
    for row in ("#review-body .review-nav", "#review-body .review-jumps"):
        assert one_line(page, row), row
    # Next error of either player, then the blunders of one player, forward and back.
    errors = [i for i, d in enumerate(steps) if d["mark"]]
    page.click("#review-jump-next")
    assert at(page) == errors[0]
    page.click("#review-jump-next")
    assert at(page) == errors[1]
    who = steps[errors[0]]["player"]
    blunders = [i for i, d in enumerate(steps) if d["mark"] == "very_bad" and d["player"] == who]
    assert len(blunders) >= 2, blunders
    page.select_option("#review-jump-kind", "very_bad")
    page.select_option("#review-jump-who", str(who))
    page.locator("#review-body [data-go=first]").click()
    page.click("#review-jump-next")
    assert at(page) == blunders[0]
    page.click("#review-jump-next")
    assert at(page) == blunders[1]
    page.click("#review-jump-previous")
    assert at(page) == blunders[0]
    page.click("#review-jump-previous")
    assert at(page) == blunders[0]
    expect(page.locator("#review-where")).to_have_text(
        f"No blunder of {names[who]} before decision {blunders[0] + 1}"
    )

    # The figures of one game.
    game = analysis["games"][1]
    page.select_option("#review-summary-game", "1")
    summary = page.locator("#review-summary table")
    expect(summary.locator("caption")).to_contain_text("in game 2")
    for p in game["players"]:
        if p["unforced_moves"]:
            expect(summary).to_contain_text(f"{p['overall_error_rate']:.1f}".replace("-", MINUS))
    screenshot(page, "review-game-2-figures")

    # The chart: a legend for its marks, and the decisions' numbers along the bottom.
    legend = page.locator("#review-chart .chart-legend")
    expect(legend).to_contain_text("very bad ??")
    expect(legend).to_contain_text("a swing of 20% or more")
    ticks = page.locator("#review-chart svg text.axis").all_text_contents()
    assert "1" in ticks and "60" in ticks and "No." in ticks, ticks

    # The point numbers are those of the player on roll, and are the board's own again after review.
    zero = next(i for i, d in enumerate(steps) if d["turn"] == 0)
    one = next(i for i, d in enumerate(steps) if d["turn"] == 1)
    go_to(page, zero)
    assert (point_number(page, 1), point_number(page, 24)) == (1, 24)
    numbers = page.locator("#board text.point-number").all_text_contents()
    go_to(page, one)
    assert (point_number(page, 1), point_number(page, 24)) == (24, 1)
    # the numbers drawn on the wood too: each point's number counted from the other side
    assert [int(n) for n in page.locator("#board text.point-number").all_text_contents()] == [
        25 - int(n) for n in numbers
    ]
    screenshot(page, "review-numbers-of-the-player-on-roll")
    page.click("#review-close")
    page.wait_for_function("() => new Promise(r => requestAnimationFrame(() => r(true)))")
    assert page.locator("#board text.point-number").all_text_contents() == numbers


def test_a_match_resigned_before_any_decision_has_nothing_to_judge(page: Page, site: Site) -> None:
    from .test_review import api_call

    players = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    api_call("new_match", {"settings": {"match_length": 1}, "players": players})
    api_call("act", {"action": {"type": "roll", "dice": [3, 1]}})
    api_call("act", {"action": {"type": "resign", "points": 1}})
    result = api_call("act", {"action": {"type": "accept_resign"}})
    assert result["view"]["phase"] == "match_over"
    analysis = analysed(page, site, result["record"])
    assert all(p["unforced_moves"] + p["close_cube_decisions"] == 0 for p in analysis["players"])
    expect(page.locator("#analysis-note")).to_contain_text(
        "Ann: no decision to judge. Bob: no decision to judge."
    )
    expect(page.locator("#review-summary table")).to_contain_text("no decision to judge")
    assert "n/a" not in page.locator("#review-panel").inner_text()


def test_review_at_phone_sizes(page: Page, site: Site) -> None:
    analysis = analysed(page, site, two_game_match())
    steps = decisions(analysis)
    i = next(i for i, d in enumerate(steps) if d["kind"] == "move" and len(d["plays"]) >= 8 and d["mark"])
    c = next(i for i, d in enumerate(steps) if d["kind"] == "double" and d["played"] == "double")
    for width, height in ((390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        go_to(page, i)
        page.click("#review-decision button[data-more-plays='all']")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"review-phone-{width}x{height}-candidates")
        page.locator("#review-decision .plays-table").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot(page, f"review-phone-{width}x{height}-candidates-seen")))
        go_to(page, c)
        # Upright, the decision comes right under the board and the steps.
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(screenshot(page, f"review-phone-{width}x{height}-cube")))


def test_an_imported_match_under_review_is_reviewed_again_after_a_reload(
    page: Page, site: Site, tmp_path: Any
) -> None:
    from backgammon.formats.mat_export import export_mat
    from backgammon.record import load_record

    from .match_driver import click_move, open_match, position_id, saved_record, wait_idle

    mat = tmp_path / "two-computers.mat"
    mat.write_text(export_mat(load_record(two_game_match())))
    open_match(page, site, "31,52")
    click_move(page, 8, 5)
    mine, before = saved_record(page), position_id(page)
    page.click("#match-file-button")
    page.set_input_files("#import-file", str(mat))
    wait_idle(page)
    analyse(page)
    wait_analysis(page)
    count = page.locator("#review-moves .move-button").count()
    reload(page)
    # The same review, its analysis read back from storage at once; the match in progress untouched.
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator("#review-source")).to_contain_text("Opened from two-computers.mat")
    wait_analysis(page)
    assert page.get_attribute("html", "data-analysis-source") == "stored"
    expect(page.locator("#review-moves .move-button")).to_have_count(count)
    assert saved_record(page) == mine
    screenshot(page, "review-imported-after-a-reload")
    # Back to the match: a reload then shows the match in progress, not the review.
    page.click("#review-close")
    reload(page)
    expect(page.locator("#review-panel")).to_be_hidden()
    expect(page.locator("#play-panel")).to_be_visible()
    assert position_id(page) == before


def test_the_analysis_goes_on_in_the_background_when_the_player_goes_back_to_the_game(
    page: Page, site: Site
) -> None:
    from .match_driver import phase

    open_saved(page, site, two_game_match(), depth=1)
    page.click("#review-button")
    page.click("#analysis-start")
    page.wait_for_function(PROGRESS_STARTED, timeout=90_000)
    # Back to the game: the run goes on, its progress on the button that opens review.
    page.click("#review-close")
    expect(page.locator("#review-panel")).to_be_hidden()
    assert page.get_attribute("html", "data-analysis") == "background"
    expect(page.locator("#review-button")).to_have_text(re.compile(r"^Analyse / review \(analysing, \d+%\)$"))
    assert phase(page) == "match_over"
    expect(page.locator("#result-banner")).to_be_visible()
    # Review again meanwhile: the same run, taken up where it is, not started again.
    page.click("#review-button")
    expect(page.locator("#analysis-progress")).to_be_visible()
    expect(page.locator("#analysis-note")).to_contain_text("The analysis started before goes on")
    assert page.get_attribute("html", "data-analysis-runs") == "1"
    page.click("#review-close")
    # It ends while the game is shown: saved, said, and the button is plain again.
    page.wait_for_selector("html[data-analysis='background-done']", state="attached", timeout=180_000)
    expect(page.locator("#review-button")).to_have_text("Analyse / review")
    analysis = stored_analysis(page)["entries"][0]["analysis"]
    assert analysis["depth"] == 1 and analysis["complete"]
    page.click("#review-button")
    wait_analysis(page)
    assert page.get_attribute("html", "data-analysis-source") == "stored"
    assert page.get_attribute("html", "data-analysis-runs") == "1"
    expect(page.locator("#review-moves .move-button")).to_have_count(len(decisions(analysis)))
