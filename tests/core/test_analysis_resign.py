"""Resignations in the analysis, judged as GNU Backgammon judges them (analysis.c, `MOVE_RESIGN`; rollout.c,
`getResignEquities`): the resigner errs when the points given up are worth less to it than playing on, the
answer errs when it accepts a resignation worth less than playing on would give it, or (which gnubg does not
record) rejects one worth more. Hand-made positions where the answer is sure, then gnubg's own verdict (its
`hint` on a resignation waiting for an answer) on the same positions and on the resignations of the matches
it played itself (tests/core/data/sgf)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from gnubg_analysed import our_analysis
from gnubg_support import gnubg_output, needs_gnubg

from backgammon.analysis import analyze_record
from backgammon.analysis.report import render
from backgammon.bot.met import match_winning_chance
from backgammon.formats.gnubg_id import MatchIdInfo, decode_match_id
from backgammon.position import Position

SGF_DIR = Path(__file__).parent / "data" / "sgf"
MONEY = {"match_length": 0}
START = {6: 5, 8: 3, 13: 5, 24: 2}


def board(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """A position from {point: checkers} for the side on roll and for the other side (own numbering)."""
    a, b = [0] * 25, [0] * 25
    for point, count in mine.items():
        a[point - 1] = count
    for point, count in theirs.items():
        b[point - 1] = count
    return Position(tuple(a), tuple(b))


# Ann, on roll, has all fifteen checkers on her 13-point; Bob bears his last checker off next turn: she loses
# a gammon for sure (not a backgammon: none of hers is in Bob's home board, and they only move away from it).
SURE_GAMMON = board({13: 15}, {1: 1})
# Ann has four checkers on her 1- and 2-points, Bob one on his 1-point: Ann wins only by rolling a double of
# 2 or more (5 rolls in 36) at once, and never a gammon.
LAST_ROLL = board({1: 2, 2: 2}, {1: 1})


def record(
    position: Position, actions: list[dict[str, Any]], settings: dict[str, Any], match_id: str | None = None
) -> dict[str, Any]:
    return {
        "format": "backgammon-match",
        "schema": 1,
        "settings": settings,
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "setup": {"position_id": position.id, "match_id": match_id},
        "games": [{"actions": actions}],
    }


def resign(size: str, answer: str) -> list[dict[str, Any]]:
    return [{"type": "resign", "kind": size}, {"type": f"{answer}_resign"}]


def judged(
    position: Position, actions: list[dict[str, Any]], settings: dict[str, Any] = MONEY, depth: int = 0
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The analysis, its resignation and the answer to it."""
    analysis = analyze_record(record(position, actions, settings), depth=depth)
    decisions = analysis["games"][0]["decisions"]
    offer = next(d for d in decisions if d["kind"] == "resign")
    answer = next(d for d in decisions if d["kind"] == "accept")
    return analysis, offer, answer


# ---- hand-made positions ---------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [0, 1])
def test_a_single_game_offered_in_a_sure_gammon_is_no_error_to_offer_and_wrong_to_accept(depth: int) -> None:
    _, offer, answer = judged(SURE_GAMMON, resign("single", "accept"), depth=depth)
    assert (offer["player"], offer["kind"], offer["played"]) == (0, "resign", "resign single")
    assert offer["error"] == 0.0 and offer["mark"] is None and offer["best"] == "resign single"
    equities = offer["resign_equities"]
    assert equities["play_on"] == pytest.approx(-2.0, abs=1e-3)  # Ann's, in EMG: a gammon lost
    assert equities["resign"] == -1.0 and equities["points"] == 1
    assert (equities["action"], equities["response"]) == ("resign", "reject")
    # Bob gives away the second point of his gammon.
    assert (answer["player"], answer["played"], answer["best"]) == (1, "accept", "reject")
    assert answer["error"] == pytest.approx(1000.0, abs=1.0) and answer["mark"] == "very_bad"
    assert answer["resign_equities"] == equities and answer["turn"] == 0
    _, _, rejected = judged(SURE_GAMMON, resign("single", "reject"), depth=depth)
    assert rejected["error"] == 0.0 and rejected["best"] == "reject"


