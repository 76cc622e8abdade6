"""Match play: score, Crawford and post-Crawford games, the end of a match, money sessions."""

from __future__ import annotations

from typing import Any

import pytest

from backgammon.errors import InvalidActionError
from backgammon.game import Phase
from backgammon.match import Match
from backgammon.rules import CubeBlock, MatchSettings
from backgammon.view import build_view


def act(match: Match, action_type: str, **fields: Any) -> list[dict[str, Any]]:
    return match.act({"type": action_type, **fields})


def opening_won_by(match: Match, player: int) -> None:
    act(match, "roll", dice=[3, 1] if player == 0 else [1, 3])


def finish_turn(match: Match) -> None:
    """Play the turn in progress with the first offered moves and confirm it."""
    turn = match.game.current_turn
    assert turn is not None
    view = build_view(match)
    while not view["can_confirm"]:
        source, dests = next(iter(view["dests"].items()))
        act(match, "move", **{"from": source if source == "bar" else int(source), "to": dests[0]})
        view = build_view(match)
    act(match, "confirm")


def lose_by_resignation(match: Match, loser: int, kind: str = "single") -> list[dict[str, Any]]:
    """Start the next game if needed and let `loser` resign on the opening turn."""
    if match.game.phase is Phase.GAME_OVER:
        act(match, "next_game")
    opening_won_by(match, loser)
    act(match, "resign", kind=kind)
    return act(match, "accept_resign")


def test_faq_2_point_match_a_dropped_double_loses_one_point_and_the_match_goes_on() -> None:
    match = Match(MatchSettings(match_length=2))
    opening_won_by(match, 0)
    finish_turn(match)
    act(match, "double")  # player 1 doubles
    events = act(match, "drop")  # player 0 refuses
    assert match.score == [0, 1]
    assert not match.is_over and match.winner is None
    assert "match_over" not in [e["type"] for e in events]
    act(match, "next_game")
    assert match.game.number == 2 and match.game.phase is Phase.OPENING
    assert match.game.crawford_game  # player 1 is now 1 point away


def test_faq_a_gammon_with_the_cube_at_2_adds_4_points_but_does_not_win_a_5_point_match() -> None:
    match = Match(MatchSettings(match_length=5))
    opening_won_by(match, 1)
    finish_turn(match)
    act(match, "double")  # player 0 doubles
    act(match, "take")  # player 1 owns the cube at 2
    act(match, "roll", dice=[2, 1])
    finish_turn(match)
    act(match, "roll", dice=[2, 1])
    act(match, "resign", kind="gammon")  # player 1 resigns a gammon
    act(match, "accept_resign")
    assert match.score == [4, 0]
    assert not match.is_over


def test_crawford_game_follows_the_first_time_a_player_reaches_match_point() -> None:
    match = Match(MatchSettings(match_length=3))
    lose_by_resignation(match, 1, "gammon")  # player 0: 2 points, 1 away
    act(match, "next_game")
    game = match.game
    assert game.crawford_game and not match.post_crawford
    opening_won_by(match, 0)
    finish_turn(match)
    assert game.why_not_double(1) is CubeBlock.CRAWFORD
    with pytest.raises(InvalidActionError, match="Crawford"):
        act(match, "double")
    view = build_view(match)
    assert view["crawford_game"] and view["cube"]["dead"]


def test_a_match_won_in_the_crawford_game_is_no_longer_shown_as_in_it() -> None:
    # The page says "Crawford game: no doubling" while the view says so: not once the match is over.
    match = Match(MatchSettings(match_length=3))
    lose_by_resignation(match, 1, "gammon")  # 2-0: the next game is the Crawford game
    lose_by_resignation(match, 1)  # won by the leader: 3-0
    assert match.is_over and match.game.crawford_game
    view = build_view(match)
    assert view["phase"] == "match_over" and not view["crawford_game"]


def test_crawford_clarification_after_the_crawford_game_the_trailer_may_double_again() -> None:
    match = Match(MatchSettings(match_length=3))
    lose_by_resignation(match, 1, "gammon")  # 2-0
    lose_by_resignation(match, 0)  # Crawford game won by the trailer: 2-1
    act(match, "next_game")
    assert not match.game.crawford_game and match.post_crawford
    opening_won_by(match, 0)
    finish_turn(match)
    assert match.game.why_not_double(1) is None  # the trailer
    act(match, "double")
    assert match.game.phase is Phase.DOUBLED


def test_000_the_leader_one_point_away_is_never_offered_a_double_post_crawford() -> None:
    match = Match(MatchSettings(match_length=3))
    lose_by_resignation(match, 1, "gammon")  # 2-0
    lose_by_resignation(match, 0)  # 2-1
    act(match, "next_game")
    opening_won_by(match, 1)
    finish_turn(match)
    assert match.game.why_not_double(0) is CubeBlock.ONE_POINT_AWAY
    assert build_view(match)["cube"]["why_not"] == "one-point-away"


