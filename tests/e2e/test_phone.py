"""The game on a phone, in Chromium's phone emulation with touch (`is_mobile`, `has_touch`): upright
360x740 and 390x844, sideways 640x360 and 844x390. Measured assertions, not pixel comparisons: the whole
board, the dice and the turn's controls in sight without scrolling, nothing scrolling sideways, every target
on the board at least 24 CSS px both ways (WCAG 2.2's 2.5.8) and every text on it at least 11 px, the menu one
button and a sheet, dialogs that fit a 360x640 screen without scrolling inside, games played by taps (tap-tap
and one-tap) and by a finger's drags. Each test saves a screenshot under test-results/ (phone-*.png); the
desktop's board is measured too, so that it does not get worse."""

from __future__ import annotations

import base64
import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from scripts.remote_harness import RECORD_CSP_VIOLATIONS

from .conftest import RESULTS_DIR, PageProblems, Site, screenshot, watch_problems
from .match_driver import (
    PREFERENCES_KEY,
    centre,
    match_id_of,
    open_match,
    phase,
    position_id,
    position_of,
    resize,
    set_up,
    status,
    steps,
    wait_after,
    wait_idle,
)
from .test_axe import audit

UPRIGHT = [(360, 740), (390, 844)]
SIDEWAYS = [(640, 360), (844, 390)]
PHONES = UPRIGHT + SIDEWAYS
MIN_TARGET_PX = 24  # WCAG 2.2, 2.5.8 Target Size (Minimum)
MIN_TEXT_PX = 11

# What a phone player sees of the board, in CSS px: its box, each target's box (points, bar, tray, the dice's
# and the cube's rings), each drawn text's font size on screen, a checker's diameter, the dice.
MEASURE_BOARD = """() => {
  const svg = document.querySelector('#board svg.bg-board:not(.board-snapshot)');
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return {x: b.x, y: b.y, w: b.width, h: b.height};
  };
  const scale = svg.getScreenCTM().a;
  const rings = '.target .hit, .dice-target .focus-ring, .cube-target .focus-ring';
  const targets = [...svg.querySelectorAll(rings)]
    .filter((el) => el.closest('[visibility=hidden]') === null)
    .map((el) => ({
      name: el.closest('[data-loc]')?.dataset.loc ?? el.parentNode.getAttribute('class'), ...box(el)}));
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.getBBox().width > 0)
    .map((t) => ({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale}));
  const checker = svg.querySelector('.layer-checkers .checker-body');
  const dice = [...svg.querySelectorAll('.dice.current .die')].map(box);
  const layout = svg.classList.contains('narrow') ? 'narrow' : 'wide';
  return {board: box(svg), layout, scale, targets, texts,
    checker: checker ? checker.getBoundingClientRect().width : 0, dice,
    scrollWidth: document.documentElement.scrollWidth, scrollY: window.scrollY};
}"""


