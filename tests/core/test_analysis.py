"""Match analysis: errors, marks, luck and statistics, judged on hand-made positions and on whole matches."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from backgammon import api
from backgammon.analysis import AnalysisJob, InvalidDepthError, analyze_record
from backgammon.analysis.decisions import Kind, collect
from backgammon.analysis.judge import Scale, Sweeps
from backgammon.analysis.stats import luck_rating, rating, skill_mark
from backgammon.bot.cube import MatchContext, Owner
from backgammon.bot.player import ROLLS
from backgammon.cli import main
from backgammon.position import Position
from backgammon.record import InvalidRecordError, load_record
from backgammon.view import build_view

MONEY = {"match_length": 0}


def board(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """A position from {point: checkers} for the side on roll and for the other side (own numbering)."""
    a, b = [0] * 25, [0] * 25
    for point, count in mine.items():
        a[point - 1] = count
    for point, count in theirs.items():
        b[point - 1] = count
    return Position(tuple(a), tuple(b))


def setup_record(
    position: Position, actions: list[dict[str, Any]], settings: dict[str, Any]
) -> dict[str, Any]:
    return {
        "format": "backgammon-match",
        "schema": 1,
        "settings": settings,
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "setup": {"position_id": position.id, "match_id": None},
        "games": [{"actions": actions}],
    }


def played_match(
    settings: dict[str, Any], seed: int, level: str = "beginner", games: int | None = None
) -> dict[str, Any]:
    """A whole match the computer plays against itself, with seeded dice; with `games`, only until that many
    games are over (a money session otherwise goes on for its 5000 actions)."""
    api.call("new_match", {"settings": settings})
    rng = random.Random(seed)
    for _ in range(5000):
        if games is not None and api.call("view", {})["view"]["game_number"] > games:
            break
        action = api.call("bot_action", {"level": level})["action"]
        if action is None:
            break
        if action["type"] == "roll":
            action = {**action, "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
        api.call("act", {"action": action})
    record: dict[str, Any] = api.call("view", {})["record"]
    return record


@pytest.fixture(scope="module")
def match_record() -> dict[str, Any]:
    return played_match({"match_length": 3}, seed=5)


@pytest.fixture(scope="module")
def match_analysis(match_record: dict[str, Any]) -> dict[str, Any]:
    return analyze_record(match_record, depth=0)


# ---- hand-made positions ---------------------------------------------------------------------------


def test_a_play_that_throws_the_game_away_is_marked_very_bad() -> None:
    # Two checkers left (on 2 and 1) against two on the other side's 1 and 2: 21 bears both off and wins;
    # 2/1/off leaves one checker behind and the other side bears off next turn.
    position = board({1: 1, 2: 1}, {1: 1, 2: 1})
    actions = [
        {"type": "roll", "dice": [2, 1]},
        {"type": "move", "from": 2, "to": 1},
        {"type": "move", "from": 1, "to": "off"},
        {"type": "confirm"},
    ]
    for depth in (0, 1):
        analysis = analyze_record(setup_record(position, actions, MONEY), depth=depth)
        move = next(d for d in analysis["games"][0]["decisions"] if d["kind"] == "move")
        assert move["played"] == "2/off"  # one checker 2/1/off, the other left on 1
        assert move["best"] == "2/off 1/off"
        assert move["error"] > 500  # mEMG: the whole game is lost
        assert move["mark"] == "very_bad"
        assert analysis["players"][0]["marks"]["very_bad"] >= 1
        assert analysis["players"][0]["chequer_error_total"] == move["error"]


def test_the_best_play_is_no_error() -> None:
    position = board({1: 1, 2: 1}, {1: 1, 2: 1})
    actions = [
        {"type": "roll", "dice": [2, 1]},
        {"type": "move", "from": 2, "to": "off"},
        {"type": "move", "from": 1, "to": "off"},
        {"type": "confirm"},
    ]
    analysis = analyze_record(setup_record(position, actions, MONEY), depth=1)
    move = next(d for d in analysis["games"][0]["decisions"] if d["kind"] == "move")
    assert move["error"] == 0.0 and move["mark"] is None
    assert move["plays"][0]["played"] is True


def test_a_forced_play_is_counted_but_is_never_an_error() -> None:
    # One checker on 24 with 21: 24/22/21 and 24/23/21 reach the same position: one legal play.
    position = board({24: 1}, {24: 2})
    actions = [
        {"type": "roll", "dice": [2, 1]},
        {"type": "move", "from": 24, "to": 21},
        {"type": "confirm"},
    ]
    analysis = analyze_record(setup_record(position, actions, MONEY), depth=1)
    move = next(d for d in analysis["games"][0]["decisions"] if d["kind"] == "move")
    assert move["forced"] is True and move["error"] == 0.0
    ann = analysis["players"][0]
    assert ann["moves"] == 1 and ann["unforced_moves"] == 0
    assert ann["chequer_error_rate"] == 0.0


def test_a_take_of_a_certain_loss_is_a_wrong_take() -> None:
    # The doubler bears off its last two checkers with any roll: the double must be passed.
    position = board({1: 1, 2: 1}, {6: 2})
    actions = [{"type": "double"}, {"type": "take"}]
    analysis = analyze_record(setup_record(position, actions, MONEY), depth=1)
    decisions = analysis["games"][0]["decisions"]
    take = next(d for d in decisions if d["kind"] == "take")
    assert take["player"] == 1 and take["played"] == "take" and take["best"] == "drop"
    assert take["cube_equities"]["response"] == "drop"
    assert take["error"] == pytest.approx(1000.0, abs=20.0)  # taking costs a whole point per cube
    assert take["mark"] == "very_bad"
    bob = analysis["players"][1]
    assert bob["wrong_takes"] == 1 and bob["close_cube_decisions"] == 1
    double = next(d for d in decisions if d["kind"] == "double")
    assert double["player"] == 0 and double["played"] == "double" and double["error"] == 0.0


def test_not_doubling_a_market_loser_is_a_missed_double_and_the_pass_is_right() -> None:
    # Far ahead in a race but not yet certain (eight checkers to bear off, four rolls without doubles,
    # against nine): a double and pass; rolling instead misses it.
    position = board({1: 2, 2: 2, 3: 2, 4: 2}, {6: 3, 5: 3, 4: 3})
    missed = analyze_record(setup_record(position, [{"type": "roll", "dice": [6, 5]}], MONEY), depth=1)
    cube = next(d for d in missed["games"][0]["decisions"] if d["kind"] == "double")
    assert cube["played"] == "no double" and cube["best"] == "double"
    assert cube["error"] > 0.0 and cube["close"] is True
    assert missed["players"][0]["missed_doubles"] == 1
    passed = analyze_record(setup_record(position, [{"type": "double"}, {"type": "drop"}], MONEY), depth=1)
    answer = next(d for d in passed["games"][0]["decisions"] if d["kind"] == "take")
    assert answer["played"] == "drop" and answer["error"] == 0.0


def test_the_luck_of_all_36_rolls_averages_to_nothing() -> None:
    position = board({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 4, 20: 1, 24: 2})
    context = MatchContext()
    sweep = Sweeps().get(position, context, 1)
    scale = Scale(1, Owner.CENTRE, context)
    luck = {dice: sweep.value(dice, scale) - sweep.mean(scale) for dice, _ in ROLLS}
    assert sum(luck[dice] * weight for dice, weight in ROLLS) == pytest.approx(0.0, abs=1e-9)
    assert max(luck.values()) > 0.0 > min(luck.values())


# ---- whole matches ---------------------------------------------------------------------------------


def test_every_decision_of_a_match_is_found_once(match_record: dict[str, Any]) -> None:
    match, decisions, games = collect(match_record)
    assert len(games) == len(match.games)
    plays = sum(1 for game in match.games for item in game.history if item.kind == "play")
    assert sum(1 for d in decisions if d.kind is Kind.MOVE) == plays
    doubles = sum(1 for game in match_record["games"] for a in game["actions"] if a["type"] == "double")
    assert sum(1 for d in decisions if d.kind is Kind.DOUBLE and d.choice == "double") == doubles


def test_each_decision_shows_the_board_its_action_index_replays_to(match_record: dict[str, Any]) -> None:
    analysis = analyze_record(match_record, depth=0)
    checked = 0
    for game_index, game in enumerate(analysis["games"]):
        for entry in game["decisions"][::7]:
            truncated = json.loads(json.dumps(match_record))
            truncated["games"] = truncated["games"][: game_index + 1]
            truncated["games"][-1]["actions"] = truncated["games"][-1]["actions"][: entry["action"]]
            view = build_view(load_record(truncated))
            assert view["board"] == entry["board"]
            if view["phase"] == "opening":  # the opening roll decides who moves first
                assert entry["kind"] == "move" and entry["index"] == 0
            else:
                assert view["turn"] == entry["turn"]
            checked += 1
    assert checked > 5


def test_statistics_add_up_over_games_and_follow_the_marks(match_analysis: dict[str, Any]) -> None:
    for player in (0, 1):
        whole = match_analysis["players"][player]
        per_game = [game["players"][player] for game in match_analysis["games"]]
        assert whole["moves"] == sum(g["moves"] for g in per_game)
        assert whole["chequer_error_total"] == pytest.approx(
            sum(g["chequer_error_total"] for g in per_game), abs=0.5
        )
        entries = [d for g in match_analysis["games"] for d in g["decisions"] if d["player"] == player]
        for entry in entries:
            assert entry["error"] >= 0.0
            assert entry["mark"] == skill_mark(entry["error"] / 1000.0)
            if entry["kind"] == "move" and entry["forced"]:
                assert entry["error"] == 0.0
            assert 0.0 <= entry["player0"]["win"] <= 1.0
        # the marks of checker plays and cube decisions: resignations are counted apart (as gnubg does)
        rated = [e for e in entries if e["kind"] in ("move", "double", "take")]
        very_bad = sum(1 for e in rated if e["mark"] == "very_bad")
        assert whole["marks"]["very_bad"] == very_bad
        unforced = whole["unforced_moves"]
        if unforced:
            assert whole["chequer_error_rate"] == pytest.approx(
                whole["chequer_error_total"] / unforced, abs=0.1
            )
        assert whole["pr"] == pytest.approx(whole["overall_error_rate"] / 2.0, abs=0.1)


def test_review_gets_ten_candidates_and_the_mwc_of_every_equity(match_analysis: dict[str, Any]) -> None:
    """Each move keeps its ten best plays (review shows five and the rest on request) and the play made; each
    decision of a match carries the MWC of losing and winning a single game, which turns its EMG into MWC as
    the analysis's own `error_mwc` does."""
    moves = [d for g in match_analysis["games"] for d in g["decisions"] if d["kind"] == "move"]
    assert max(len(d["plays"]) for d in moves) >= 10
    checked = 0
    for d in (d for g in match_analysis["games"] for d in g["decisions"]):
        assert sum(1 for p in d["plays"] or [] if p["played"]) == (1 if d["kind"] == "move" else 0)
        if d["kind"] == "move":
            assert len(d["plays"]) <= 11
            for p in d["plays"]:
                assert 0.0 <= p["win"] <= 1.0 and p["win_gammon"] <= p["win"]
        scale = d["mwc_scale"]
        assert 0.0 <= scale["lose"] < scale["win"] <= 1.0
        if d["error"] > 1.0:
            span = (scale["win"] - scale["lose"]) / 2.0
            assert d["error_mwc"] / 100.0 == pytest.approx(d["error"] / 1000.0 * span, abs=2e-5)
            checked += 1
    assert checked > 3


