"""The lobby, the identity dialog and their words in the languages (docs/i18n.md): on a 360 px phone in the
pseudo-language, *Find an opponent* with rows posted by another device and sent straight to a local relay,
one's own invitation, a player blocked, a refusal; *Your identity* with its export and import and an import's
fault: no English left but the names players gave (and the marks' words, the same in every language), nothing
cut, nothing sticking out. Then Arabic chosen in another tab while the lobby or the identity dialog is open:
what they wrote follows at once; axe on the lobby in Arabic."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scripts.remote_harness import CONNECT_TIMEOUT_MS
from tests.core.lobby_support import invitation as invitation_template
from tests.core.lobby_support import needs_node, sign
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import screenshot
from tests.e2e.lobby_driver import ROW, open_lobby, post, publish
from tests.e2e.test_axe import audit

from .i18n_driver import PHONE, assert_translated, in_language, read_screens, switch_language

# The lobby's parts that are this area's (the tournaments' section and form are translated with tournaments).
LOBBY_SCREENS = [
    "#lobby-title",
    "#lobby-connection",
    "#lobby-message",
    ".lobby-name-field",
    ".lobby-watchable",
    ".lobby-filters",
    "#lobby-list-title",
    "#lobby-list",
    "#lobby-playing",
    "#lobby-results",
    "#lobby-played",
    "#lobby-blocked",
    "#lobby-post",
    "#lobby-form > .dialog-buttons",
]
IDENTITY_SCREENS = ["#identity-dialog"]

# The marks' words (English words: a player's mark is the same in every language).
MARKS = """() => [...document.querySelectorAll("svg.identity-mark")]
  .map((svg) => svg.getAttribute("aria-label"))
  .concat([document.getElementById("identity-mark-words")?.textContent ?? ""]).filter(Boolean)"""

# The options of the lobby's own choices whose text holds an ASCII word (READ_SCREENS leaves options out).
ENGLISH_OPTIONS = """() => [...document.querySelectorAll(".lobby-filters option, #lobby-post option")]
  .map((o) => o.textContent.trim()).filter((text) => /[A-Za-z]{2,}/.test(text))"""


@pytest.fixture
def phone_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    try:
        yield context
    finally:
        context.close()


def open_online(page: Page, choice: str) -> None:
    """*Play online…* (in the menu's sheet on a phone), then `choice`'s button: its dialog open."""
    if not page.locator("#online-button").is_visible():
        page.locator("#menu-button").click()
    page.click("#online-button")
    page.wait_for_selector("#online-dialog[open]")
    page.click(f"#{choice}-button")
    page.wait_for_selector(f"#{choice}-dialog[open]")


def names_shown(page: Page, *names: str) -> list[str]:
    """The names players gave and the marks' words on the page, set aside by the checks of English."""
    marks: list[str] = page.evaluate(MARKS)
    return [*names, *marks]


def standing_invitations(relay: str, page: Page) -> None:
    """Dan's rated 7-point invitation for ratings 1400 to 1800, and Eve's by links, straight to the relay."""
    now = int(time.time())
    events = sign(
        [
            (
                "dan",
                invitation_template(
                    "dani18n00001", created_at=now, name="Dan", length=7, rated=True, min=1400, max=1800
                ),
            ),
            (
                "eve",
                invitation_template(
                    "evei18n00001", created_at=now, name="Eve", length=1, mode="links", expires=now + 3600
                ),
            ),
        ]
    )
    answers = publish(page, relay, events)
    assert [answer[2] for answer in answers] == [True, True], answers


@needs_node
def test_the_lobby_and_identity_in_the_pseudo_language_on_a_phone(
    relay_and_site: tuple[str, str], devices: list[Page], phone_context: BrowserContext
) -> None:
    relay, site = relay_and_site
    ann = devices[0]
    open_lobby(ann, site, "Ann")
    post(ann, 5)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('5-point match')")
    standing_invitations(relay, ann)

    phone = phone_context.new_page()
    in_language(phone, "en-XA")
    phone.goto(f"{site}?no-welcome")
    rd.wait_ready(phone)
    open_online(phone, "lobby")
    phone.wait_for_selector("#lobby-list li")
    phone.fill("#lobby-form input[name=name]", "Pia")
    for name in ("Ann", "Dan", "Eve"):
        phone.wait_for_selector(f"{ROW}:has(.lobby-name:text-is('{name}'))", timeout=CONNECT_TIMEOUT_MS)
    # Pia's own invitation, a refusal (a match of 30 points), then Dan blocked: the blocked list shows.
    post(phone, 3, rated=True)
    phone.wait_for_selector(f"{ROW}.lobby-yours", timeout=CONNECT_TIMEOUT_MS)
    phone.fill("#lobby-form input[name=length]", "30")
    phone.click("#lobby-post-button")
    expect(phone.locator("#lobby-message")).not_to_be_empty()
    phone.click(f"{ROW}:has(.lobby-name:text-is('Dan')) button[value^='block:']")
    phone.wait_for_selector("#lobby-blocked:not([hidden])")
    phone.click("#lobby-blocked summary")

    names = names_shown(phone, "Ann", "Dan", "Eve", "Pia")
    assert_translated(phone, "the lobby (en-XA, phone)", names, LOBBY_SCREENS)
    assert phone.evaluate(ENGLISH_OPTIONS) == []
    # Every row's words are the language's: its terms, rating, time waited and buttons' names.
    rows = phone.eval_on_selector_all(f"{ROW}", "(rows) => rows.map((r) => r.textContent)")
    assert len(rows) >= 3, rows
    labels = phone.eval_on_selector_all(
        f"{ROW} button", "(bs) => bs.map((b) => b.getAttribute('aria-label'))"
    )
    assert labels and all(not re.search(r"\b(Accept|Cancel|Block)\b", label) for label in labels), labels
    screenshot(phone, "i18n-lobby-en-XA-360", full_page=False)

    # The identity dialog: its export, then an import's fault.
    identity_from_the_lobby(phone)
    phone.click("#identity-export-button")
    expect(phone.locator("#identity-nsec")).not_to_have_value("")
    phone.click("#identity-import-button")
    phone.fill("#identity-import-text", "npub1notasecret")
    phone.click("#identity-import-key")
    expect(phone.locator("#identity-import-error")).not_to_be_empty()
    phone.fill("#identity-name", "")
    phone.click("#identity-save-name")
    expect(phone.locator("#identity-name-error")).not_to_be_empty()
    names = names_shown(phone, "Pia")
    assert_translated(phone, "the identity dialog (en-XA, phone)", names, IDENTITY_SCREENS)
    screenshot(phone, "i18n-identity-en-XA-360", full_page=False)


def identity_from_the_lobby(page: Page) -> None:
    """The lobby closed (a length out of range left in its form does not hold it open), the identity open."""
    page.click("#lobby-form > .dialog-buttons button[value=close]")
    page.wait_for_selector("#lobby-dialog:not([open])", state="attached")
    open_online(page, "identity")
    page.wait_for_selector("#identity-dialog[data-state='ready']")


@needs_node
def test_arabic_chosen_in_another_tab_rewrites_the_open_lobby_and_identity(
    relay_and_site: tuple[str, str], devices: list[Page]
) -> None:
    relay, site = relay_and_site
    ann, bob, _ = devices
    open_lobby(ann, site, "Ann")
    post(ann, 5)
    ann.wait_for_selector(f"{ROW}.lobby-yours:has-text('5-point match')")
    standing_invitations(relay, ann)

    open_lobby(bob, site, "Bob")
    for name in ("Ann", "Dan", "Eve"):
        bob.wait_for_selector(f"{ROW}:has(.lobby-name:text-is('{name}'))", timeout=CONNECT_TIMEOUT_MS)
    bob.click("#lobby-post summary")
    bob.fill("#lobby-form input[name=length]", "30")
    bob.click("#lobby-post-button")
    expect(bob.locator("#lobby-message")).to_have_text("A match is 1 to 25 points long.")
    expect(bob.locator("#lobby-connection")).to_have_text("Looking for invitations on 1 relay.")
    bob.click(f"{ROW}:has(.lobby-name:text-is('Eve')) button[value^='block:']")
    expect(bob.locator("#lobby-blocked summary")).to_have_text("Blocked players (1)")

    # Arabic chosen in Preferences in another tab of the same browser: the open lobby follows at once.
    other = bob.context.new_page()
    other.goto(f"{site}?no-welcome")
    rd.wait_ready(other)
    switch_language(other, "Language", "ar")
    bob.wait_for_selector("html[lang='ar'][dir='rtl']")
    expect(bob.locator("#lobby-title")).to_have_text("ابحث عن خصم")
    expect(bob.locator("#lobby-message")).to_have_text("طول المباراة من 1 إلى 25 نقطة.")
    expect(bob.locator("#lobby-connection")).not_to_contain_text("Looking")
    expect(bob.locator("#lobby-blocked summary")).to_have_text("لاعبون محظورون (1)")
    dan = bob.locator(f"{ROW}:has(.lobby-name:text-is('Dan'))")
    expect(dan.locator(".lobby-terms")).to_contain_text("مباراة إلى")
    expect(dan.locator("button[value^='accept:']")).to_have_text("قبول")
    expect(dan.locator("button[value^='accept:']")).to_have_attribute("aria-label", "قبول دعوة Dan")
    names = names_shown(bob, "Ann", "Dan", "Eve", "Bob")
    bob.click("#lobby-blocked summary")
    seen = read_screens(bob, names, LOBBY_SCREENS)
    assert seen["english"] == [], seen["english"]
    screenshot(bob, "i18n-lobby-ar-1280", full_page=False)
    audit(bob, "the lobby in Arabic")

    # The identity dialog with a fault shown, then English chosen again in the other tab: it follows.
    identity_from_the_lobby(bob)
    bob.click("#identity-import-button")
    bob.fill("#identity-import-text", "not a key")
    bob.click("#identity-import-key")
    fault = "هذا ليس مفتاحًا سريًا: المفتاح السري يبدأ بـ nsec1. لم تتغيّر هويتك."
    expect(bob.locator("#identity-import-error")).to_have_text(fault)
    expect(bob.locator("#identity-title")).to_have_text("هويتك")
    screenshot(bob, "i18n-identity-ar-1280", full_page=False)
    switch_language(other, "اللغة", "auto")  # the device's: English here
    bob.wait_for_selector("html[lang='en'][dir='ltr']")
    expect(bob.locator("#identity-import-error")).to_have_text(
        "This is not a secret key: a secret key starts with nsec1. Your identity is unchanged."
    )
    expect(bob.locator("#identity-title")).to_have_text("Your identity")
