"""The worker's JSON facade: round trips, errors as values, the view's contract, random games."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backgammon import api
from backgammon.dice import SeededDice
from backgammon.record import to_record


def call(method: str, params: dict[str, Any] | None = None, request_id: int = 1) -> dict[str, Any]:
    answer = json.loads(api.handle(json.dumps({"id": request_id, "method": method, "params": params or {}})))
    assert answer["id"] == request_id
    return answer  # type: ignore[no-any-return]


def result(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = call(method, params)
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[no-any-return]


def act(action: dict[str, Any]) -> dict[str, Any]:
    return result("act", {"action": action})


def test_new_match_answers_record_and_view_in_the_documented_shape() -> None:
    answer = result(
        "new_match", {"settings": {"match_length": 5}, "players": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    view = answer["view"]
    for key in (
        "players",
        "settings",
        "board",
        "position_id",
        "match_id",
        "game_number",
        "phase",
        "turn",
        "decision",
        "dice",
        "dice_remaining",
        "opponent_dice",
        "moves_made",
        "dests",
        "can_undo",
        "can_swap_dice",
        "can_confirm",
        "no_legal_move",
        "forced_play",
        "contact",
        "cube",
        "score",
        "crawford_game",
        "post_crawford",
        "pips",
        "resignation",
        "result",
        "match_winner",
        "notation",
    ):
        assert key in view, key
    assert "labels" not in view  # the page names the places, in the player's language
    assert view["phase"] == "opening" and view["position_id"] == "4HPwATDgc/ABMA"
    assert view["match_id"] is not None
    assert view["board"]["points"][23] == 2 and view["board"]["points"][0] == -2
    assert view["pips"] == [167, 167]
    assert view["cube"]["why_not"] == "first-turn"
    assert answer["record"]["players"][0]["name"] == "Ann"


def test_roll_move_confirm_with_events_and_absolute_coordinates() -> None:
    result("new_match", {"settings": {"match_length": 3}})
    rolled = act({"type": "roll", "dice": [1, 3]})  # player 1 wins the opening with 3-1
    view = rolled["view"]
    assert rolled["events"][0]["type"] == "rolled"
    assert view["turn"] == 1 and view["decision"] == 1 and view["phase"] == "move"
    assert view["dice"] == [3, 1]
    assert {18, 20} <= set(view["dests"]["17"])  # 21 too when both dice may be used at once
    moved = act({"type": "move", "from": 17, "to": 20})
    assert moved["events"] == [{"type": "moved", "player": 1, "from": 17, "to": 20, "hit": False}]
    assert moved["view"]["can_undo"] and moved["view"]["dice_remaining"] == [1]
    # the board shows the checker already moved, also while a resignation offer waits
    assert moved["view"]["board"]["points"][16] == -2 and moved["view"]["board"]["points"][19] == -1
    assert moved["view"]["pips"] == [167, 164]
    offered = act({"type": "resign", "kind": "single"})
    assert offered["view"]["board"] == moved["view"]["board"]
    act({"type": "reject_resign"})
    act({"type": "move", "from": 19, "to": 20})
    done = act({"type": "confirm"})
    view = done["view"]
    assert view["turn"] == 0 and view["phase"] == "roll" and view["board"]["points"][19] == -2
    assert view["opponent_dice"] == [3, 1]
    assert view["notation"]["games"][0]["lines"] == ["31: 8/5 6/5"]
    assert view["cube"]["may_double"]


def test_errors_come_back_as_values_never_raised() -> None:
    result("new_match", {})
    wrong = call("act", {"action": {"type": "confirm"}})
    assert wrong["error"]["type"] == "InvalidActionError" and wrong["error"]["message"]
    assert "result" in call("act", {"action": {"type": "roll", "dice": [3, 1]}})
    bad_move = call("act", {"action": {"type": "move", "from": 13, "to": 12}})  # point 12 is blocked
    assert bad_move["error"]["type"] == "IllegalMoveError"
    assert call("fly")["error"]["type"] == "InvalidActionError"
    assert call("load", {"record": {"format": "x"}})["error"]["type"] == "InvalidRecordError"
    assert call("new_match", {"settings": {"match_length": 99}})["error"]["type"] == "InvalidSettingsError"
    garbage = json.loads(api.handle("{not json"))
    assert garbage["error"]["type"] == "InvalidRequestError"
    assert json.loads(api.handle("[1]"))["error"]["type"] == "InvalidActionError"


def test_a_players_refusal_comes_with_its_words_and_a_programs_without() -> None:
    api.session.match = None
    assert call("act", {"action": {"type": "roll"}})["error"]["words"] == {
        "id": "refusal.noMatch",
        "args": {},
    }
    result("new_match", {})
    not_over = call("act", {"action": {"type": "next_game"}})["error"]
    assert not_over["words"] == {"id": "refusal.gameNotOver", "args": {}}
    wrong = call("act", {"action": {"type": "confirm"}})["error"]
    assert wrong["message"] == "You cannot move checkers now (the game is at 'opening')."
    assert wrong["words"] == {"id": "refusal.cannotMove", "args": {}}
    assert call("act", {"action": {"type": "double"}})["error"]["words"]["id"] == "refusal.nobodyToAct"
    act({"type": "roll", "dice": [3, 1]})
    bad_move = call("act", {"action": {"type": "move", "from": 13, "to": 12}})["error"]
    assert bad_move["rule"] == "blocked" and bad_move["words"] == {"id": "rule.blocked", "args": {}}
    settings = call("new_match", {"settings": {"match_length": 99}})["error"]
    assert settings["message"] == "Match length must be 0 (money session) or 1 to 25 points, got 99."
    assert settings["words"] == {"id": "refusal.matchLength", "args": {"max": 25, "got": "99"}}
    money = call("new_match", {"settings": {"match_length": 3, "beavers": True}})["error"]
    assert money["words"] == {"id": "refusal.moneyBeavers", "args": {}}
    # What only a program could send stays English.
    assert "words" not in call("act", {"action": {"type": "fly"}})["error"]
    assert "words" not in json.loads(api.handle("[1]"))["error"]


def test_a_finished_match_refuses_with_its_words() -> None:
    result("new_match", {"settings": {"match_length": 1}})
    act({"type": "roll", "dice": [3, 1]})
    act({"type": "resign", "kind": "single"})
    act({"type": "accept_resign"})
    assert call("act", {"action": {"type": "roll"}})["error"]["words"] == {
        "id": "refusal.matchOver",
        "args": {},
    }


def test_load_gives_back_the_same_view() -> None:
    answer = result("new_match", {"settings": {"match_length": 5}})
    act({"type": "roll", "dice": [5, 2]})
    answer = act({"type": "move", "from": 13, "to": 8})
    loaded = result("load", {"record": answer["record"]})
    assert loaded["view"] == answer["view"]
    assert loaded["record"] == answer["record"]


def test_setup_from_position_and_match_id() -> None:
    # Player on roll has two checkers left on the ace point; 5-point match at 3-2, cube 2 owned by him.
    from backgammon.formats.gnubg_id import MatchIdInfo, encode_match_id
    from backgammon.position import Position

    mine = [0] * 25
    mine[0] = 2
    theirs = [0] * 25
    theirs[5] = 15
    position_id = Position(mine, theirs).id
    match_id = encode_match_id(
        MatchIdInfo(cube_value=2, cube_owner=1, player_on_roll=1, turn=1, match_length=5, score=(3, 2))
    )
    answer = result("setup", {"position_id": position_id, "match_id": match_id})
    view = answer["view"]
    assert view["turn"] == 1 and view["phase"] == "roll"
    assert view["score"] == [3, 2] and view["cube"]["value"] == 2 and view["cube"]["owner"] == 1
    assert view["board"]["points"][23] == -2 and view["board"]["points"][5] == 15
    assert view["match_id"] == match_id and view["position_id"] == position_id
    act({"type": "roll", "dice": [2, 1]})
    done = act({"type": "play", "moves": [{"from": 24, "to": "off"}, {"from": 24, "to": "off"}]})
    assert done["view"]["result"] == {"winner": 1, "kind": "gammon", "points": 4, "ending": "borne_off"}
    assert done["view"]["match_winner"] == 1
    assert result("load", {"record": done["record"]})["view"] == done["view"]


def test_setup_rejects_bad_ids_with_a_value() -> None:
    answer = call("setup", {"position_id": "not-an-id"})
    assert answer["error"]["type"] == "InvalidIdError"


def test_export_mat_names_the_file() -> None:
    result("new_match", {"settings": {"match_length": 7}, "players": [{"name": "Ann Lee"}, {"name": "Bob"}]})
    exported = result("export_mat")
    assert exported["filename"] == "Ann_Lee-vs-Bob-7pt.mat"
    assert " 7 point match" in exported["text"]


def test_methods_can_be_registered_by_other_parts() -> None:
    @api.register("echo_test")
    def echo(params: dict[str, Any]) -> dict[str, Any]:
        return {"echo": params}

    try:
        assert result("echo_test", {"a": 1}) == {"echo": {"a": 1}}
    finally:
        del api.METHODS["echo_test"]


# ---- random games through the facade --------------------------------------------------------------


def checker_totals(view: dict[str, Any]) -> tuple[int, int]:
    board = view["board"]
    white = sum(n for n in board["points"] if n > 0) + board["bar"][0] + board["off"][0]
    black = -sum(n for n in board["points"] if n < 0) + board["bar"][1] + board["off"][1]
    return white, black


def random_session(seed: int, steps: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play random legal actions (with undos, cube actions, resignations) and check invariants."""
    choose = random.Random(seed)
    dice = SeededDice(seed)
    length = choose.choice([0, 1, 3, 5])
    answer = result(
        "new_match", {"settings": {"match_length": length, "beavers": length == 0, "jacoby": length == 0}}
    )
    views = [answer["view"]]
    for _ in range(steps):
        view = answer["view"]
        phase = view["phase"]
        if phase == "match_over":
            break
        if phase == "game_over":
            action: dict[str, Any] = {"type": "next_game"}
        elif phase in ("opening", "roll"):
            if view["cube"]["may_double"] and choose.random() < 0.1:
                action = {"type": "double"}
            elif phase == "roll" and choose.random() < 0.02:
                action = {"type": "resign", "kind": choose.choice(["single", "gammon", "backgammon"])}
            else:
                action = {"type": "roll", "dice": list(dice.roll())}
        elif phase == "doubled":
            options = ["take", "take", "drop"] + (["beaver"] if view["cube"]["may_beaver"] else [])
            action = {"type": choose.choice(options)}
        elif phase == "resign_offered":
            action = {"type": choose.choice(["accept_resign", "reject_resign"])}
        else:
            if view["can_confirm"]:
                action = {"type": "confirm"}
            elif view["can_undo"] and choose.random() < 0.15:
                action = {"type": choose.choice(["undo", "undo_all"])}
            elif view["can_swap_dice"] and choose.random() < 0.3:
                action = {"type": "swap_dice"}
            elif choose.random() < 0.02:
                action = {"type": "resign", "kind": choose.choice(["single", "gammon", "backgammon"])}
            else:
                source = choose.choice(sorted(view["dests"]))
                dest = choose.choice(view["dests"][source])
                action = {"type": "move", "from": source if source == "bar" else int(source), "to": dest}
        answer = act(action)
        assert checker_totals(answer["view"]) == (15, 15)
        assert json.loads(json.dumps(answer["record"])) == answer["record"]
        views.append(answer["view"])
    return answer, views


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9), steps=st.integers(min_value=1, max_value=200))
def test_random_games_replay_identically_and_conserve_checkers(seed: int, steps: int) -> None:
    answer, _ = random_session(seed, steps)
    assert answer["record"] == to_record(api.current_match())
    reloaded = result("load", {"record": answer["record"]})
    assert reloaded["view"] == answer["view"]
    assert reloaded["record"] == answer["record"]


