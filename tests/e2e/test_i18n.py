"""The page in other languages (docs/i18n.md): the first screens (the welcome, the menu, the game panel's
buttons and status lines, the board, Preferences), review, statistics and the position editor in the
pseudo-language on a 360 px phone with no English left and no text cut or overflowing; Arabic chosen from the
device's language, right to left, its panels mirrored and the board's geometry unchanged; the switch in
Preferences changing the page at once (review and the editor too) and kept across a reload; axe clean in each.
Screenshots under test-results/i18n-*.png."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scripts.i18n_messages import catalogue_path, read_catalogue
from scripts.i18n_pseudo import pseudo_text

from .conftest import Site, screenshot, wait_for_engine_ready
from .i18n_driver import (
    DESKTOP,
    PHONE,
    assert_inside,
    assert_nothing_cut,
    assert_translated,
    in_language,
    phone_page,
    read_screens,
    switch_language,
)
from .match_driver import PREFERENCES_KEY, button, click_move, open_match, press_done, wait_idle
from .test_axe import audit
from .test_history import resign, start_match
from .test_review import computer_match, open_saved, wait_analysis
from .test_rollout_page import DONE_AT_LEAST, ROLLOUT_TIMEOUT_MS

# The players' names, as players gave them, are not words of the page; the default ones ("White", "Black",
# stored in English) are shown as the language's words for the sides, so none is set aside here.
NAMES: list[str] = []

# The screens moved to the catalogues so far, the board's own drawing and its places' names among them.
SCREENS = [
    "header",
    "#board",
    "#play-panel",
    "#welcome-dialog",
    "#preferences-dialog",
    "#new-match-dialog",
    "#file-dialog",
    "#share-dialog",
    "#resign-dialog",
    "#review-panel",
    "#review-chart-area",
    "#stats-dialog",
    "#setup-panel",
]


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    with phone_page(browser) as page:
        yield page


def assert_all_translated(page: Page, where: str, names: list[str]) -> None:
    assert_translated(page, where, names, SCREENS)


# In review, beside the players' names (the computer match's own): the standard move notation's words, kept in
# every language ("bar/22", "6/off").
REVIEW_NAMES = ["Wendy", "Boris", "bar/", "/off"]


def test_the_pseudo_language_on_a_phone_leaves_no_english_and_cuts_nothing(phone: Page, site: Site) -> None:
    in_language(phone, "en-XA")
    phone.goto(site.url("?test-dice=31,52&no-sw"))
    phone.wait_for_selector("html[lang='en-XA'][data-welcome='open']", state="attached")
    welcome = phone.locator("#welcome-dialog")
    expect(welcome.locator("h2")).to_have_text("[" + pseudo_text("Welcome to Backgammon") + "]")
    assert_all_translated(phone, "the welcome", NAMES)
    screenshot(phone, "i18n-pseudo-phone-welcome", full_page=False)
    audit(phone, "the welcome in the pseudo-language")
    welcome.locator("button[value=two]").click()
    phone.wait_for_selector("html[data-welcome='closed']", state="attached")
    wait_for_engine_ready(phone)
    wait_idle(phone)
    expect(phone.locator("#status")).to_contain_text("[" + pseudo_text("Opening roll"))
    # The opening roll is played by the one who won it: Done and Undo are there, and the move list's heading.
    expect(button(phone, "confirm")).to_be_visible()
    assert_all_translated(phone, "the game panel at the opening", NAMES)
    screenshot(phone, "i18n-pseudo-phone-panel")
    phone.locator("#menu-button").click()
    expect(phone.locator("#preferences-button")).to_be_visible()
    assert_all_translated(phone, "the menu", NAMES)
    screenshot(phone, "i18n-pseudo-phone-menu", full_page=False)
    phone.locator("#preferences-button").click()
    expect(phone.locator("#preferences-dialog")).to_be_visible()
    assert_all_translated(phone, "Preferences", NAMES)
    screenshot(phone, "i18n-pseudo-phone-preferences", full_page=False)
    audit(phone, "Preferences in the pseudo-language")
    phone.locator("#preferences-dialog button[value=cancel]").click()
    # The other dialogs of the menu, each seen whole, checked and closed.
    for item, dialog, close in (
        ("#new-match-button", "#new-match-dialog", "cancel"),
        ("#resign-button", "#resign-dialog", "cancel"),
        ("#match-file-button", "#file-dialog", "close"),
        ("#share-button", "#share-dialog", "close"),
    ):
        phone.locator("#menu-button").click()
        phone.locator(item).click()
        expect(phone.locator(dialog)).to_be_visible()
        if dialog == "#new-match-dialog":
            # The default names are offered in the language's words (stored in English when kept).
            expect(phone.locator("input[name=name0]")).to_have_value("[" + pseudo_text("White") + "]")
        elif dialog == "#share-dialog":
            expect(phone.locator("#share-what")).not_to_be_empty()
        assert_all_translated(phone, dialog, NAMES)
        screenshot(phone, f"i18n-pseudo-phone-{dialog[1:]}", full_page=False)
        phone.locator(f"{dialog} button[value={close}]").click()
        expect(phone.locator(dialog)).to_be_hidden()


# The languages offered beside English and Arabic, each from a device set to it.
DEVICE_LOCALES = {"de": "de-DE", "el": "el-GR", "es": "es-ES", "fr": "fr-FR", "tr": "tr-TR"}

# Each visible element marked with a message of no arguments, with the text it shows.
MARKED_TEXTS = """() => [...document.querySelectorAll('[data-i18n]')]
  .filter((el) => !el.hasAttribute('data-i18n-args'))
  .filter((el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true}))
  .map((el) => [el.dataset.i18n, el.textContent])"""
ENGLISH = read_catalogue(catalogue_path("en"))


def assert_in_catalogue(page: Page, catalogue: dict[str, str], where: str) -> int:
    """No visible marked element shows English's words where its language has others, and no text is cut or
    overflows; returns how many show their own message of `catalogue` (the page writes some with another
    message: the status line, "Play the 1 first")."""
    words = lambda text: " ".join(text.split())  # noqa: E731
    shown = [(id_, words(text)) for id_, text in page.evaluate(MARKED_TEXTS)]
    english = [(id_, text) for id_, text in shown if text == words(ENGLISH[id_]) != words(catalogue[id_])]
    assert english == [], f"{where}: left in English: {english}"
    assert_nothing_cut(page, read_screens(page, [], SCREENS), where)
    return sum(text == words(catalogue[id_]) for id_, text in shown)


@pytest.mark.parametrize("language", sorted(DEVICE_LOCALES))
def test_each_language_from_the_device_on_a_phone_shows_its_words_and_cuts_nothing(
    browser: Browser, site: Site, language: str
) -> None:
    catalogue = read_catalogue(catalogue_path(language))
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, locale=DEVICE_LOCALES[language]
    )
    try:
        page = context.new_page()
        page.goto(site.url("?test-dice=31,52&no-sw"))
        page.wait_for_selector(f"html[lang='{language}'][dir='ltr'][data-welcome='open']", state="attached")
        expect(page.locator("#welcome-title")).to_have_text(catalogue["welcome.title"])
        compared = assert_in_catalogue(page, catalogue, "the welcome")
        screenshot(page, f"i18n-{language}-phone-welcome", full_page=False)
        two_players(page)
        expect(page.locator("#status")).to_contain_text(catalogue["status.opening"].split(":")[0])
        compared += assert_in_catalogue(page, catalogue, "the game panel")
        screenshot(page, f"i18n-{language}-phone-panel")
        audit(page, f"the match page in {language}")
        page.locator("#menu-button").click()
        expect(page.locator("#preferences-button")).to_be_visible()
        compared += assert_in_catalogue(page, catalogue, "the menu")
        for item, dialog, close in (
            ("#preferences-button", "#preferences-dialog", "cancel"),
            ("#new-match-button", "#new-match-dialog", "cancel"),
        ):
            if not page.locator(item).is_visible():
                page.locator("#menu-button").click()
            page.locator(item).click()
            expect(page.locator(dialog)).to_be_visible()
            compared += assert_in_catalogue(page, catalogue, dialog)
            screenshot(page, f"i18n-{language}-phone-{dialog[1:]}", full_page=False)
            page.locator(f"{dialog} button[value={close}]").click()
            expect(page.locator(dialog)).to_be_hidden()
        # The opening roll played in the language, and the next turn's words.
        for _ in range(4):
            view = page.evaluate("() => globalThis.backgammonTestProbe.view()")["view"]
            if view["phase"] != "move" or view.get("can_confirm"):
                break
            source, dests = next((s, d) for s, d in view["dests"].items() if d)
            click_move(page, source, dests[0])
        expect(button(page, "confirm")).to_have_text(catalogue["controls.confirm"])
        press_done(page)
        compared += assert_in_catalogue(page, catalogue, "the second turn")
        screenshot(page, f"i18n-{language}-phone-second-turn")
        assert compared >= 40, f"only {compared} marked words were seen"
    finally:
        context.close()


BOARD_GEOMETRY = """() => {
  const svg = document.querySelector('#board svg');
  const origin = svg.getBoundingClientRect();
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x - origin.x, r.y - origin.y, r.width, r.height].map(Math.round);
  };
  return {
    size: [Math.round(origin.width), Math.round(origin.height)],
    places: [...svg.querySelectorAll('[data-loc]')].map((el) => [el.getAttribute('data-loc'), ...box(el)]),
    // The checkers alone: the dice's pips may still be rolling.
    checkers: [...svg.querySelectorAll('circle.checker-body, circle.checker-ring')].map(box),
  };
}"""


def two_players(page: Page) -> None:
    """The welcome's two-player match, the engine ready and the page settled."""
    page.locator("#welcome-dialog button[value=two]").click()
    page.wait_for_selector("html[data-welcome='closed']", state="attached")
    wait_for_engine_ready(page)
    wait_idle(page)


