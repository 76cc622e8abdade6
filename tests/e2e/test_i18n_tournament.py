"""Tournaments in the languages (web/lobby/tournament*.js, `tournament.*`): a round robin organised on a local
relay by Ann, on a 360 px phone in the pseudo-language, joined by Bob and Cy in English on their own devices;
its row and *Organise a tournament* in the lobby, then its panel while registration is open and once drawn
(the rounds with a bye each, the standings, each table's state, *Play your match*, the claim's line) leave no
English but the names players gave and cut nothing. Then Arabic, chosen in Preferences in another tab of
Ann's: the panel open in hers is written again at once, right to left; the lobby's list and form follow; axe
has nothing serious to say of it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.core.lobby_support import needs_node
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import PageProblems, screenshot
from tests.e2e.i18n_driver import PHONE, assert_translated, in_language, switch_language
from tests.e2e.lobby_driver import open_lobby, open_tournament, organise, tournament_row
from tests.e2e.test_axe import audit

NAME = "Rain cup"
PLAYERS = ["Ann", "Bob", "Cy"]
LIST_SCREENS = ["#lobby-tournaments", "#lobby-organise"]
PANEL = ["#tournament-dialog"]
PSEUDO = Path(__file__).resolve().parents[2] / "web" / "i18n" / "en-XA.js"


def pseudo(message_id: str) -> str:
    """A message of the pseudo-language, as its catalogue holds it (no arguments)."""
    text = PSEUDO.read_text(encoding="utf-8")
    catalogue = json.loads(text[text.index("{") : text.rindex("}") + 1])
    return str(catalogue[message_id])


@pytest.fixture
def contexts(browser: Browser, page_problems: PageProblems) -> Iterator[list[BrowserContext]]:
    """Ann's phone (a touch screen 360 px wide, its clock in 24 hours) and Bob's and Cy's desktops."""
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")
    made = [
        browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, locale="en-GB"
        ),
        browser.new_context(viewport={"width": 1280, "height": 800}),
        browser.new_context(viewport={"width": 1280, "height": 800}),
    ]
    try:
        yield made
    finally:
        for context in made:
            context.close()


def open_phone_lobby(page: Page, site: str, name: str) -> None:
    """*Play online…* → *Find an opponent* on a phone (its menu's sheet holds the button), and a name."""
    page.goto(f"{site}?no-welcome")
    rd.wait_ready(page)
    if not page.locator("#online-button").is_visible():
        page.locator("#menu-button").click()
    page.click("#online-button")
    page.wait_for_selector("#online-dialog[open]")
    page.click("#lobby-button")
    page.wait_for_selector("#lobby-dialog[open]")
    page.wait_for_selector("#lobby-list li")
    page.fill("#lobby-form input[name=name]", name)


def set_aside(page: Page) -> list[str]:
    """What is not the page's words to translate: the players' and the tournament's names, and the identity
    marks' names (another part's words, web/lobby/words.js)."""
    marks: list[str] = page.eval_on_selector_all(
        "svg.identity-mark", "(marks) => marks.map((m) => m.getAttribute('aria-label') || '')"
    )
    return [NAME, *PLAYERS, *[m for m in marks if m]]


def join_from_list(page: Page) -> None:
    page.click(f"{tournament_row(NAME)} button[value^='join:']", timeout=CONNECT_TIMEOUT_MS)


def open_panel(page: Page) -> None:
    """*Open* on the row, whatever its language; the panel drawn (its title the tournament's name)."""
    page.click(f"{tournament_row(NAME)} button[value^='open:']")
    page.wait_for_selector("#tournament-dialog[open]")
    expect(page.locator("#tournament-title")).to_have_text(NAME)