@pytest.fixture
def phone_context(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    width, height = request.param
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def phone(phone_context: BrowserContext, page_problems: PageProblems) -> Iterator[Page]:
    page = phone_context.new_page()
    # The site's Content-Security-Policy is on, as on the built site (docs/testing.md): any refusal by it is
    # recorded, and the test fails on one.
    page.add_init_script(RECORD_CSP_VIOLATIONS)
    watched = watch_problems(page)
    page_problems.console_errors = watched.console_errors
    page_problems.page_errors = watched.page_errors
    yield page
    assert page_problems.all == [], f"the page reported problems: {page_problems.all}"
    if not page.is_closed():
        assert page.evaluate("window.__cspViolations ?? []") == [], "the page's policy refused something"


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def viewport(page: Page) -> tuple[int, int]:
    size = page.viewport_size
    assert size is not None
    return size["width"], size["height"]


OUTSIDE_JS = """([selector, width, height]) => [...document.querySelectorAll(selector)]
     .filter((el) => el.getClientRects().length > 0)
     .filter((el) => { const b = el.getBoundingClientRect();
       return b.left < -0.5 || b.top < -0.5 || b.right > width + 0.5 || b.bottom > height + 0.5; })
     .map((el) => el.outerHTML.slice(0, 80))"""


def in_sight(page: Page, selector: str) -> list[str]:
    """The elements matched that are shown but not wholly inside the screen (at the current scroll), once the
    layout has had up to three seconds to settle (a panel or the board may still be laid out after a mode
    change)."""
    width, height = viewport(page)
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(
            f"args => ({OUTSIDE_JS})(args).length === 0", arg=[selector, width, height], timeout=3000
        )
    outside: list[str] = page.evaluate(OUTSIDE_JS, [selector, width, height])
    return outside


def tap_point(page: Page, loc: int | str) -> None:
    x, y = centre(page, f"#board .target[data-loc='{loc}'] .hit")
    page.touchscreen.tap(x, y)


def tap_move(page: Page, source: int | str, dest: int | str) -> None:
    tap_point(page, source)
    before = steps(page)
    tap_point(page, dest)
    wait_after(page, before)


def wait_drawn(page: Page, loc: int, white: int, black: int) -> None:
    """Wait until the board draws these counts of White's and Black's checkers on an absolute point (the
    checker moved glides there first)."""
    page.wait_for_function(
        """([loc, counts]) => [0, 1].every((p) => document.querySelectorAll(
             `#board svg.bg-board:not(.board-snapshot) .layer-checkers .checker.p${p}[data-loc="${loc}"]`
           ).length
             === counts[p])""",
        arg=[loc, [white, black]],
        timeout=10_000,
    )


# The dice's values as the board draws them, read after two animation frames: the page can be idle before the
# board has drawn what it was last given (it draws at its next frame).
DICE_DRAWN = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return [...document.querySelectorAll('#board .dice.current .die')].map((d) => d.dataset.value);
}"""


def tap_dice(page: Page) -> None:
    """A tap on the dice (or the Done drawn beside them): the page ends the turn when the play is complete."""
    x, y = centre(page, "#board .dice.current")
    before = steps(page)
    page.touchscreen.tap(x, y)
    wait_after(page, before)


@pytest.mark.parametrize("phone_context", PHONES, ids=size_id, indirect=True)
def test_the_whole_board_the_dice_and_the_turns_controls_are_in_sight_and_axe_finds_nothing(
    phone: Page, site: Site
) -> None:
    open_match(phone, site, "31,52")
    width, height = viewport(phone)
    phone.wait_for_selector("#board svg.bg-board:not(.board-snapshot) .dice.current .die")
    m: dict[str, Any] = phone.evaluate(MEASURE_BOARD)
    assert m["layout"] == "narrow"
    assert m["scrollWidth"] <= width, "the page scrolls sideways"
    board = m["board"]
    assert board["x"] >= -0.5 and board["y"] >= -0.5
    assert board["x"] + board["w"] <= width + 0.5 and board["y"] + board["h"] <= height + 0.5, board
    # the board takes the whole width upright and the whole height sideways
    if width < height:
        assert board["w"] >= width - 1
    else:
        assert board["h"] >= height - 1
    assert len(m["dice"]) == 2
    assert in_sight(phone, "#board .dice.current .die") == []
    assert in_sight(phone, "#controls button:not([hidden])") == []
    assert (
        phone.locator("#controls button:not([hidden])").count() >= 3
    )  # Done, Undo, Undo all (and Swap dice)
    assert in_sight(phone, "#menu-button") == []
    assert phone.locator("#menu").is_hidden()
    small = [t for t in m["targets"] if t["w"] < MIN_TARGET_PX or t["h"] < MIN_TARGET_PX]
    assert not small, f"targets under {MIN_TARGET_PX} px: {small[:5]}"
    assert len(m["targets"]) == 24 + 2 + 2  # the points, the bar and the tray, the dice and the cube
    tiny = [t for t in m["texts"] if t["px"] < MIN_TEXT_PX]
    assert not tiny, f"text under {MIN_TEXT_PX} px: {tiny[:5]}"
    assert m["checker"] >= 22  # drawn 2 units inside its 56-unit slot, as wide as a point allows
    print(
        f"{size_id((width, height))}: board {board['w']:.0f}x{board['h']:.0f} px,"
        f" checker {m['checker']:.1f} px,"
        f" smallest target {min(min(t['w'], t['h']) for t in m['targets']):.1f} px,"
        f" smallest text {min(t['px'] for t in m['texts']):.1f} px"
    )
    screenshot(phone, f"phone-{size_id((width, height))}-turn")
    audit_phone(phone, f"the match page at {size_id((width, height))}")


@pytest.mark.parametrize("phone_context", [(360, 740)], ids=size_id, indirect=True)
def test_the_menu_is_one_button_and_a_sheet_of_the_same_items(phone: Page, site: Site) -> None:
    """Upright, then turned on its side at two sizes (the page resized)."""
    open_match(phone, site, "31,52")
    menu_button = phone.locator("#menu-button")
    for width, height in [(360, 740), (640, 360), (844, 390)]:
        resize(phone, width, height)
        assert menu_button.get_attribute("aria-expanded") == "false"
        assert menu_button.get_attribute("aria-controls") == "menu"
        phone.tap("#menu-button")
        assert menu_button.get_attribute("aria-expanded") == "true"
        items = phone.locator("#menu > button, #menu > a")
        assert items.count() >= 10
        # the focus is on the first item; every item is in sight and a large target
        assert phone.evaluate("document.activeElement.id") == "new-match-button"
        assert in_sight(phone, "#menu > button, #menu > a") == []
        heights = [
            box["height"] for box in (items.nth(i).bounding_box() for i in range(items.count())) if box
        ]
        assert min(heights) >= 44, (width, height)
        screenshot(phone, f"phone-{size_id((width, height))}-menu")
        audit_phone(phone, f"the menu sheet on a phone at {size_id((width, height))}")
        # Escape closes it and gives the focus back to the menu button
        phone.keyboard.press("Escape")
        assert menu_button.get_attribute("aria-expanded") == "false"
        assert phone.locator("#menu").is_hidden()
        assert phone.evaluate("document.activeElement.id") == "menu-button"
        # an item chosen closes the sheet and does what it does; its dialog gives the focus back to the menu
        # button
        phone.tap("#menu-button")
        phone.tap("#preferences-button")
        phone.wait_for_selector("#preferences-dialog[open]")
        assert phone.locator("#menu").is_hidden()
        phone.keyboard.press("Escape")
        phone.wait_for_selector("#preferences-dialog:not([open])", state="attached")
        assert phone.evaluate("document.activeElement.id") == "menu-button"
        # a tap outside closes it
        phone.tap("#menu-button")
        phone.tap(".top h1")
        assert phone.locator("#menu").is_hidden()


def audit_phone(page: Page, what: str) -> None:
    """axe-core with WCAG 2.2 AA's rules too, among them `target-size` (off by default)."""
    audit(page, what, extra_tags=["wcag22aa"])


