"""Play online in other languages (docs/i18n.md): the *Play online* dialog, *Play a friend*, the join dialog
and the panel of a live match between two phones of a local relay, in the pseudo-language on a 360 px phone
with no English left (the players' names set aside) and nothing cut or sticking out; a match by links in
Arabic, right to left, its panel and status line written again at once in French when the language is switched
in Preferences, and the friend dialog's list in French; axe clean in Arabic; the match history's own messages
(a file refused, an import's result) in German. Screenshots under test-results/i18n-online-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.i18n_messages import catalogue_path, read_catalogue
from scripts.i18n_pseudo import pseudo_text
from scripts.remote_harness import CONNECT_TIMEOUT_MS

from .conftest import PageProblems, Site, screenshot
from .i18n_driver import DESKTOP, assert_translated, in_language, phone_page, switch_language
from .remote_driver import wait_ready
from .test_axe import audit

# The players' names; the date and time of a kept match (Intl's, "PM" in the pseudo-language's English).
NAMES = ["Ann", "Bob", "AM", "PM"]

# The screens of play online, and the status line and connection line under the board while a match is shown.
SCREENS = [
    "#online-dialog",
    "#friend-dialog",
    "#friend-join-dialog",
    "#remote-panel",
    "#remote-status",
    "#status",
]


def pseudo(message: str, **args: str) -> str:
    """A message of the pseudo-language's catalogue, its arguments put in."""
    text = str(read_catalogue(catalogue_path("en-XA"))[message])
    for name, value in args.items():
        text = text.replace("{" + name + "}", value)
    return text


@pytest.fixture(autouse=True)
def friend_leaving(page_problems: PageProblems) -> None:
    """The error trystero logs when the friend's device closes the connection (a context closed)."""
    page_problems.expect(r"^Trystero peer error: OperationError: User-Initiated Abort, reason=Close called$")


@pytest.fixture
def phones(browser: Browser) -> Iterator[tuple[Page, Page]]:
    with phone_page(browser) as host, phone_page(browser) as guest:
        yield host, guest


def open_friend_dialog(page: Page, pseudo_language: bool = True) -> None:
    """*Play online…* (in the menu's sheet on a phone), its dialog checked (in the pseudo-language: the checks
    read any Latin word as English), then *Play a friend*."""
    if not page.locator("#online-button").is_visible():
        page.locator("#menu-button").click()
    page.locator("#online-button").click()
    expect(page.locator("#online-dialog")).to_be_visible()
    if pseudo_language:
        assert_translated(page, "Play online", NAMES, SCREENS)
    page.locator("#friend-button").click()
    expect(page.locator("#friend-dialog")).to_be_visible()
    expect(page.locator("#friend-matches li").first).to_be_visible()  # listed before it opens