def test_a_gammon_offered_in_a_sure_gammon_is_right_and_either_answer_costs_nothing() -> None:
    for answer_made in ("accept", "reject"):
        _, offer, answer = judged(SURE_GAMMON, resign("gammon", answer_made))
        assert offer["error"] == 0.0 and offer["resign_equities"]["resign"] == -2.0
        assert answer["played"] == answer_made and answer["error"] == 0.0
        assert answer["best"] == "accept"  # a tie: gnubg's hint says accept when nothing is lost


def test_under_the_jacoby_rule_a_gammon_with_the_cube_centred_is_a_single_game() -> None:
    _, offer, answer = judged(SURE_GAMMON, resign("single", "accept"), {"match_length": 0, "jacoby": True})
    assert offer["resign_equities"]["play_on"] == pytest.approx(-1.0, abs=1e-3)
    assert answer["error"] == 0.0 and answer["best"] == "accept"


@pytest.mark.parametrize("depth", [0, 1])
def test_resigning_as_the_favourite_is_an_error_and_rejecting_it_would_be_one_too(depth: int) -> None:
    """The starting position, Ann on roll: her game is worth about +0.1; a single game given up is -1."""
    _, offer, answer = judged(board(START, START), resign("single", "reject"), depth=depth)
    equities = offer["resign_equities"]
    assert 0.0 < equities["play_on"] < 0.25
    assert (equities["action"], equities["response"]) == ("play_on", "accept")
    assert offer["best"] == "play on" and offer["mark"] == "very_bad"
    assert offer["error"] == pytest.approx(1000.0 * (equities["play_on"] + 1.0), abs=0.1)
    # Rejecting a point worth more than Bob's game: his error is the same size.
    assert answer["played"] == "reject" and answer["best"] == "accept"
    assert answer["error"] == offer["error"] and answer["mark"] == "very_bad"
    _, _, accepted = judged(board(START, START), resign("single", "accept"), depth=depth)
    assert accepted["error"] == 0.0 and accepted["mark"] is None


def test_a_resignation_after_the_roll_is_judged_with_the_roll() -> None:
    """Before the roll Ann's 5 winning rolls in 36 make resigning an error; after 21 the game is lost and
    resigning costs nothing; after 22 she bears off and wins, and resigning throws away two points."""
    roll_then = [{"type": "roll", "dice": [2, 1]}, *resign("single", "accept")]
    _, before, _ = judged(LAST_ROLL, resign("single", "accept"), depth=1)
    assert before["dice"] is None
    assert before["resign_equities"]["play_on"] == pytest.approx(5 / 36 - 31 / 36, abs=1e-3)
    # each winning roll turns the point given up into a point won
    assert before["error"] == pytest.approx(1000 * 2 * 5 / 36, abs=1.0) and before["mark"] == "very_bad"
    for depth in (0, 1):
        _, lost, _ = judged(LAST_ROLL, roll_then, depth=depth)
        assert lost["dice"] == [2, 1] and lost["error"] == 0.0
        assert lost["resign_equities"]["play_on"] == pytest.approx(-1.0, abs=1e-3)
        roll_then[0]["dice"] = [2, 2]
        _, won, answer = judged(LAST_ROLL, roll_then, depth=depth)
        roll_then[0]["dice"] = [2, 1]
        assert won["resign_equities"]["play_on"] == pytest.approx(1.0, abs=1e-3)
        assert won["error"] == pytest.approx(2000.0, abs=1.0) and won["best"] == "play on"
        assert answer["error"] == 0.0  # Bob is right to take the gift
        # gnubg's cubeless figure ignores the roll: the chances before it.
        assert won["resign_equities"]["cubeless"] == pytest.approx(5 / 36 - 31 / 36, abs=1e-3)


def test_in_a_match_the_error_is_in_match_winning_chance_too() -> None:
    # 0-0 to 5: a gammon lost leaves Ann 5-away against 3-away, a single game 5 against 4.
    _, offer, answer = judged(SURE_GAMMON, resign("single", "accept"), {"match_length": 5})
    lost = match_winning_chance(5, 4) - match_winning_chance(5, 3)
    assert answer["error_mwc"] == pytest.approx(100.0 * lost, abs=0.01)
    assert answer["mark"] == "very_bad" and offer["error_mwc"] == 0.0
    scale = answer["mwc_scale"]
    assert scale["lose"] == pytest.approx(match_winning_chance(5, 4), abs=1e-5)
    # Bob needs one point (0-4 to 5, the Crawford game): a single game and a gammon both end the match.
    crawford = MatchIdInfo(match_length=5, score=(0, 4), crawford=True).id
    analysis = analyze_record(record(SURE_GAMMON, resign("single", "accept"), {"match_length": 5}, crawford))
    decisions = analysis["games"][0]["decisions"]
    assert [d["kind"] for d in decisions] == ["resign", "accept"]
    assert all(d["error"] == 0.0 and d["error_mwc"] == 0.0 for d in decisions)
    assert decisions[1]["best"] == "accept"