def test_a_money_analysis_has_no_mwc_scale() -> None:
    record = played_match(MONEY, seed=2, games=1)
    assert len(record["games"]) == 2  # the first game over, the next begun
    record["games"] = record["games"][:1]
    analysis = analyze_record(record, depth=0)
    assert all(d["mwc_scale"] is None for g in analysis["games"] for d in g["decisions"])


def test_a_weaker_player_errs_more_than_a_stronger_one() -> None:
    # The beginner (player 0, equity noise 0.12) against the intermediate (noise 0.03), judged at depth 0.
    api.call("new_match", {"settings": {"match_length": 3}})
    rng = random.Random(11)
    for _ in range(5000):
        view = api.call("view", {})["view"]
        decider = view["decision"] if view["decision"] is not None else 0
        action = api.call("bot_action", {"level": "beginner" if decider == 0 else "intermediate"})["action"]
        if action is None:
            break
        if action["type"] == "roll":
            action = {**action, "dice": [rng.randint(1, 6), rng.randint(1, 6)]}
        api.call("act", {"action": action})
    analysis = analyze_record(api.call("view", {})["record"], depth=0)
    beginner, intermediate = analysis["players"]
    assert beginner["chequer_error_rate"] > intermediate["chequer_error_rate"]


def test_gnubgs_labels_for_error_rates_and_luck() -> None:
    assert rating(0.001) == "Supernatural"
    assert rating(0.004) == "World class"
    assert rating(0.010) == "Advanced"
    assert rating(0.030) == "Beginner"
    assert rating(0.050) == "Awful!"
    assert skill_mark(0.039) is None and skill_mark(0.04) == "doubtful"
    assert skill_mark(0.08) == "bad" and skill_mark(0.2) == "very_bad"
    assert luck_rating(0.07) == "Go to Las Vegas" and luck_rating(-0.04) == "Bad dice, man!"
    assert luck_rating(0.0) == "None"