@needs_node
def test_a_tournament_in_the_pseudo_language_on_a_phone_then_in_arabic_at_once(
    relay_and_site: tuple[str, str], contexts: list[BrowserContext]
) -> None:
    _, site = relay_and_site
    ann_context = contexts[0]
    ann = ann_context.new_page()
    in_language(ann, "en-XA")
    bob, cy = (context.new_page() for context in contexts[1:])

    # The lobby's tournaments and the organise form, in the pseudo-language.
    open_phone_lobby(ann, site, "Ann")
    ann.click("#lobby-organise summary")
    expect(ann.locator("#lobby-organise-button")).to_have_text(pseudo("tournament.announce"))
    assert_translated(ann, "the organise form", set_aside(ann), LIST_SCREENS)
    organise(ann, NAME, places=4, length=3, tournament_format="roundrobin", closes_minutes=30)
    ann.wait_for_selector(f"{tournament_row(NAME)}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    join_from_list(ann)
    ann.wait_for_selector(f"{tournament_row(NAME)}:not(:has(button[value^='join:']))")
    row = ann.locator(tournament_row(NAME))
    expect(row).to_contain_text(pseudo("tournament.roundRobinShort"))
    expect(row).to_contain_text(pseudo("tournament.youEntered"))
    assert_translated(ann, "the tournaments' list", set_aside(ann), LIST_SCREENS)
    screenshot(ann, "i18n-tournament-pseudo-phone-list", full_page=False)

    # Bob and Cy join in English: the English is as it was.
    for name, page in (("Bob", bob), ("Cy", cy)):
        open_lobby(page, site, name)
        page.wait_for_selector(
            f"{tournament_row(NAME)}:has-text('round robin · 3-point matches · live · not rated')",
            timeout=CONNECT_TIMEOUT_MS,
        )
        expect(page.locator(f"{tournament_row(NAME)} .lobby-rating")).to_have_text(" · organised by Ann")
        page.click(f"{tournament_row(NAME)} button:text-is('Join')")
        page.wait_for_selector(f"{tournament_row(NAME)}:has-text('you entered')", timeout=CONNECT_TIMEOUT_MS)

    # The panel while registration is open: its phase, entrants, link and buttons.
    open_panel(ann)
    expect(ann.locator("#tournament-entrants li")).to_have_count(3, timeout=CONNECT_TIMEOUT_MS)
    expect(ann.locator("#tournament-close-now")).to_be_visible()
    expect(ann.locator("#tournament-leave")).to_have_text(pseudo("tournament.leave"))
    assert_translated(ann, "the panel, registration open", set_aside(ann), PANEL)
    screenshot(ann, "i18n-tournament-pseudo-phone-registration", full_page=False)

    # Closed now: every device reveals its part, and the rounds are drawn.
    ann.click("#tournament-close-now")
    ann.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)
    being_played = pseudo("tournament.phaseRobinRound").replace("{n}", "1").replace("{count}", "3")
    expect(ann.locator("#tournament-phase")).to_have_text(being_played)
    expect(ann.locator("#tournament-rounds h4")).to_have_count(3)
    expect(ann.locator("#tournament-standings tbody tr")).to_have_count(3)
    expect(ann.locator("#tournament-rounds .tournament-bye")).to_have_count(3)
    follow = ann.locator("#tournament-rounds .tournament-follow").first
    expect(follow).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(ann.locator("#tournament-play")).to_be_visible()
    assert_translated(ann, "the panel, drawn", set_aside(ann), PANEL)
    ann.locator("#tournament-draw").scroll_into_view_if_needed()
    screenshot(ann, "i18n-tournament-pseudo-phone-drawn", full_page=False)
    for page in (bob, cy):
        open_tournament(page, NAME)
        page.wait_for_selector("#tournament-phase[data-phase='drawn']", timeout=CONNECT_TIMEOUT_MS)
        expect(page.locator("#tournament-phase")).to_have_text("Round 1 of 3 being played")
        expect(page.locator("#tournament-rounds h4")).to_have_text(["Round 1", "Round 2", "Round 3"])
        expect(page.locator("#tournament-yours")).to_have_text(re.compile(r"^Round \d: your match against "))

    # Arabic, chosen in another tab of Ann's: the panel open in hers follows at once.
    other = ann_context.new_page()
    other.goto(f"{site}?no-welcome")
    rd.wait_ready(other)
    switch_language(other, pseudo("prefs.language"), "ar")
    ann.wait_for_selector("html[lang='ar'][dir='rtl']", state="attached")
    other.close()
    expect(ann.locator("#tournament-phase")).to_have_text(re.compile("^تُلعب الجولة [1\u0661] من [3\u0663]$"))
    expect(ann.locator("#tournament-draw-title")).to_have_text("الجولات")
    # Figures as the language writes them (Intl: Latin or Arabic-Indic digits).
    expect(ann.locator("#tournament-rounds h4")).to_have_text(
        [re.compile(f"^الجولة [{n}{chr(0x660 + n)}]$") for n in (1, 2, 3)]
    )
    expect(ann.locator("#tournament-standings-title")).to_have_text("الترتيب")
    expect(ann.locator("#tournament-entrants-title")).to_have_text("المسجّلون، بترتيب القرعة")
    expect(ann.locator("#tournament-entrants li.tournament-me")).to_have_text("Ann (أنت)")
    expect(ann.locator("#tournament-play")).to_have_text("العب مباراتك")
    expect(ann.locator("#tournament-yours")).to_contain_text("مباراتك ضد ")
    expect(ann.locator("#tournament-rounds .tournament-won").first).to_have_text(" — يتأهّل")
    assert_translated(ann, "the panel in Arabic", set_aside(ann), PANEL)
    screenshot(ann, "i18n-tournament-ar-phone-drawn", full_page=False)
    audit(ann, "a tournament's panel in Arabic")

    # Back to the lobby: its list and form in Arabic too.
    ann.click("#tournament-dialog button[value=close]")
    row = ann.locator(tournament_row(NAME))
    expect(row).to_contain_text(re.compile("دوري · مباريات من [3\u0663] نقاط · مباشرة · غير مُصنَّفة"))
    expect(row).to_contain_text("جارية")
    expect(row.locator("button[value^='open:']")).to_have_text("افتح")
    expect(ann.locator("#lobby-organise-button")).to_have_text("أعلن البطولة")
    assert_translated(ann, "the tournaments' list in Arabic", set_aside(ann), LIST_SCREENS)
    ann.locator("#lobby-tournaments").scroll_into_view_if_needed()
    screenshot(ann, "i18n-tournament-ar-phone-list", full_page=False)
    # English devices are untouched by Ann's choice.
    assert re.search(r"^Round \d: your match against ", bob.text_content("#tournament-yours") or "")
