"""The build's check of the catalogues (scripts/i18n_check.py): the repository's pass, and each kind of fault,
made in a copy of web/ and index.html, is reported in words naming the language and the key."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from scripts.i18n_check import check
from scripts.i18n_messages import ROOT, catalogue_path, read_catalogue, write_catalogue


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "web", tmp_path / "web")
    shutil.copy(ROOT / "index.html", tmp_path / "index.html")
    shutil.copy(ROOT / "tutorial.html", tmp_path / "tutorial.html")
    return tmp_path


def change_catalogue(
    root: Path, code: str, change: Callable[[dict[str, str]], None], family: str = ""
) -> None:
    path = catalogue_path(code, root / "web" / "i18n" / family)
    messages = read_catalogue(path)
    change(messages)
    write_catalogue(path, "", messages)


def test_the_catalogues_of_the_repository_pass() -> None:
    assert check() == []


def test_a_key_missing_in_a_language(copy: Path) -> None:
    change_catalogue(copy, "ar", lambda m: m.pop("menu.hint"))
    assert check(copy) == ["ar: menu.hint is missing"]


def test_a_key_no_other_language_has(copy: Path) -> None:
    change_catalogue(copy, "ar", lambda m: m.update({"menu.extra": "x"}))
    assert check(copy) == ["ar: menu.extra is not a key of en"]


def test_a_placeholder_renamed_in_a_translation(copy: Path) -> None:
    change_catalogue(copy, "ar", lambda m: m.update({"status.roll": "دور {player}: ارمِ النرد."}))
    assert check(copy) == ["ar status.roll: arguments ['player'] differ from en's ['name']"]


def test_a_plural_case_the_language_does_not_have(copy: Path) -> None:
    change_catalogue(
        copy,
        "en",
        lambda m: m.update({"welcome.points": "{n, plural, one {# point} few {#} other {# points}}"}),
    )
    assert "en welcome.points: plural cases ['few'] are not en's" in check(copy)


def test_a_message_that_does_not_read(copy: Path) -> None:
    change_catalogue(copy, "ar", lambda m: m.update({"status.roll": "دور {name: ارمِ النرد."}))
    assert any(p.startswith("ar status.roll: ") for p in check(copy))


def test_the_pseudo_language_edited_by_hand(copy: Path) -> None:
    change_catalogue(copy, "en-XA", lambda m: m.update({"menu.hint": "[Hint]"}))
    assert check(copy) == ["en-XA is not what i18n_pseudo.py writes: run python3 -m scripts.i18n_pseudo"]


def test_a_key_the_page_never_uses(copy: Path) -> None:
    for code in ("en", "ar"):
        change_catalogue(copy, code, lambda m: m.update({"menu.forgotten": "Forgotten"}))
    problems = check(copy)
    assert "menu.forgotten is never used by the page" in problems


def test_an_id_the_page_asks_for_that_no_catalogue_has(copy: Path) -> None:
    page = copy / "web" / "play" / "panel.js"
    page.write_text(page.read_text().replace('t("status.gameOver")', 't("status.gameEnded")'))
    problems = check(copy)
    assert "the page asks for status.gameEnded, which en lacks" in problems
    assert "status.gameOver is never used by the page" in problems


def test_the_pages_first_frame_drifting_from_english(copy: Path) -> None:
    page = copy / "index.html"
    page.write_text(page.read_text().replace('data-i18n="menu.hint">Hint<', 'data-i18n="menu.hint">Advice<'))
    assert check(copy) == ["index.html's text for menu.hint is 'Advice', en's message 'Hint'"]


def test_the_arguments_of_a_marked_element_are_used(copy: Path) -> None:
    page = copy / "index.html"
    old = "data-i18n-args='{\"n\":3}'>3 points<"
    assert old in page.read_text()
    page.write_text(page.read_text().replace(old, "data-i18n-args='{\"n\":3}'>3 point<"))
    assert check(copy) == [
        f"index.html's text for welcome.points is '3 point', en's message {json.dumps('3 points')}".replace(
            '"', "'"
        )
    ]


# The rules tutorial's family (web/i18n/tutorial/), its English written from the lessons' Python.


def test_a_lesson_edited_in_the_catalogue_rather_than_in_its_python(copy: Path) -> None:
    change_catalogue(copy, "en", lambda m: m.update({"lesson.boardTitle": "The board"}), "tutorial")
    assert check(copy) == [
        "the tutorial's en-XA is not what its generator writes: run python3 -m scripts.i18n_tutorial",
        "the tutorial's en.js is not what i18n_tutorial.py writes: run python3 -m scripts.i18n_tutorial",
    ]


def test_a_lesson_text_missing_in_a_language(copy: Path) -> None:
    change_catalogue(copy, "de", lambda m: m.pop("lesson.boardTask"), "tutorial")
    assert check(copy) == ["de: lesson.boardTask is missing"]


def test_a_message_in_both_families(copy: Path) -> None:
    # The rules' refusals are in the game's catalogues (the tutorial's page loads them too), never twice.
    change_catalogue(copy, "en", lambda m: m.update({"rule.blocked": "That point is blocked."}), "tutorial")
    assert "rule.blocked is in both the game's and the tutorial's catalogues" in check(copy)


def test_a_tutorial_message_its_page_never_uses(copy: Path) -> None:
    for code in ("en", "de"):
        change_catalogue(copy, code, lambda m: m.update({"tutorial.forgotten": "Forgotten"}), "tutorial")
    assert "tutorial.forgotten is never used by the tutorial" in check(copy)


def test_the_tutorials_first_frame_drifting_from_english(copy: Path) -> None:
    page = copy / "tutorial.html"
    page.write_text(
        page.read_text().replace('data-i18n="tutorial.hint">Hint<', 'data-i18n="tutorial.hint">Help<')
    )
    assert check(copy) == ["tutorial.html's text for tutorial.hint is 'Help', en's message 'Hint'"]


def test_the_tutorial_asks_for_an_id_no_catalogue_has(copy: Path) -> None:
    code = copy / "web" / "tutorial" / "main.js"
    code.write_text(code.read_text().replace('tr("tutorial.failed"', 'tr("tutorial.broken"'))
    problems = check(copy)
    assert "the tutorial asks for tutorial.broken, which no en catalogue holds" in problems
    assert "tutorial.failed is never used by the tutorial" in problems
