"""The Copy buttons beside the IDs (web/copy.js) are off while their ID reads "—", their title saying why, and
on again once there is an ID to copy: a match with a friend on another device, before its first game (through
a Nostr relay started on this machine) and once it has begun; the position editor's, for a position that
cannot be played."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.chromium import serving
from scripts.local_relay import local_relay
from scripts.remote_harness import CONNECT_TIMEOUT_MS, build_site_for_relay
from tests.e2e import remote_driver as rd
from tests.e2e.conftest import Site
from tests.e2e.match_driver import open_match

INFO_IDS = ("position-id", "match-id", "xgid")
NO_GAME = "Nothing to copy: no game has started yet."
NOT_READY = "Nothing to copy: the position is not ready to play."
EDITOR_IDS = ("setup-position-id", "setup-match-id", "setup-xgid")


@pytest.fixture(scope="module")
def relay_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built to name a local relay, served; yields its URL."""
    with local_relay() as relay:
        dist = build_site_for_relay(tmp_path_factory.mktemp("copy-buttons") / "dist", relay)
        with serving(dist) as server:
            yield str(server.url)


def test_copy_buttons_are_off_while_there_is_no_id(browser: Browser, relay_site: str) -> None:
    contexts = [browser.new_context(viewport={"width": 1100, "height": 820}) for _ in range(2)]
    try:
        host, guest = (context.new_page() for context in contexts)
        contexts[0].grant_permissions(["clipboard-read", "clipboard-write"], origin=relay_site.rstrip("/"))
        host.goto(f"{relay_site}?no-welcome")
        rd.wait_ready(host)
        # A match against the computer: every ID is there to copy.
        for source in INFO_IDS:
            expect(host.locator(f"#{source}")).not_to_have_text("—")
            expect(host.locator(f"button[data-copy='{source}']")).to_be_enabled()
            expect(host.locator(f"button[data-copy='{source}']")).not_to_have_attribute("title", NO_GAME)
        # Invited, the friend not yet joined: no game, so no ID; each button is off and says why.
        rd.invite(host, "Ann")
        rd.invitation_link(host)
        for source in INFO_IDS:
            expect(host.locator(f"#{source}")).to_have_text("—")
            expect(host.locator(f"button[data-copy='{source}']")).to_be_disabled()
            expect(host.locator(f"button[data-copy='{source}']")).to_have_attribute("title", NO_GAME)
        # The friend joins and the first game begins: the IDs are shown, and copied.
        guest.goto(rd.invitation_link(host))
        rd.accept_invitation(guest, "Bob")
        host.wait_for_selector("html[data-phase='move']", state="attached", timeout=CONNECT_TIMEOUT_MS)
        for source in INFO_IDS:
            expect(host.locator(f"#{source}")).not_to_have_text("—")
            expect(host.locator(f"button[data-copy='{source}']")).to_be_enabled()
            expect(host.locator(f"button[data-copy='{source}']")).not_to_have_attribute("title", NO_GAME)
        host.click("button[data-copy='position-id']")
        expect(host.locator("#announcer")).to_contain_text("Copied")
        assert host.evaluate("navigator.clipboard.readText()") == host.text_content("#position-id")
    finally:
        for context in contexts:
            context.close()


def editor_checked(page: Page) -> None:
    page.wait_for_function("() => ['ok', 'problems'].includes(document.documentElement.dataset.setupCheck)")


def test_the_editors_copy_buttons_are_off_for_a_position_not_ready_to_play(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    editor_checked(page)
    for source in EDITOR_IDS:
        expect(page.locator(f"button[data-copy='{source}']")).to_be_enabled()
    page.click("#setup-clear")  # no checker on the board: not a position to play
    expect(page.locator("#setup-problems")).to_contain_text("White has no checker left on the board")
    for source in EDITOR_IDS:
        expect(page.locator(f"#{source}")).to_have_text("—")
        expect(page.locator(f"button[data-copy='{source}']")).to_be_disabled()
        expect(page.locator(f"button[data-copy='{source}']")).to_have_attribute("title", NOT_READY)
    page.click("#setup-start")
    editor_checked(page)
    for source in EDITOR_IDS:
        expect(page.locator(f"button[data-copy='{source}']")).to_be_enabled()
        expect(page.locator(f"button[data-copy='{source}']")).not_to_have_attribute("title", NOT_READY)