def open_from_menu(phone: Page, site: Site, button: str, dialog: str) -> None:
    """A match opened, then the dialog `dialog` (its id) by the button `button` of the menu's sheet."""
    open_match(phone, site, "31,52")
    open_dialog_from_menu(phone, button, dialog)


def open_dialog_from_menu(phone: Page, button: str, dialog: str) -> None:
    """The dialog `dialog` (its id) by the button `button` of the menu's sheet (a choice inside *Play
    online…*, `#friend-button`, by that first), on the match page already open."""
    phone.tap("#menu-button")
    if button in ("#friend-button", "#lobby-button"):
        phone.tap("#online-button")
        phone.wait_for_selector("#online-dialog[open]")
    phone.tap(button)
    phone.wait_for_selector(f"#{dialog}[open]")


def close_dialogs(page: Page) -> None:
    """Escape until no dialog is open (a choice inside *Play online…* leaves that one open beneath it)."""
    for _ in range(3):
        count = page.locator("dialog[open]").count()
        if count == 0:
            return
        page.keyboard.press("Escape")
        page.wait_for_function("(n) => document.querySelectorAll('dialog[open]').length < n", arg=count)
    assert page.locator("dialog[open]").count() == 0, "a dialog stays open after Escape"


MENU_DIALOGS = [
    ("#new-match-button", "new-match-dialog"),
    ("#preferences-button", "preferences-dialog"),
    ("#match-file-button", "file-dialog"),
    ("#share-button", "share-dialog"),
    ("#stats-button", "stats-dialog"),
    ("#online-button", "online-dialog"),
    ("#friend-button", "friend-dialog"),
]


@pytest.mark.parametrize("phone_context", [(360, 640)], ids=size_id, indirect=True)
def test_each_dialog_fits_a_small_phone_without_scrolling_inside(phone: Page, site: Site) -> None:
    """Each of the menu's dialogs in turn, on one match page. In the friend dialog, a code is read aloud or
    copied by hand: its 24 letters all show in the field, none scrolled away."""
    open_match(phone, site, "31,52")
    for button, dialog in MENU_DIALOGS:
        open_dialog_from_menu(phone, button, dialog)
        wait_idle(phone)
        fits = phone.evaluate(
            """id => { const d = document.getElementById(id);
                       return [d.scrollHeight, d.clientHeight, d.scrollWidth, d.clientWidth]; }""",
            dialog,
        )
        assert fits[0] <= fits[1] and fits[2] <= fits[3], f"{dialog} scrolls inside: {fits}"
        assert in_sight(phone, f"#{dialog}") == [], dialog
        screenshot(phone, f"phone-360x640-{dialog}")
        audit_phone(phone, f"{dialog} on a phone")
        if dialog == "friend-dialog":
            expect_whole_code_in_sight(phone)
        close_dialogs(phone)