def test_a_rejected_resignation_in_the_middle_of_a_move_leaves_the_move_to_be_judged() -> None:
    """Ann rolls 31, moves one checker, offers a gammon, Bob rejects, Ann finishes her move: the resignation
    and its answer are judged with the roll (from the board at the turn's start), and so is the whole move."""
    actions = [
        {"type": "roll", "dice": [3, 1]},
        {"type": "move", "from": 8, "to": 5},
        {"type": "resign", "kind": "gammon"},
        {"type": "reject_resign"},
        {"type": "move", "from": 6, "to": 5},
        {"type": "confirm"},
    ]
    position = board(START, START)
    analysis = analyze_record(record(position, actions, MONEY), depth=0)
    decisions = analysis["games"][0]["decisions"]
    assert [d["kind"] for d in decisions] == ["double", "resign", "accept", "move"]
    offer, answer, move = decisions[1:]
    assert offer["dice"] == [3, 1] and offer["position_id"] == position.id and offer["action"] == 2
    assert offer["error"] > 2000.0  # a gammon given up with the best opening roll in hand
    # and Bob, refusing two points he would have been glad of, errs as much
    assert answer["action"] == 3 and answer["played"] == "reject" and answer["best"] == "accept"
    assert answer["error"] == offer["error"]
    assert move["played"] == "8/5 6/5" and move["error"] == 0.0
    # The answer is made with the offer waiting: its Match ID says so (the resignation, Bob to act).
    waiting = decode_match_id(answer["match_id"])
    assert (waiting.resignation, waiting.turn, waiting.player_on_roll) == (2, 1, 0)


def test_resignations_are_counted_apart_and_kept_out_of_the_rates_and_marks() -> None:
    analysis, offer, answer = judged(board(START, START), resign("single", "reject"))
    ann, bob = analysis["players"]
    assert ann["resignations"] == 1 and ann["wrong_resignations"] == 1
    assert bob["resignation_answers"] == 1 and bob["wrong_rejects"] == 1 and bob["wrong_accepts"] == 0
    assert ann["resignation_error_total"] == pytest.approx(offer["error"], abs=0.1)
    assert bob["resignation_error_total"] == pytest.approx(answer["error"], abs=0.1)
    for player in (ann, bob):
        # as gnubg's statistics (`updateStatcontext` has no case for a resignation)
        assert player["overall_error_total"] == 0.0 and player["rating"] == "n/a"
        assert player["marks"] == {"doubtful": 0, "bad": 0, "very_bad": 0}
    assert analysis["games"][0]["players"][0]["resignations"] == 1
    text = render(analysis)
    assert "Game 1, Ann, resigns a single game ?? (" in text and "best play on" in text
    assert "Game 1, Bob, resignation of a single game: reject ??" in text
    assert re.search(r"Wrong rejects\s+0\s+1", text)


# ---- against GNU Backgammon --------------------------------------------------------------------------

SIZES = {"single": "normal", "gammon": "gammon", "backgammon": "backgammon"}
VERDICT = re.compile(
    r"Equity before resignation : ([-+]?[\d.]+)\n.*?Correct resign decision : (Accept|Reject)", re.S
)


def gnubg_verdicts(offers: list[dict[str, Any]]) -> list[tuple[float, str]]:
    """gnubg's `hint` on each resignation of `offers` (our decision entries), waiting for its answer, at
    0-ply: its value of playing on for the resigner (`getResignEquities`' cubeless equity before the
    resignation, EMG) and the right answer, "accept" or "reject" (gnubg.c, `HintResigned`). gnubg is set up
    in the state before the offer (its Match ID and Position ID) and the player on roll resigns there."""
    script = [
        "set player 0 human",
        "set player 1 human",
        "set evaluation cubedecision evaluation plies 0",
        "set output mwc off",
    ]
    for offer in offers:
        assert offer["dice"] is None  # gnubg's resignation hint ignores dice: only offers before the roll
        script += [
            "new session",
            f"set matchid {offer['match_id']}",
            f"set board {offer['position_id']}",
            f"resign {SIZES[offer['resign_equities']['size']]}",
            "hint",
        ]
    output = gnubg_output("\n".join(["set confirm new off", *script, ""]))
    found = [(-float(before), verdict.lower()) for before, verdict in VERDICT.findall(output)]
    assert len(found) == len(offers), output[-3000:]
    return found


