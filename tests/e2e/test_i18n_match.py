"""A whole match against the computer in each language (issue 51, docs/i18n.md): a 1-point match chosen on
the welcome, every roll asked for with the page's button, every checker moved through the board, Done pressed,
the computer's turns taken by the page (its resignation accepted, if it offers one), to the match's end. At
each of the player's turns and at the end, nothing a player sees (text, accessible names, titles) is an
English word the language does not use itself, and nothing is cut.
Screenshots under test-results/i18n-match-*.png."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.i18n_messages import catalogue_path, read_catalogue

from .conftest import Site, screenshot, wait_for_engine_ready
from .i18n_driver import assert_nothing_cut, english_left, in_language, phone_page, read_screens
from .match_driver import click_move, press_button, press_done, wait_idle

LANGUAGES = ["ar", "de", "el", "en-XA", "es", "fr", "tr"]
# High dice, so that the race is short: 6-5 for the player's opening, then rolls of 4, 5 and 6 for both (drawn
# once, by a seed).
_rolls = random.Random(51)
DICE = ",".join(["65", *(f"{_rolls.randint(4, 6)}{_rolls.randint(4, 6)}" for _ in range(120))])
SCREENS = ["header", "#board", "#play-panel", "dialog[open]"]
# The standard move notation's words ("bar/22", "6/off"), the same in every language; the pseudo-language's
# lists are joined by Intl.ListFormat, which knows it as English ("5 white checkers and 1 black checker").
SET_ASIDE = {"bar", "off"}
INTL_WORDS = {"en-XA": {"and"}}


def assert_in_language(page: Page, language: str, where: str) -> None:
    left = english_left(page, language, SCREENS, SET_ASIDE | INTL_WORDS.get(language, set()))
    assert left == [], f"{language}, {where}: English left: {left}"
    assert_nothing_cut(page, read_screens(page, [], SCREENS), f"{language}, {where}")


def view(page: Page) -> dict[str, Any]:
    shown: dict[str, Any] = page.evaluate("() => globalThis.backgammonTestProbe.view()")["view"]
    return shown


def rank(loc: str | int) -> int:
    """How far a place is from the player's home (White bears off below point 1)."""
    return {"bar": 25, "off": 0}.get(str(loc), 0) if str(loc) in ("bar", "off") else int(loc)


def play_turn(page: Page, shown: dict[str, Any]) -> None:
    """The player's turn as a person plays it: Roll, then checker after checker (the first of the moves the
    page offers), then Done; Pass when the roll cannot be played."""
    if shown["phase"] == "roll":
        press_button(page, "roll")
        shown = view(page)
    while shown["phase"] == "move" and not shown.get("can_confirm") and not shown.get("no_legal_move"):
        # The rearmost checker, as far as it goes: a race, over soon.
        source, dests = max(((s, d) for s, d in shown["dests"].items() if d), key=lambda sd: rank(sd[0]))
        click_move(page, source, min(dests, key=rank))
        shown = view(page)
    if shown["phase"] == "move":
        press_done(page)


def test_the_welcome_waits_for_a_catalogue_slow_to_arrive_and_opens_in_the_language(
    browser: Browser, site: Site
) -> None:
    """A first visit in German whose catalogue is held back a second (a slow link): the welcome waits for the
    German words rather than open in English, and opens in German once they arrive. (Held back for good, the
    page goes on in English after 4 s: web/app.js LANGUAGE_WAIT_MS.)"""
    with phone_page(browser) as page:
        in_language(page, "de")
        # The catalogue is a module of its own (a chunk of the build, its name a hash): known by its words.
        german = read_catalogue(catalogue_path("de"))["welcome.title"]
        held: list[tuple[Any, Any]] = []

        def hold_german(route: Any) -> None:
            response = route.fetch()
            if german in response.text():
                held.append((route, response))
            else:
                route.fulfill(response=response)

        page.route("**/*.js", hold_german)
        page.goto(site.url("?no-sw"), wait_until="commit")
        page.wait_for_function("() => document.readyState === 'complete'")
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the German catalogue was not asked for"
        page.wait_for_timeout(1000)  # the welcome opens within a few tasks of the start when nothing holds it
        assert page.get_attribute("html", "data-welcome") != "open"
        route, response = held[0]
        route.fulfill(response=response)
        page.wait_for_selector("html[data-welcome='open']", state="attached")
        assert_in_language(page, "de", "the welcome")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_match_against_the_computer_in_the_language(
    browser: Browser, site: Site, language: str
) -> None:
    catalogue = read_catalogue(catalogue_path(language))
    with phone_page(browser) as page:
        in_language(page, language)
        page.emulate_media(reduced_motion="reduce")  # as a device asking for less motion: no checker slides
        page.goto(site.url(f"?test-dice={DICE}&no-sw"))
        page.wait_for_selector(f"html[lang='{language}'][data-welcome='open']", state="attached")
        welcome = page.locator("#welcome-dialog")
        welcome.locator("select[name=level]").select_option("beginner")
        welcome.locator("select[name=length]").select_option("1")
        assert_in_language(page, language, "the welcome")
        welcome.locator("button[value=computer]").click()
        page.wait_for_selector("html[data-welcome='closed']", state="attached")
        wait_for_engine_ready(page)
        wait_idle(page)

        turns = 0
        while (shown := view(page))["phase"] not in ("match_over", "game_over"):
            assert_in_language(page, language, f"turn {turns}")
            if turns == 1:
                screenshot(page, f"i18n-match-{language}-turn", full_page=False)
            if shown["phase"] == "resign_offered":  # the computer, far behind, resigns: the player accepts
                screenshot(page, f"i18n-match-{language}-resigns", full_page=False)
                press_button(page, "accept_resign")
            else:
                assert shown["turn"] == 0, f"the computer's turn left to the player: {shown['phase']}"
                play_turn(page, shown)
            wait_idle(page)
            turns += 1
            assert turns < 40, "the match did not end"

        assert shown["phase"] == "match_over", shown["phase"]
        side = catalogue["player.white" if shown["match_winner"] == 0 else "player.black"]
        won = catalogue["status.matchWonBanner"].replace("{name}", side)
        expect(page.locator("#result-text")).to_contain_text(won)
        assert_in_language(page, language, "the match's end")
        screenshot(page, f"i18n-match-{language}-over", full_page=False)
        assert turns >= 5, f"only {turns} turns: the dice script did not make a race"