# The colour of a dialog's screenshot along a row just inside its top and bottom borders (the median over the
# row's middle half, so that a line of text crossing it does not count), and of its padding at mid height:
# the browser decodes its own screenshot.
EDGE_COLOURS = """async ([png, scale]) => {
  const image = new Image();
  image.src = `data:image/png;base64,${png}`;
  await image.decode();
  const canvas = Object.assign(document.createElement('canvas'), {width: image.width, height: image.height});
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  const rowAt = (y) => {
    const data = context.getImageData(image.width >> 2, y, image.width >> 1, 1).data;
    return [0, 1, 2].map((c) => median([...data].filter((_, i) => i % 4 === c)));
  };
  const at = (x, y) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
  const [top, bottom] = [rowAt(3 * scale), rowAt(image.height - 3 * scale)];
  return {top, bottom, panel: at(6 * scale, image.height >> 1)};
}"""


def shaded(colour: list[int], panel: list[int]) -> bool:
    return max(abs(a - b) for a, b in zip(colour, panel, strict=True)) > 12


@pytest.mark.parametrize("phone_context", [(740, 360)], ids=size_id, indirect=True)
def test_a_dialog_taller_than_the_screen_shades_the_edge_where_more_is_hidden(
    phone: Page, site: Site
) -> None:
    """Sideways, the preferences are taller than the screen: a shade at the bottom edge says there is more
    below, at the top once scrolled; none at an edge whose end is in sight."""
    open_from_menu(phone, site, "#preferences-button", "preferences-dialog")
    wait_idle(phone)
    dialog = phone.locator("#preferences-dialog")
    heights = dialog.evaluate("d => [d.scrollHeight, d.clientHeight]")
    assert heights[0] > heights[1], f"the preferences fit sideways now ({heights}): pick a taller dialog"

    def edges(scroll: str, name: str) -> dict[str, list[int]]:
        dialog.evaluate(f"d => {{ d.scrollTop = {scroll}; }}")
        phone.wait_for_timeout(100)  # the next frame drawn
        RESULTS_DIR.mkdir(exist_ok=True)
        shot = dialog.screenshot(path=str(RESULTS_DIR / f"phone-740x360-dialog-{name}.png"))
        found: dict[str, list[int]] = phone.evaluate(EDGE_COLOURS, [base64.b64encode(shot).decode(), 2])
        return found

    top = edges("0", "top")
    assert shaded(top["bottom"], top["panel"]) and not shaded(top["top"], top["panel"]), top
    middle = edges("(d.scrollHeight - d.clientHeight) / 2", "middle")
    assert shaded(middle["bottom"], middle["panel"]) and shaded(middle["top"], middle["panel"]), middle
    end = edges("d.scrollHeight", "end")
    assert shaded(end["top"], end["panel"]) and not shaded(end["bottom"], end["panel"]), end


def expect_whole_code_in_sight(page: Page) -> None:
    field = page.locator("#friend-form input[name='code']")
    field.fill("WWWW-WWWW-WWWW-WWWW-WWWW")  # the widest letters a code can hold
    widths = field.evaluate("(input) => [input.scrollWidth, input.clientWidth]")
    assert widths[0] <= widths[1], f"the code scrolls in its field: {widths}"