@needs_gnubg
def test_gnubg_gives_the_same_verdicts_on_the_hand_made_positions() -> None:
    cases = [
        (SURE_GAMMON, resign("single", "accept"), MONEY),
        (SURE_GAMMON, resign("gammon", "accept"), MONEY),
        (SURE_GAMMON, resign("single", "accept"), {"match_length": 0, "jacoby": True}),
        (SURE_GAMMON, resign("single", "accept"), {"match_length": 5}),
        (LAST_ROLL, resign("single", "accept"), MONEY),
        (board(START, START), resign("single", "reject"), MONEY),
        (board(START, START), resign("gammon", "reject"), {"match_length": 7}),
    ]
    offers = [judged(position, actions, settings)[1] for position, actions, settings in cases]
    for offer, (before, verdict) in zip(offers, gnubg_verdicts(offers), strict=True):
        equities = offer["resign_equities"]
        assert equities["response"] == verdict, (offer["position_id"], equities)
        # gnubg's figure is cubeless; so is the one we keep beside ours (our evaluator, not gnubg's: in the
        # opening position the two nets differ by about 0.01, where a side or a roll taken wrongly moves it by
        # 0.1 or more).
        assert equities["cubeless"] == pytest.approx(before, abs=0.02)


@cache
def gnubg_match_resignations() -> list[dict[str, Any]]:
    """Every resignation of the matches gnubg played against itself (tests/core/data/sgf), with its answer,
    from our analysis at depth 0."""
    found = []
    for path in sorted(SGF_DIR.glob("*.sgf")):
        text = path.read_text()
        if path.with_name(f"{path.stem}-analysed.sgf").exists():
            continue  # the same match, analysed by gnubg
        if not re.search(r"RE\[[WB]\+\d+R\]", text):
            continue
        analysis = our_analysis(path.name, 0)  # analyze_record at depth 0, shared with the yardstick
        found += [d for g in analysis["games"] for d in g["decisions"] if d["kind"] in ("resign", "accept")]
    return found


@needs_gnubg
def test_gnubg_and_we_agree_on_the_resignations_of_its_own_matches() -> None:
    """gnubg resigns only when its evaluation finds playing on worth no more than the resignation
    (`getResignation`), and accepts only a resignation worth at least playing on to it (play.c): so every
    offer and every answer in its matches is right by its own judgement. Ours finds no mark on any of them
    and an error of a few thousandths of EMG at most (our evaluator sees a gammon saved 1 game in 500 where
    gnubg's sees none), and gnubg's hint, asked again about each, agrees with our verdict but where the two
    values are within such an error of each other."""
    decisions = gnubg_match_resignations()
    offers = [d for d in decisions if d["kind"] == "resign"]
    answers = [d for d in decisions if d["kind"] == "accept"]
    assert len(offers) >= 20 and len(answers) == len(offers)
    assert {d["resign_equities"]["size"] for d in offers} == {"single", "gammon", "backgammon"}
    for decision in decisions:
        assert decision["mark"] is None and decision["error"] < 5.0, decision
    assert all(d["played"] == "accept" for d in answers)
    unique = {(d["match_id"], d["position_id"], d["resign_equities"]["size"]): d for d in offers}
    verdicts = gnubg_verdicts(list(unique.values()))
    agree = 0
    for offer, (before, verdict) in zip(unique.values(), verdicts, strict=True):
        equities = offer["resign_equities"]
        assert verdict == "accept"  # gnubg's own resignation, judged by gnubg
        assert equities["cubeless"] == pytest.approx(before, abs=0.01)
        if equities["response"] == verdict:
            agree += 1
        else:
            assert abs(equities["play_on"] - equities["resign"]) < 0.005, equities
    assert agree >= len(unique) - 1
