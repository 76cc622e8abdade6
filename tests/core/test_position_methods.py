"""The worker methods of backgammon.positions.methods: IDs and XGIDs read, a position's XGID, match files
opened (.mat, .sgf), a record from a share link checked without loading it, .sgf export.

The page's player 0 (drawn at the bottom) is XG's bottom (upper-case) player in every XGID of these methods,
gnubg's player 0 in its IDs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from scripts.i18n_messages import catalogue_path, parse, read_catalogue, render_english

from backgammon import api
from backgammon.position import Position

DATA = Path(__file__).parent / "data"
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
#: White (XG's bottom, upper case) on roll with 3-1, 2-1 up in a 7-point match; Black owns the cube at 2 and
#: holds an anchor on White's 4-point.
ANCHOR_XGID = "XGID=----bBE-C---eD---c-e----A-:1:-1:1:31:2:1:0:7:10"
STUDY_XGID_MATCH = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:1:0:0:3:10"  # a 3-point match


def call(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(
        api.handle(json.dumps({"id": 1, "method": method, "params": params or {}}))
    )
    return answer


def result(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = call(method, params)
    assert "error" not in answer, answer
    value: dict[str, Any] = answer["result"]
    return value


def error(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = call(method, params)
    assert "error" in answer, answer
    value: dict[str, Any] = answer["error"]
    return value


def test_read_position_reads_an_xgid() -> None:
    got = result("read_position", {"text": START_XGID})
    assert got["position_id"] == "4HPwATDgc/ABMA"
    assert got["match_id"] == "MIEKAAAAAAAA"  # player 0, XG's bottom player, on roll
    assert got["xgid"] == START_XGID
    assert got["state"]["turn"] == 0


@pytest.mark.parametrize(
    "text",
    ["4HPwATDgc/ABMA:cIkKAAAAAAAA", "  4HPwATDgc/ABMA  cIkKAAAAAAAA ", "cIkKAAAAAAAA 4HPwATDgc/ABMA"],
)
def test_read_position_reads_gnubg_ids_in_one_field(text: str) -> None:
    got = result("read_position", {"text": text})
    assert (got["position_id"], got["match_id"]) == ("4HPwATDgc/ABMA", "cIkKAAAAAAAA")
    assert got["xgid"].startswith("XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:")  # gnubg's player 1: XG's top


def test_read_position_takes_the_match_id_from_its_own_field() -> None:
    got = result("read_position", {"text": "4HPwATDgc/ABMA", "match_id": "cIkKAAAAAAAA"})
    assert got["match_id"] == "cIkKAAAAAAAA"
    alone = result("read_position", {"text": "4HPwATDgc/ABMA", "match_id": ""})
    assert (
        alone["xgid"] == "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    )  # player 0 on roll: the bottom player


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Paste an XGID"),
        ("hello", "is not an XGID"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3", "XGID"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:92:0:0:3:0:10", "dice"),
    ],
)
def test_read_position_refuses_in_plain_words(text: str, words: str) -> None:
    problem = error("read_position", {"text": text})
    assert problem["type"] == "InvalidIdError"
    assert words.lower() in problem["message"].lower()
    assert "Traceback" not in problem["message"]


def test_read_position_needs_text() -> None:
    assert error("read_position", {})["type"] == "InvalidActionError"


def test_position_xgid_of_the_views_ids() -> None:
    view = result("new_match", {"settings": {"match_length": 5}})["view"]
    got = result("position_xgid", {"position_id": view["position_id"], "match_id": view["match_id"]})
    assert got["xgid"].startswith("XGID=-b----E-C---eE---c-e----B-:0:0:")
    assert got["xgid"].endswith(":5:10")
    again = result("read_position", {"text": got["xgid"]})
    assert again["position_id"] == view["position_id"]
    assert result("position_xgid", {"position_id": Position.start().id})["xgid"].startswith("XGID=")
    assert result("position_xgid", {"position_id": "nonsense!!", "match_id": ""}) == {"xgid": None}


def test_position_xgid_of_a_resignation_waiting_is_the_position_it_was_offered_in() -> None:
    """An XGID has no place for a resignation waiting (a review shows one at its answer): the position stays
    shareable, the resigner on roll, as before the offer."""
    from dataclasses import replace

    from backgammon.formats.gnubg_id import decode_match_id, encode_match_id

    view = result("new_match", {"settings": {"match_length": 5}})["view"]
    info = decode_match_id(view["match_id"])
    offered = replace(info, resignation=2, turn=1 - info.player_on_roll)
    ids = {"position_id": view["position_id"], "match_id": view["match_id"]}
    plain = result("position_xgid", ids)
    waiting = result("position_xgid", {**ids, "match_id": encode_match_id(offered)})
    assert waiting == plain and plain["xgid"]


def test_position_xgid_writes_the_player_drawn_at_the_bottom_in_upper_case() -> None:
    """A device playing seat 1 with a friend draws player 1 at the bottom; its XGID says so, as XG would."""
    ids = result("read_position", {"text": "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:0:0:5:10"})
    seen_from_0 = result("position_xgid", ids)["xgid"]
    seen_from_1 = result("position_xgid", {**ids, "bottom": 1})["xgid"]
    assert seen_from_0 == "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:0:0:5:10"
    board, cube, owner, turn, dice, score_0, score_1, *rest = seen_from_0[5:].split(":")
    assert seen_from_1 == "XGID=" + ":".join(
        [board[::-1].swapcase(), cube, str(-int(owner)), str(-int(turn)), dice, score_1, score_0, *rest]
    )
    assert result("read_position", {"text": seen_from_1})["match_id"] != ids["match_id"]


def test_position_xgid_carries_the_beaver_rule_of_a_money_session_only() -> None:
    """XG's rules field: in money 1 = Jacoby + 2 = beavers; in a match it is the Crawford flag."""
    money = result("new_match", {"settings": {"match_length": 0, "jacoby": True, "beavers": True}})["view"]
    ids = {"position_id": money["position_id"], "match_id": money["match_id"]}
    assert result("position_xgid", {**ids, "beavers": True})["xgid"].split(":")[7] == "3"
    assert result("position_xgid", ids)["xgid"].split(":")[7] == "1"
    match = result("new_match", {"settings": {"match_length": 5}})["view"]
    ids = {"position_id": match["position_id"], "match_id": match["match_id"]}
    assert result("position_xgid", {**ids, "beavers": True}) == result("position_xgid", ids)