def test_a_friends_whole_code_is_in_sight_on_a_desktop(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    page.click("#online-button")
    page.click("#friend-button")
    page.wait_for_selector("#friend-dialog[open]")
    expect_whole_code_in_sight(page)


@pytest.mark.parametrize("phone_context", [(390, 844)], ids=size_id, indirect=True)
def test_the_new_match_dialogs_focused_field_keeps_clear_of_its_label(phone: Page, site: Site) -> None:
    open_from_menu(phone, site, "#new-match-button", "new-match-dialog")
    phone.focus("#new-match-form input[name='name0']")
    gap = phone.evaluate(
        """() => {
          const input = document.querySelector('#new-match-form input[name="name0"]');
          const range = document.createRange();
          range.selectNodeContents(input.parentElement.firstChild);  // the label's words, before the field
          const words = [...range.getClientRects()];
          const style = getComputedStyle(input);
          const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
          return input.getBoundingClientRect().top - ring - Math.max(...words.map((r) => r.bottom));
        }"""
    )
    assert gap >= 0, f"the focus ring covers the label's last line by {-gap:.1f} px"


@pytest.mark.parametrize("phone_context", [(360, 740)], ids=size_id, indirect=True)
def test_a_game_by_taps_tap_tap_then_one_tap_and_the_done_beside_the_dice(phone: Page, site: Site) -> None:
    open_match(phone, site, "31,52,21")
    # tap-tap: a tap picks the checker up, a tap on a lit point puts it there
    tap_move(phone, 8, 5)
    tap_move(phone, 6, 5)
    # the Done drawn beside the dice is a target of 24 px and more; a tap on it ends the turn
    phone.wait_for_selector("#board .end-prompt rect")
    done = phone.evaluate(
        """() => { const b = document.querySelector('#board .end-prompt rect').getBoundingClientRect();
                   return {width: b.width, height: b.height}; }"""
    )
    assert done is not None and done["height"] >= MIN_TARGET_PX and done["width"] >= MIN_TARGET_PX, done
    screenshot(phone, "phone-360x740-done-beside-the-dice")
    tap_dice(phone)
    assert "Black" in status(phone)
    # Black (52) by one-tap: turned on in the preferences
    phone.tap("#menu-button")
    phone.tap("#preferences-button")
    phone.wait_for_selector("#preferences-dialog[open]")
    phone.check("#preferences-form input[name='oneTap']")
    phone.tap("#preferences-form button[value='save']")
    wait_idle(phone)
    assert json.loads(phone.evaluate(f"localStorage.getItem('{PREFERENCES_KEY}')"))["oneTap"] is True
    assert phase(phone) == "roll"
    tap_dice(phone)  # the Roll drawn on the board
    dice = phone.evaluate(DICE_DRAWN)
    assert dice == ["5", "2"]
    # a tap on the dice swaps them: the 2 is shown first and played first
    tap_dice(phone)
    dice = phone.evaluate(DICE_DRAWN)
    assert dice == ["2", "5"]
    before = steps(phone)
    tap_point(phone, 12)  # Black's 13-point: 13/11 by the 2
    wait_after(phone, before)
    wait_drawn(phone, 14, 0, 1)
    before = steps(phone)
    tap_point(phone, 12)  # again: 13/8 by the 5 left
    wait_after(phone, before)
    wait_drawn(phone, 17, 0, 4)
    wait_drawn(phone, 12, 0, 3)
    tap_dice(phone)
    assert "White" in status(phone)
    screenshot(phone, "phone-360x740-one-tap")


@pytest.mark.parametrize("phone_context", [(360, 740)], ids=size_id, indirect=True)
def test_a_whole_game_to_its_end_by_one_taps(phone: Page, site: Site) -> None:
    phone.add_init_script(
        f"try {{ localStorage.setItem({json.dumps(PREFERENCES_KEY)}, JSON.stringify({{oneTap: true}})); }}"
        " catch {}"
    )
    open_match(phone, site, "31,21")  # the default match's opening roll, then the set-up position's roll
    # White to roll with two checkers left, on its 2- and 1-points; Black has two left too; a 1-point match
    set_up(
        phone, position_of({1: 1, 2: 1}, {1: 1, 2: 1}), match_id_of(match_length=1, player_on_roll=0, turn=0)
    )
    if phase(phone) == "roll":
        tap_dice(phone)  # the Roll drawn on the board
    assert phase(phone) == "move"
    before = steps(phone)
    tap_point(phone, 2)  # 2/off by the 2
    wait_after(phone, before)
    before = steps(phone)
    tap_point(phone, 1)  # 1/off by the 1
    wait_after(phone, before)
    tap_dice(phone)  # Done
    assert phase(phone) in ("game_over", "match_over")
    screenshot(phone, "phone-360x740-game-won-by-taps")
    # White's 15 checkers fill its half of the tray: the count of them stays clear of the slabs and of the
    # match length in the middle (each figure's digits are within 0.4 of its font size of its centre line).
    count, nearest_slab, length_bottom = phone.evaluate(
        """() => {
             const reach = (text) => 0.4 * parseFloat(getComputedStyle(text).fontSize);
             const count = document.querySelector("#board .off-count.p0");
             const length = document.querySelector("#board .match-length");
             const slabs = [...document.querySelectorAll("#board .borne-off.p0")].map((r) => r.getBBox().y);
             const y = Number(count.getAttribute("y"));
             return [[y - reach(count), y + reach(count)], Math.min(...slabs),
                     Number(length.getAttribute("y")) + reach(length)];
           }"""
    )
    assert length_bottom <= count[0] and count[1] <= nearest_slab, (length_bottom, count, nearest_slab)


def touch_drag(page: Page, start: tuple[float, float], end: tuple[float, float], look: Any = None) -> None:
    """A finger pressed at `start`, slid to `end` in steps and lifted, through Chromium's touch input."""
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]}
    )
    for i in range(1, 11):
        x = start[0] + (end[0] - start[0]) * i / 10
        y = start[1] + (end[1] - start[1]) * i / 10
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    if look:
        look()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.parametrize("phone_context", [(390, 844), (844, 390)], ids=size_id, indirect=True)
