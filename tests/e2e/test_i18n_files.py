"""Files, links, sizes and saved matches in other languages (docs/i18n.md): a match file refused (too large,
with its size and the limit in the language's units; not a saved match) and the download announced, in German;
the new match and the restored one announced in German; a share link refused (a position too large, a broken
link, a newer format) in French, each followed by "Your match is unchanged." as a sentence of its own; a
friend's link not whole in Spanish."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from scripts.i18n_messages import catalogue_path, read_catalogue

from .conftest import Site
from .i18n_driver import in_language
from .match_driver import announcements, open_match, wait_idle


def message(language: str, key: str, **args: str) -> str:
    """A message of `language`'s catalogue, its plain arguments put in."""
    text = str(read_catalogue(catalogue_path(language))[key])
    for name, value in args.items():
        text = text.replace("{" + name + "}", value)
    return text


def said_at_last(page: Page, text: str) -> None:
    """Wait until the page has announced `text`."""
    page.wait_for_function("(text) => window.__announcements.includes(text)", arg=text)


def test_a_match_file_refused_and_downloaded_in_german(page: Page, site: Site, tmp_path: Path) -> None:
    in_language(page, "de")
    open_match(page, site, "31,65")
    assert page.get_attribute("html", "lang") == "de"
    # The default match, said as a whole sentence of the language (a select, and a plural inside it).
    white, black = message("de", "player.white"), message("de", "player.black")
    assert f"Neues 5-Punkte-Match: {white} gegen {black}." in announcements(page)

    page.click("#match-file-button")
    expect(page.locator("#file-dialog")).to_be_visible()
    error = page.locator("#file-dialog [data-role=error]")
    unchanged = message("de", "file.unchanged")
    huge = tmp_path / "huge.json"
    huge.write_text('{"record": "' + " " * 16_500_000 + '"}')
    page.set_input_files("#import-file", str(huge))
    too_large = message("de", "limits.fileTooLarge", size="16,5 MB", limit="16 MB")
    expect(error).to_have_text(f"{too_large} {unchanged}")
    not_json = tmp_path / "not-json.json"
    not_json.write_text("{ this is not JSON")
    page.set_input_files("#import-file", str(not_json))
    expect(error).to_have_text(f"{message('de', 'file.notJson')} {unchanged}")
    no_record = tmp_path / "no-record.json"
    no_record.write_text('{"games": []}')
    page.set_input_files("#import-file", str(no_record))
    expect(error).to_have_text(f"{message('de', 'file.noRecord')} {unchanged}")

    with page.expect_download():
        page.click("#export-json")
    said_at_last(page, message("de", "file.downloaded"))
    with page.expect_download():
        page.click("#export-mat")
    said_at_last(page, message("de", "file.downloadedKind", extension="mat"))

    page.reload()
    wait_idle(page)
    page.wait_for_function(
        "(text) => (window.__announcements ?? []).some((said) => said.startsWith(text))",
        arg=message("de", "match.restored") + " ",
    )


def test_a_share_link_refused_in_french(page: Page, site: Site) -> None:
    in_language(page, "fr")
    open_match(page, site, "31,65")
    dialog = page.locator("#message-dialog")
    unchanged = message("fr", "link.unchanged")

    page.evaluate("(fragment) => { location.hash = fragment; }", "#v=2&position=XGID=" + "a" * 10_000)
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(message("fr", "message.linkNotOpened"))
    too_large = message("fr", "limits.linkPositionTooLarge", limit="1 ko")
    expect(dialog).to_contain_text(f"{too_large} {unchanged}")
    dialog.locator("button").click()
    expect(dialog).to_be_hidden()
    wait_idle(page)

    page.evaluate("(fragment) => { location.hash = fragment; }", "#v=2&match=not*base64")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"{message('fr', 'link.broken')} {unchanged}")
    dialog.locator("button").click()
    wait_idle(page)

    page.evaluate("(fragment) => { location.hash = fragment; }", "#v=9&match=AAAA")
    expect(dialog).to_be_visible()
    newer = message("fr", "link.newer", version="9", reads="2")
    expect(dialog).to_contain_text(f"{newer} {unchanged}")


def test_a_friends_link_not_whole_in_spanish(page: Page, site: Site) -> None:
    in_language(page, "es")
    page.goto(site.url("?no-sw&no-welcome#play=ABCD2345.K7QD"))  # cut short
    page.wait_for_selector("#remote-status[data-state='closed']")
    assert page.text_content("#remote-status") == message("es", "link.friendNotWhole")