def test_a_long_random_money_session_keeps_score_consistent_with_results() -> None:
    answer, views = random_session(20261123, 1500)
    view = answer["view"]
    results = [game["result"] for game in view["notation"]["games"] if game["result"]]
    won = [0, 0]
    for outcome in results:
        won[outcome["winner"]] += outcome["points"]
    assert won == view["score"]
    assert len({v["game_number"] for v in views}) >= 2


def test_000_no_swap_dice_for_doubles() -> None:
    result("new_match", {"settings": {"match_length": 0}})
    act({"type": "roll", "dice": [3, 1]})
    act({"type": "play", "moves": [{"from": 8, "to": 5}, {"from": 6, "to": 5}]})
    view = act({"type": "roll", "dice": [4, 4]})["view"]
    assert not view["can_swap_dice"] and view["dice_remaining"] == [4, 4, 4, 4]
    assert call("act", {"action": {"type": "swap_dice"}})["error"]["type"] == "InvalidActionError"


def test_setup_with_dice_in_the_match_id_starts_in_the_middle_of_the_turn() -> None:
    from backgammon.formats.gnubg_id import MatchIdInfo, encode_match_id

    match_id = encode_match_id(MatchIdInfo(player_on_roll=0, turn=0, dice=(6, 5), match_length=7))
    view = result("setup", {"position_id": "4HPwATDgc/ABMA", "match_id": match_id})["view"]
    assert view["phase"] == "move" and view["dice"] == [6, 5] and view["dests"]["24"] == [18, 13]
    assert view["settings"]["match_length"] == 7