def test_an_xgid_read_sets_up_a_match_that_plays() -> None:
    ids = result("read_position", {"text": START_XGID})
    view = result("setup", {"position_id": ids["position_id"], "match_id": ids["match_id"]})["view"]
    assert view["phase"] == "move" and view["dice"] == [5, 2]
    assert view["settings"]["match_length"] == 0


def test_an_xgid_read_keeps_the_beaver_rule_the_ids_do_not_hold() -> None:
    """A share link's XGID (rules field 3: Jacoby and beavers) sets up a money session with both rules:
    gnubg's Match ID holds the Jacoby rule but not beavers, so read_position hands them over as `settings`."""
    ids = result("read_position", {"text": START_XGID})
    params = {"position_id": ids["position_id"], "match_id": ids["match_id"], "settings": ids.get("settings")}
    view = result("setup", params)["view"]
    assert view["settings"]["jacoby"] is True
    assert view["settings"]["beavers"] is True
    beavers = {"position_id": view["position_id"], "match_id": view["match_id"], "beavers": True}
    assert result("position_xgid", beavers)["xgid"] == START_XGID
    # Rules the text does not hold are not made up: gnubg's IDs say nothing of beavers, a match has none.
    gnubg = result("read_position", {"text": "4HPwATDgc/ABMA:cIkKAAAAAAAA"})
    assert gnubg["settings"] == {"match_length": 0, "jacoby": True, "beavers": False}
    assert "settings" not in result("read_position", {"text": STUDY_XGID_MATCH})


@pytest.mark.parametrize("name", sorted(p.name for p in (DATA / "sgf").glob("*.sgf")))
def test_import_sgf_gives_a_record_and_a_summary(name: str) -> None:
    got = result("import_sgf", {"text": (DATA / "sgf" / name).read_text()})
    summary = got["summary"]
    assert set(summary) == {"players", "match_length", "games", "score", "finished"}
    assert summary["games"] >= 1
    assert got["record"]["format"] == "backgammon-match"
    # The record replays: read_record checks it without loading it.
    assert result("read_record", {"record": got["record"]})["summary"] == summary


def test_import_sgf_refuses_a_broken_file_in_plain_words() -> None:
    problem = error("import_sgf", {"text": "(;FF[4]GM[1])"})
    assert problem["type"] == "SgfImportError"
    assert error("import_sgf", {"text": ""})["message"].startswith("The file is empty")


def test_import_mat_moved_here_still_answers() -> None:
    mat = next((DATA / "mat").glob("*.mat"))
    got = result("import_mat", {"text": mat.read_text()})
    assert got["summary"]["games"] >= 1


