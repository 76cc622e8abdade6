"""Themes (web/theme-start.js, the custom properties of board.css, app.css, review.css, tutorial.css) and the
device's wishes: for each theme, chosen in Preferences or followed from the device (`prefers-color-scheme:
dark`, `prefers-contrast: more`, `forced-colors: active`), the axe audit of the match page, its Preferences
dialog and a tutorial lesson, and WCAG's contrast measured on the board itself (tests/e2e/board_colors.py),
with a screenshot of the board under test-results/themes/. Also: Automatic follows the device live, a choice
outlives a reload and applies before the first paint, and `prefers-reduced-motion: reduce` turns the checkers'
glide off unless the player picked a speed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .board_colors import check_board
from .conftest import RESULTS_DIR, Site, wait_for_engine_ready, watch_problems
from .match_driver import click_move, next_frame, open_match, position_id, press_button, wait_idle
from .test_axe import audit
from .test_match_preferences import TIME_GLIDES, set_preferences
from .test_tutorial import Tutorial

SHOTS = RESULTS_DIR / "themes"
# A position with everything the board draws text on: stacks of 7 (count labels) for both sides, checkers
# borne off, the cube owned at 2, a 5-point match at 2-1, the dice rolled; once for each side on roll.
POSITION = "-b----G-A---gC---c-a----B-"
XGIDS = {
    "top on roll": f"XGID={POSITION}:1:1:1:52:2:1:0:5:10",
    "bottom on roll": f"XGID={POSITION}:1:-1:-1:43:2:1:0:5:10",
}
THEME_COLORS = {"classic": "#2f6b3f", "dark": "#15181c", "contrast": "#000000"}


@dataclass(frozen=True)
class Way:
    """How a theme comes about: chosen in the Preferences dialog, or the device's media with Automatic."""

    name: str
    theme: str
    chosen: str = "auto"
    color_scheme: Literal["dark", "light"] | None = None
    contrast: Literal["more"] | None = None
    forced_colors: Literal["active"] | None = None

    @property
    def slug(self) -> str:
        return self.name.replace(",", "").replace(" ", "-")


WAYS = [
    Way("classic chosen", "classic", chosen="classic"),
    Way("dark chosen", "dark", chosen="dark"),
    Way("high contrast chosen", "contrast", chosen="contrast"),
    Way("automatic, light device", "classic", color_scheme="light"),
    Way("automatic, dark device", "dark", color_scheme="dark"),
    Way("automatic, more contrast", "contrast", contrast="more"),
    Way("automatic, forced colours", "contrast", forced_colors="active"),
]


@pytest.fixture
def themed(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, Way]]:
    way: Way = request.param
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        color_scheme=way.color_scheme,
        contrast=way.contrast,
        forced_colors=way.forced_colors,
    )
    page = context.new_page()
    problems = watch_problems(page)
    try:
        yield page, way
        assert problems.all == [], f"the page reported problems: {problems.all}"
    finally:
        context.close()


def choose_theme(page: Page, theme: str) -> None:
    set_preferences(page, theme=theme)
    expect(page.locator("html")).to_have_attribute("data-theme-choice", theme)


# Finite animations (the dice's tumble fades them in) still running: colours are measured once they end.
ANIMATIONS_DONE = """() => document.getAnimations().every(
  (a) => a.playState !== "running" || !Number.isFinite(a.effect.getComputedTiming().endTime))"""


def open_position(page: Page, site: Site, xgid: str, in_page: bool = False) -> None:
    """The position's link opened: loaded afresh, or `in_page` pasted into the address of the page already
    open (one Python start less; the link taken from the address once it is opened)."""
    link = f"#v=1&position={xgid}"
    if in_page:
        page.evaluate("(link) => { location.hash = link; }", link)
        page.wait_for_function("() => location.hash === ''")
    else:
        page.goto(site.url(f"?no-sw&no-welcome{link}"))
        wait_for_engine_ready(page)
    wait_idle(page)
    # The board draws the position at its next animation frame, which may come after the page is idle: its
    # animations (the dice's tumble) start then.
    next_frame(page)
    page.wait_for_function(ANIMATIONS_DONE)


def board_contrast(page: Page, selector: str, theme: str, what: str, full: bool = True) -> list[str]:
    failures, checked = check_board(page, selector, high_contrast=theme == "contrast", full=full)
    assert len(checked) >= 20, f"too little measured on {what}: {checked}"
    return [f"{what}: {failure}" for failure in failures]


