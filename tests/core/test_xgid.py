"""eXtreme Gammon's XGID: reading, writing, the conversion to gnubg's IDs, and gnubg's own reading of ours."""

from __future__ import annotations

import doctest
import io
import json
import random
import re
from dataclasses import replace

import pytest
from gnubg_support import gnubg_output, needs_gnubg
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from test_movegen_reference import any_positions, board
from test_position_methods import said_in_english

from backgammon import GameState, InvalidIdError, MatchIdInfo, Position, decode_match_id
from backgammon.cli import main
from backgammon.formats import xgid
from backgammon.formats.gnubg_id import encode_match_id
from backgammon.formats.xgid import Xgid, read_ids, xgid_of
from backgammon.match import Setup, match_from_ids, match_id_of
from backgammon.movegen import legal_positions

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_docstring_examples() -> None:
    result = doctest.testmod(xgid, verbose=False)
    assert result.attempted > 0
    assert result.failed == 0


# -- published XGIDs and their known positions ---------------------------------------------------------------


def test_the_start_position() -> None:
    state = Xgid.parse(START)
    assert state.position == Position.start()
    assert state.info == MatchIdInfo(player_on_roll=1, turn=1)
    assert state.text == START
    assert state.position_id == "4HPwATDgc/ABMA"


def test_xgs_example_with_dice_reads_as_gnubg_reads_it() -> None:
    # The example of XG's documentation; gnubg 1.07's `set xgid` shows 4HPwATDgc/ABMA and cIkKAAAAAAAA.
    state = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
    assert (state.position_id, state.match_id) == ("4HPwATDgc/ABMA", "cIkKAAAAAAAA")
    assert state.info.dice == (5, 2) and state.info.jacoby and state.beavers
    assert state.info.match_length == 0 and state.max_cube == 10


def test_the_nackgammon_start_and_the_empty_board() -> None:
    nack = Xgid.parse("XGID=-bb---D-C---dD---c-d---BB-:0:0:1:00:0:0:0:0:10")
    side = {6: 4, 8: 3, 13: 4, 23: 2, 24: 2}
    assert nack.position == board(side, side)
    empty = Xgid.parse("XGID=--------------------------:0:0:1:00:0:0:0:0:10")
    assert empty.position_id == "AAAAAAAAAAAAAA"


def test_fields_map_to_the_match_id_as_gnubg_maps_them() -> None:
    # gnubg 1.07 `set xgid` of this XGID (before it swaps the players) shows the Match ID AQGgABAAEAAE.
    state = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:1:0:5:10")
    assert state.match_id == "AQGgABAAEAAE"
    info = state.info
    assert (info.cube_value, info.cube_owner, info.player_on_roll) == (2, 0, 0)
    assert info.score == (1, 2)  # player 0 is the top player: XG's second score
    assert info.match_length == 5 and not info.crawford


def test_bars_and_the_sides_of_the_board() -> None:
    # bottom player: 2 on its bar, 1 on its 3 point; top player: 1 on its bar, 3 on its own 20 point (our 5)
    state = Xgid.parse("XGID=a--A-c" + "-" * 19 + "B:0:0:1:00:0:0:0:0:10")
    assert state.position.mine[24] == 2 and state.position.mine[2] == 1
    assert state.position.theirs[24] == 1 and state.position.theirs[19] == 3
    assert Xgid.parse(state.text) == state
    top_on_roll = Xgid.parse(state.text.replace(":1:00:", ":-1:00:"))
    assert top_on_roll.position == state.position.swap()


def test_a_double_a_beaver_and_a_raccoon() -> None:
    doubled = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:3:0:10")
    info = doubled.info
    assert info.double_offered and info.player_on_roll == 0 and info.turn == 1 and info.cube_value == 2
    assert decode_match_id(doubled.match_id) == info
    beavered = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:3:0:10")
    assert beavered.beaver == 1 and beavered.info.turn == 1
    raccooned = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:R:0:0:3:0:10")
    assert raccooned.beaver == 2 and raccooned.info.turn == 0
    for state in (beavered, raccooned):
        assert Xgid.parse(state.text) == state
        with pytest.raises(InvalidIdError, match=r"Match ID cannot hold a (beaver|raccoon)"):
            _ = state.match_id


