"""Words moved to the catalogues in the second and third rounds, under Node: the engine's failures told in
the player's language (web/engine/bridge.js gives each failure a message id; web/engine/page-engine.js
failureText), the players' default names shown as the language's word for their side while stored in English
(web/i18n/player-names.js), and the board's places named in whole messages (web/board/render.js)."""

from __future__ import annotations

import json

import pytest

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = (
    'import { BridgeError, ENGINE_FAILURES } from "{WEB}/engine/bridge.js";'
    ' import { failureText } from "{WEB}/engine/page-engine.js";'
    ' import { t, useLanguage } from "{WEB}/i18n/i18n.js";'
    ' import en from "{WEB}/i18n/en.js";'
    ' import ar from "{WEB}/i18n/ar.js";'
    ' import { shownName, storedName, DEFAULT_NAMES } from "{WEB}/i18n/player-names.js";'
    " console.warn = () => {};"  # failureText writes the technical detail to the console
)


def test_every_failure_of_the_engine_has_words_in_each_catalogue() -> None:
    ids = run_module(IMPORTS, 'print([...ENGINE_FAILURES].map((k) => new BridgeError(k, "").words.id));')
    assert len(ids) == 5 and all(i.startswith("failure.") for i in ids)
    missing = run_module(IMPORTS, f"print({json.dumps(ids)}.filter((id) => !(id in en) || !(id in ar)));")
    assert missing == []


def test_a_stalled_engine_is_told_with_its_seconds_not_its_english_detail() -> None:
    texts = run_module(
        IMPORTS,
        'const stalled = new BridgeError("EngineStalled", "no answer for 15 s", undefined,'
        ' {id: "failure.noAnswer", args: {seconds: 15}});'
        ' const crashed = new BridgeError("EngineCrashed", "Python\'s runtime failed: RangeError");'
        ' const odd = new BridgeError("SomethingNew", "a detail");'
        " print([failureText(t, stalled), failureText(t, crashed), failureText(t, odd),"
        ' t("engine.restarting", {reason: failureText(t, stalled)}), failureText(t, new Error("plain"))]);',
    )
    assert texts == [
        "no answer for 15 s",
        "Python's runtime failed",
        "an unknown failure",
        "The game engine stopped (no answer for 15 s). Starting it again; your match is kept.",
        "an unknown failure",
    ]


@pytest.mark.parametrize(("count", "text"), [(2, "2 failures in a minute"), (1, "1 failure in a minute")])
def test_repeated_failures_are_counted_by_the_languages_plurals(count: int, text: str) -> None:
    shown = run_module(IMPORTS, f'print(t("failure.repeated", {{count: {count}}}));')
    assert shown == text


def test_the_default_names_are_shown_as_the_languages_words_and_stored_in_english() -> None:
    shown = run_module(
        IMPORTS,
        'print([shownName("White", 0, "الأبيض"), shownName("Black", 1, "الأسود"), shownName("", 1, "الأسود"),'
        ' shownName("Black", 0, "الأبيض"), shownName("Ann", 0, "الأبيض"),'
        ' storedName(" الأبيض ", 0, "الأبيض"), storedName("", 1, "الأسود"), storedName("Ann", 1, "الأسود"),'
        ' storedName("White", 0, "Blanc"), DEFAULT_NAMES]);',
    )
    assert shown == [
        "الأبيض",
        "الأسود",
        "الأسود",
        "Black",  # a name a player gave, even a side's word, is shown as given
        "Ann",
        "White",
        "Black",
        "Ann",
        "White",
        ["White", "Black"],
    ]


# A page's `document` as useLanguage needs it (its root's lang and dir, no marked elements).
DOCUMENT = (
    "globalThis.document = { documentElement: {}, querySelectorAll: () => [], dispatchEvent: () => true };"
    " globalThis.Event = class { constructor(type) { this.type = type; } };"
)


def test_the_boards_places_are_named_in_whole_messages_in_each_language() -> None:
    """web/board/render.js `placeName`: what a place holds, counted by the language's plurals, the sides on
    the bar or in a tray joined by the language's list."""
    body = (
        DOCUMENT
        + ' const checkers = (colour, count) => t("board.checkers", {colour, count});'
        + " const names = () => ["
        + ' t("board.point", {number: 13, checkers: checkers("white", 5)}),'
        + ' t("board.point", {number: 5, checkers: checkers("black", 1)}),'
        + ' t("board.bar", {checkers: listText([checkers("white", 1), checkers("black", 2)])}),'
        + ' t("board.pips", {count: 1}), t("board.selected", {place: t("board.pointEmpty", {number: 24})})];'
        + ' const english = names(); await useLanguage("ar"); print([english, names()]);'
    )
    english, arabic = run_module(IMPORTS.replace("{ t, useLanguage }", "{ listText, t, useLanguage }"), body)
    assert english == [
        "Point 13, 5 white checkers",
        "Point 5, 1 black checker",
        "Bar, 1 white checker and 2 black checkers",
        "1 pip",
        "Point 24, empty, selected",
    ]
    assert arabic[0] == "الخانة 13، 5 أحجار بيضاء"  # few: 3 to 10
    assert arabic[1] == "الخانة 5، حجر أسود واحد"
    assert arabic[2].startswith("البار، حجر أبيض واحد") and "حجران أسودان" in arabic[2]
    assert " and " not in arabic[2] and "و" in arabic[2].removeprefix("البار، حجر أبيض واحد")


def test_a_text_python_quotes_keeps_its_direction_inside_a_sentence_written_right_to_left() -> None:
    """saidText: a file's line or an ID inside a sentence of the rules core is isolated (U+2068 … U+2069) in
    Arabic, where the bidirectional algorithm would otherwise move its pieces about; as it is in English."""
    body = DOCUMENT + (
        ' const words = {id: "ids.xgidInvalid", args: {text: "\'XGID=-b----E-C-:0:0:1:92\'",'
        ' reason: {id: "ids.xgidDice", args: {text: "\'92\'"}}}};'
        ' const english = saidText(words); await useLanguage("ar"); print([english, saidText(words)]);'
    )
    english, arabic = run_module(IMPORTS.replace("{ t, useLanguage }", "{ saidText, t, useLanguage }"), body)
    assert english.startswith("'XGID=-b----E-C-:0:0:1:92' is not a valid XGID") and "\u2068" not in english
    assert arabic.startswith("\u2068'XGID=-b----E-C-:0:0:1:92'\u2069 ")
    assert "\u2068'92'\u2069" in arabic


def test_a_word_the_core_gives_for_a_select_is_its_case_in_arabic_too() -> None:
    """saidText isolates quoted texts only: a word alone (`is`, `not`, `black`) may be a select's case."""
    body = DOCUMENT + (
        ' await useLanguage("ar"); const said = (said) => saidText({id: "sgf.crawford", args: {said}});'
        ' const said_t = (said) => t("sgf.crawford", {said});'
        ' print([said("is"), said("not"), said_t("is"), said_t("not")]);'
    )
    is_, not_, expected_is, expected_not = run_module(
        IMPORTS.replace("{ t, useLanguage }", "{ saidText, t, useLanguage }"), body
    )
    assert (is_, not_) == (expected_is, expected_not) and is_ != not_
