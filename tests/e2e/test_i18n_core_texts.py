"""The rules core's sentences about a text, a file or a link, in the player's language (docs/i18n.md): why
a pasted XGID is not a position (the editor), where a .mat file is broken and why (Save / load), and why a
share link's IDs are refused, each in German and in Greek, exactly as the language's catalogue words the
message ids the rules core gives (a fault said inside the sentence that says where; the file's text and the
IDs as written); an .sgf file's set-up that is not possible, three sentences deep, in Greek; and what is
wrong with one match of a history file, in the page's own sentences."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from scripts.i18n_messages import catalogue_path, parse, read_catalogue, render_english

from backgammon.errors import BackgammonError
from backgammon.formats.mat_import import import_mat
from backgammon.formats.sgf_import import import_sgf
from backgammon.formats.xgid import read_ids

from .conftest import Site
from .i18n_driver import in_language
from .match_driver import open_match, wait_idle

LANGUAGES = ["de", "el"]
#: An XGID whose dice field is 92: the XGID named, the fault said inside.
BAD_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:92:0:0:3:0:10"
#: gnubg's IDs whose Match ID holds dice of 7 and 7.
BAD_IDS = "4HPwATDgc/ABMA:cAn/AAAAAAAA"
#: A .mat file with a roll of 7-4 in game 1.
BROKEN_MAT = """\
 3 point match

 Game 1
 White : 0                      Black : 0
  1) 31: 8/5 6/5                 52: 13/8 13/11
  2) 74: 24/18 13/9              21: 24/23 13/11
"""
#: An .sgf file whose set-up puts 25 white checkers on the board: the set-up's problem said inside the
#: sentence that says what is wrong with the set-up, inside the one that says where (the rarer sentences).
BROKEN_SGF_SETUP = (
    "(;FF[4]GM[6]MI[length:5][game:0][ws:1][bs:2]PW[A]PB[B]RU[Crawford]\n;AE[a:y]AW[a:y]AB[a]\n)"
)


def said(language: str, words: dict[str, Any]) -> str:
    """A sentence the rules core gave as message ids, in `language` (its clauses first; these messages have no
    plurals, and their numbers are small, written alike in every language tested)."""
    catalogue = read_catalogue(catalogue_path(language))
    args = {
        name: said(language, value) if isinstance(value, dict) else value
        for name, value in words["args"].items()
    }
    return render_english(parse(catalogue[words["id"]]), args)


def words_of(refuse: Any) -> dict[str, Any]:
    """The words of the rules core's refusal of what `refuse` reads."""
    with pytest.raises(BackgammonError) as caught:
        refuse()
    words = caught.value.words
    assert words is not None
    return dict(words)


def message(language: str, key: str, **args: str) -> str:
    return render_english(parse(read_catalogue(catalogue_path(language))[key]), args)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_xgid_pasted_in_the_editor_is_said_in_the_language(
    page: Page, site: Site, language: str
) -> None:
    words = words_of(lambda: read_ids(BAD_XGID))
    assert words["id"] == "ids.xgidInvalid" and words["args"]["reason"]["id"] == "ids.xgidDice"
    in_language(page, language)
    open_match(page, site, "31,65")
    page.click("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    page.fill("#setup-paste", BAD_XGID)
    page.press("#setup-paste", "Enter")
    expected = said(language, words)
    assert "'92'" in expected and BAD_XGID in expected  # the text as written, never translated
    expect(page.locator("#setup-paste-error")).to_have_text(expected)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_broken_mat_file_is_refused_in_the_language(
    page: Page, site: Site, tmp_path: Path, language: str
) -> None:
    words = words_of(lambda: import_mat(BROKEN_MAT))
    assert words["id"] == "filefault.gameLineText" and words["args"]["reason"]["id"] == "mat.notRoll"
    in_language(page, language)
    open_match(page, site, "31,65")
    page.click("#match-file-button")
    expect(page.locator("#file-dialog")).to_be_visible()
    broken = tmp_path / "broken.mat"
    broken.write_text(BROKEN_MAT)
    page.set_input_files("#import-file", str(broken))
    why = said(language, words)
    assert '("  2) 74: 24/18 13/9              21: 24/23 13/11")' in why  # the file's line as written
    refused = f"{message(language, 'file.notOpened', why=why)} {message(language, 'file.unchanged')}"
    expect(page.locator("#file-dialog [data-role=error]")).to_have_text(refused)


def test_a_broken_sgf_set_up_is_refused_in_greek(page: Page, site: Site, tmp_path: Path) -> None:
    """One of the rules core's rarer sentences, three deep: where, what is wrong with the set-up, and why."""
    words = words_of(lambda: import_sgf(BROKEN_SGF_SETUP))
    reason = words["args"]["reason"]
    assert words["id"] == "filefault.gameLineText" and reason["id"] == "sgf.setupImpossible"
    assert reason["args"]["problem"]["id"] == "sgf.setupTooMany"
    in_language(page, "el")
    open_match(page, site, "31,65")
    page.click("#match-file-button")
    expect(page.locator("#file-dialog")).to_be_visible()
    broken = tmp_path / "broken.sgf"
    broken.write_text(BROKEN_SGF_SETUP)
    page.set_input_files("#import-file", str(broken))
    why = said("el", words)
    assert "AE[a:y]" in why and "25" in why  # the file's text as written, the count in figures
    refused = f"{message('el', 'file.notOpened', why=why)} {message('el', 'file.unchanged')}"
    expect(page.locator("#file-dialog [data-role=error]")).to_have_text(refused)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_links_bad_ids_are_refused_in_the_language(page: Page, site: Site, language: str) -> None:
    words = words_of(lambda: read_ids(BAD_IDS))
    assert words["id"] == "ids.matchIdInvalid" and words["args"]["reason"]["id"] == "ids.diceFields"
    in_language(page, language)
    open_match(page, site, "31,65")
    page.evaluate("(fragment) => { location.hash = fragment; }", "#v=2&position=" + BAD_IDS)
    dialog = page.locator("#message-dialog")
    expect(dialog).to_be_visible()
    why = said(language, words)
    refused = f"{message(language, 'link.notOpened', why=why)} {message(language, 'link.unchanged')}"
    expect(dialog).to_contain_text(message(language, "message.linkNotOpened"))
    expect(dialog).to_contain_text(refused)
    dialog.locator("button").click()
    wait_idle(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_history_file_with_a_damaged_match_is_refused_in_the_language(
    page: Page, site: Site, tmp_path: Path, language: str
) -> None:
    """What is wrong with one match of a history file, a clause of the language inside its sentences."""
    in_language(page, language)
    open_match(page, site, "31,65")
    page.click("#stats-button")
    expect(page.locator("#stats-dialog")).to_be_visible()
    damaged = tmp_path / "history.json"
    damaged.write_text('{"format": "backgammon-history", "version": 1, "entries": [{"id": "1:abc"}, 42]}')
    page.set_input_files("#stats-import", str(damaged))
    why = message(language, "history.damaged", i="1", n="2", why=message(language, "history.entryDate"))
    refused = f"{message(language, 'history.fileRefused', why=why)} {message(language, 'history.unchanged')}"
    expect(page.locator("#stats-import-result")).to_have_text(refused)