# ---- the job, the worker methods, the command line -------------------------------------------------


def test_the_job_goes_step_by_step_to_the_same_result(match_record: dict[str, Any]) -> None:
    job = AnalysisJob(match_record, depth=0)
    steps = 0
    while not job.finished:
        job.step(0.0)  # one decision a step
        steps += 1
    assert steps == job.total
    assert job.result() == analyze_record(match_record, depth=0)


def test_worker_methods_analyse_without_touching_the_loaded_match(match_record: dict[str, Any]) -> None:
    api.call("new_match", {"settings": {"match_length": 5}})
    before = api.call("view", {})["record"]
    started = api.call("analysis_start", {"record": match_record, "depth": 0})
    assert started["total"] > 0
    with pytest.raises(Exception, match="not finished"):
        api.call("analysis_result", {"job": started["job"]})
    progress = {"finished": False}
    while not progress["finished"]:
        progress = api.call("analysis_step", {"job": started["job"], "budget_ms": 50})
        assert progress["done"] <= progress["total"] == started["total"]
    result = api.call("analysis_result", {"job": started["job"]})["analysis"]
    assert result["format"] == "backgammon-analysis" and result["complete"] is True
    assert api.call("view", {})["record"] == before
    api.call("analysis_cancel", {"job": started["job"]})
    with pytest.raises(Exception, match="No analysis"):
        api.call("analysis_step", {"job": started["job"]})