def test_read_record_refuses_a_newer_or_broken_record_without_touching_the_match() -> None:
    view = result("new_match", {})["view"]
    record = result("view")["record"]
    future = {**record, "schema": 99}
    assert error("read_record", {"record": future})["type"] == "InvalidRecordError"
    assert error("read_record", {"record": "nonsense"})["type"] == "InvalidRecordError"
    assert result("view")["view"]["position_id"] == view["position_id"]


def test_export_sgf_of_the_loaded_match_reads_back() -> None:
    text = (DATA / "sgf" / "gnubg-3pt-seed6.sgf").read_text()
    imported = result("import_sgf", {"text": text})
    result("load", {"record": imported["record"]})
    exported = result("export_sgf")
    assert exported["filename"].endswith("-3pt.sgf")
    again = result("import_sgf", {"text": exported["text"]})
    assert again["summary"] == imported["summary"]


START_POINTS = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2]


def board(**changes: Any) -> dict[str, Any]:
    params: dict[str, Any] = {
        "points": list(START_POINTS),
        "bar": [0, 0],
        "turn": 0,
        "dice": [0, 0],
        "cube_value": 1,
        "cube_owner": None,
        "match_length": 5,
        "score": [0, 0],
        "crawford": False,
    }
    params.update(changes)
    return params


def test_check_position_gives_the_ids_of_a_good_board() -> None:
    got = result("check_position", board())
    assert got["ok"] and got["problems"] == []
    assert got["position_id"] == "4HPwATDgc/ABMA"
    assert got["xgid"].startswith("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:")
    view = result("setup", {"position_id": got["position_id"], "match_id": got["match_id"]})["view"]
    assert view["board"]["points"] == START_POINTS and view["phase"] == "roll"


def test_check_position_black_on_roll_with_dice_and_a_cube() -> None:
    got = result("check_position", board(turn=1, dice=[6, 5], cube_value=2, cube_owner=0, score=[3, 1]))
    assert got["ok"], got
    view = result("setup", {"position_id": got["position_id"], "match_id": got["match_id"]})["view"]
    assert (view["turn"], view["dice"], view["cube"]["value"], view["cube"]["owner"]) == (1, [6, 5], 2, 0)
    assert view["score"] == [3, 1] and view["board"]["points"] == START_POINTS


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"points": [*START_POINTS[:5], 6, *START_POINTS[6:]]}, "White has 16 checkers"),
        ({"points": [0] * 23 + [2]}, "Black has no checker left"),
        ({"bar": [0, 1], "points": [-1, *START_POINTS[1:]]}, None),
        ({"dice": [7, 1]}, "Each die shows 1 to 6"),
        ({"cube_value": 3}, "power of two"),
        ({"cube_owner": 1}, "stays in the middle"),
        ({"score": [5, 0]}, "already won a 5-point match"),
        ({"crawford": True}, "Crawford game comes when"),
        (
            {"crawford": True, "score": [4, 0], "cube_value": 2, "cube_owner": 0},
            "No doubling in the Crawford game",
        ),
        ({"match_length": 0, "crawford": True}, "for matches"),
    ],
)
def test_check_position_says_what_is_wrong(changes: dict[str, Any], words: str | None) -> None:
    got = result("check_position", board(**changes))
    if words is None:
        assert got["ok"], got
        return
    assert not got["ok"] and "position_id" not in got
    assert any(words in problem for problem in got["problems"]), got["problems"]


def test_check_position_refuses_what_is_not_a_board() -> None:
    assert error("check_position", {"points": [0] * 5})["type"] == "InvalidActionError"
    assert error("check_position", board(turn=2))["type"] == "InvalidActionError"


def test_read_position_gives_the_editor_its_state_and_check_position_gives_the_same_ids_back() -> None:
    text = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:1:2:0:5:10"  # bottom on roll 5-2, top owns a 2-cube
    got = result("read_position", {"text": text})
    state = got["state"]
    assert not got["position_only"]
    assert state["points"] == START_POINTS and state["bar"] == [0, 0]
    assert (state["turn"], state["dice"], state["cube_value"], state["cube_owner"]) == (0, [5, 2], 2, 1)
    assert (state["match_length"], state["score"], state["crawford"]) == (5, [1, 2], False)
    back = result("check_position", state)
    assert back["ok"], back
    ids = ("xgid", "position_id", "match_id")
    assert [back[name] for name in ids] == [text, got["position_id"], got["match_id"]]