def test_crawford_and_money_flags() -> None:
    crawford = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10")
    assert crawford.info.crawford and crawford.info.score == (2, 4)
    post = Xgid.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:0:5:10")
    assert not post.info.crawford
    for rules, jacoby, beavers in ((0, False, False), (1, True, False), (2, False, True), (3, True, True)):
        state = Xgid.parse(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:7:{rules}:0:8")
        assert (state.info.jacoby, state.beavers, state.max_cube) == (jacoby, beavers, 8)
        assert state.info.score == (7, 3)


def test_prefix_and_spaces_are_optional() -> None:
    assert Xgid.parse("  -b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10 \n") == Xgid.parse(START)
    assert Xgid.parse("xgid=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10") == Xgid.parse(START)


# -- malformed text ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", "9 fields"),
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "25 characters"),
        ("XGID=-b----E-C---eE---c-e----B*:0:0:1:00:0:0:0:0:10", "character 26 is '\\*'"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "top player's bar"),
        ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:00:0:0:0:0:10", "bottom player's bar"),
        ("XGID=-b----P-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "bottom player has 26 checkers"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube field .* 'x', not a whole number"),
        ("XGID=-b----E-C---eE---c-e----B-:16:0:1:00:0:0:0:0:10", "is 16, not 0 to 15"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "cube owner"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "player on roll is 0"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", "dice field is '70'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:0:0:10", "dice field is '5'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:-1:0:0:0:10", "bottom player's score is -1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:5:0:0:5:10", "score 0-5 does not fit a 5-point match"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:5:10", "in a match the rules field is 0 or 1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10", "rules field is 4"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:1:1:1:5:10", "Crawford game is played when"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:1:0:10", "beaver rule is off"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:0:5:10", "beavers are for money play"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:x", "max cube field"),
        ("XGID=-b---aE-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "top player has 16 checkers"),
        ("XGID=aBBBBBB------------bbbbbbA:0:0:1:00:0:0:0:0:10", "closed home boards"),
    ],
)
def test_malformed_xgids_are_refused_naming_the_fault(text: str, reason: str) -> None:
    with pytest.raises(InvalidIdError, match=reason) as caught:
        Xgid.parse(text)
    assert "not a valid XGID" in str(caught.value)


def test_not_text() -> None:
    with pytest.raises(InvalidIdError, match="An XGID is text"):
        Xgid.parse(None)


@pytest.mark.parametrize(
    ("info", "reason"),
    [
        (MatchIdInfo(game_state=GameState.OVER), "state over"),
        (MatchIdInfo(resignation=2, turn=1), "resignation"),
        (MatchIdInfo(turn=1), "player 1 is to decide"),
        (MatchIdInfo(double_offered=True, turn=1, dice=(3, 1)), "dice are rolled"),
        (MatchIdInfo(match_length=5, score=(5, 0)), "does not fit"),
    ],
)
def test_states_an_xgid_cannot_hold(info: MatchIdInfo, reason: str) -> None:
    with pytest.raises(InvalidIdError, match=reason):
        xgid_of(Position.start(), info)


# -- round trips ---------------------------------------------------------------------------------------------


@st.composite
def states(draw: st.DrawFn) -> Xgid:
    """Any state an XGID can hold: a board, a match or money, the cube, the dice or a double waiting."""
    position = draw(any_positions)
    on_roll = draw(st.integers(0, 1))
    length = draw(st.sampled_from([0, 0, 1, 3, 5, 7, 11, 25]))
    if length:
        score = (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))
        crawford = length - 1 in score and draw(st.booleans())
        jacoby = beavers = False
    else:
        score = (draw(st.integers(0, 200)), draw(st.integers(0, 200)))
        crawford = False
        jacoby, beavers = draw(st.booleans()), draw(st.booleans())
    cube = 1 << draw(st.integers(0, 6))
    owner = None if cube == 1 else draw(st.sampled_from([None, 0, 1]))
    action = draw(st.sampled_from(["roll", "rolled", "double"] + (["beaver", "raccoon"] if beavers else [])))
    dice = (0, 0)
    if action == "rolled":
        dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    beaver = {"beaver": 1, "raccoon": 2}.get(action, 0)
    doubled = action in ("double", "beaver", "raccoon")
    turn = 1 - on_roll if doubled and beaver != 1 else on_roll
    info = MatchIdInfo(
        cube_value=cube,
        cube_owner=owner,
        player_on_roll=on_roll,
        crawford=crawford,
        turn=turn,
        double_offered=doubled,
        dice=dice,
        match_length=length,
        score=score,
        jacoby=jacoby,
    )
    return Xgid(position, info, beavers=beavers, beaver=beaver, max_cube=draw(st.integers(0, 12)))


@settings(max_examples=examples(100), deadline=None)  # no time limit per example: the machine is shared
@given(states())
def test_xgids_round_trip(state: Xgid) -> None:
    text = state.text
    assert re.fullmatch(r"XGID=[-A-Pa-p]{26}(:-?[0-9]+){3}:([0-6]{2}|D|B|R)(:[0-9]+){5}", text)
    assert Xgid.parse(text) == state
    assert Xgid.parse(text).text == text