def test_crawford_off_means_no_crawford_game() -> None:
    match = Match(MatchSettings(match_length=3, crawford=False))
    lose_by_resignation(match, 1, "gammon")
    act(match, "next_game")
    assert not match.game.crawford_game and not match.post_crawford
    opening_won_by(match, 0)
    finish_turn(match)
    assert match.game.why_not_double(1) is None


def test_the_crawford_game_is_played_once_only() -> None:
    match = Match(MatchSettings(match_length=5))
    lose_by_resignation(match, 1, "backgammon")  # 3-0
    lose_by_resignation(match, 1)  # 4-0: reaching 4 makes the next game the Crawford game
    act(match, "next_game")
    assert match.game.crawford_game
    lose_by_resignation(match, 0)  # 4-1
    act(match, "next_game")
    assert not match.game.crawford_game and match.post_crawford


def test_000_the_cube_is_dead_once_its_value_wins_the_match_for_its_owner() -> None:
    match = Match(MatchSettings(match_length=3))
    opening_won_by(match, 0)
    finish_turn(match)
    act(match, "double")  # player 1 doubles to 2
    act(match, "take")  # player 0 owns 2
    act(match, "roll", dice=[2, 1])  # player 1 plays on
    finish_turn(match)
    act(match, "double")  # player 0 redoubles to 4: 0 + 2 < 3 so allowed
    act(match, "take")  # player 1 owns 4 and needs 3
    act(match, "roll", dice=[2, 1])
    finish_turn(match)
    assert match.game.turn == 1
    assert match.game.why_not_double(1) is CubeBlock.CUBE_DEAD
    assert build_view(match)["cube"]["dead"]


def test_reaching_the_match_length_ends_the_match() -> None:
    match = Match(MatchSettings(match_length=1))
    events = lose_by_resignation(match, 1, "single")
    assert [e["type"] for e in events][-2:] == ["game_over", "match_over"]
    assert match.is_over and match.winner == 0
    view = build_view(match)
    assert view["phase"] == "match_over" and view["match_winner"] == 0 and view["decision"] is None
    with pytest.raises(InvalidActionError, match="match is over"):
        act(match, "next_game")
    with pytest.raises(InvalidActionError, match="match is over"):
        act(match, "roll", dice=[3, 1])


def test_a_one_point_match_has_no_crawford_game_and_a_dead_cube() -> None:
    match = Match(MatchSettings(match_length=1))
    assert not match.game.crawford_game  # nobody *reached* match point: both start there
    opening_won_by(match, 0)
    finish_turn(match)
    assert match.game.why_not_double(1) is CubeBlock.ONE_POINT_AWAY
    assert build_view(match)["cube"]["dead"]


def test_money_sessions_never_end_and_every_game_scores() -> None:
    match = Match(MatchSettings(match_length=0))
    for game in range(6):
        lose_by_resignation(match, game % 2, "gammon")
    assert match.score == [6, 6]
    assert not match.is_over and match.winner is None
    act(match, "next_game")
    assert match.game.number == 7 and not match.game.crawford_game


def test_next_game_only_after_the_game_is_over() -> None:
    match = Match(MatchSettings(match_length=5))
    with pytest.raises(InvalidActionError, match="not over"):
        act(match, "next_game")


def test_a_whole_play_at_once_moves_and_confirms() -> None:
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[3, 1])
    events = act(match, "play", moves=[{"from": 8, "to": 5}, {"from": 6, "to": 5}])
    assert [e["type"] for e in events] == ["moved", "moved"]
    assert match.game.turn == 1 and match.game.phase is Phase.ROLL
    assert match.game.notation == ["31: 8/5 6/5"]


def test_an_illegal_whole_play_changes_nothing() -> None:
    match = Match(MatchSettings(match_length=5))
    act(match, "roll", dice=[3, 1])
    before = build_view(match)
    with pytest.raises(InvalidActionError):
        act(match, "play", moves=[{"from": 8, "to": 5}])  # only one die used
    assert build_view(match) == before


@pytest.mark.parametrize(
    "action",
    [
        {"type": "fly"},
        {"type": "move", "from": 0, "to": 3},
        {"type": "move", "from": "off", "to": 3},
        {"type": "roll", "dice": [7, 1]},
        "roll",
        {"type": "resign", "kind": "double"},
    ],
)
def test_malformed_actions_are_refused_with_invalid_action_error(action: object) -> None:
    match = Match(MatchSettings(match_length=5))
    if isinstance(action, dict) and action.get("type") in ("move", "resign"):
        act(match, "roll", dice=[3, 1])
    with pytest.raises(InvalidActionError):
        match.act(action)
