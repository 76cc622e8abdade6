"""An automated accessibility audit with axe-core (the npm devDependency, never shipped in dist/): the match
page at the start of a turn and while a complete play waits for Done, its New match, Preferences and Share
dialogs, the position editor, the first visit's welcome, the review of an analysed match, a tutorial lesson
and an embedded lesson must show no WCAG 2.0/2.1 A or AA violation that axe rates serious or critical. On a
phone (390x844 and 844x390) every dialog and panel is audited with WCAG 2.2's rules too, `target-size` among
them, in test_targets.py, which also measures each control.

axe.min.js is evaluated from node_modules through Playwright (the DevTools protocol), which the pages'
Content-Security-Policy does not govern: the pages run with their policy on, as on the built site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import REPO_ROOT, Site
from .match_driver import click_move, open_match
from .test_tutorial import Tutorial

AXE_SCRIPT = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING_IMPACTS = ("serious", "critical")


def audit(page: Page, what: str, extra_tags: list[str] | None = None) -> None:
    """Run axe on the page's whole document; fail listing each serious or critical violation. `extra_tags`
    adds rules (`["wcag22aa"]`: WCAG 2.2's, among them `target-size`, which is off by default)."""
    if not AXE_SCRIPT.exists():
        pytest.fail(f"{AXE_SCRIPT} is missing: run `npm ci`")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
        # (a <script> tag added to the page would be refused by its `script-src 'self'`).
        page.evaluate("() => {\n" + AXE_SCRIPT.read_text() + "\n}")
    results: dict[str, Any] = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", WCAG_TAGS + (extra_tags or [])
    )
    violations = [v for v in results["violations"] if v.get("impact") in BLOCKING_IMPACTS]
    assert not violations, f"axe found accessibility violations on {what}:\n" + describe(violations)


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        rule = f"{violation['id']} ({violation['impact']})"
        lines.append(f"- {rule}: {violation['help']} <{violation['helpUrl']}>")
        for node in violation["nodes"]:
            target = " ".join(str(part) for part in node["target"])
            lines.append(f"    {target}: {node.get('failureSummary', '').replace(chr(10), ' ')}")
    return "\n".join(lines)


def test_the_match_page_its_dialogs_a_complete_play_and_the_editor(page: Page, site: Site) -> None:
    """One match page, audited at the start of a turn, with each of its dialogs open in turn (each closed by
    Escape), while a complete play waits for Done, and in the position editor."""
    open_match(page, site, "31,52")
    audit(page, "the match page at the start of a turn")
    for button, dialog in [
        ("#new-match-button", "new-match-dialog"),
        ("#preferences-button", "preferences-dialog"),
        ("#share-button", "share-dialog"),
    ]:
        page.click(button)
        page.wait_for_selector(f"#{dialog}[open]")
        if dialog == "share-dialog":
            page.wait_for_function("() => document.getElementById('share-match-link').value !== ''")
        audit(page, f"the match page with the {dialog} open")
        page.keyboard.press("Escape")
        page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    audit(page, "the match page while a complete play waits for Done")
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    page.wait_for_function("() => document.documentElement.dataset.setupCheck === 'ok'")
    audit(page, "the position editor with the position's three IDs")
    page.fill("#setup-paste", "XGID=nonsense")
    page.press("#setup-paste", "Enter")
    page.wait_for_selector("#setup-paste-error:not(:empty)")
    page.click("#setup-clear")  # with its list of problems showing
    page.wait_for_function("() => document.documentElement.dataset.setupCheck === 'problems'")
    page.locator("#board .target[data-loc='6']").click(modifiers=["Shift"])  # nothing to take away: refused
    page.wait_for_selector("#setup-refused:not([hidden])")
    audit(page, "the position editor showing what is wrong, a refused tap, and a pasted text it cannot read")


def test_welcome_of_a_first_visit(page: Page, site: Site) -> None:
    page.goto(site.url("?test-dice=31,52&no-sw"))  # no ?no-welcome: nothing is saved, so the welcome opens
    page.wait_for_selector("html[data-engine='ready'][data-welcome='open']", state="attached", timeout=60_000)
    audit(page, "the match page with the first visit's welcome open")


def test_review_of_an_analysed_match(page: Page, site: Site) -> None:
    from .test_review import computer_match, open_saved, wait_analysis

    open_saved(page, site, computer_match())
    page.click("#result-analyse")
    wait_analysis(page)
    page.keyboard.press("End")
    page.click("#review-chart summary")  # the chart's table is audited too
    audit(page, "the review of an analysed match, with the chart's table open")


def test_tutorial_lesson(page: Page, site: Site) -> None:
    page.goto(site.url("tutorial.html#entering"))
    Tutorial(page.main_frame).wait_ready("entering")
    if not page.evaluate("document.getElementById('menu').open"):
        page.click("#menu summary")  # the lesson menu's links are audited too, not only its summary
    page.wait_for_selector("#menu[open] #menu-list a", state="visible")
    audit(page, "a tutorial lesson with the lesson menu open")


def test_tutorial_embedded(page: Page, site: Site) -> None:
    page.goto(site.url("tutorial.html?embed=1#bear-off"))
    Tutorial(page.main_frame).wait_ready("bear-off")
    assert page.evaluate("document.body.classList.contains('embed')")
    audit(page, "the tutorial in embed mode")


def test_axe_is_not_shipped(site: Site) -> None:
    assert not list(Path(site.dist).rglob("axe*.js")), "axe-core is a test tool, not part of the site"