@settings(max_examples=examples(100), deadline=None)  # no time limit per example: the machine is shared
@given(states())
def test_the_gnubg_ids_of_an_xgid_give_the_same_state_back(state: Xgid) -> None:
    if state.beaver:
        return
    back = Xgid.from_ids(state.position_id, state.match_id)
    high, low = max(state.info.dice), min(state.info.dice)  # a Match ID keeps the larger die first
    assert back.position == state.position
    assert back.info == replace(state.info, dice=(high, low))
    expected = replace(state, info=back.info, beavers=False, max_cube=xgid.DEFAULT_MAX_CUBE)
    assert back == expected


@settings(max_examples=examples(100), deadline=None)  # no time limit per example: the machine is shared
@given(any_positions, st.integers(0, 1))
def test_the_board_is_the_position_id_board(position: Position, on_roll: int) -> None:
    state = Xgid(position, MatchIdInfo(player_on_roll=on_roll, turn=on_roll))
    assert read_ids(state.text).position_id == position.id
    assert read_ids(f"{position.id}:{state.match_id}") == state


def random_game_position(rng: random.Random, most_plays: int) -> Position | None:
    """The board after up to `most_plays` random plays from the start, the next player on roll; None when
    the game ended on the way."""
    position = Position.start()
    for _ in range(rng.randint(0, most_plays)):
        position = rng.choice(legal_positions(position, (rng.randint(1, 6), rng.randint(1, 6)))).swap()
        if position.winner_side() is not None:
            return None
    return position


def test_random_game_positions_agree_with_a_match_set_up_from_the_ids() -> None:
    rng = random.Random(5)
    for _ in range(50):
        position = random_game_position(rng, 40)
        if position is None:
            continue
        on_roll = rng.randint(0, 1)
        length = rng.choice([0, 3, 7])
        score = (rng.randrange(length), rng.randrange(length)) if length else (0, 0)
        dice = rng.choice([(0, 0), (rng.randint(1, 6), rng.randint(1, 6))])
        dice = (max(dice), min(dice))
        info = MatchIdInfo(player_on_roll=on_roll, turn=on_roll, dice=dice, match_length=length, score=score)
        state = Xgid(position, info)
        match = match_from_ids(Setup(state.position_id, state.match_id), None, None)
        assert match_id_of(match) == state.match_id
        assert Xgid.parse(state.text).match_id == state.match_id


# -- the three forms read from text --------------------------------------------------------------------------


def test_read_ids_accepts_each_form() -> None:
    start = Xgid.parse(START)
    assert read_ids(START) == start
    assert read_ids("4HPwATDgc/ABMA").info == MatchIdInfo()
    assert read_ids("4HPwATDgc/ABMA:cIkKAAAAAAAA") == read_ids("4HPwATDgc/ABMA cIkKAAAAAAAA")
    assert read_ids("cIkKAAAAAAAA 4HPwATDgc/ABMA").match_id == "cIkKAAAAAAAA"
    for bad, reason in (("", "Nothing to read"), ("hello", "is not an XGID"), ("4HPwATDgc/ABM", "not an")):
        with pytest.raises(InvalidIdError, match=reason):
            read_ids(bad)
    with pytest.raises(InvalidIdError, match="Match ID"):
        read_ids("4HPwATDgc/ABMA:cIkKAAAAAAA!")


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), io.StringIO(), out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_id_command_prints_all_three_forms() -> None:
    status, out, err = run_cli("id", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
        "Position ID: 4HPwATDgc/ABMA",
        "Match ID: cIkKAAAAAAAA",
    ]
    status, out, _ = run_cli("id", "--json", "4HPwATDgc/ABMA:cIkKAAAAAAAA")
    assert status == 0
    assert json.loads(out) == {
        "xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:1:0:10",
        "position_id": "4HPwATDgc/ABMA",
        "match_id": "cIkKAAAAAAAA",
    }
    status, out, _ = run_cli("id", "4HPwATDgc/ABMA", "cIkKAAAAAAAA")
    assert status == 0 and "Match ID: cIkKAAAAAAAA" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:5x:0:0:3:0:10", "dice field is '5x'"),
        ("nonsense", "is not an XGID"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:3:0:10", "cannot hold a beaver"),
    ],
)
def test_the_id_command_refuses_bad_input(text: str, message: str) -> None:
    status, out, err = run_cli("id", text)
    assert status == 2 and out == ""
    assert err.startswith("id: ") and message in err


# -- GNU Backgammon reads our XGIDs --------------------------------------------------------------------------