def test_read_position_of_a_position_id_alone_is_seen_from_the_player_on_roll() -> None:
    from backgammon.formats.gnubg_id import encode_position_id

    mine = [0] * 25
    mine[5], mine[4] = 2, 1  # the player on roll: 2 on its 6-point, 1 on its 5-point
    theirs = [0] * 25
    theirs[5] = 3
    position_id = encode_position_id(mine, theirs)
    for on_roll, (mine_point, theirs_point) in ((0, (6, 19)), (1, (19, 6))):
        got = result("read_position", {"text": f"  {position_id} ", "on_roll": on_roll})
        assert got["position_only"]
        points = got["state"]["points"]
        sign = 1 if on_roll == 0 else -1
        assert points[mine_point - 1] == 2 * sign and points[theirs_point - 1] == -3 * sign
        assert got["state"]["turn"] == on_roll
    assert error("read_position", {"text": position_id, "on_roll": 2})["type"] == "InvalidActionError"


def test_check_position_money_rules_and_a_double_offered() -> None:
    money = result("check_position", board(match_length=0, jacoby=True, beavers=True))
    assert money["ok"], money
    assert money["xgid"].endswith(":0:0:3:0:10")  # rules 3: Jacoby (1) and beavers (2)
    view = result("setup", {"position_id": money["position_id"], "match_id": money["match_id"]})["view"]
    assert view["settings"]["jacoby"] is True
    doubled = result("check_position", board(turn=1, cube_value=2, cube_owner=1, doubled=True))
    assert doubled["ok"], doubled
    assert doubled["xgid"].split(":")[1:5] == ["1", "-1", "-1", "D"]  # Black (top) owns 2 and has doubled
    view = result("setup", {"position_id": doubled["position_id"], "match_id": doubled["match_id"]})["view"]
    assert (view["phase"], view["decision"], view["cube"]["offered_value"]) == ("doubled", 0, 4)
    back = result("read_position", {"text": doubled["xgid"]})["state"]
    assert back["doubled"] and back["turn"] == 1 and back["dice"] == [0, 0]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"jacoby": True}, "for money sessions"),
        ({"beavers": True}, "for money sessions"),
        ({"doubled": True, "dice": [3, 1]}, "A double is offered before the roll"),
        ({"doubled": True, "cube_value": 2, "cube_owner": 1}, "Black owns the cube"),
        ({"doubled": True, "crawford": True, "score": [4, 2]}, "No doubling in the Crawford game"),
        ({"doubled": True, "score": [4, 3], "cube_value": 2, "cube_owner": 0}, "cannot have doubled here"),
    ],
)
def test_check_position_says_what_is_wrong_with_the_rules_and_the_double(
    changes: dict[str, Any], words: str
) -> None:
    got = result("check_position", board(**changes))
    assert not got["ok"] and any(words in problem for problem in got["problems"]), got["problems"]


def test_read_position_and_check_position_agree_on_random_states() -> None:
    """Any state an XGID holds, read into the editor's terms and checked back, gives the same XGID, and the
    gnubg IDs of the state with XG's bottom player as player 0; or, where the page could not play it (a double
    the player on roll may not make), what is wrong."""
    from dataclasses import replace

    from test_xgid import random_states

    from backgammon.errors import BackgammonError
    from backgammon.match import Setup, match_from_ids

    playable = 0
    for state in random_states(150, seed=5):
        if not state.info.match_length:  # a money session's running score is not part of a position
            state = replace(state, info=replace(state.info, score=(0, 0)))
        read = result("read_position", {"text": state.text})
        checked = result("check_position", read["state"])
        page = state.swapped()
        try:
            match_from_ids(Setup(page.position_id, page.match_id), None, None)
        except BackgammonError:
            assert not checked["ok"] and checked["problems"], state.text
            continue
        playable += 1
        assert checked["ok"], (state.text, checked["problems"])
        assert [checked[name] for name in ("xgid", "position_id", "match_id")] == [
            state.text,
            state.position_id,
            page.match_id,
        ]
    assert playable > 100


def test_an_xgids_bottom_player_is_the_pages_player_0_and_a_format_1_link_reads_as_it_was_written() -> None:
    """XG draws its upper-case player at the bottom, as the page draws its player 0: here White (upper case)
    with 5 on its 6-point, on roll, 2-1 up in a 7-point match; Black (lower case) owns the cube at 2 and holds
    an anchor on White's 4-point (its own 21-point). Share links of format 1 wrote an XGID the other way round
    (gnubg's numbering); `gnubg_numbering` reads them as they were meant."""
    text = ANCHOR_XGID
    got = result("read_position", {"text": text})
    state = got["state"]
    assert state["points"][5] == 5 and state["points"][3] == -2  # White's 6-point, Black's anchor
    assert state["bar"] == [0, 0]
    assert (state["turn"], state["dice"], state["cube_owner"], state["score"]) == (0, [3, 1], 1, [2, 1])
    back = result("check_position", state)
    assert back["xgid"] == text and back["match_id"] == got["match_id"]
    old = result("read_position", {"text": text, "gnubg_numbering": True})
    # Black is at the bottom now, and the XGID the page gives back has it in upper case, as XG would draw it.
    assert old["xgid"] == "XGID=-a----E-C---dE---c-ebB----:1:1:-1:31:1:2:0:7:10"
    assert (old["state"]["turn"], old["state"]["cube_owner"], old["state"]["score"]) == (1, 0, [1, 2])
    assert old["state"]["points"] == [-n for n in reversed(state["points"])]


