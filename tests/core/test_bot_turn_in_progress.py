"""The computer asked again in the middle of its own turn (the page saves after every checker, so a reload or
a second tab can ask it then) must finish that turn, never start a whole play over from the start of the turn.

Found by the chaos test (tests/e2e/test_chaos.py): with the plan from the start of the turn, about one partial
turn in twenty was never finished (its moves did not fit on top of those already made) and the page stayed at
e.g. "Black to move 1 and 3." with the 1 used."""

from __future__ import annotations

import random

import pytest

from backgammon import api
from backgammon.bot.methods import bot_action_method  # noqa: F401  (registers the bot's methods)

PLAYERS = [
    {"name": "W", "kind": "computer", "level": "beginner"},
    {"name": "B", "kind": "computer", "level": "beginner"},
]


def call(method: str, params: dict[str, object] | None = None) -> dict[str, object]:
    return api.call(method, params or {})


def roll(rng: random.Random) -> dict[str, object]:
    return {"type": "roll", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}


@pytest.mark.parametrize("seed", range(4))
def test_the_computer_finishes_a_turn_it_had_begun(seed: int) -> None:
    rng = random.Random(seed)
    partial = 0
    for _ in range(12):
        call("new_match", {"settings": {"match_length": 1}, "players": PLAYERS})
        view: dict = call("act", {"action": roll(rng)})["view"]  # type: ignore[assignment]
        while view["phase"] in ("opening", "roll"):
            view = call("act", {"action": roll(rng)})["view"]  # type: ignore[assignment]
        for _ in range(rng.randint(0, 10)):  # play on a few turns
            action: dict = call("bot_action")["action"]  # type: ignore[assignment]
            view = call("act", {"action": action})["view"]  # type: ignore[assignment]
            if view["phase"] == "roll":
                view = call("act", {"action": roll(rng)})["view"]  # type: ignore[assignment]
            if view["phase"] != "move":
                break
        if view["phase"] != "move":
            continue
        plan: dict = call("bot_action")["action"]  # type: ignore[assignment]
        if plan["type"] != "play" or len(plan["moves"]) < 2:
            continue
        # The first checker of the plan is moved and saved; then the computer is asked again.
        first = plan["moves"][0]
        call("act", {"action": {"type": "move", **first}})
        partial += 1
        rest: dict = call("bot_action")["action"]  # type: ignore[assignment]
        assert rest["type"] == "play"
        for move in rest["moves"]:
            view = call("act", {"action": {"type": "move", **move}})["view"]  # type: ignore[assignment]
        assert view["can_confirm"], (view["position_id"], view["dice"], view["moves_made"], rest)
        # Asked once more with the turn complete, it only ends the turn.
        assert call("bot_action")["action"] == {"type": "confirm"}
    assert partial > 0
