"""The page's message formatter (web/i18n/format.js) and the choice of a language (web/i18n/languages.js)
under Node: arguments, plurals by each language's rules (Arabic's six), exact cases, selects, and the device's
languages read in order."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = (
    'import { formatMessage } from "{WEB}/i18n/format.js";'
    ' import { chooseLanguage, checkLanguage } from "{WEB}/i18n/languages.js";'
    ' import { t } from "{WEB}/i18n/i18n.js";'
)


def formatted(message: str, args: dict[str, Any], locale: str = "en") -> str:
    text: str = run_module(
        IMPORTS, f"print(formatMessage({json.dumps(message)}, {json.dumps(args)}, {json.dumps(locale)}));"
    )
    return text


POINTS_AR = (
    "{n, plural, zero {لا نقاط} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}"
)


def test_arguments_are_put_in_their_places() -> None:
    assert formatted("{name} to move {roll}.", {"name": "Ann", "roll": "6 and 5"}) == "Ann to move 6 and 5."


@pytest.mark.parametrize(("n", "text"), [(1, "1 point"), (0, "0 points"), (3, "3 points"), (25, "25 points")])
def test_english_plurals(n: int, text: str) -> None:
    assert formatted("{n, plural, one {# point} other {# points}}", {"n": n}) == text


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (0, "لا نقاط"),
        (1, "نقطة واحدة"),
        (2, "نقطتان"),
        (3, "3 نقاط"),
        (10, "10 نقاط"),
        (11, "11 نقطة"),
        (100, "100 نقطة"),
    ],
)
def test_arabic_plurals_follow_its_six_categories(n: int, text: str) -> None:
    # Node's ICU writes Arabic numbers in Latin digits; a browser may write them in Arabic-Indic ones.
    assert formatted(POINTS_AR, {"n": n}, "ar-u-nu-latn") == text


def test_an_exact_case_wins_over_the_category_and_other_takes_the_rest() -> None:
    message = (
        "wins{cube, plural, =1 {} other { with the cube at #}}{how, select, dropped { (dropped)} other {}}."
    )
    assert formatted(message, {"cube": 1, "how": "normal"}) == "wins."
    assert formatted(message, {"cube": 4, "how": "dropped"}) == "wins with the cube at 4 (dropped)."


def test_a_select_inside_a_sentence() -> None:
    message = "{by} offers to resign {kind, select, gammon {a gammon} other {the game}}. {name}: accept?"
    assert (
        formatted(message, {"by": "Bob", "kind": "gammon", "name": "Ann"})
        == "Bob offers to resign a gammon. Ann: accept?"
    )
    assert (
        formatted(message, {"by": "Bob", "kind": "", "name": "Ann"})
        == "Bob offers to resign the game. Ann: accept?"
    )


ONE_OR_OTHER = "{n, plural, one {one: #} other {other: #}}"


def test_english_numbers_are_written_and_counted_as_intl_does() -> None:
    values = [0, 1, -1, 2, 25, -3, 1000000, 2**53 + 2, 1.5, -0.0, 0.25, 1 / 3]
    body = (
        f"const values = {json.dumps(values)};"
        " const intl = values.map((n) =>"
        "   (new Intl.PluralRules('en').select(n) === 'one' ? 'one: ' : 'other: ')"
        "   + new Intl.NumberFormat('en', {useGrouping: false}).format(n));"
        f" print([values.map((n) => formatMessage({json.dumps(ONE_OR_OTHER)}, {{n}}, 'en')), intl]);"
    )
    ours, intl = run_module(IMPORTS, body)
    assert ours == intl


def test_english_integers_need_no_intl_object() -> None:
    # The page's first Intl object costs about 200 ms at a phone's speed (docs/performance.md): the start's
    # messages, English with integers, are written without one.
    body = (
        "for (const name of ['NumberFormat', 'PluralRules']) Intl[name] = function () {"
        "  throw new Error(`Intl.${name} made`); };"
        f" print([0, 1, 2, -1, 25].map((n) => formatMessage({json.dumps(ONE_OR_OTHER)}, {{n}}, 'en')));"
    )
    assert run_module(IMPORTS, body) == ["other: 0", "one: 1", "other: 2", "one: -1", "other: 25"]


def test_the_english_catalogue_gives_the_words_the_page_always_had() -> None:
    texts = run_module(
        IMPORTS,
        'print([t("status.toMove", {name: "White", roll: "6 and 5"}), t("welcome.points", {n: 1}),'
        ' t("status.endDelay", {seconds: 2})]);',
    )
    assert texts == [
        "White to move 6 and 5.",
        "1 point",
        "The turn ends in 2 seconds; Undo takes back a checker.",
    ]


@pytest.mark.parametrize(
    ("choice", "device", "language"),
    [
        ("auto", ["ar-EG", "en"], "ar"),  # by the language alone
        ("auto", ["it-IT", "ar", "fr"], "ar"),  # the first offered, in the device's order
        ("auto", ["fr-CA", "de"], "fr"),  # a region of a language offered
        ("auto", ["it-IT", "ja"], "en"),  # none offered: English
        ("auto", ["en-XA"], "en"),  # the pseudo-language is never the device's
        ("en", ["ar"], "en"),  # the player's choice wins
        ("en-XA", ["ar"], "en-XA"),
    ],
)
def test_the_language_shown(choice: str, device: list[str], language: str) -> None:
    assert (
        run_module(IMPORTS, f"print(chooseLanguage({json.dumps(choice)}, {json.dumps(device)}));") == language
    )


def test_a_stored_choice_that_is_not_offered_is_the_devices() -> None:
    assert run_module(IMPORTS, 'print([checkLanguage("xx"), checkLanguage(3), checkLanguage("ar")]);') == [
        "auto",
        "auto",
        "ar",
    ]


def decimals(value: float, digits: int, locale: str, how: dict[str, bool]) -> str:
    text: str = run_module(
        'import { decimalText } from "{WEB}/i18n/format.js";',
        f"print(decimalText({value}, {digits}, {json.dumps(locale)}, {json.dumps(how)}));",
    )
    return text


@pytest.mark.parametrize(
    ("value", "digits", "how", "text"),
    [
        (0.0812, 3, {"signed": True}, "+0.081"),
        (-0.0571, 3, {"signed": True}, "\N{MINUS SIGN}0.057"),
        (-0.0001, 3, {"signed": True}, "0.000"),
        (12.34, 1, {}, "12.3"),
        (-4.0, 1, {}, "\N{MINUS SIGN}4.0"),
        (54.31, 1, {"percent": True}, "54.3%"),
        (-1.5, 2, {"signed": True, "percent": True}, "\N{MINUS SIGN}1.50%"),
    ],
)
def test_english_figures_keep_the_pages_writing(
    value: float, digits: int, how: dict[str, bool], text: str
) -> None:
    assert decimals(value, digits, "en", how) == text


def test_another_languages_figures_are_intls_with_their_decimals_and_no_signed_zero() -> None:
    # Node's ICU writes Arabic in Latin digits with its own marks; a browser may write Arabic-Indic digits.
    locale = "ar-u-nu-latn"
    assert decimals(-0.0571, 3, locale, {"signed": True}) == "\N{LEFT-TO-RIGHT MARK}-0.057"
    assert decimals(0.0812, 3, locale, {"signed": True}) == "\N{LEFT-TO-RIGHT MARK}+0.081"
    assert decimals(-0.0001, 3, locale, {"signed": True}) == "0.000"
    assert decimals(54.3, 1, locale, {"percent": True}).startswith("54.3")
    assert "%" in decimals(54.3, 1, locale, {"percent": True})


def dates(body: str) -> Any:
    return run_module('import { clockText, dateText, momentText } from "{WEB}/i18n/format.js";', body)


# Noon UTC with seconds: the same day on every device from UTC-11 to UTC+11.
NOON = "Date.UTC(2026, 11, 1, 12, 0, 37)"


def test_dates_are_written_in_the_languages_order_and_times_without_seconds() -> None:
    written = dates(
        f"print([dateText({NOON}, 'de'), dateText({NOON}, 'fr'),"
        f" clockText({NOON}, 'de'), clockText({NOON}, 'en')]);"
    )
    assert written[:2] == ["01.12.2026", "1 déc. 2026"]
    assert written[2].endswith(":00"), written  # the device's hour, its minute: no seconds
    assert "37" not in written[3], written


def test_the_pseudo_language_writes_days_in_figures_in_the_devices_order() -> None:
    english, pseudo = dates(f"print([dateText({NOON}, 'en'), dateText({NOON}, 'en-XA')]);")
    assert "2026" in english and any(c.isalpha() for c in english), english  # a month's name
    assert not any(c.isalpha() for c in pseudo), pseudo  # no English word for the pseudo-language's check


def test_a_moment_today_is_its_time_and_another_days_carries_its_date() -> None:
    today, other = dates(
        f"print([momentText({NOON}, 'de', {NOON} + 1000), momentText({NOON}, 'de', {NOON} + 3 * 86400000)]);"
    )
    assert today == dates(f"print(clockText({NOON}, 'de'));")
    assert other.startswith("01.12.2026") and other.endswith(today), other
