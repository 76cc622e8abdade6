"""`position_hint`: the hint of a position made from its IDs (the position editor's *Roll out*), the same as
the hint of that position set up and loaded, without touching the match in progress."""

from __future__ import annotations

import pytest

from backgammon import api
from backgammon.errors import BackgammonError
from backgammon.formats.gnubg_id import MatchIdInfo
from backgammon.position import Position

OPENING_31 = MatchIdInfo(match_length=5, dice=(3, 1), player_on_roll=0, turn=0).id


def test_the_hint_of_a_position_is_the_hint_of_it_set_up_and_the_match_stays() -> None:
    api.call("new_match", {"settings": {"match_length": 3}})
    before = api.call("view", {})["record"]
    ids = {"position_id": Position.start().id, "match_id": OPENING_31}
    answer = api.call("position_hint", ids)
    assert api.call("view", {})["record"] == before  # the match in progress is not touched
    assert answer["view"]["phase"] == "move" and answer["view"]["dice"] == [3, 1]
    assert answer["view"]["settings"]["match_length"] == 5
    plays = answer["hint"]["plays"]
    assert len(plays) >= 3 and plays[0]["play"] == "8/5 6/5"
    api.call("setup", ids)
    assert api.call("hint", {}) == answer["hint"]


def test_a_position_before_the_roll_gets_its_view_and_bad_ids_are_refused() -> None:
    money = {"position_id": Position.start().id, "settings": {"match_length": 0}}
    answer = api.call("position_hint", money)
    assert answer["view"]["phase"] in ("roll", "opening") and answer["hint"]["plays"] == []
    with pytest.raises(BackgammonError):
        api.call("position_hint", {"position_id": "not an ID"})
    with pytest.raises(BackgammonError, match="position_id"):
        api.call("position_hint", {})