def test_a_finger_drags_a_checker_held_above_it(phone: Page, site: Site) -> None:
    open_match(phone, site, "31,52")
    start = centre(phone, "#board .target[data-loc='8'] .hit")
    target = centre(phone, "#board .target[data-loc='5'] .hit")
    lift = phone.evaluate(
        """() => { const svg = document.querySelector('#board svg.bg-board');
                   return 1.5 * 56 * svg.getScreenCTM().a; }"""
    )
    finger = (target[0], target[1] + lift)
    seen: dict[str, Any] = {}

    def look() -> None:
        seen["checker"] = phone.locator("#board .checker.dragging").bounding_box()
        screenshot(phone, f"phone-{size_id(viewport(phone))}-drag")

    before = steps(phone)
    touch_drag(phone, start, finger, look)
    wait_after(phone, before)
    checker = seen["checker"]
    assert checker is not None
    # the whole checker is above the fingertip (a finger's contact reaches ~10 px above the point it reports)
    assert checker["y"] + checker["height"] <= finger[1] - 10, (checker, finger)
    wait_drawn(phone, 5, 1, 0)  # 8/5: dropped where the checker was drawn, not under the finger
    wait_drawn(phone, 8, 2, 0)


NAME_AND_PIPS = """async () => {
  // The board draws the new names at its next animation frame, which may come after the page is idle.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const svg = document.querySelector('#board svg.bg-board:not(.board-snapshot)');
  const strip = svg.querySelector('.player-info.p0');
  const b = (el) => el.getBoundingClientRect();
  return {name: b(strip.querySelector('.name')).right, pips: b(strip.querySelector('.pips')).left,
          text: strip.querySelector('.name').textContent}; }"""


@pytest.mark.parametrize("phone_context", [(390, 844)], ids=size_id, indirect=True)
def test_a_long_name_is_whole_if_it_fits_else_cut_before_the_pip_count(phone: Page, site: Site) -> None:
    """Names of 30 letters, the most a name may have: one of narrow letters is shown whole, one of wide
    letters is cut with an ellipsis; neither runs into the pip count beside the score."""
    for name, whole in (("Maximilian Thunderstrike-Smyth", True), ("WWWWWWWWWW WWWWWWWWWW WWWWWWWW", False)):
        open_from_menu(phone, site, "#new-match-button", "new-match-dialog")
        phone.fill("#new-match-form input[name='name0']", name)
        phone.tap("#new-match-form button[value='start']")
        phone.wait_for_selector("#new-match-dialog:not([open])", state="attached")
        wait_idle(phone)
        boxes = phone.evaluate(NAME_AND_PIPS)
        assert boxes["name"] <= boxes["pips"] - 4, boxes
        if whole:
            assert boxes["text"] == name, boxes
        else:
            assert boxes["text"].startswith("WWW") and boxes["text"].endswith("…"), boxes
            screenshot(phone, "phone-390x844-long-name")
            assert_redraws_measure_nothing(phone, boxes["text"])


COUNT_MEASURES = """() => {
  const proto = SVGTextContentElement.prototype;
  const measure = proto.getComputedTextLength;
  window.__measures = 0;
  proto.getComputedTextLength = function () { window.__measures += 1; return measure.call(this); };
}"""


def assert_redraws_measure_nothing(phone: Page, cut: str) -> None:
    """The board is drawn again at every landing and every checker picked up: a long name cut to fit once is
    not measured again for the same pip count (a forced layout, the longest part of a redraw at a phone's
    speed), and stays cut the same."""
    phone.evaluate(COUNT_MEASURES)
    source = phone.eval_on_selector("#board .target.source", "(t) => t.getAttribute('data-loc')")
    for _ in range(2):  # picked up, put down: two redraws
        phone.tap(f"#board .target[data-loc='{source}']")
        phone.tap(f"#board .target[data-loc='{source}']")
    boxes = phone.evaluate(NAME_AND_PIPS)
    assert boxes["text"] == cut, boxes
    assert phone.evaluate("window.__measures") == 0


@pytest.mark.parametrize("phone_context", [(360, 640)], ids=size_id, indirect=True)
def test_the_editors_state_and_done_are_in_sight_with_the_board(phone: Page, site: Site) -> None:
    open_match(phone, site, "31,52")
    phone.tap("#setup-button")
    phone.wait_for_selector("html[data-mode='setup']", state="attached")
    phone.wait_for_selector("#setup-problems li")
    for scroll in (0, 400, 100_000):
        phone.evaluate(f"window.scrollTo(0, {scroll})")
        assert in_sight(phone, "#setup-done") == [], scroll
        assert in_sight(phone, "#setup-problems") == [], scroll
        board = phone.locator("#board svg.bg-board").bounding_box()
        assert board is not None and board["y"] >= -0.5, scroll
    screenshot(phone, "phone-360x640-editor")


def test_the_desktop_board_is_as_large_as_before(page: Page, site: Site) -> None:
    """1280x800: the board took 0.69 of the width and 0.81 of the height before the phone's layout."""
    open_match(page, site, "31,52")
    m: dict[str, Any] = page.evaluate(MEASURE_BOARD)
    assert m["layout"] == "wide"
    assert m["board"]["w"] / 1280 >= 0.68 and m["board"]["h"] / 800 >= 0.80, m["board"]
    assert page.locator("#menu-button").is_hidden()
    assert page.locator("#new-match-button").is_visible()
    screenshot(page, "desktop-1280x800-turn")