def random_states(count: int, seed: int) -> list[Xgid]:
    """Reachable boards in random match and money states: rolled or not, a double waiting, any cube."""
    rng = random.Random(seed)
    found: list[Xgid] = []
    while len(found) < count:
        position = random_game_position(rng, 60)
        if position is None:
            continue
        on_roll = rng.randint(0, 1)
        length = rng.choice([0, 0, 3, 5, 7, 13])
        score = (rng.randrange(length), rng.randrange(length)) if length else (rng.randint(0, 9), 0)
        crawford = bool(length) and length - 1 in score and rng.random() < 0.5
        cube, owner = 1, None
        if not crawford and rng.random() < 0.6:
            cube, owner = 1 << rng.randint(1, 3), rng.randint(0, 1)
        action = rng.choice(["roll", "rolled", "rolled", "double"] if not crawford else ["roll", "rolled"])
        dice = (rng.randint(1, 6), rng.randint(1, 6)) if action == "rolled" else (0, 0)
        doubled = action == "double"
        info = MatchIdInfo(
            cube_value=cube,
            cube_owner=owner,
            player_on_roll=on_roll,
            crawford=crawford,
            turn=1 - on_roll if doubled else on_roll,
            double_offered=doubled,
            dice=dice,
            match_length=length,
            score=score,
            jacoby=not length and rng.random() < 0.5,
        )
        found.append(Xgid(position, info, beavers=not length and rng.random() < 0.5))
    return found


def as_gnubg_shows_it(state: Xgid) -> tuple[str, MatchIdInfo]:
    """The IDs gnubg 1.07 shows after `set xgid`: it steps back from a double (its Match ID reader cannot
    hold one) and, run without a terminal, swaps the players so that the player on roll is player 1."""
    info = state.info
    if info.double_offered:
        info = replace(info, double_offered=False, turn=info.player_on_roll)
    if info.player_on_roll == 0:
        owner = None if info.cube_owner is None else 1 - info.cube_owner
        info = replace(info, player_on_roll=1, turn=1, cube_owner=owner, score=(info.score[1], info.score[0]))
    high, low = max(info.dice), min(info.dice)
    return state.position_id, replace(info, dice=(high, low))


@needs_gnubg
def test_gnubg_reads_our_xgids_as_we_do() -> None:
    found = random_states(60, seed=11)
    script = "".join(f"set xgid {state.text}\nshow score\nshow board\n" for state in found)
    output = gnubg_output(script, timeout=300)
    assert "Not a valid XGID" not in output, output[-3000:]
    shown = re.findall(r"The score \(after.*?Position ID: (\S+).*?Match ID\s*: (\S+)", output, re.DOTALL)
    assert len(shown) == len(found), output[-3000:]
    for state, (position_id, match_id) in zip(found, shown, strict=True):
        expected_position, expected_info = as_gnubg_shows_it(state)
        assert (position_id, decode_match_id(match_id)) == (expected_position, expected_info), state.text


@pytest.mark.parametrize(
    ("text", "key", "inner"),
    [
        ("   ", "ids.nothingToRead", None),
        (None, "ids.notText", "shown.nothing"),
        ([1, 2, 3, 4, 5, 6], "ids.notText", "shown.list"),
        ({"xgid": "x"}, "ids.notText", "shown.object"),
    ],
)
def test_a_text_that_is_empty_or_not_text_says_why_as_message_ids(
    text: object, key: str, inner: str | None
) -> None:
    with pytest.raises(InvalidIdError) as caught:
        read_ids(text)
    words = caught.value.words
    assert words is not None and words["id"] == key
    if inner is not None:
        value = words["args"]["value"]
        assert isinstance(value, dict) and value["id"] == inner
    assert said_in_english(dict(words)) == str(caught.value)


@pytest.mark.parametrize(
    ("info", "reason"),
    [
        (MatchIdInfo(match_length=0, crawford=True), "ids.stateMoneyCrawford"),
        (MatchIdInfo(dice=(3, 1), double_offered=True, turn=1), "ids.stateDiceDouble"),
        (MatchIdInfo(cube_value=3), "ids.stateCube"),
        (MatchIdInfo(turn=1), "ids.stateTurn"),
        (MatchIdInfo(double_offered=True), "ids.stateTurn"),
        (MatchIdInfo(match_length=-1), "ids.stateLength"),
        (MatchIdInfo(score=(-1, 0)), "ids.stateNegative"),
    ],
)
def test_a_state_an_xgid_cannot_hold_says_why_as_message_ids(info: MatchIdInfo, reason: str) -> None:
    with pytest.raises(InvalidIdError) as caught:
        Xgid(Position.start(), info)
    words = caught.value.words
    assert words is not None and words["id"] == "ids.cannotWriteXgid"
    said = words["args"]["reason"]
    assert isinstance(said, dict) and said["id"] == reason
    assert said_in_english(dict(words)) == str(caught.value)


def test_a_match_id_not_written_says_why_as_message_ids() -> None:
    with pytest.raises(InvalidIdError) as caught:
        encode_match_id(MatchIdInfo(cube_value=3))
    words = caught.value.words
    assert words is not None and words["id"] == "ids.cannotWriteMatchId"
    assert words["args"]["reason"] == {"id": "ids.stateCube", "args": {"value": 3, "most": 32768}}
    assert said_in_english(dict(words)) == str(caught.value)
