"""The last of the page's English in the player's language (docs/i18n.md): the page's description and the
web app manifest Chromium reads, in French on the game's page (then English again after a switch) and in
Turkish on the tutorial's; the turn file of a match by links written in Turkish and opened by a French
device; the detail of a failed analysis said in French."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect
from scripts.i18n_messages import catalogue_path, parse, read_catalogue, render_english

from .conftest import Site
from .i18n_driver import DESKTOP, in_language, switch_language
from .remote_driver import turn_file, wait_ready
from .test_engine_recovery import break_until_given_up
from .test_review import computer_match, open_saved


def said(language: str, key: str, **args: object) -> str:
    """A message of `language`'s catalogue made with `args` (plurals by English's rule: give numbers whose
    case is the same in the language)."""
    return render_english(parse(read_catalogue(catalogue_path(language))[key]), args)


def app_manifest(page: Page) -> tuple[str, dict[str, Any]]:
    """The manifest Chromium reads for the page (its URL and its data), as an install would."""
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    return manifest["url"], json.loads(manifest["data"])


def expect_page_words(page: Page, site: Site, language: str, description: str) -> None:
    """The page's description and its manifest (the one linked, and what Chromium reads) in `language`."""
    expect(page.locator('meta[name="description"]')).to_have_attribute("content", said(language, description))
    name = "manifest.webmanifest" if language == "en" else f"manifest.{language}.webmanifest"
    expect(page.locator('link[rel="manifest"]')).to_have_attribute("href", name)
    url, data = app_manifest(page)
    assert url == site.url(name)
    assert (data["name"], data["short_name"], data["description"]) == (
        said(language, "app.name"),
        said(language, "app.shortName"),
        said(language, "app.description"),
    )
    assert data["start_url"] == "./" and data["id"] == "./"  # the same app in every language


def test_the_description_and_the_manifest_in_french_then_english(page: Page, site: Site) -> None:
    in_language(page, "fr")
    page.goto(site.url("?no-sw&no-welcome"))
    page.wait_for_selector("html[lang='fr']", state="attached")
    expect_page_words(page, site, "fr", "page.description")
    switch_language(page, said("fr", "prefs.language"), "auto")
    expect_page_words(page, site, "en", "page.description")


def test_the_tutorials_description_and_manifest_in_turkish(page: Page, site: Site) -> None:
    in_language(page, "tr")
    page.goto(site.url("tutorial.html?no-sw"))
    page.wait_for_selector("html[lang='tr']", state="attached")
    expect_page_words(page, site, "tr", "page.tutorialDescription")


def test_a_turn_file_written_in_turkish_opens_on_a_french_device(
    browser: Browser, relay_and_site: tuple[str, str]
) -> None:
    _, site = relay_and_site
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        ann, bob = (context.new_page() for context in contexts)
        in_language(ann, "tr")
        ann.goto(f"{site}?no-welcome")
        ann.wait_for_selector("html[lang='tr']", state="attached")
        wait_ready(ann)
        ann.locator("#online-button").click()
        ann.locator("#friend-button").click()
        ann.fill("#friend-form input[name=name]", "Ann")
        ann.select_option("#friend-form select[name=length]", "1")
        ann.check("#friend-form input[name=mode][value=correspondence]")
        ann.click("#friend-form button[value=invite]")
        name, text = turn_file(ann)
        # Its name is the same in every language; its readable lines are Turkish; the link is the game's.
        found = re.fullmatch(r"backgammon-turn-[A-Za-z0-9-]+-(\d+)\.txt", name)
        assert found, name
        friend = said("tr", "remote.yourFriend")
        lines = text.split("\n")
        assert lines[:3] == [
            said("tr", "remote.turnFileTitle", friend=friend, revision=int(found.group(1))),
            said("tr", "remote.turnFileHow"),
            "",
        ]
        assert re.fullmatch(r"https?://\S+#v=1&turn=[A-Za-z0-9_-]+", lines[3]), lines[3]

        # Bob's device is in French: the file opens there as the invitation it holds.
        in_language(bob, "fr")
        bob.goto(f"{site}?no-welcome")
        bob.wait_for_selector("html[lang='fr']", state="attached")
        wait_ready(bob)
        bob.click("#match-file-button")
        expect(bob.locator("#file-dialog")).to_be_visible()
        bob.set_input_files(
            "#import-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}]
        )
        bob.wait_for_selector("#friend-join-dialog[open]")
    finally:
        for context in contexts:
            context.close()


def test_a_failed_analysis_says_why_in_french(page: Page, site: Site) -> None:
    in_language(page, "fr")
    open_saved(page, site, computer_match())
    # The engine given up (four broken Python sessions in a minute), the analysis then fails with the engine's
    # failure as its detail, in the page's words.
    break_until_given_up(page)
    page.wait_for_selector("html[data-engine='failed']", state="attached", timeout=10_000)
    failures = int(page.get_attribute("html", "data-engine-restarts") or 0) + 1
    page.click("#review-button")
    page.click("#analysis-start")
    page.wait_for_selector("html[data-analysis='failed']", state="attached", timeout=30_000)
    detail = said("fr", "failure.repeated", count=failures)
    expect(page.locator("#analysis-note")).to_have_text(said("fr", "review.failed", error=detail))
