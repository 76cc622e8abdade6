"""Every place a lesson names on the board (top, bottom, left, right, a corner, the middle, a side) checked
against the board as web/board/geometry.js draws it, under Node, in both orientations the preferences offer
("right" and "left": where the home board is; the tutorial draws "right" today), with the learner at the
bottom as the tutorial draws it.

A lesson text that names a place must be listed in PLACES with what it claims in the geometry's terms
(CLAIMS), or with the reason it names no place on the drawn board; a new text naming a place fails until it
is listed."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from backgammon.tutorial.lessons import LESSONS, Lesson

from .node_esm import needs_node, run_module

pytestmark = needs_node

# Words that can name a place on the board; each occurrence in a lesson must fall inside a phrase of PLACES.
PLACE_WORDS = re.compile(
    r"\b(left|right|top|bottom|upper|lower|above|below|beneath|corner|quadrants?|quarters?|"
    r"middle|centre|center|sides?|halves|half|across|beside|opposite|rows?|columns?|edge|up|down|"
    r"clockwise|horseshoe)\b",
    re.IGNORECASE,
)

# What a claim means on the drawn board: a JavaScript condition on `g` (createGeometry(orientation, 0): the
# learner, player 0, at the bottom), `W` (the board's width) and `MID` (the field's middle height).
CLAIMS = {
    "24 in the top row": "g.point(24).top",
    "1 in the bottom row": "!g.point(1).top",
    "24 a corner (the top row's outermost point)": (
        "[...Array(12).keys()].map((i) => 13 + i)"
        ".every((p) => Math.abs(g.point(p).cx - W / 2) <= Math.abs(g.point(24).cx - W / 2))"
    ),
    "24 above the home board (points 1 to 6)": (
        "(() => { const xs = [1, 2, 3, 4, 5, 6].map((p) => g.point(p).cx);"
        " const x = g.point(24).cx;"
        " return g.point(24).top && Math.min(...xs) <= x && x <= Math.max(...xs); })()"
    ),
    "quarters of six, each on one row and one side of the bar": (
        "[1, 7, 13, 19].every((first) => {"
        " const ps = [0, 1, 2, 3, 4, 5].map((i) => g.point(first + i));"
        " const bar = g.barRect.x + g.barRect.w / 2;"
        " return ps.every((p) => p.top === ps[0].top && (p.cx < bar) === (ps[0].cx < bar)); })"
    ),
    "the bar down the middle, top to bottom": (
        "Math.abs(g.barRect.x + g.barRect.w / 2 - W / 2) < 1"
        " && g.barRect.y <= g.point(13).baseY && g.barRect.y + g.barRect.h >= g.point(12).baseY"
    ),
    "a cube nobody owns in the middle": "g.cubeCenter(null).y === MID",
    "an owned cube at its owner's end (the opponent's at the top)": (
        "g.cubeCenter(1).y < MID && g.cubeCenter(0).y > MID"
    ),
    "dice on the roller's right-hand side": "g.diceCenter(0).x > W / 2 && g.diceCenter(1).x < W / 2",
}

# A phrase of a lesson (lesson id, words as written) -> the claims it makes, or why it names no place drawn.
PLACES: dict[tuple[str, str], tuple[str, ...] | str] = {
    ("board", "in four quarters of six"): ("quarters of six, each on one row and one side of the bar",),
    ("board", "the bar down the middle"): ("the bar down the middle, top to bottom",),
    ("board", "from your 24 point down to your 1 point"): (
        "24 in the top row",
        "1 in the bottom row",
    ),
    ("board", "pick up a checker"): "a hand's movement",
    ("board", "the top corner above your home board"): (
        "24 in the top row",
        "24 a corner (the top row's outermost point)",
        "24 above the home board (points 1 to 6)",
    ),
    ("moving", "right:"): "a right answer",
    ("hitting", "the bar in the middle of the board"): ("the bar down the middle, top to bottom",),
    ("hitting", "opponent left a blot"): "left behind",
    ("enter-what-you-can", "left over"): "remaining",
    ("enter-what-you-can", "right:"): "a right answer",
    ("pass", "right:"): "a right answer",
    ("both-dice", "no 4 is left"): "remaining",
    ("swap-dice", "on some sites the left die is played first"): "other sites' custom, not this board",
    ("swap-dice", "right:"): "a right answer",
    ("bear-off-higher", "a lower point"): "a smaller number",
    ("bear-off-higher", "right:"): "a right answer",
    ("gammon", "one side has borne off"): "a player",
    ("backgammon", "the cube is in the middle"): ("a cube nobody owns in the middle",),
    ("double", "right:"): "a right answer",
    ("take-drop", "right away"): "at once",
    ("take-drop", "two checkers left"): "remaining",
    ("take-drop", "right:"): "a right answer",
    ("cube-owner", "it moves to their side"): (
        "an owned cube at its owner's end (the opponent's at the top)",
    ),
    ("match-play", "points add up"): "a sum",
    ("crawford", "right:"): "a right answer",
    ("post-crawford", "help the other side"): "a player",
    ("post-crawford", "the cube is in the middle"): ("a cube nobody owns in the middle",),
    ("post-crawford", "right:"): "a right answer",
    ("dead-cube", "right:"): "a right answer",
    ("strict-doubling", "the cube is in the middle"): ("a cube nobody owns in the middle",),
    ("strict-doubling", "right:"): "a right answer",
    ("automatic-doubles", "stays in the middle"): ("a cube nobody owns in the middle",),
    ("beavers", "right:"): "a right answer",
    ("irregularities", "on the right-hand side of the board"): ("dice on the roller's right-hand side",),
    ("irregularities", "picked up their dice"): "a hand's movement",
    ("irregularities", "picks up their dice"): "a hand's movement",
    ("irregularities", "right:"): "a right answer",
}


def lesson_texts(lesson: Lesson) -> Iterator[str]:
    """Every text of a lesson the learner reads."""
    yield lesson.title
    yield from lesson.text
    yield from (lesson.task, lesson.hint, lesson.success, lesson.nudge)
    for choice in lesson.choices:
        yield from (choice.label, choice.why)
    if lesson.mistake and lesson.mistake.rule:
        yield lesson.mistake.rule


def unlisted_places() -> list[str]:
    found = []
    for lesson in LESSONS:
        phrases = [words for (lesson_id, words) in PLACES if lesson_id == lesson.id]
        for text in lesson_texts(lesson):
            covered = [
                m.span() for words in phrases for m in re.finditer(re.escape(words), text, re.IGNORECASE)
            ]
            for word in PLACE_WORDS.finditer(text):
                if not any(start <= word.start() and word.end() <= end for start, end in covered):
                    found.append(f"{lesson.id}: {word.group(0)!r} in {text!r}")
    return found


def test_every_place_a_lesson_names_is_listed_with_what_it_claims() -> None:
    assert unlisted_places() == []
    every_text = {lesson.id: " ".join(lesson_texts(lesson)).lower() for lesson in LESSONS}
    stale = [key for key in PLACES if key[1] not in every_text.get(key[0], "")]
    assert stale == [], "listed phrases no lesson says any more"
    named = {claim for meaning in PLACES.values() if isinstance(meaning, tuple) for claim in meaning}
    assert named <= set(CLAIMS)


@pytest.mark.parametrize("orientation", ["right", "left"])
def test_every_place_a_lesson_names_is_where_the_board_draws_it(orientation: str) -> None:
    checks = ", ".join(f"{name!r}: Boolean({condition})" for name, condition in CLAIMS.items())
    held = run_module(
        'import { createGeometry, W, MID } from "{WEB}/board/geometry.js";',
        f'const g = createGeometry("{orientation}", 0);\nprint({{{checks}}});',
    )
    wrong = [
        f"{lesson_id} says {words!r}, but not so: {claim}"
        for (lesson_id, words), meaning in PLACES.items()
        if isinstance(meaning, tuple)
        for claim in meaning
        if not held[claim]
    ]
    assert wrong == []
