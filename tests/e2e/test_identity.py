"""The player's identity on this device (web/lobby/, docs/identity.md) in real Chromium: *Your
identity…* makes a Nostr key pair at first use and shows its npub and mark; it is kept across a
reload and made once when two tabs open it at the same moment; exported from one browser and imported
into another it is the same npub, name and mark; a malformed import is refused in plain words with
the identity kept; nostr-tools' file is not fetched by the page's start; the dialog passes axe
(WCAG 2.2 AA) and its controls are targets of at least 24 px on a phone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response

from .conftest import Site, screenshot
from .match_driver import open_match, wait_idle
from .test_phone import audit_phone, size_id
from .test_phone import phone as phone  # the fixtures, shared
from .test_phone import phone_context as phone_context
from .test_targets import measure

NAMESPACE = "backgammon-test"  # open_match's test mode keeps its data apart
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
NPUB = re.compile(f"^npub1[{BECH32}]{{58}}$")
NSEC = re.compile(f"^nsec1[{BECH32}]{{58}}$")

# The identity as the dialog shows it.
SHOWN = """() => ({
  npub: document.getElementById('identity-npub').textContent,
  words: document.getElementById('identity-mark-words').textContent,
  label: document.querySelector('#identity-mark-picture svg[role=img]')?.getAttribute('aria-label'),
  picture: document.querySelector('#identity-mark-picture svg')?.outerHTML,
  name: document.getElementById('identity-name').value,
  publicKey: document.getElementById('identity-dialog').dataset.publicKey,
})"""

# The keys this origin's storage holds under the identity's prefix (web/keyval.js's IndexedDB store).
STORED_KEYS = """(prefix) => new Promise((resolve, reject) => {
  const open = indexedDB.open('backgammon');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const read = open.result.transaction('texts').objectStore('texts').getAllKeys();
    read.onsuccess = () => resolve(read.result.map(String).filter((k) => k.startsWith(prefix)));
  };
})"""


def bech32_data(text: str) -> bytes:
    """The 32 bytes an npub or nsec carries (its checksum left to nostr-tools: the format is checked here)."""
    words = [BECH32.index(c) for c in text.split("1", 1)[1][:-6]]
    bits = "".join(f"{w:05b}" for w in words)
    return bytes(int(bits[i : i + 8], 2) for i in range(0, 256, 8))


def open_online(page: Page) -> None:
    """*Play online…* from the page's menu (the sheet's button on a phone), unless it is open already (the
    identity dialog closed goes back to it)."""
    if page.is_visible("#online-dialog"):
        return
    if page.is_visible("#menu-button"):
        page.click("#menu-button")
    page.click("#online-button")
    page.wait_for_selector("#online-dialog[open]")


def open_identity(page: Page) -> dict[str, Any]:
    """*Your identity…* from *Play online…*; what it shows once ready."""
    open_online(page)
    page.click("#identity-button")
    page.wait_for_selector("#identity-dialog[open][data-state='ready']")
    shown: dict[str, Any] = page.evaluate(SHOWN)
    return shown


def close_identity(page: Page) -> None:
    page.click("#identity-dialog button[value='close']")
    page.wait_for_selector("#identity-dialog", state="hidden")


def new_device(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)


def test_first_open_makes_a_key_and_shows_its_npub_and_mark(page: Page, site: Site) -> None:
    page.add_init_script("localStorage.setItem('backgammon.remote-name', 'Ana María')")
    open_match(page, site, "31,52")
    assert page.evaluate(STORED_KEYS, f"{NAMESPACE}.identity") == []
    shown = open_identity(page)
    assert NPUB.match(shown["npub"]), shown["npub"]
    assert bech32_data(shown["npub"]).hex() == shown["publicKey"]
    assert re.fullmatch(r"[a-z]+ [a-z]+", shown["words"])
    assert shown["label"] == shown["words"]  # the picture's accessible name is the two words
    assert shown["picture"].count("<path") == 1
    assert shown["name"] == "Ana María"  # the name last given a friend, the page's name for this player
    assert page.text_content("#identity-purpose") == (
        "Other players will see this name and mark when you meet them online. Your key stays on this device "
        "unless you export it."
    )
    assert page.evaluate(STORED_KEYS, f"{NAMESPACE}.identity") == [f"{NAMESPACE}.identity.v1"]


# Write a text under a key of web/keyval.js's store, as a damaged save would leave it.
PUT_TEXT = """([key, text]) => new Promise((resolve, reject) => {
  const open = indexedDB.open('backgammon');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('texts', 'readwrite');
    tx.objectStore('texts').put(text, key);
    tx.oncomplete = () => resolve(null);
  };
})"""


def test_a_damaged_identity_is_set_aside_and_a_new_one_made(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    damaged = '{"version": 1, "secret": "not a key", "name": "Alex"}'
    page.evaluate(PUT_TEXT, [f"{NAMESPACE}.identity.v1", damaged])
    shown = open_identity(page)
    assert NPUB.match(shown["npub"])
    assert page.text_content("#identity-problem") == (
        "The identity kept in this browser was damaged: it is set aside and a new one was made."
    )
    assert page.evaluate(STORED_KEYS, f"{NAMESPACE}.identity") == [
        f"{NAMESPACE}.identity.v1",
        f"{NAMESPACE}.identity.v1.damaged",
    ]


def test_the_identity_and_its_name_survive_a_reload(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    first = open_identity(page)
    assert first["name"] == ""
    page.fill("#identity-name", "  Alex  ")
    page.click("#identity-save-name")
    page.wait_for_selector("#identity-name-saved:text('Saved: other players will see Alex.')")
    page.reload()
    wait_idle(page)
    again = open_identity(page)
    assert again == {**first, "name": "Alex"}


def test_a_name_too_long_or_with_control_characters_is_refused_and_the_name_kept(
    page: Page, site: Site
) -> None:
    open_match(page, site, "31,52")
    open_identity(page)
    page.fill("#identity-name", "Alex")
    page.press("#identity-name", "Enter")  # Enter saves the name, and leaves the dialog open
    page.wait_for_selector("#identity-name-saved:text('Saved')")
    assert page.is_visible("#identity-dialog")
    for typed, said in [
        ("x" * 33, "A name has at most 32 characters; this one has 33. Your name is unchanged."),
        ("Al\u0007ex", "A name cannot hold invisible or control characters"),
        ("   ", "Choose a name"),
    ]:
        page.fill("#identity-name", typed)
        page.click("#identity-save-name")
        page.wait_for_function("() => document.getElementById('identity-name-error').textContent !== ''")
        assert said in str(page.text_content("#identity-name-error"))
    close_identity(page)
    assert open_identity(page)["name"] == "Alex"


def test_two_tabs_opening_it_at_the_same_moment_end_with_one_identity(browser: Browser, site: Site) -> None:
    with new_device(browser) as context:
        tabs = [open_match(context.new_page(), site, "31,52") for _ in range(2)]
        # Both tabs make their identity at the same instant (each module already loaded, nothing to wait for).
        for tab in tabs:
            tab.evaluate("import('./web/lobby/keys.js')")
        at = tabs[0].evaluate("Date.now() + 400")
        for tab in tabs:
            tab.evaluate(
                """([at, namespace]) => {
                  window.__made = null;
                  setTimeout(async () => {
                    const { loadIdentity } = await import('./web/lobby/identity.js');
                    window.__made = (await loadIdentity({ namespace })).identity.npub;
                  }, at - Date.now());
                }""",
                [at, NAMESPACE],
            )
        made = [tab.wait_for_function("() => window.__made").json_value() for tab in tabs]
        assert made[0] == made[1]
        shown = [open_identity(tab)["npub"] for tab in tabs]
        assert shown == made
        assert tabs[0].evaluate(STORED_KEYS, f"{NAMESPACE}.identity") == [f"{NAMESPACE}.identity.v1"]


def test_the_dialogs_of_two_tabs_opened_at_once_show_one_identity(browser: Browser, site: Site) -> None:
    with new_device(browser) as context:
        tabs = [open_match(context.new_page(), site, "31,52") for _ in range(2)]
        for tab in tabs:
            tab.evaluate("document.getElementById('identity-button').click()")
        for tab in tabs:
            tab.wait_for_selector("#identity-dialog[open][data-state='ready']")
        assert tabs[0].evaluate(SHOWN) == tabs[1].evaluate(SHOWN)


def export_file(page: Page) -> tuple[str, Path]:
    """Export…: the secret key shown, and the identity file saved."""
    page.click("#identity-export-button")
    page.wait_for_function("() => document.getElementById('identity-nsec').value !== ''")
    assert "whoever has it can play as you" in str(page.text_content("#identity-export"))
    nsec = page.input_value("#identity-nsec")
    with page.expect_download() as download:
        page.click("#identity-save-file")
    path = Path(download.value.path())
    assert download.value.suggested_filename == "backgammon-identity.json"
    return nsec, path


def test_exported_from_one_browser_and_imported_into_another_it_is_the_same_identity(
    browser: Browser, site: Site
) -> None:
    with new_device(browser) as first_device, new_device(browser) as second_device:
        first = open_match(first_device.new_page(), site, "31,52")
        open_identity(first)
        first.fill("#identity-name", "Alex from the laptop")
        first.click("#identity-save-name")
        first.wait_for_selector("#identity-name-saved:text('Saved')")
        original = first.evaluate(SHOWN)
        nsec, saved = export_file(first)
        assert NSEC.match(nsec)
        assert json.loads(saved.read_text()) == {
            "kind": "backgammon identity",
            "version": 1,
            "name": "Alex from the laptop",
            "nsec": nsec,
        }

        second = open_match(second_device.new_page(), site, "31,52")
        before = open_identity(second)
        assert before["npub"] != original["npub"]
        second.click("#identity-import-button")
        second.set_input_files("#identity-import-file", str(saved))
        second.wait_for_selector("#identity-import-confirm:not([hidden])")
        what = str(second.text_content("#identity-import-what"))
        assert before["words"] in what and original["words"] in what and "Alex from the laptop" in what
        assert second.evaluate(SHOWN)["npub"] == before["npub"]  # nothing replaced before the player confirms
        second.click("#identity-import-replace")
        second.wait_for_function(
            "npub => document.getElementById('identity-npub').textContent === npub", arg=original["npub"]
        )
        assert second.evaluate(SHOWN) == original
        second.reload()
        wait_idle(second)
        assert open_identity(second) == original
    # The secret key pasted alone brings the key and its mark; the name stays this browser's.
    with new_device(browser) as third_device:
        page = open_match(third_device.new_page(), site, "31,52")
        open_identity(page)
        page.fill("#identity-name", "Phone")
        page.click("#identity-save-name")
        page.wait_for_selector("#identity-name-saved:text('Saved')")
        page.click("#identity-import-button")
        page.fill("#identity-import-text", f"  {nsec}\n")
        page.click("#identity-import-key")
        page.click("#identity-import-replace")
        page.wait_for_function(
            "npub => document.getElementById('identity-npub').textContent === npub", arg=original["npub"]
        )
        assert page.evaluate(SHOWN) == {**original, "name": "Phone"}


def test_a_malformed_import_is_refused_in_plain_words_and_the_identity_kept(
    page: Page, site: Site, tmp_path: Path
) -> None:
    open_match(page, site, "31,52")
    kept = open_identity(page)
    page.click("#identity-export-button")
    page.wait_for_function("() => document.getElementById('identity-nsec').value !== ''")
    nsec = page.input_value("#identity-nsec")
    damaged = nsec[:20] + ("q" if nsec[20] != "q" else "p") + nsec[21:]
    page.click("#identity-import-button")
    refusals = [
        ("hello", "This is not a secret key: a secret key starts with nsec1. Your identity is unchanged."),
        (damaged, "This secret key is damaged (a character is wrong, missing or extra)"),
        (nsec[:-3], "This secret key is damaged"),
        (kept["npub"], "This is a public key (npub1…), which anyone may see"),
        ("", "Paste your secret key first"),
    ]
    for typed, said in refusals:
        page.fill("#identity-import-text", typed)
        page.click("#identity-import-key")
        page.wait_for_function("() => document.getElementById('identity-import-error').textContent !== ''")
        assert said in str(page.text_content("#identity-import-error")), typed
        assert page.is_hidden("#identity-import-confirm")
    match_file = tmp_path / "match.json"
    match_file.write_text('{"format": "backgammon-match", "version": 1, "record": {}}')
    page.set_input_files("#identity-import-file", str(match_file))
    page.wait_for_selector("#identity-import-error:text('This file is not an identity file')")
    picture = tmp_path / "big.json"
    picture.write_bytes(b"{" + b" " * 10_000 + b"}")
    page.set_input_files("#identity-import-file", str(picture))
    page.wait_for_selector("#identity-import-error:text('far too large')")
    assert page.evaluate(SHOWN) == kept
    page.reload()
    wait_idle(page)
    assert open_identity(page) == kept


def test_the_pages_start_does_not_fetch_nostr_tools_which_comes_on_first_use(page: Page, site: Site) -> None:
    scripts: list[Response] = []
    page.on("response", lambda response: scripts.append(response) if response.url.endswith(".js") else None)
    open_match(page, site, "31,52")
    started = {response.url: response.text() for response in scripts}
    assert started and not [url for url in started if "/lobby/" in url]
    # Nor joined into another file of the start: nostr-tools' bech32 and secp256k1 code are in none of them.
    assert not [url for url, text in started.items() if "bech32" in text or "secp256k1" in text]
    open_identity(page)
    assert [response.url for response in scripts if response.url.endswith("/web/lobby/keys.js")]
    # The offline app keeps it with every other file; the built file holds nostr-tools itself.
    assert '"web/lobby/keys.js"' in (site.dist / "sw.js").read_text().replace('\\"', '"')
    assert "bech32" in (site.dist / "web" / "lobby" / "keys.js").read_text()


def test_the_dialog_is_reached_by_keyboard_and_gives_the_focus_back(page: Page, site: Site) -> None:
    open_match(page, site, "31,52")
    open_online(page)
    page.focus("#identity-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#identity-dialog[open][data-state='ready']")
    assert page.evaluate("document.getElementById('identity-dialog').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#identity-dialog", state="hidden")
    assert page.evaluate("document.activeElement.id") == "identity-button"


@pytest.mark.parametrize("phone_context", [(390, 844)], ids=size_id, indirect=True)
def test_the_dialog_passes_axe_and_its_controls_are_large_targets_on_a_phone(phone: Page, site: Site) -> None:
    open_match(phone, site, "31,52")
    open_identity(phone)
    for section in ("", "export", "import"):
        if section:
            phone.click(f"#identity-{section}-button")
            phone.wait_for_selector(f"#identity-{section}:not([hidden])")
        what = f"the identity dialog {section or 'as opened'} at 390x844"
        measure(phone, "#identity-dialog", what)
        audit_phone(phone, what)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "identity-390x844")
