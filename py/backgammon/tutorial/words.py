"""The tutorial's words as message ids (docs/i18n.md): each lesson's texts, the session's own sentences and
the tutorial's details of the rules core's refusals, so that the page shows them in the learner's language
from web/i18n/tutorial/CODE.js. The refusals themselves (`rule.*`, backgammon.turn.RULE_WORDS) are the game
page's too, in its catalogues (web/i18n/CODE.js), which the tutorial's page loads as well.

English stays here, in the lessons and the rules core: `messages()` is every id with its English, which
scripts/i18n_tutorial.py writes into the English catalogue and scripts/i18n_check.py holds equal to it. An id
is `area.name`, its name letters only: a lesson's paragraphs and answers are lettered (`textA`, `choiceB`).
"""

from __future__ import annotations

import re
from string import ascii_uppercase

from backgammon.turn import RULE_IDS
from backgammon.tutorial.lessons import LESSONS, Lesson

# The session's own sentences (backgammon.tutorial.session).
SESSION: dict[str, str] = {
    "session.rest": "Good. Now play the rest of the roll.",
    "session.offGoal": "That play is legal, but not this lesson's goal.",
    "session.nothingToUndo": "There is nothing to undo.",
    "session.undone": "Move taken back.",
    "session.mustPlay": "You can still move, so you may not pass: play the roll.",
    "session.undoToFollow": "(Undo your moves to follow this hint.)",
    # The lesson board's players and cube (backgammon.tutorial.view).
    "session.you": "You",
    "session.opponent": "Opponent",
    "session.cubeUnused": "The cube is not used in this lesson.",
}

# What the tutorial adds to the core's plain-words rule, by the rule's code.
RULE_DETAILS: dict[str, str] = {
    "must-use-both-dice": "After that move the other die could not be played, so that checker is frozen.",
    "must-play-larger-die": "Either die could be played here, but not both.",
    # The core refuses such a move only when every order of the dice stops on a blocked point.
    "intermediate-blocked": "Whichever die you play first, it lands on a blocked point.",
    "bear-off-not-all-home": "Bring every checker into points 1 to 6 first.",
}


def camel(text: str) -> str:
    """`opening-roll` → `openingRoll`, `Hitting and entering` → `hittingAndEntering`."""
    words = [w for w in re.split(r"[^A-Za-z]+", text) if w]
    return words[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in words[1:])


def _letter(index: int) -> str:
    return ascii_uppercase[index]


def lesson_key(lesson: Lesson, field: str, index: int | None = None) -> str:
    return f"lesson.{camel(lesson.id)}{field[:1].upper()}{field[1:]}{'' if index is None else _letter(index)}"


def topic_key(topic: str) -> str:
    return f"topic.{camel(topic)}"


def rule_key(code: str) -> str:
    return RULE_IDS[code]


def detail_key(code: str) -> str:
    return f"rule.{camel(code)}Detail"


def lesson_messages(lesson: Lesson) -> dict[str, str]:
    """Every text of one lesson by its id, in the order the lesson reads."""
    found = {lesson_key(lesson, "title"): lesson.title}
    found |= {lesson_key(lesson, "text", i): text for i, text in enumerate(lesson.text)}
    found[lesson_key(lesson, "task")] = lesson.task
    for i, choice in enumerate(lesson.choices):
        found[lesson_key(lesson, "choice", i)] = choice.label
        found[lesson_key(lesson, "why", i)] = choice.why
    found[lesson_key(lesson, "hint")] = lesson.hint
    if lesson.nudge:
        found[lesson_key(lesson, "nudge")] = lesson.nudge
    found[lesson_key(lesson, "success")] = lesson.success
    return found


def detail_messages() -> dict[str, str]:
    return {detail_key(code): detail for code, detail in RULE_DETAILS.items()}


def messages() -> dict[str, str]:
    """Every id of the tutorial's catalogues that its Python gives the page, with its English: topics,
    lessons, session, the rules' details."""
    found = {topic_key(lesson.topic): lesson.topic for lesson in LESSONS}
    for lesson in LESSONS:
        found |= lesson_messages(lesson)
    return found | SESSION | detail_messages()


def lesson_words(lesson: Lesson) -> dict[str, object]:
    """The ids of what the page shows of a lesson, beside its English (session.lesson_json)."""
    return {
        "title": lesson_key(lesson, "title"),
        "topic": topic_key(lesson.topic),
        "text": [lesson_key(lesson, "text", i) for i in range(len(lesson.text))],
        "task": lesson_key(lesson, "task"),
        "choices": [lesson_key(lesson, "choice", i) for i in range(len(lesson.choices))],
    }