def assert_same_geometry(shown: dict[str, Any], english: dict[str, Any]) -> None:
    """The same boxes, to a pixel (the board sits at another x on the page: its subpixels round apart)."""
    assert [len(shown[k]) for k in ("places", "checkers")] == [
        len(english[k]) for k in ("places", "checkers")
    ]
    pairs = [(shown["size"], english["size"])]
    pairs += [(a[1:], b[1:]) for a, b in zip(shown["places"], english["places"], strict=True) if a[0] == b[0]]
    pairs += list(zip(shown["checkers"], english["checkers"], strict=True))
    apart = [(a, b) for a, b in pairs if any(abs(x - y) > 1 for x, y in zip(a, b, strict=True))]
    assert apart == [], f"the board's geometry differs: {apart[:5]}"
    assert [p[0] for p in shown["places"]] == [p[0] for p in english["places"]]


# The page's language and direction at its first frame (the first animation frame comes before the first
# paint; nothing is painted while the style sheets in <head> are loading), and every direction it had after.
FIRST_FRAME = """(() => {
  const seen = (globalThis.__firstFrame = { frame: null, directions: [] });
  requestAnimationFrame(() => {
    const root = document.documentElement;
    seen.frame = [root.lang, root.dir || "ltr"];
  });
  new MutationObserver(() => seen.directions.push(document.documentElement?.dir || "ltr"))
    .observe(document, { attributes: true, attributeFilter: ["dir"], subtree: true });
})();"""