def test_setup_with_a_double_offered_waits_for_the_answer_and_replays_from_its_record() -> None:
    from backgammon.formats.gnubg_id import MatchIdInfo, decode_match_id, encode_match_id

    # White (player 0) on roll has doubled a 2-cube it owns; Black is to take or drop it.
    info = MatchIdInfo(
        cube_value=2,
        cube_owner=0,
        player_on_roll=0,
        turn=1,
        double_offered=True,
        match_length=7,
        score=(1, 3),
    )
    match_id = encode_match_id(info)
    answer = result("setup", {"position_id": "4HPwATDgc/ABMA", "match_id": match_id})
    view, record = answer["view"], answer["record"]
    assert (view["phase"], view["turn"], view["decision"]) == ("doubled", 0, 1)
    assert (view["cube"]["value"], view["cube"]["owner"], view["cube"]["offered_by"]) == (2, 0, 0)
    assert view["cube"]["offered_value"] == 4 and view["match_id"] == match_id
    assert record["games"] == [{"actions": []}]  # the double is part of the set-up
    assert result("load", {"record": record})["view"]["match_id"] == match_id
    took = act({"type": "take"})["view"]
    assert (took["phase"], took["cube"]["value"], took["cube"]["owner"]) == ("roll", 4, 1)
    assert decode_match_id(took["match_id"]).player_on_roll == 0  # the doubler rolls
    result("setup", {"position_id": "4HPwATDgc/ABMA", "match_id": match_id})
    dropped = act({"type": "drop"})["view"]
    assert dropped["phase"] == "game_over" and dropped["score"] == [3, 3]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"cube_value": 2, "cube_owner": 1}, "cannot have doubled here"),  # Black owns the cube
        ({"match_length": 3, "score": (2, 0), "crawford": True}, "Crawford"),
        ({"dice": (3, 1)}, "double waiting after the roll"),
        ({"resignation": 1, "double_offered": False}, "resignation waiting"),
    ],
)
def test_setup_refuses_a_double_the_player_on_roll_could_not_make(fields: dict[str, Any], words: str) -> None:
    from backgammon.formats.gnubg_id import MatchIdInfo, encode_match_id

    base: dict[str, Any] = {"player_on_roll": 0, "turn": 1, "double_offered": True, "match_length": 7}
    match_id = encode_match_id(MatchIdInfo(**{**base, **fields}))
    answer = call("setup", {"position_id": "4HPwATDgc/ABMA", "match_id": match_id})
    assert answer["error"]["type"] == "InvalidActionError"
    assert words in answer["error"]["message"]