@pytest.mark.parametrize("themed", WAYS, ids=[w.slug for w in WAYS], indirect=True)
def test_each_theme_passes_axe_and_the_board_keeps_its_contrast(themed: tuple[Page, Way], site: Site) -> None:
    page, way = themed
    open_match(page, site, "31,52")
    if way.chosen != "auto":
        choose_theme(page, way.chosen)
    html = page.locator("html")
    expect(html).to_have_attribute("data-theme", way.theme)
    expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", THEME_COLORS[way.theme])
    audit(page, f"the match page ({way.name})")
    page.click("#preferences-button")
    page.wait_for_selector("#preferences-dialog[open]")
    expect(page.locator("#preferences-form select[name=theme]")).to_have_value(way.chosen)
    audit(page, f"the Preferences dialog ({way.name})")
    page.keyboard.press("Escape")

    failures: list[str] = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    slug = way.slug
    shown: list[str] = []
    for number, (side, xgid) in enumerate(XGIDS.items()):
        open_position(page, site, xgid, in_page=number > 0)
        shown.append(position_id(page))
        expect(html).to_have_attribute("data-theme", way.theme)  # the choice outlived the first one's reload
        page.locator("#board").screenshot(path=str(SHOTS / f"{slug}-{side.replace(' ', '-')}.png"))
        failures += board_contrast(page, "#board svg", way.theme, f"the board, {side}")

    assert len(set(shown)) == len(XGIDS), f"the same position measured twice: {shown}"

    page.goto(site.url("tutorial.html#entering"))
    Tutorial(page.main_frame).wait_ready("entering")
    expect(html).to_have_attribute("data-theme", way.theme)
    page.wait_for_function(ANIMATIONS_DONE)
    audit(page, f"a tutorial lesson ({way.name})")
    page.locator("#board").screenshot(path=str(SHOTS / f"{slug}-tutorial.png"))
    failures += board_contrast(page, "#board svg", way.theme, "the tutorial's board", full=False)
    assert not failures, "contrast under WCAG's minimum:\n" + "\n".join(failures)


def test_an_embedded_lesson_follows_the_device_and_not_the_sites_choice(browser: Browser, site: Site) -> None:
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        page.add_init_script(
            "localStorage.setItem('backgammon.preferences.v1', JSON.stringify({theme: 'contrast'}))"
        )
        page.goto(site.url("tutorial.html?embed=1#bear-off"))
        Tutorial(page.main_frame).wait_ready("bear-off")
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        audit(page, "the tutorial in embed mode, dark")
    finally:
        context.close()


def test_automatic_follows_the_device_live_and_a_choice_persists(page: Page, site: Site) -> None:
    html = page.locator("html")
    page.emulate_media(color_scheme="light")
    open_match(page, site, "31,52")
    expect(html).to_have_attribute("data-theme", "classic")
    expect(html).to_have_attribute("data-theme-choice", "auto")
    page.emulate_media(color_scheme="dark")  # no reload: the page listens
    expect(html).to_have_attribute("data-theme", "dark")
    expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", THEME_COLORS["dark"])
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == "rgb(21, 24, 28)"
    page.emulate_media(contrast="more")
    expect(html).to_have_attribute("data-theme", "contrast")
    page.emulate_media(contrast="no-preference", color_scheme="light")
    expect(html).to_have_attribute("data-theme", "classic")

    choose_theme(page, "dark")  # a choice wins over the device
    expect(html).to_have_attribute("data-theme", "dark")
    page.emulate_media(color_scheme="light", contrast="more")
    expect(html).to_have_attribute("data-theme", "dark")
    page.reload()
    wait_for_engine_ready(page)
    expect(html).to_have_attribute("data-theme", "dark")
    page.click("#preferences-button")
    expect(page.locator("#preferences-form select[name=theme]")).to_have_value("dark")
    page.locator("#preferences-form button[value=cancel]").click()

    choose_theme(page, "auto")  # back to the device's choice
    expect(html).to_have_attribute("data-theme", "contrast")


# Records the theme and the page's background at the first animation frame, which comes before the first
# paint.
FIRST_FRAME = """
requestAnimationFrame(() => {
  const root = document.documentElement;
  // the match page paints its background on <html>, the tutorial on <body>
  const painted = [root, document.body].filter(Boolean).map((el) => getComputedStyle(el).backgroundColor);
  const background = painted.find((c) => c !== "rgba(0, 0, 0, 0)");
  window.__firstFrame = {theme: root.dataset.theme ?? null, background};
});
"""


def test_a_saved_dark_theme_is_there_before_the_first_paint(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    page.goto(site.url("?no-sw&no-welcome"))
    wait_for_engine_ready(page)
    choose_theme(page, "dark")
    page.add_init_script(FIRST_FRAME)
    for url in ("?no-sw&no-welcome", "tutorial.html#entering"):
        page.goto(site.url(url))
        page.wait_for_function("() => window.__firstFrame !== undefined")
        first: dict[str, Any] = page.evaluate("window.__firstFrame")
        assert first == {"theme": "dark", "background": "rgb(21, 24, 28)"}, url


def test_reduced_motion_turns_the_glide_off_unless_the_player_picked_a_speed(
    browser: Browser, site: Site
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.add_init_script(TIME_GLIDES)
        open_match(page, site, "31")

        def glides() -> list[float]:
            page.evaluate("window.__glides = []")
            click_move(page, 8, 5)
            page.wait_for_function("() => !document.querySelector('#board .flying')")  # every glide landed
            found: list[float] = page.evaluate("window.__glides")
            press_button(page, "undo")
            return found

        assert glides() == []  # never chosen: the device's wish holds
        page.click("#preferences-button")
        expect(page.locator("#preferences-form select[name=animation]")).to_have_value("auto")
        page.locator("#preferences-form button[value=cancel]").click()
        set_preferences(page, animation="slow")  # the player's own choice wins
        assert len(glides()) == 1
        set_preferences(page, animation="auto")
        assert glides() == []
        page.emulate_media(reduced_motion="no-preference")  # the device changes its mind, live
        assert len(glides()) == 1
    finally:
        context.close()