def test_a_live_match_in_the_pseudo_language_on_two_phones(
    phones: tuple[Page, Page], relay_and_site: tuple[str, str]
) -> None:
    host, guest = phones
    _, site = relay_and_site
    for page in phones:
        in_language(page, "en-XA")
    host.goto(f"{site}?no-welcome")
    wait_ready(host)
    open_friend_dialog(host)
    expect(host.locator("#friend-matches")).to_contain_text(pseudo_text("None yet."))
    assert_translated(host, "Play a friend", NAMES, SCREENS)
    screenshot(host, "i18n-online-pseudo-friend-dialog", full_page=False)
    host.fill("#friend-form input[name=name]", "Ann")
    host.select_option("#friend-form select[name=length]", "3")
    host.check("#friend-form input[name=mode][value=live]")
    host.check("#friend-form input[name=rated]")
    host.click("#friend-form button[value=invite]")
    host.wait_for_selector("#remote-invite:not([hidden])")
    expect(host.locator("#remote-title")).to_contain_text(pseudo_text("live"))
    assert_translated(host, "the panel with the invitation", NAMES, SCREENS)
    screenshot(host, "i18n-online-pseudo-invitation")
    link = host.input_value("#remote-invite-link")

    guest.goto(link)
    guest.wait_for_selector("#friend-join-dialog[open]", timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#friend-join-rated-text")).to_contain_text("Ann")
    assert_translated(guest, "the join dialog", NAMES, SCREENS)
    screenshot(guest, "i18n-online-pseudo-join", full_page=False)
    guest.fill("#friend-join-form input[name=name]", "Bob")
    guest.check("#friend-join-form input[name=rated]")
    guest.click("#friend-join-form button[value=join]")
    for page in phones:
        page.wait_for_selector("#remote-status[data-state='connected']", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("html[data-phase='move']", state="attached", timeout=CONNECT_TIMEOUT_MS)
        page.wait_for_selector("#match-info:has-text('Bob')", timeout=CONNECT_TIMEOUT_MS)
    # A quick message goes as the button shows it, in the language of the one who sends it.
    guest.locator("#remote-chat button[data-phrase='Good luck!']").click()
    host.wait_for_selector("#remote-chat-log li", timeout=CONNECT_TIMEOUT_MS)
    said = pseudo("remote.goodLuck")
    heard = pseudo("remote.chatFrom", who="Bob") + " " + said
    expect(host.locator("#remote-chat-log li")).to_have_text(heard)
    expect(guest.locator("#remote-chat-log li")).to_have_text(
        pseudo("remote.chatFrom", who=pseudo("remote.you")) + " " + said
    )
    for page, who in ((host, "host"), (guest, "guest")):
        expect(page.locator("#remote-title")).to_contain_text(pseudo_text("rated"))
        assert_translated(page, f"the live match's panel ({who})", NAMES, SCREENS)
        screenshot(page, f"i18n-online-pseudo-live-{who}")
    # The match is listed in the friend dialog, in the language.
    open_friend_dialog(host)
    expect(host.locator("#friend-matches li").first).to_contain_text("Bob")
    assert_translated(host, "Play a friend with a match kept", NAMES, SCREENS)
    host.click("#friend-form button[value=cancel]")


def test_a_match_by_links_in_arabic_then_french(browser: Browser, relay_and_site: tuple[str, str]) -> None:
    _, site = relay_and_site
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        in_language(page, "ar")
        page.goto(f"{site}?no-welcome")
        page.wait_for_selector("html[lang='ar'][dir='rtl']", state="attached")
        wait_ready(page)
        open_friend_dialog(page, pseudo_language=False)
        expect(page.locator("#friend-title")).to_have_text("العب مع صديق على جهاز آخر")
        page.fill("#friend-form input[name=name]", "Ann")
        page.select_option("#friend-form select[name=length]", "1")
        page.check("#friend-form input[name=mode][value=correspondence]")
        page.click("#friend-form button[value=invite]")
        page.wait_for_selector("#remote-send:not([hidden])")
        expect(page.locator("#remote-title")).to_have_text("مباراة من نقطة واحدة مع صديق · بالروابط")
        expect(page.locator("#remote-send-text")).to_contain_text("أرسل الرابط أدناه إلى صديقك: فيه دعوتك.")
        expect(page.locator("#status")).to_contain_text("أرسل الرابط أدناه إلى صديقك")
        expect(page.locator("#remote-send-link")).not_to_have_value("")
        screenshot(page, "i18n-online-arabic-links")
        audit(page, "a match by links' panel in Arabic")

        # The switch rewrites at once what the panel and the status line wrote.
        switch_language(page, "اللغة", "fr")
        expect(page.locator("#remote-title")).to_have_text("Match en 1 point avec un ami · par liens")
        expect(page.locator("#remote-send-text")).to_contain_text(
            "Envoyez à votre ami le lien ci-dessous : il contient votre invitation."
        )
        expect(page.locator("#status")).to_contain_text("Envoyez à votre ami le lien ci-dessous")
        expect(page.locator("#remote-send-copy")).to_have_text("Copier le lien")
        screenshot(page, "i18n-online-french-links")
        page.click("#remote-send-copy")
        expect(page.locator("#remote-send-text")).to_contain_text("Envoyé. Si votre ami ne l\u2019a pas reçu")
        open_friend_dialog(page, pseudo_language=False)
        expect(page.locator("#friend-matches li").first).to_contain_text(
            "Avec un ami pas encore arrivé · match en 1 point · par liens"
        )
        page.click("#friend-form button[value=cancel]")
    finally:
        context.close()


def test_the_historys_own_messages_in_german(page: Page, site: Site, tmp_path: Path) -> None:
    in_language(page, "de")
    page.set_viewport_size(DESKTOP)
    page.goto(site.url("?no-welcome"))
    page.wait_for_selector("html[lang='de']", state="attached")
    page.click("#stats-button")
    expect(page.locator("#stats-dialog")).to_be_visible()
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "backgammon-history", "version": 1, "entries": [', encoding="utf-8")
    empty = tmp_path / "empty.json"
    empty.write_text('{"format": "backgammon-history", "version": 1, "entries": []}', encoding="utf-8")
    result = page.locator("#stats-import-result")
    page.set_input_files("#stats-import", str(broken))
    expect(result).to_have_text(
        "Diese Datei kann Ihrem Verlauf nicht hinzugefügt werden: sie ist kein gültiges JSON (vielleicht"
        " abgeschnitten oder beschädigt). Ihr Verlauf ist unverändert."
    )
    page.set_input_files("#stats-import", str(empty))
    expect(result).to_have_text("Kein Match wurde Ihrem Verlauf hinzugefügt; die Datei enthält kein Match.")