def opened(
    browser: Browser, site: Site, locale: str, viewport: dict[str, int]
) -> tuple[BrowserContext, Page]:
    """A first visit from a device whose language is `locale`, the welcome left for the two-player match."""
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    page.add_init_script(FIRST_FRAME)
    page.goto(site.url("?test-dice=31,52&no-sw"))
    page.wait_for_selector("html[data-welcome='open']", state="attached")
    return context, page


def test_arabic_from_the_device_reads_right_to_left_with_the_board_unchanged(
    browser: Browser, site: Site
) -> None:
    # One page after the other: two engines starting at once on a loaded machine may miss their answer budget.
    english_context, english = opened(browser, site, "en-US", DESKTOP)
    two_players(english)
    arabic_context, arabic = opened(browser, site, "ar-EG", DESKTOP)
    try:
        arabic.wait_for_selector("html[lang='ar'][dir='rtl']", state="attached")
        # Right to left from the first frame: no English frame left to right, then mirrored.
        first = arabic.evaluate("globalThis.__firstFrame")
        assert first["frame"] == ["ar", "rtl"], f"the first frame was {first['frame']}"
        assert set(first["directions"]) <= {"rtl"}, f"the page changed direction: {first['directions']}"
        assert english.evaluate("globalThis.__firstFrame.frame") == ["en", "ltr"]
        expect(arabic.locator("#welcome-title")).to_have_text("أهلًا بك في طاولة الزهر")
        screenshot(arabic, "i18n-ar-desktop-welcome")
        audit(arabic, "the welcome in Arabic")
        two_players(arabic)
        assert english.evaluate("document.documentElement.dir") in ("", "ltr")
        expect(arabic.locator("#status")).to_contain_text("رمية البداية")
        expect(arabic.locator("[data-action=roll]")).to_have_text("ارمِ النرد")
        # The panels follow the direction: the game panel left of the board, the menu from the right.
        for page, panel_first in ((english, False), (arabic, True)):
            board = page.locator(".board-area").bounding_box()
            panel = page.locator("#play-panel").bounding_box()
            assert board and panel
            assert (panel["x"] < board["x"]) == panel_first
        menu = [arabic.locator(f"#{id}").bounding_box() for id in ("new-match-button", "stats-button")]
        assert menu[0] and menu[1] and menu[0]["x"] > menu[1]["x"], "the menu reads from the right"
        # The board keeps its geometry: the points, bar, trays and checkers where English has them.
        assert_same_geometry(arabic.evaluate(BOARD_GEOMETRY), english.evaluate(BOARD_GEOMETRY))
        screenshot(arabic, "i18n-ar-desktop-panel")
        audit(arabic, "the match page in Arabic")
        arabic.set_viewport_size({"width": 390, "height": 844})
        wait_idle(arabic)
        screenshot(arabic, "i18n-ar-phone-panel")
        assert arabic.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        english_context.close()
        arabic_context.close()


