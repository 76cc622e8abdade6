"""The tutorial's methods for `backgammon.api.handle` (params dict -> result dict).

`backgammon.api` imports this module on first use (its `EXTENSION_MODULES`); importing it registers them.

| method | params | result |
| --- | --- | --- |
| `lesson_list` | `{}` | `{lessons: [{id, title, topic, kind, words: {title, topic}}]}` |
| `lesson_start` | `{id}` | `{lesson, view, feedback: null, done}` |
| `lesson_move` | `{from, to}` | `{view, feedback: {kind, text, words, rule}, done}` |
| `lesson_undo`, `lesson_restart`, `lesson_pass` | `{}` | as `lesson_move` (restart: as `lesson_start`) |
| `lesson_choose` | `{index}` | as `lesson_move` |
| `lesson_hint` | `{}` | `{text, words, highlights: [loc, ...]}` |
| `lesson_show` | `{}` | as `lesson_start`, plus `answer: {moves} | {choice} | {pass}` |

Feedback kinds: `illegal` (a rule refused the move; `rule` is the core's code), `nudge` (legal, but not the
lesson's goal), `wrong` (a wrong choice), `progress`, `info`, `done`. `words` are the message ids of what is
said (backgammon.tutorial.words; the page says them in the learner's language), `text` the same in English; a
lesson's `words` name its title, topic, paragraphs, task and answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from backgammon.api import register
from backgammon.tutorial.lessons import LESSONS
from backgammon.tutorial.session import TutorialSession, lesson_summary
from backgammon.tutorial.view import loc_from_json

__all__ = ["HANDLERS"]

Params = dict[str, Any]

_session = TutorialSession()


def lesson_list(params: Params) -> dict[str, Any]:
    return {"lessons": [lesson_summary(lesson) for lesson in LESSONS]}


def lesson_start(params: Params) -> dict[str, Any]:
    lesson_id = params.get("id")
    if not isinstance(lesson_id, str):
        raise ValueError("lesson_start needs the lesson's id, a string.")
    return _session.start(lesson_id)


def lesson_move(params: Params) -> dict[str, Any]:
    return _session.move(loc_from_json(params.get("from")), loc_from_json(params.get("to")))


def lesson_choose(params: Params) -> dict[str, Any]:
    index = params.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        raise ValueError("lesson_choose needs the index of the answer, an integer.")
    return _session.choose(index)


HANDLERS: dict[str, Callable[[Params], dict[str, Any]]] = {
    "lesson_list": lesson_list,
    "lesson_start": lesson_start,
    "lesson_move": lesson_move,
    "lesson_undo": lambda params: _session.undo(),
    "lesson_restart": lambda params: _session.restart(),
    "lesson_pass": lambda params: _session.pass_turn(),
    "lesson_choose": lesson_choose,
    "lesson_hint": lambda params: _session.hint(),
    "lesson_show": lambda params: _session.show(),
}

for _name, _method in HANDLERS.items():
    register(_name)(_method)