def test_bad_input_to_the_analysis_is_refused_in_plain_words(match_record: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecordError):
        api.call("analysis_start", {"record": {"format": "backgammon-match", "schema": 1}})
    with pytest.raises(InvalidDepthError, match="depth"):
        api.call("analysis_start", {"record": match_record, "depth": 7})
    answer = json.loads(
        api.handle(json.dumps({"id": 3, "method": "analysis_start", "params": {"record": 5}}))
    )
    assert answer["error"]["type"] == "InvalidRecordError"


def test_command_line_analysis_of_a_saved_record(tmp_path: Path, match_record: dict[str, Any]) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match_record))
    out, err = _Capture(), _Capture()
    assert main(["analyze", "--depth", "0", str(path)], stdout=out, stderr=err) == 0
    text = out.text()
    assert "Error rate mEMG per unforced move" in text and "Luck rating" in text and "PR" in text
    out = _Capture()
    assert main(["analyze", "--json", "--depth", "0", str(path)], stdout=out, stderr=err) == 0
    data = json.loads(out.text())
    assert [p["name"] for p in data["players"]] == [p["name"] for p in match_record["players"]]
    for key in ("moves", "unforced_moves", "chequer_error_rate", "cube_error_rate", "overall_error_rate"):
        assert key in data["players"][0]
    assert {"player", "kind", "dice", "played", "best", "error", "mark", "luck"} <= set(
        data["games"][0]["decisions"][0]
    )


def test_command_line_refuses_a_bad_file_with_status_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    err = _Capture()
    assert main(["analyze", str(broken)], stdout=_Capture(), stderr=err) == 2
    assert "not valid JSON" in err.text()
    err = _Capture()
    assert main(["analyze", str(tmp_path / "missing.mat")], stdout=_Capture(), stderr=err) == 2
    assert "Cannot read" in err.text()


class _Capture:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def text(self) -> str:
        return "".join(self.parts)


def test_the_luck_of_a_games_first_roll_is_measured_over_the_30_opening_rolls_at_every_depth() -> None:
    # 31 is among the best opening rolls, 21 among the worst: the luck of the first roll counts that half
    # of the opening rolls would have given the other side the first turn.
    def first_roll_luck(dice: list[int], depth: int) -> float:
        record = {
            "format": "backgammon-match",
            "schema": 1,
            "settings": MONEY,
            "players": None,
            "setup": None,
            "games": [{"actions": [{"type": "roll", "dice": dice}]}],
        }
        api.call("load", {"record": record})
        play = api.call("bot_action", {"level": "expert"})["action"]
        record = api.call("act", {"action": play})["record"]
        first = analyze_record(record, depth=depth)["games"][0]["decisions"][0]
        assert first["kind"] == "move" and first["index"] == 0
        luck: float = first["luck"]
        return luck

    for depth in (0, 1):
        good, poor = first_roll_luck([3, 1], depth), first_roll_luck([2, 1], depth)
        assert good > 50.0 > 0.0 > poor
    assert first_roll_luck([3, 1], 0) == pytest.approx(first_roll_luck([3, 1], 1), abs=1e-6)