def test_the_switch_in_preferences_changes_the_page_at_once_and_is_kept(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    expect(page.locator("#status")).to_contain_text("Opening roll")
    switch_language(page, "Language", "ar")
    # At once: no reload, the words and the direction of the page in Arabic.
    expect(page.locator("#status")).to_contain_text("رمية البداية")
    expect(page.locator("#preferences-button")).to_have_text("التفضيلات")
    expect(page.locator("#sound-state")).to_have_text("مُطفأ")
    # The board's words too: the pip counts on it and the names of its places.
    expect(page.locator("#board .pips").first).to_have_text("167 نقطة")
    expect(page.locator("#board svg")).to_have_attribute("aria-label", "لوحة الطاولة")
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", PREFERENCES_KEY))
    assert stored["language"] == "ar"
    page.reload()
    wait_for_engine_ready(page)
    page.wait_for_selector("html[lang='ar'][dir='rtl']", state="attached")
    wait_idle(page)
    # The news of the opening was before; the default name is the language's word for the side.
    expect(page.locator("#status")).to_have_text("دور الأبيض ليلعب 3 و1.")
    # And back to the device's language (English here), at once.
    switch_language(page, "اللغة", "auto")
    expect(page.locator("#status")).to_have_text("White to move 3 and 1.")
    expect(page.locator("#preferences-button")).to_have_text("Preferences")
    expect(page.locator("#board .pips").first).to_have_text("167 pips")


def analysed_review(page: Page, site: Site) -> None:
    """The computer players' finished 1-point match opened, analysed at depth 0 and shown in review."""
    open_saved(page, site, computer_match())
    page.click("#result-analyse")
    wait_analysis(page)


def test_the_review_in_the_pseudo_language_on_a_phone_leaves_no_english_and_cuts_nothing(
    phone: Page, site: Site
) -> None:
    in_language(phone, "en-XA")
    analysed_review(phone, site)
    phone.wait_for_selector("html[lang='en-XA']", state="attached")
    expect(phone.locator("#review-title")).to_have_text("[" + pseudo_text("Review") + "]")
    expect(phone.locator("#analysis-note")).to_contain_text(pseudo_text("Analysis done"))
    assert_all_translated(phone, "the review's first decision", REVIEW_NAMES)
    screenshot(phone, "i18n-pseudo-phone-review", full_page=False)
    # A marked decision: its mark, what it cost, the best play and the candidates' table.
    phone.locator("#review-moves .move-button.marked").first.click()
    expect(phone.locator("#review-decision .made .mark")).to_be_visible()
    assert_all_translated(phone, "a marked decision", REVIEW_NAMES)
    screenshot(phone, "i18n-pseudo-phone-review-decision", full_page=False)
    phone.locator("#review-summary").scroll_into_view_if_needed()
    screenshot(phone, "i18n-pseudo-phone-review-summary", full_page=False)
    # The chart's table, and the summary of one game.
    phone.locator("#review-chart .chart-table summary").click()
    assert_all_translated(phone, "the chart's table", REVIEW_NAMES)
    phone.locator("#review-chart .chart-table summary").scroll_into_view_if_needed()
    screenshot(phone, "i18n-pseudo-phone-review-chart", full_page=False)
    audit(phone, "the review in the pseudo-language")


def test_the_review_in_arabic_and_a_switch_of_language_rewrites_it_at_once(page: Page, site: Site) -> None:
    page.set_viewport_size(DESKTOP)
    analysed_review(page, site)
    expect(page.locator("#review-summary table")).to_contain_text("Performance rating (PR)")
    expect(page.locator("#review-where")).to_contain_text("Decision 1 of")
    switch_language(page, "Language", "ar")
    # At once: the marked words and what review wrote (summary, decision, move list, chart, note).
    expect(page.locator("#review-title")).to_have_text("المراجعة")
    expect(page.locator("#review-close")).to_have_text("العودة إلى المباراة")
    expect(page.locator("#review-summary table")).to_contain_text("تقييم الأداء (PR)")
    expect(page.locator("#review-where")).to_contain_text("القرار 1 من")
    expect(page.locator("#review-moves h4").first).to_contain_text("الجولة 1")
    expect(page.locator("#review-chart .chart-title")).to_contain_text("فرصة Wendy للفوز بالمباراة")
    expect(page.locator("#analysis-note")).to_contain_text("اكتمل التحليل")
    expect(page.locator("#review-jump-who option").first).to_have_text("كلا اللاعبين")
    page.locator("#review-moves .move-button.marked").first.click()
    expect(page.locator("#review-decision .made")).to_contain_text("لُعب:")
    screenshot(page, "i18n-ar-desktop-review")
    audit(page, "the review in Arabic")
    # And back to English at once.
    switch_language(page, "اللغة", "auto")
    expect(page.locator("#review-title")).to_have_text("Review")
    expect(page.locator("#review-summary table")).to_contain_text("Performance rating (PR)")
    expect(page.locator("#review-decision .made")).to_contain_text("Played:")


def test_the_statistics_in_the_pseudo_language_on_a_phone_leave_no_english_and_cut_nothing(
    phone: Page, site: Site
) -> None:
    in_language(phone, "en-XA")
    open_match(phone, site, "31,31,31")  # the page's first match, then 3-1 for White in each new one
    for level, length, kind in (("beginner", 1, "gammon"), ("world_class", 3, "backgammon")):
        phone.locator("#menu-button").click()  # on a phone the page's commands are in the menu
        start_match(phone, opponent="computer", length=length, level=level)
        phone.locator("#menu-button").click()
        resign(phone, kind)
    phone.locator("#menu-button").click()
    phone.click("#stats-button")
    dialog = phone.locator("#stats-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("details.stats-details summary").click()  # the rating as a table, with its dates
    expect(dialog.locator("details.stats-details table")).to_be_visible()
    # The rows of the levels played, in the language's words (the pseudo-language's brackets).
    expect(dialog.locator("table.stats-table").last).to_contain_text("[Çööɱþûûţééŕ, ŵööŕļđ çļààšš]")
    assert_all_translated(phone, "the statistics", NAMES)
    screenshot(phone, "i18n-pseudo-phone-stats", full_page=False)
    audit(phone, "the statistics in the pseudo-language")


def open_the_editor(page: Page) -> None:
    """*Set up a position…* from the game panel, the rules core's first check answered."""
    page.locator("#setup-button").scroll_into_view_if_needed()
    page.locator("#setup-button").click()
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    page.wait_for_function("() => ['ok', 'problems'].includes(document.documentElement.dataset.setupCheck)")


def wait_checked(page: Page, answer: str) -> None:
    page.wait_for_function(f"() => document.documentElement.dataset.setupCheck === '{answer}'")


def core_words(page: Page, selector: str) -> list[str]:
    """What the rules core wrote there (its words are English for now: docs/i18n.md), set aside in a sweep."""
    return [text.strip() for text in page.locator(selector).all_inner_texts() if text.strip()]


# A place holding both sides' checkers joins them as the language joins a list (Intl.ListFormat,
# web/i18n/i18n.js listText): Intl knows no pseudo-language and joins its list as English does.
LIST_AND = [" and "]


def test_the_editor_in_the_pseudo_language_on_a_phone_leaves_no_english_and_cuts_nothing(
    phone: Page, site: Site
) -> None:
    in_language(phone, "en-XA")
    open_match(phone, site, "31")
    phone.wait_for_selector("html[lang='en-XA']", state="attached")
    open_the_editor(phone)
    wait_checked(phone, "ok")
    pseudo = lambda id_: "[" + pseudo_text(ENGLISH[id_]) + "]"  # noqa: E731
    expect(phone.locator("#setup-editor-title")).to_have_text(pseudo("setup.title"))
    expect(phone.locator("#setup-problems")).to_have_text(pseudo("setup.ready"))
    # The words the page writes in the form: the players' names (the language's words for the sides), their
    # scores, the double offered, the paste field's example.
    expect(phone.locator("#setup-editor select[name=turn] option").first).to_have_text(
        "[" + pseudo_text("White") + "]"
    )
    expect(phone.locator("#setup-paste")).to_have_attribute("placeholder", pseudo("setup.pastePlaceholder"))
    phone.check("#setup-editor input[name=doubled]")
    expect(phone.locator("#setup-doubled-text")).to_contain_text(pseudo_text("White"))
    phone.uncheck("#setup-editor input[name=doubled]")
    wait_checked(phone, "ok")
    assert_all_translated(phone, "the editor", NAMES)
    screenshot(phone, "i18n-pseudo-phone-editor", full_page=False)
    # A checker taken away and placed again, then a 16th refused: said in the panel in the language.
    board = phone.locator("#board")
    board.locator(".target[data-loc='6']").click(modifiers=["Shift"])
    board.locator(".target[data-loc='5']").click()
    wait_checked(phone, "ok")
    expect(board.locator(".target[data-loc='5']")).to_have_attribute(
        "aria-label", re.compile(pseudo_text("Point"))
    )
    board.locator(".target[data-loc='5']").click()
    refused = phone.locator("#setup-refused")
    expect(refused).to_be_visible()
    expect(refused).to_contain_text(pseudo_text("All"))
    assert_all_translated(phone, "the editor with a refused tap", NAMES)
    refused.scroll_into_view_if_needed()
    screenshot(phone, "i18n-pseudo-phone-editor-refused", full_page=False)
    # A text that is no position: the rules core says why (its words, English for now, set aside here); a text
    # too long for one: the page says so itself.
    phone.fill("#setup-paste", "not-an-id")
    phone.press("#setup-paste", "Enter")
    error = phone.locator("#setup-paste-error")
    expect(error).not_to_be_empty()
    assert_all_translated(
        phone, "the editor with an ID it cannot read", core_words(phone, "#setup-paste-error")
    )
    phone.fill("#setup-paste", "XGID=" + "-a" * 600)
    phone.press("#setup-paste", "Enter")
    expect(error).to_contain_text(pseudo_text("This text is too long for a position"))
    assert_all_translated(phone, "the editor with a text too long", NAMES)
    phone.locator("#setup-paste").scroll_into_view_if_needed()
    screenshot(phone, "i18n-pseudo-phone-editor-paste", full_page=False)
    # A position that is not legal: the rules core's problems in the language, and Roll out says why not.
    phone.locator("#setup-clear").click()
    wait_checked(phone, "problems")
    expect(phone.locator("#setup-problems li").first).to_contain_text(
        pseudo_text("has no checker left on the board: that game is over.")
    )
    phone.locator("#setup-rollout").click()
    expect(phone.locator("#setup-rollout-line")).to_contain_text(
        pseudo_text("The position cannot be rolled out")
    )
    assert_all_translated(phone, "the editor with a position not legal", NAMES + LIST_AND)
    phone.locator("#setup-rollout-line").scroll_into_view_if_needed()
    screenshot(phone, "i18n-pseudo-phone-editor-problems", full_page=False)
    screenshot(phone, "i18n-pseudo-phone-editor-whole")
    audit(phone, "the editor in the pseudo-language")


def test_the_editor_in_arabic_after_a_switch_rewrites_its_words_at_once(page: Page, site: Site) -> None:
    page.set_viewport_size(DESKTOP)
    open_match(page, site, "31")
    open_the_editor(page)
    wait_checked(page, "ok")
    page.check("#setup-editor input[name=doubled]")
    expect(page.locator("#setup-doubled-text")).to_have_text("White has doubled: Black to take or drop")
    page.uncheck("#setup-editor input[name=doubled]")
    wait_checked(page, "ok")
    page.locator("#board .target[data-loc='6']").click()  # a 16th White checker: refused
    expect(page.locator("#setup-refused")).to_have_text(
        "All 15 white checkers are in play: take one away first."
    )
    page.fill("#setup-paste", "")
    page.click("#setup-read")
    expect(page.locator("#setup-paste-error")).to_contain_text("Paste an XGID")
    switch_language(page, "Language", "ar")
    # At once: the marked words, what the editor wrote, and the board's places.
    expect(page.locator("#setup-editor-title")).to_have_text("إعداد وضعية")
    expect(page.locator("#setup-refused")).to_have_text("الأحجار البيضاء كلها في اللعب (15): أزل واحدًا أولًا.")
    expect(page.locator("#setup-paste-error")).to_have_text(
        "الصق أولًا XGID، أو معرّف وضعية من GNU Backgammon (ومعرّف مباراة)."
    )
    expect(page.locator("#setup-editor select[name=turn] option").first).to_have_text("الأبيض")
    expect(page.locator("#setup-editor [data-score='1']")).to_have_text("نتيجة الأسود")
    expect(page.locator("#setup-doubled-text")).to_have_text("الأبيض ضاعف: على الأسود أن يقبل أو يرفض")
    expect(page.locator("#setup-paste")).to_have_attribute(
        "placeholder", "XGID=… أو معرّف الوضعية:معرّف المباراة"
    )
    expect(page.locator("#board .target[data-loc='6']")).to_have_attribute(
        "aria-label", re.compile("^الخانة 6")
    )
    # The next edit writes its words in Arabic, and the position is said ready in Arabic.
    page.locator("#board .target[data-loc='6']").click(modifiers=["Shift"])
    wait_checked(page, "ok")
    expect(page.locator("#setup-problems")).to_have_text("الوضعية جاهزة للعب.")
    expect(page.locator("#setup-refused")).to_be_hidden()
    screenshot(page, "i18n-ar-desktop-editor")
    audit(page, "the editor in Arabic")
    # And back to English at once.
    switch_language(page, "اللغة", "auto")
    expect(page.locator("#setup-editor-title")).to_have_text("Set up a position")
    expect(page.locator("#setup-problems")).to_have_text("The position is ready to play.")
    expect(page.locator("#setup-editor [data-score='1']")).to_have_text("Score Black")


def test_the_hint_and_the_rollout_panel_in_the_pseudo_language_on_a_phone_then_in_arabic_at_once(
    phone: Page, site: Site
) -> None:
    """The hint of the opening 3-1 and its rollout (36 trials cut at 2 plies, on one engine), swept in the
    pseudo-language on the phone: the hint, the panel opened, under way and done with its table; then a
    switch to Arabic rewrites the hint and the panel (its marked words, what it wrote, its table) at once."""
    in_language(phone, "en-XA")
    open_match(phone, site, "31")
    phone.wait_for_selector("html[lang='en-XA']", state="attached")
    phone.locator("#menu-button").click()  # on a phone Hint is in the menu's sheet
    phone.locator("#hint-button").click()
    wait_idle(phone)
    hint = phone.locator("#hint-panel")
    expect(hint.locator("h3")).to_have_text("[" + pseudo_text("Hint") + "]")
    expect(hint.locator("li").first).to_contain_text("8/5 6/5")
    assert_all_translated(phone, "the hint", NAMES)
    assert_inside(phone, "#hint-panel", "the hint")
    hint.scroll_into_view_if_needed()
    screenshot(phone, "i18n-pseudo-phone-hint", full_page=False)
    phone.locator("#rollout-open").click()
    panel = phone.locator("#rollout-panel")
    expect(panel).to_be_visible()
    expect(phone.locator("#rollout-title")).to_have_text("[" + pseudo_text("Roll out") + "]")
    expect(phone.locator("#rollout-what")).to_contain_text("3-1")
    assert_all_translated(phone, "the rollout panel", NAMES)
    assert_inside(phone, "#rollout-panel", "the rollout panel")
    panel.scroll_into_view_if_needed()
    screenshot(phone, "i18n-pseudo-phone-rollout", full_page=False)
    phone.select_option("#rollout-workers", "1")
    phone.select_option("#rollout-trials", "36")
    phone.fill("#rollout-truncation", "2")
    phone.click("#rollout-start")
    expect(panel).to_have_attribute("data-state", "running")
    phone.wait_for_function(DONE_AT_LEAST, arg=1, timeout=ROLLOUT_TIMEOUT_MS)
    if panel.get_attribute("data-state") == "running":
        expect(phone.locator("#rollout-figures table")).to_be_visible()  # the figures so far
        assert_all_translated(phone, "the rollout under way", NAMES)
        assert_inside(phone, "#rollout-panel", "the rollout under way")
    expect(panel).to_have_attribute("data-state", "done", timeout=ROLLOUT_TIMEOUT_MS)
    expect(phone.locator("#rollout-figures tr")).to_have_count(4)  # the heading and three plays
    assert_all_translated(phone, "the rollout's result", NAMES)
    assert_inside(phone, "#rollout-panel", "the rollout's result")
    # The table at the foot of the window, below the phone's board.
    end_in_sight = "el => el.scrollIntoView({block: 'end'})"
    phone.locator("#rollout-figures table").evaluate(end_in_sight)
    screenshot(phone, "i18n-pseudo-phone-rollout-done", full_page=False)
    audit(phone, "the hint and the rollout panel in the pseudo-language")
    # Another language at once: the hint shown and the panel, its marked words and what it wrote.
    switch_language(phone, "[" + pseudo_text("Language") + "]", "ar")
    expect(hint.locator("h3")).to_have_text("تلميح")
    expect(hint.locator("li").first).to_contain_text("فرصة الفوز بالمباراة")
    expect(phone.locator("#rollout-open")).to_have_text("حاكِ")
    expect(phone.locator("#rollout-title")).to_have_text("المحاكاة")
    expect(phone.locator("#rollout-what")).to_contain_text("أفضل 3 نقلات")
    expect(phone.locator("#rollout-start")).to_have_text("ابدأ")
    expect(phone.locator("#rollout-workers option").first).to_contain_text("تلقائي")
    expect(phone.locator("#rollout-status")).to_have_text("اكتملت: 36 محاولة.")
    expect(phone.locator("#rollout-progress-line")).to_have_text("36 من 36 محاولة")
    expect(phone.locator("#rollout-figures th").first).to_have_text("النقلة")
    expect(phone.locator("#rollout-figures .note")).to_contain_text("الخطأ المعياري")
    assert_inside(phone, "#rollout-panel", "the rollout's result in Arabic")
    phone.locator("#rollout-figures table").evaluate(end_in_sight)
    screenshot(phone, "i18n-ar-phone-rollout-done", full_page=False)
    audit(phone, "the hint and the rollout panel in Arabic")