def test_a_broken_extension_does_not_take_the_match_methods_down(monkeypatch: Any, tmp_path: Any) -> None:
    (tmp_path / "broken_extension_for_test.py").write_text("raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(api, "EXTENSION_MODULES", ("broken_extension_for_test",))
    monkeypatch.setattr(api, "_extensions_tried", set())
    monkeypatch.setattr(api, "EXTENSION_ERRORS", {})
    assert "view" in result("new_match", {})
    answer = call("no_such_method")
    assert answer["error"]["type"] == "InvalidActionError"
    assert "broken_extension_for_test failed to load (RuntimeError: boom)" in answer["error"]["message"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="a fresh interpreter of its own: on CPython only")
def test_the_match_s_own_methods_import_no_extension_and_another_s_method_imports_only_its_own() -> None:
    # In a fresh interpreter, as the worker starts: the page's first answer (a new match) waits for no other
    # module, and a method of the computer's brings in its own module, not the lobby's or the tournament's.
    script = """
import json, sys
import backgammon.api as api
loaded = lambda: sorted(m for m in api.EXTENSION_MODULES if m in sys.modules)
answer = json.loads(api.handle(json.dumps({"id": 1, "method": "new_match", "params": {}})))
assert "result" in answer, answer
print(json.dumps(loaded()))
answer = json.loads(api.handle(json.dumps({"id": 2, "method": "hint", "params": {}})))
print(json.dumps(loaded()))
answer = json.loads(api.handle(json.dumps({"id": 3, "method": "no_such_method", "params": {}})))
print(json.dumps([loaded(), answer["error"]["type"]]))
"""
    env = {**os.environ, "PYTHONPATH": str(Path(api.__file__).parents[1])}
    lines = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert json.loads(lines[0]) == []
    assert json.loads(lines[1]) == ["backgammon.bot.methods"]
    assert json.loads(lines[2]) == [sorted(api.EXTENSION_MODULES), "InvalidActionError"]
