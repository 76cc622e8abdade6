"""The worker methods `bot_action` and `hint`: the computer can play whole matches through the facade."""

from __future__ import annotations

import random
from typing import Any

from backgammon import api
from backgammon.position import Position


def play_out(settings: dict[str, Any], seed: int, max_steps: int = 4000) -> list[dict[str, Any]]:
    """Let the computer decide every action (dice from a seeded source) until the match ends."""
    api.call("new_match", {"settings": settings})
    rng = random.Random(seed)
    actions: list[dict[str, Any]] = []
    for _ in range(max_steps):
        action = api.call("bot_action", {"level": "intermediate"})["action"]
        if action is None:
            return actions
        if action["type"] == "roll":
            action = {**action, "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
        api.call("act", {"action": action})
        actions.append(action)
    raise AssertionError("the match did not end")


def test_the_computer_plays_a_whole_match_with_legal_actions() -> None:
    actions = play_out({"match_length": 3}, seed=4)
    view = api.call("view", {})["view"]
    assert view["phase"] == "match_over"
    assert max(view["score"]) >= 3
    assert any(a["type"] == "play" for a in actions)


def test_the_computer_plays_money_games_with_the_cube_options() -> None:
    api.call("new_match", {"settings": {"match_length": 0, "beavers": True, "jacoby": True}})
    rng = random.Random(9)
    games_over = 0
    for _ in range(3000):
        action = api.call("bot_action", {"level": "intermediate"})["action"]
        assert action is not None  # a money session never ends
        if action["type"] == "next_game":
            games_over += 1
            if games_over == 3:
                break
        if action["type"] == "roll":
            action = {**action, "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
        api.call("act", {"action": action})
    assert games_over == 3


def test_a_play_action_uses_absolute_points() -> None:
    api.call("new_match", {"settings": {"match_length": 1}})
    api.call("act", {"action": {"type": "roll", "dice": [1, 3]}})  # player 1 wins the opening with 3-1
    action = api.call("bot_action", {"level": "expert"})["action"]
    assert action["type"] == "play"
    # Player 1 makes its 5-point: absolute point 20, from 17 (its 8) and 19 (its 6).
    assert sorted((m["from"], m["to"]) for m in action["moves"]) == [(17, 20), (19, 20)]


def test_hint_lists_the_best_plays_after_a_roll_and_the_cube_before_it() -> None:
    api.call("new_match", {"settings": {"match_length": 0}})
    api.call("act", {"action": {"type": "roll", "dice": [3, 1]}})
    advice = api.call("hint", {})
    assert advice["player"] == 0
    plays = advice["plays"]
    assert plays[0]["play"] == "8/5 6/5"
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    assert {"win", "win_gammon", "lose_gammon", "moves", "difference"} <= set(plays[0])
    action = {"type": "play", "moves": plays[0]["moves"]}
    api.call("act", {"action": action})
    cube_hint = api.call("hint", {})
    assert cube_hint["plays"] == []
    assert cube_hint["cube"]["action"] in {"double", "no_double", "too_good"}
    assert cube_hint["cube"]["may_double"] is True


def test_an_unknown_level_is_an_error_value() -> None:
    api.call("new_match", {"settings": {"match_length": 1}})
    import json

    answer = json.loads(api.handle(json.dumps({"id": 7, "method": "bot_action", "params": {"level": "god"}})))
    assert answer["id"] == 7
    assert "Unknown level" in answer["error"]["message"]


def test_with_no_legal_move_the_computer_confirms_the_pass() -> None:
    # The player on roll has a checker on the bar against a closed board and rolls 6-6.
    mine = [0] * 25
    mine[24], mine[5] = 1, 14
    theirs = [0] * 25
    for point in range(6):
        theirs[point] = 2
    theirs[12] = 3
    position = Position(mine, theirs)
    api.call("setup", {"position_id": position.id, "settings": {"match_length": 0}})
    view = api.call("view", {})["view"]
    if view["phase"] == "roll":
        api.call("act", {"action": {"type": "roll", "dice": [6, 6]}})
    view = api.call("view", {})["view"]
    assert view["no_legal_move"]
    assert api.call("bot_action", {})["action"] == {"type": "confirm"}


def test_a_hopeless_computer_offers_to_resign_once() -> None:
    # Thirteen checkers left (no gammon), and the other side bears its last checker off with any roll.
    mine = [0] * 25
    mine[5], mine[4], mine[3] = 5, 5, 3
    theirs = [0] * 25
    theirs[0] = 1
    api.call("setup", {"position_id": Position(mine, theirs).id, "settings": {"match_length": 0}})
    view = api.call("view", {})["view"]
    assert view["phase"] == "roll"
    offer = api.call("bot_action", {"level": "expert"})["action"]
    assert offer == {"type": "resign", "kind": "single"}
    api.call("act", {"action": offer})
    # The other side takes the single game: no gammon is left to play for.
    assert api.call("bot_action", {})["action"] == {"type": "accept_resign"}
    api.call("act", {"action": {"type": "reject_resign"}})  # a human plays on instead
    assert api.call("bot_action", {"level": "expert"})["action"] == {"type": "roll"}  # not offered again


def test_the_computer_drops_a_hopeless_double_and_takes_a_close_one() -> None:
    def side(points: dict[int, int]) -> list[int]:
        counts = [0] * 25
        for point, checkers in points.items():
            counts[point - 1] = checkers
        return counts

    short = side({1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2})  # 45 pips
    long = side({6: 4, 7: 4, 8: 4, 9: 2})  # 98 pips
    for theirs, answer in ((long, "drop"), (short, "take")):
        api.call("setup", {"position_id": Position(short, theirs).id, "settings": {"match_length": 0}})
        api.call("act", {"action": {"type": "double"}})
        assert api.call("bot_action", {"level": "expert"})["action"] == {"type": answer}
