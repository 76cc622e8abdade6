"""The worker method `bot_think`: the computer's decision in steps, for a level whose moves take seconds
(world class), so that no answer of the worker waits long; the decision is the one `bot_action` gives."""

from __future__ import annotations

import json
from typing import Any

from world_class_support import rolled, whole_decisions

from backgammon import api
from backgammon.bot.methods import bot_action_method  # noqa: F401  (registers the bot's methods)

# Two whole world-class decisions each (20-30 s inside Pyodide under Node): on CPython; the page thinks in
# these steps inside Pyodide in the browser tests (test_match_computer.py's world class).
WHOLE_DECISIONS = whole_decisions("whole world-class decisions: on CPython only")


def think_until_done(level: str, budget_ms: float = 0) -> tuple[dict[str, Any] | None, int]:
    """The action `bot_think` decides on, and how many calls it took."""
    for calls in range(1, 10_000):
        answer = api.call("bot_think", {"level": level, "budget_ms": budget_ms})
        if answer["done"]:
            return answer["action"], calls
        assert answer["action"] is None
    raise AssertionError("never decided")


@WHOLE_DECISIONS
def test_world_class_thinks_in_steps_and_decides_as_at_once() -> None:
    rolled([3, 1])  # player 0 won the opening with 3-1
    action, calls = think_until_done("world_class")
    assert calls > 10  # a step is a play looked at 1 ply deeper, or one of 21 rolls at 2-ply
    assert action == api.call("bot_action", {"level": "world_class"})["action"]
    assert action is not None and action["type"] == "play"
    # 8/5 6/5: it makes its 5-point, as every strong player does with an opening 3-1.
    assert sorted((m["from"], m["to"]) for m in action["moves"]) == [(6, 5), (8, 5)]


def test_the_level_defaults_to_the_seat_of_whoever_decides() -> None:
    rolled([6, 4])
    first = api.call("bot_think", {"budget_ms": 0})
    assert first == {"done": False, "action": None}  # world class, not the expert, which needs no step


@WHOLE_DECISIONS
def test_a_changed_match_starts_the_thinking_again() -> None:
    rolled([3, 1])
    assert api.call("bot_think", {"level": "world_class", "budget_ms": 0})["done"] is False
    rolled([6, 5])  # another state while it thought: what it had thought no longer answers
    action, _ = think_until_done("world_class")
    assert action == api.call("bot_action", {"level": "world_class"})["action"]
    assert action is not None
    # 24/13: an opening 6-5 runs a back checker.
    assert sorted((m["from"], m["to"]) for m in action["moves"]) == [(18, 13), (24, 18)]


def test_a_quick_decision_is_done_in_one_call() -> None:
    api.call("new_match", {"settings": {"match_length": 3}})
    # Before the opening roll the only action is to roll: nothing to think about.
    assert api.call("bot_think", {"level": "world_class", "budget_ms": 0}) == {
        "done": True,
        "action": {"type": "roll"},
    }


def test_a_bad_budget_or_level_is_an_error_value() -> None:
    rolled([3, 1])
    for params, words in (
        ({"budget_ms": -1}, "budget_ms must be"),
        ({"budget_ms": "soon"}, "budget_ms must be"),
        ({"budget_ms": 10_000}, "budget_ms must be"),
        ({"level": "god"}, "Unknown level"),
    ):
        answer = json.loads(api.handle(json.dumps({"id": 3, "method": "bot_think", "params": params})))
        assert words in answer["error"]["message"]