@pytest.mark.parametrize("phone_context", [(360, 1160)], ids=size_id, indirect=True)
def test_an_embedded_lesson_fits_the_readmes_phone_frame(phone: Page, site: Site) -> None:
    """The README's frame for a phone's column, 360 px wide: 1,160 px high holds every lesson's board, its
    buttons (Hint, Show me) and its Next without scrolling (the longest, irregularities, needs 1,150), and the
    board's points are 24 px wide."""
    from backgammon.tutorial.lessons import LESSONS

    from .test_tutorial import Tutorial

    tutorial = Tutorial(phone.main_frame)
    for lesson in LESSONS:
        phone.goto(site.url(f"tutorial.html?embed=1#{lesson.id}"))
        tutorial.wait_ready(lesson.id)
        outside = in_sight(phone, "#board svg, #btn-hint, #btn-show, #btn-next")
        assert outside == [], (lesson.id, outside)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        widths = phone.evaluate(
            """[...document.querySelectorAll('#board .target.point .hit')]
                 .map((r) => r.getBoundingClientRect().width)"""
        )
        assert min(widths) >= MIN_TARGET_PX, lesson.id
        if lesson.id == "bear-off":
            screenshot(phone, "phone-360x1160-embedded-lesson")


DECISION_AND_COVER_JS = """() => {
  const box = document.getElementById('review-decision').getBoundingClientRect();
  const over = [...document.querySelectorAll('.board, .top')].map((el) => el.getBoundingClientRect())
    .filter((r) => r.top <= 1 && r.bottom > 0 && r.left < box.right && r.right > box.left);
  return [box.top, Math.max(0, ...over.map((r) => r.bottom))]; }"""


@pytest.mark.parametrize("phone_context", [(390, 844)], ids=size_id, indirect=True)
def test_review_on_a_phone_shows_the_board_the_decision_and_the_step_buttons_together(
    phone: Page, site: Site
) -> None:
    """Upright, then turned on its side (the page resized), on one review."""
    from .test_review import computer_match, open_saved, wait_analysis

    open_saved(phone, site, computer_match())
    phone.tap("#result-analyse")
    wait_analysis(phone)
    phone.tap("#review-panel button[data-go='next']")
    phone.tap("#review-panel button[data-go='next']")
    for width, height in [(390, 844), (844, 390)]:
        resize(phone, width, height)
        review_in_sight(phone)


def review_in_sight(phone: Page) -> None:
    size = size_id(viewport(phone))
    screenshot(phone, f"phone-{size}-review")
    assert phone.evaluate("document.documentElement.scrollWidth") <= viewport(phone)[0], size
    assert in_sight(phone, "#board svg.bg-board") == [], size
    board = phone.locator("#board svg.bg-board").bounding_box()
    width, height = viewport(phone)
    assert board is not None and (
        board["width"] >= width - 1 if width < height else board["height"] >= height - 1
    ), (size, board)
    assert in_sight(phone, "#review-panel .review-nav button") == [], size
    # the decision's first lines (what was played, its figures) are in sight under the board too
    top = phone.evaluate("document.getElementById('review-decision').getBoundingClientRect().top")
    assert top < viewport(phone)[1] - 60, (size, top)
    # a move chosen in the list: the board stays in sight
    moves = phone.locator("#review-moves button, #review-moves [role='button'], #review-moves li")
    if moves.count() > 3:
        moves.nth(3).scroll_into_view_if_needed()
        moves.nth(3).tap()
        assert in_sight(phone, "#board svg.bg-board") == [], size
        # and the decision picked comes into sight, its first lines below the board and the header
        top, clear = phone.evaluate(DECISION_AND_COVER_JS)
        assert clear - 1 <= top < viewport(phone)[1] - 60, (size, top, clear)
        screenshot(phone, f"phone-{size}-review-picked", full_page=False)
    # the chart's text is 11 px or more, and its table does not scroll sideways inside a box that scrolls
    sizes = phone.evaluate(
        """() => { const svg = document.querySelector('#review-chart svg'); if (!svg) return [];
             const scale = svg.getScreenCTM().a;
             return [...svg.querySelectorAll('text')]
               .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale); }"""
    )
    assert not sizes or min(sizes) >= MIN_TEXT_PX, (size, min(sizes))
    screenshot(phone, f"phone-{size}-review-moves")
    audit_phone(phone, f"review on a phone, {size}")


