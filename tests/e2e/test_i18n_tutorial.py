"""The rules tutorial in each language (issue 51, docs/i18n.md): on a 360 px phone, a lesson played wrong (the
rule that refuses the move, with the tutorial's detail), with its hint, then right, and a question answered,
every word on the page from the language's catalogues (the tutorial's and the game's) and nothing cut; the
tutorial following a language chosen in another tab at once; an embedded lesson in the language its page asks
for. Screenshots under test-results/i18n-tutorial-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scripts.i18n_messages import CATALOGUES, TUTORIAL, catalogue_path, read_catalogue

from backgammon.tutorial.lessons import lesson_by_id
from backgammon.tutorial.session import TutorialSession
from backgammon.tutorial.words import lesson_key

from .conftest import Site, screenshot, serving
from .i18n_driver import assert_nothing_cut, english_left, in_language, phone_page, read_screens
from .match_driver import PREFERENCES_KEY
from .test_tutorial import Tutorial, frame_of

LANGUAGES = ["ar", "de", "el", "en-XA", "es", "fr", "tr"]
SCREENS = [".site-nav", ".tutorial-main"]
FAMILIES = (CATALOGUES, TUTORIAL)
# A lesson whose typical mistake the rules refuse with a detail the tutorial adds, and a question.
MOVE_LESSON = lesson_by_id("both-dice")
CHOICE_LESSON = lesson_by_id("gammon")


def said(language: str, keys: list[str]) -> str:
    """What the page must show for the ids Python gave: their messages in turn (none has arguments), from
    either family (a rule's sentence is the game's, its tutorial's detail the tutorial's)."""
    catalogue = {
        key: text
        for folder in FAMILIES
        for key, text in read_catalogue(catalogue_path(language, folder)).items()
    }
    return " ".join(catalogue[key] for key in keys)


def python_words(lesson_id: str, moves: tuple[tuple[int, int], ...]) -> list[str]:
    session = TutorialSession()
    session.start(lesson_id)
    words: list[str] = []
    for source, dest in moves:
        words = session.move(source, dest)["feedback"]["words"]
    return words


def assert_in_language(page: Page, language: str, where: str) -> None:
    left = english_left(page, language, SCREENS, folders=FAMILIES)
    assert left == [], f"{language}, {where}: English left: {left}"
    assert_nothing_cut(page, read_screens(page, [], SCREENS), f"{language}, {where}")


def feedback_text(tutorial: Tutorial) -> str:
    return tutorial.feedback()[1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lesson_and_a_question_in_the_language(browser: Browser, site: Site, language: str) -> None:
    tutorial_words = read_catalogue(catalogue_path(language, TUTORIAL))
    lesson = MOVE_LESSON
    assert lesson.mistake is not None and lesson.mistake.rule is not None
    with phone_page(browser) as page:
        in_language(page, language)
        page.goto(site.url(f"tutorial.html?no-sw#{lesson.id}"))
        tutorial = Tutorial(page.main_frame)
        tutorial.wait_ready(lesson.id)
        direction = "rtl" if language == "ar" else "ltr"
        page.wait_for_selector(f"html[lang='{language}'][dir='{direction}']", state="attached")
        expect(page.locator("#lesson-title")).to_have_text(tutorial_words[lesson_key(lesson, "title")])
        assert tutorial_words[lesson_key(lesson, "title")] in page.title()
        assert_in_language(page, language, "the lesson")

        page.locator("#menu summary").click()  # a phone folds the menu away: open it to read it
        expect(page.locator("#menu-list")).to_be_visible()
        assert_in_language(page, language, "the menu")
        page.locator("#menu summary").click()

        # The typical mistake: the rule in the language, with the tutorial's detail, as Python's ids say.
        for source, dest in lesson.mistake.moves:
            tutorial.move(source, dest)
        kind, text, rule = tutorial.feedback()
        assert (kind, rule) == ("illegal", lesson.mistake.rule)
        words = python_words(lesson.id, lesson.mistake.moves)
        assert len(words) == 2  # the rule and its detail
        assert text == said(language, words)
        assert_in_language(page, language, "a move refused")
        screenshot(page, f"i18n-tutorial-{language}-refused", full_page=False)

        tutorial.press("btn-restart")
        page.click("#btn-hint")
        expect(page.locator("#feedback")).to_have_text(tutorial_words[lesson_key(lesson, "hint")])
        for source, dest in lesson.solution:
            tutorial.move(source, dest)
        assert tutorial.is_done()
        assert feedback_text(tutorial) == tutorial_words[lesson_key(lesson, "success")]
        assert_in_language(page, language, "the lesson done")

        choice = CHOICE_LESSON
        page.evaluate(f"location.hash = '#{choice.id}'")
        tutorial.wait_ready(choice.id)
        right = next(i for i, c in enumerate(choice.choices) if c.correct)
        label = tutorial_words[lesson_key(choice, "choice", right)]
        expect(page.locator("#choices button").nth(right)).to_have_text(label)
        tutorial.choose(label)
        assert tutorial.is_done()
        assert feedback_text(tutorial) == said(
            language, [lesson_key(choice, "why", right), lesson_key(choice, "success")]
        )
        assert_in_language(page, language, "a question answered")
        screenshot(page, f"i18n-tutorial-{language}-answered", full_page=False)


def test_the_tutorial_follows_a_language_chosen_in_another_tab(context: BrowserContext, site: Site) -> None:
    lesson = MOVE_LESSON
    assert lesson.mistake is not None
    page = context.new_page()
    page.goto(site.url(f"tutorial.html?no-sw#{lesson.id}"))
    tutorial = Tutorial(page.main_frame)
    tutorial.wait_ready(lesson.id)
    source, dest = lesson.mistake.moves[0]
    tutorial.move(source, dest)
    point = page.locator(f"#board [data-loc='{source}']").first

    other = context.new_page()  # another tab of the site: its Preferences save French
    other.goto(site.url("web/tutorial/mode.js"))
    other.evaluate(
        """(key) => {
            const stored = JSON.parse(localStorage.getItem(key) || "{}");
            localStorage.setItem(key, JSON.stringify({...stored, language: "fr"}));
        }""",
        PREFERENCES_KEY,
    )
    french = read_catalogue(catalogue_path("fr", TUTORIAL))
    page.wait_for_selector("html[lang='fr']", state="attached")
    expect(page.locator("#lesson-title")).to_have_text(french[lesson_key(lesson, "title")])
    # What was said before the switch is said again in French, and the board's places are named so.
    assert feedback_text(tutorial) == said("fr", python_words(lesson.id, lesson.mistake.moves))
    expect(point).to_have_attribute(
        "aria-label", re.compile("^" + re.escape(french["tutorial.pointMine"].split("{")[0]))
    )
    expect(page.locator("#btn-hint")).to_have_text(french["tutorial.hint"])


@pytest.fixture
def host_site(site: Site, tmp_path: Path) -> Iterator[str]:
    """Another origin's page embedding a lesson in Arabic."""
    (tmp_path / "host.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Host</title>"
        "<link rel='icon' href='data:,'></head><body style='margin:0'>"
        f"<iframe id='lesson' src='{site.url('tutorial.html?embed=1&lang=ar#blocked')}' title='Lesson' "
        "style='width:360px;height:640px;border:0'></iframe></body></html>",
        encoding="utf-8",
    )
    with serving(tmp_path) as server:
        yield str(server.url)


def test_an_embedded_lesson_in_the_language_its_page_asks_for(page: Page, host_site: str) -> None:
    page.goto(host_site + "host.html")
    frame = frame_of(page, "lesson")
    Tutorial(frame).wait_ready("blocked")
    frame.wait_for_selector("html[lang='ar'][dir='rtl']", state="attached")
    arabic = read_catalogue(catalogue_path("ar", TUTORIAL))
    expect(frame.locator("#lesson-title")).to_have_text(arabic[lesson_key(lesson_by_id("blocked"), "title")])
    expect(frame.locator("#btn-show")).to_have_text(arabic["tutorial.showMe"])
