"""The match record: JSON-serialisable, replays into exactly the same state, refuses bad data."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_position_methods import said_in_english

from backgammon.errors import BackgammonError, InvalidActionError
from backgammon.match import Match
from backgammon.record import SCHEMA, InvalidRecordError, load_record, to_record
from backgammon.rules import MatchSettings
from backgammon.view import build_view


def act(match: Match, action_type: str, **fields: Any) -> None:
    match.act({"type": action_type, **fields})


def sample_match() -> Match:
    """A 5-point match with a finished game (double, take, resignation) and a turn in progress."""
    match = Match(
        MatchSettings(match_length=5),
        [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "computer", "level": "expert"}],
    )
    act(match, "roll", dice=[4, 4])  # opening tie, rolled again
    act(match, "roll", dice=[3, 1])
    act(match, "move", **{"from": 8, "to": 5})
    act(match, "move", **{"from": 6, "to": 5})
    act(match, "confirm")
    act(match, "double")
    act(match, "take")
    act(match, "roll", dice=[6, 5])
    act(match, "move", **{"from": 1, "to": 7})
    act(match, "move", **{"from": 7, "to": 12})
    act(match, "confirm")
    act(match, "roll", dice=[2, 1])
    act(match, "resign", kind="single")
    act(match, "reject_resign")
    act(match, "resign", kind="gammon")
    act(match, "accept_resign")
    act(match, "next_game")
    act(match, "roll", dice=[5, 2])
    act(match, "move", **{"from": 13, "to": 8})
    return match


def test_the_record_is_plain_json_with_a_schema_version() -> None:
    record = to_record(sample_match())
    assert record["schema"] == SCHEMA and record["format"] == "backgammon-match"
    assert json.loads(json.dumps(record)) == record
    assert record["players"][1] == {"name": "Bot", "kind": "computer", "level": "expert"}
    first_game = record["games"][0]["actions"]
    assert first_game[0] == {"type": "roll", "dice": [4, 4]}
    assert {"type": "double"} in first_game and {"type": "take"} in first_game
    assert {"type": "resign", "kind": "gammon"} in first_game


def test_load_replays_into_exactly_the_same_view() -> None:
    match = sample_match()
    record = to_record(match)
    reloaded = load_record(json.loads(json.dumps(record)))
    assert build_view(reloaded) == build_view(match)
    assert to_record(reloaded) == record
    assert reloaded.score == match.score == [0, 4]


def test_a_partial_turn_is_restored_exactly_and_undone_moves_leave_the_record() -> None:
    match = sample_match()
    act(match, "move", **{"from": 13, "to": 11})
    act(match, "undo")
    record = to_record(match)
    assert record["games"][1]["actions"][-1] == {"type": "move", "from": 13, "to": 8}
    reloaded = load_record(record)
    view = build_view(reloaded)
    assert view["moves_made"] == [{"from": 13, "to": 8, "hit": False}]
    assert view["dice_remaining"] == [2]
    assert view == build_view(match)


def test_undo_all_removes_every_move_of_the_turn_from_the_record() -> None:
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[3, 1])
    act(match, "move", **{"from": 8, "to": 5})
    act(match, "move", **{"from": 6, "to": 5})
    act(match, "undo_all")
    assert to_record(match)["games"][0]["actions"] == [{"type": "roll", "dice": [3, 1]}]


def test_a_pending_resignation_and_a_pending_double_survive_a_reload() -> None:
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[3, 1])
    act(match, "move", **{"from": 8, "to": 5})
    act(match, "resign", kind="single")
    assert build_view(load_record(to_record(match))) == build_view(match)
    act(match, "reject_resign")
    act(match, "move", **{"from": 6, "to": 5})
    act(match, "confirm")
    act(match, "double")
    reloaded = load_record(to_record(match))
    assert reloaded.game.phase.value == "doubled"
    assert build_view(reloaded) == build_view(match)


def test_a_resignation_accepted_in_the_middle_of_a_turn_replays() -> None:
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[3, 1])
    act(match, "move", **{"from": 8, "to": 5})
    act(match, "resign", kind="gammon")
    act(match, "accept_resign")
    record = to_record(match)
    assert [a["type"] for a in record["games"][0]["actions"]] == ["roll", "move", "resign", "accept_resign"]
    reloaded = load_record(record)
    assert reloaded.score == [0, 2]
    assert build_view(reloaded) == build_view(match)


def _corrupt(mutate: Any) -> dict[str, Any]:
    record = copy.deepcopy(to_record(sample_match()))
    mutate(record)
    return record


@pytest.mark.parametrize(
    ("name", "record", "reason"),
    [
        ("not an object", [1, 2, 3], "JSON object"),
        ("foreign format", {"format": "chess-pgn", "schema": 1}, "not a backgammon match record"),
        ("future schema", _corrupt(lambda r: r.update(schema=SCHEMA + 1)), "newer version"),
        ("schema missing", _corrupt(lambda r: r.pop("schema")), "schema"),
        ("bad settings", _corrupt(lambda r: r["settings"].update(match_length=99)), "header"),
        ("bad players", _corrupt(lambda r: r.update(players=[{"name": ""}])), "header"),
        ("no games", _corrupt(lambda r: r.update(games=[])), "no list of games"),
        (
            "unknown action",
            _corrupt(lambda r: r["games"][0]["actions"].append({"type": "teleport"})),
            "not a known action",
        ),
        (
            "illegal move",
            _corrupt(lambda r: r["games"][1]["actions"].append({"type": "move", "from": 24, "to": 23})),
            "does not replay",
        ),
        (
            "wrong dice",
            _corrupt(lambda r: r["games"][0]["actions"][1].update(dice=[9, 1])),
            "does not replay",
        ),
    ],
)
def test_corrupt_foreign_and_future_records_are_refused_with_a_reason(
    name: str, record: object, reason: str
) -> None:
    with pytest.raises(InvalidRecordError, match=reason):
        load_record(record)


def test_a_record_that_replays_wrongly_names_the_game_and_the_action() -> None:
    record = _corrupt(lambda r: r["games"][1]["actions"].append({"type": "confirm"}))
    with pytest.raises(InvalidRecordError, match=r"Game 2, action 3"):
        load_record(record)


def test_000_rolled_dice_do_not_change_on_reload_and_cannot_be_rolled_again() -> None:
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[3, 1])
    reloaded = load_record(to_record(match))
    assert build_view(reloaded)["dice"] == [3, 1]
    with pytest.raises(InvalidActionError):
        reloaded.act({"type": "roll", "dice": [6, 6]})


def test_swapped_dice_are_kept_in_the_record() -> None:
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[1, 3])  # player 1 plays 3-1
    act(match, "swap_dice")
    assert build_view(match)["dice"] == [1, 3]
    act(match, "move", **{"from": 19, "to": 20})
    record = to_record(match)
    assert record["games"][0]["actions"][1] == {"type": "swap_dice"}
    assert build_view(load_record(record)) == build_view(match)


def test_automatic_doubles_replay_from_the_record() -> None:
    match = Match(MatchSettings(match_length=0, automatic_doubles=1))
    act(match, "roll", dice=[2, 2])
    act(match, "roll", dice=[5, 3])
    reloaded = load_record(to_record(match))
    assert build_view(reloaded)["cube"]["value"] == 2
    assert build_view(reloaded) == build_view(match)


def test_undo_takes_back_the_last_step_and_a_reload_keeps_the_rest() -> None:
    # 13/8/5 with 5-3 in one move: Undo takes back 8/5, the checker stops on 8 (the board lights 8), the
    # record keeps 13/8, and the same after a reload.
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[5, 3])
    act(match, "move", **{"from": 13, "to": 5})
    assert build_view(match)["moves_made"] == [
        {"from": 13, "to": 8, "hit": False},
        {"from": 8, "to": 5, "hit": False},
    ]
    act(match, "undo")
    view = build_view(match)
    assert view["moves_made"] == [{"from": 13, "to": 8, "hit": False}] and view["dice_remaining"] == [3]
    assert to_record(match)["games"][0]["actions"][-1] == {"type": "move", "from": 13, "to": 8}
    assert build_view(load_record(to_record(match))) == view


@pytest.mark.parametrize(
    ("record", "key"),
    [
        ({"format": "chess-pgn", "schema": 1}, "record.notOurs"),
        (_corrupt(lambda r: r.update(schema="1")), "record.noSchema"),
        (_corrupt(lambda r: r.update(schema=SCHEMA + 1)), "record.newer"),
        (_corrupt(lambda r: r.update(games=[])), "record.noGames"),
        (_corrupt(lambda r: r["games"][0].pop("actions")), "record.noActions"),
        (_corrupt(lambda r: r["games"][0]["actions"].append({"type": "fly"})), "record.unknownAction"),
        (_corrupt(lambda r: r.update(setup={"position_id": "4HPwATDgc/AB"})), "record.header"),
        (_corrupt(lambda r: r.update(games=[{"actions": [[[[[[[[[[[]]]]]]]]]]]}])), "limits.recordNested"),
        (_corrupt(lambda r: r.update(games=[{"actions": []}] * 2001)), "limits.tooManyGames"),
        ([1, 2, 3, 4, 5], "record.notObject"),
        (None, "record.notObject"),
        (_corrupt(lambda r: r["settings"].update(crawford="yes")), "record.header"),
        (_corrupt(lambda r: r["settings"].update(colour="red")), "record.header"),
        (_corrupt(lambda r: r["players"][1].update(name="x" * 41)), "record.header"),
        (_corrupt(lambda r: r["players"][0].update(kind="robot")), "record.header"),
    ],
)
def test_a_refused_record_says_why_as_message_ids(record: object, key: str) -> None:
    """The page says why a saved match or a link's match is refused in the player's language: the words, in
    English, are the message (Python writes the limits' figures with a thousands separator, the page in the
    language's figures)."""
    with pytest.raises(BackgammonError) as caught:
        load_record(record)
    words = caught.value.words
    assert words is not None and words["id"] == key
    assert said_in_english(dict(words)) == str(caught.value).replace("2,000", "2000")