FAKE_WAKE_LOCK = """
window.__wake = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request: async (type) => {
  const lock = new EventTarget();
  lock.release = async () => { window.__wake.push("release"); lock.dispatchEvent(new Event("release")); };
  window.__wake.push(`request:${type}`);
  window.__lock = lock;
  return lock;
} } });
"""


@pytest.mark.parametrize("phone_context", [(390, 844)], ids=size_id, indirect=True)
def test_the_screen_is_kept_awake_during_a_match_and_asked_again_on_return(phone: Page, site: Site) -> None:
    """Screen Wake Lock (a stand-in for the browser's): asked for once a match is in progress, let go when the
    page is hidden, asked for again when it comes back."""
    phone.add_init_script(FAKE_WAKE_LOCK)
    open_match(phone, site, "31,52")
    phone.wait_for_function("() => window.__wake.includes('request:screen')")
    assert phone.evaluate("window.__wake") == ["request:screen"]

    def set_visibility(state: str) -> None:
        phone.evaluate(
            """state => {
                 Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
                 document.dispatchEvent(new Event("visibilitychange")); }""",
            state,
        )

    set_visibility("hidden")  # the page lets go of its lock (the browser would take it anyway)
    phone.wait_for_function("() => window.__wake.length === 2")
    assert phone.evaluate("window.__wake") == ["request:screen", "release"]
    set_visibility("visible")
    phone.wait_for_function("() => window.__wake.length === 3")
    assert phone.evaluate("window.__wake")[-1] == "request:screen"


@pytest.mark.parametrize("phone_context", [(390, 844)], ids=size_id, indirect=True)
def test_the_installed_apps_page_uses_the_whole_screen_and_does_not_zoom_by_accident(
    phone: Page, site: Site
) -> None:
    open_match(phone, site, "31,52")
    viewport_meta = phone.get_attribute("meta[name='viewport']", "content") or ""
    assert (
        "viewport-fit=cover" in viewport_meta
    )  # drawn under the notch: the page keeps clear by the safe areas
    assert (
        "user-scalable=no" not in viewport_meta and "maximum-scale" not in viewport_meta
    )  # pinch zoom stays
    # no zoom by a double tap, no text selected by a long press on the board and the controls
    assert phone.evaluate("getComputedStyle(document.body).touchAction") == "manipulation"
    assert phone.evaluate("getComputedStyle(document.querySelector('.layout')).userSelect") == "none"
    icon = phone.get_attribute("link[rel='apple-touch-icon']", "href")
    assert icon
    response = phone.request.get(site.url(icon))
    assert response.ok and response.body()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("phone_context", [(360, 740)], ids=size_id, indirect=True)
@pytest.mark.parametrize("theme", ["classic", "dark", "contrast"])
def test_each_theme_keeps_the_narrow_boards_contrast(phone: Page, site: Site, theme: str) -> None:
    """The narrow board's larger text and its cube on the bar keep WCAG's contrast in every theme, as the
    desktop's board does (test_themes.py), and axe finds nothing on the phone's page in that theme."""
    from .test_themes import XGIDS, board_contrast, open_position

    phone.add_init_script(
        f"try {{ localStorage.setItem({json.dumps(PREFERENCES_KEY)},"
        f" JSON.stringify({{theme: {json.dumps(theme)}}})); }}"
        " catch {}"
    )
    failures: list[str] = []
    shown: list[str] = []
    for number, (side, xgid) in enumerate(XGIDS.items()):
        open_position(phone, site, xgid, in_page=number > 0)
        shown.append(position_id(phone))
        assert phone.get_attribute("html", "data-theme") == theme
        assert phone.evaluate("document.querySelector('#board svg.bg-board').classList.contains('narrow')")
        failures += board_contrast(phone, "#board svg", theme, f"the narrow board, {side}")
    assert len(set(shown)) == len(XGIDS), f"the same position measured twice: {shown}"
    screenshot(phone, f"phone-360x740-theme-{theme}")
    audit_phone(phone, f"the match page on a phone ({theme})")
    assert not failures, "contrast under WCAG's minimum:\n" + "\n".join(failures)


def test_the_board_changes_its_layout_when_the_screen_does(page: Page, site: Site) -> None:
    """A window made as small as a phone gets the narrow board, and the wide one back (a phone that turns
    keeps the narrow one: both its ways are narrow)."""
    open_match(page, site, "31,52")
    board = "#board svg.bg-board:not(.board-snapshot)"
    page.wait_for_selector(f"{board}.wide", state="attached")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector(f"{board}.narrow", state="attached")
    assert page.get_attribute(board, "viewBox") == "0 0 828 830"
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_timeout(300)
    assert "narrow" in (page.get_attribute(board, "class") or "")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_selector(f"{board}.wide", state="attached")
    assert page.get_attribute(board, "viewBox") == "0 0 926 744"