def test_swapped_numbers_the_players_the_other_way_round_and_back() -> None:
    from test_xgid import random_states

    from backgammon.formats.gnubg_id import decode_match_id

    for state in random_states(60, seed=11):
        swapped = state.swapped()
        assert swapped.swapped() == state
        assert swapped.position_id == state.position_id  # seen from the player on roll either way
        info, other = state.info, decode_match_id(swapped.match_id)
        assert other.player_on_roll == 1 - info.player_on_roll and other.turn == 1 - info.turn
        assert other.score == info.score[::-1]
        assert other.cube_owner == (None if info.cube_owner is None else 1 - info.cube_owner)


@pytest.mark.parametrize(
    "changes",
    [
        {"points": [15, *START_POINTS[1:]]},
        {"dice": [7, 1], "cube_value": 3, "doubled": True},
        {"cube_owner": 0, "score": [5, 4], "crawford": True},
        {"match_length": 0, "crawford": True, "jacoby": True},
    ],
)
def test_check_position_gives_each_problem_its_message_id_and_arguments(changes: dict[str, Any]) -> None:
    answer = result("check_position", board(names=["Ann", "Bob"], **changes))
    assert not answer["ok"] and answer["problems"]
    assert len(answer["words"]) == len(answer["problems"])
    english = read_catalogue(catalogue_path("en"))
    for text, words in zip(answer["problems"], answer["words"], strict=True):
        assert words is not None, text
        args = dict(words["args"])
        if "player" in args:
            args["name"] = ["Ann", "Bob"][args["player"]]
        assert render_english(parse(english[words["id"]]), args) == text


def said_in_english(words: dict[str, Any]) -> str:
    """A sentence the rules core gave as a message id, rendered as the page renders English (its clauses
    first)."""
    english = read_catalogue(catalogue_path("en"))
    args = {
        name: said_in_english(value) if isinstance(value, dict) else value
        for name, value in words["args"].items()
    }
    return render_english(parse(english[words["id"]]), args)


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        ("", "ids.pasteSomething", None),
        ("hello", "ids.notIds", None),
        ("X" * 1_500, "limits.textTooLarge", None),
        ("4HPwATDgc/ABM", "ids.notIds", None),
        ("4HPwATDgc/AB!A", "ids.notBaseChar", None),
        ("////////////8A", "ids.positionBitsEnd", None),
        ("/////w8AAAAAAA", "ids.positionSide", None),
        ("4HPwATDgc/ABMA:cAkAAAAAAA", "ids.idLength", None),
        ("4HPwATDgc/ABMA:cAn/AAAAAAAA", "ids.matchIdInvalid", "ids.diceFields"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3", "ids.xgidInvalid", "ids.xgidFields"),
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidBoardLength"),
        ("XGID=-b----E-C---eE---c-e----Bx:0:0:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidBoardChar"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidNotNumber"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidRange"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidTurnZero"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:92:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidDice"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:5:10", "ids.xgidInvalid", "ids.xgidMatchRules"),
        ("XGID=-b----E-C---eE---c-e----BB:0:0:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidSide"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:7:0:0:5:10", "ids.xgidInvalid", "ids.scoreMatch"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidTopBar"),
        ("XGID=-b----E-C---eE---c-e----Bb:0:0:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidBottomBar"),
        ("XGID=aBBBBBB------------bbbbbbA:0:0:1:52:0:0:3:0:10", "ids.xgidInvalid", "ids.xgidImpossible"),
    ],
)
def test_read_position_refuses_with_its_sentence_as_message_ids(
    text: str, key: str, reason: str | None
) -> None:
    """The page says why a text is not a position in the player's language: the refusal's words, rendered
    in English, are its message exactly, the fault a clause of its own inside the sentence naming the text."""
    problem = error("read_position", {"text": text})
    words = problem["words"]
    assert words["id"] == key
    if reason is not None:
        assert words["args"]["reason"]["id"] == reason
    assert said_in_english(words) == problem["message"]
