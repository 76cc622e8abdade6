"""The words, units and choices of review under Node (web/review/words.js, units.js, jumps.js,
board-view.js, summary.js's counts, the chart's axis): what a new player read wrong before, and what a
gnubg or XG player looks for."""

from __future__ import annotations

import json
from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import * as words from "{WEB}/review/words.js";
import { t } from "{WEB}/i18n/i18n.js";
import * as units from "{WEB}/review/units.js";
import * as jumps from "{WEB}/review/jumps.js";
import * as boardView from "{WEB}/review/board-view.js";
import { decisionTicks } from "{WEB}/review/analysis-chart.js";
"""


def run_js(body: str) -> Any:
    return run_module(IMPORTS, body)


MINUS = "\N{MINUS SIGN}"


def test_counts_take_the_singular_for_one_and_labels_say_nothing_when_there_is_nothing_to_say() -> None:
    found = run_js(
        """print({
          one: t("review.points", {n: 1}), two: t("review.points", {n: 2}), none: t("review.points", {n: 0}),
          luck: ["None", "n/a", null, "Go to bed"].map(words.luckLabel),
          awful: words.sentence("Awful!"), expert: words.sentence("Expert"),
        });"""
    )
    assert (found["one"], found["two"], found["none"]) == ("1 point", "2 points", "0 points")
    assert found["luck"] == ["", "", "", "Go to bed"]
    assert (found["awful"], found["expert"]) == ("Awful!", "Expert.")


def test_the_verdict_says_who_had_no_decision_to_judge() -> None:
    analysis = {
        "players": [
            {"overall_error_rate": 0.0, "rating": "n/a", "unforced_moves": 0, "close_cube_decisions": 0},
            {"overall_error_rate": 41.2, "rating": "Awful!", "unforced_moves": 3, "close_cube_decisions": 0},
        ]
    }
    text = run_js(
        f"print(words.verdict({json.dumps(analysis)}, ['Ann', 'Bob'], "
        "(p) => `${p.overall_error_rate} mEMG`));"
    )
    assert text == "Ann: no decision to judge. Bob: error rate 41.2 mEMG, Awful!"
    assert "n/a" not in text and "!." not in text


def test_equities_errors_and_luck_in_one_named_unit_emg_or_mwc() -> None:
    # At this score losing a single game leaves 40% MWC and winning one 70%: 1 EMG is 15% MWC.
    decision = {"error": 42.0, "luck": 171.4, "mwc_scale": {"lose": 0.4, "win": 0.7}}
    money = {"error": 42.0, "luck": -171.4, "mwc_scale": None}
    found = run_js(
        f"""const d = {json.dumps(decision)}, m = {json.dumps(money)};
        print({{
          emg: [units.errorAmount(d, "emg"), units.luckAmount(d, "emg")],
          mwc: [units.errorAmount(d, "mwc"), units.luckAmount(d, "mwc")],
          money: [units.errorAmount(m, "mwc"), units.luckAmount(m, "mwc"), units.unitOf(m, "mwc")],
          equity: [units.figure(units.equityIn(d, 0, "mwc"), "mwc"),
                   units.figure(units.equityIn(d, 1, "mwc"), "mwc"),
                   units.figure(units.equityIn(d, 0.081, "emg"), "emg")],
          difference: units.figure(units.differenceIn(d, -0.1, "mwc"), "mwc", {{signed: true}}),
        }});"""
    )
    assert found["emg"] == [f"{MINUS}0.042 EMG", "+0.171 EMG"]
    assert found["mwc"] == [f"{MINUS}0.63% MWC", "+2.57% MWC"]
    # Money play has no MWC: its figures stay in EMG, named so.
    assert found["money"] == [f"{MINUS}0.042 EMG", f"{MINUS}0.171 EMG", "emg"]
    assert found["equity"] == ["55.0%", "70.0%", "+0.081"]
    assert found["difference"] == f"{MINUS}1.50%"


def test_summary_rates_in_mwc_are_the_mwc_totals_over_the_same_counts() -> None:
    player = {
        "overall_error_rate": 10.0,
        "chequer_error_rate": 12.0,
        "cube_error_rate": 0.0,
        "luck_rate": -3.0,
        "unforced_moves": 8,
        "close_cube_decisions": 2,
        "moves": 10,
        "mwc": {"chequer_error_total": 2.0, "cube_error_total": 0.5, "luck_total": -1.0},
    }
    found = run_js(
        f"""const p = {json.dumps(player)};
        const both = (k) => [units.rate(p, k, "emg"), units.rate(p, k, "mwc")];
        print(["overall", "chequer", "cube", "luck"].map(both));"""
    )
    assert found == [
        ["10.0", "0.250%"],
        ["12.0", "0.250%"],
        ["0.0", "0.250%"],
        [f"{MINUS}3.0", f"{MINUS}0.100%"],
    ]


def step(at: int, player: int, mark: str | None) -> dict[str, Any]:
    return {
        "at": at,
        "game": 0,
        "gameNumber": 1,
        "score": [0, 0],
        "decision": {"player": player, "mark": mark},
    }


def test_next_and_previous_error_of_either_player_or_one_and_blunders_only() -> None:
    steps = [
        step(0, 0, None),
        step(1, 1, "doubtful"),
        step(2, 0, "very_bad"),
        step(3, 1, None),
        step(4, 0, "bad"),
        step(5, 1, "very_bad"),
    ]
    found = run_js(
        f"""const s = {json.dumps(steps)};
        const n = (from, dir, level, player) => jumps.nextError(s, from, dir, {{level, player}});
        print({{
          any: n(0, 1, "doubtful", null), bob: n(1, 1, "doubtful", 1), blunder: n(2, 1, "very_bad", null),
          back: n(5, -1, "bad", null), annBlunderBack: n(5, -1, "very_bad", 0),
          none: n(5, 1, "doubtful", null),
          noneOfAnn: n(4, 1, "doubtful", 0),
        }});"""
    )
    assert found == {
        "any": 1,
        "bob": 5,
        "blunder": 5,
        "back": 4,
        "annBlunderBack": 2,
        "none": None,
        "noneOfAnn": None,
    }


def play(name: str, moves: list[tuple[int, int]], played: bool = False) -> dict[str, Any]:
    return {"play": name, "moves": [{"from": a, "to": b} for a, b in moves], "played": played}


def test_the_arrow_legend_names_only_what_the_board_draws() -> None:
    best = play("13/11 6/1*", [(13, 11), (6, 1)])
    made = play("13/8 13/11", [(13, 8), (13, 11)], played=True)
    error = {"kind": "move", "turn": 0, "mark": "bad", "plays": [best, made]}
    fine = {"kind": "move", "turn": 1, "mark": None, "plays": [best, made]}
    right = {
        "kind": "move",
        "turn": 0,
        "mark": None,
        "plays": [{**best, "played": True}, made | {"played": False}],
    }
    found = run_js(
        f"""const cases = {json.dumps([error, fine, right])};
        print({{
          legends: cases.map((d) => boardView.legendOf(d).map((i) => `${{i.kind}}: ${{i.words}}`)),
          arrows: cases.map((d) => boardView.arrowsOf(d).map((a) => a.kind)),
          chosen: [boardView.legendOf(cases[0], 1), boardView.arrowsOf(cases[0], 1).map((a) => a.kind)],
          numbering: [0, 1].map((i) =>
            boardView.decisionBoard({{decision: cases[i], gameNumber: 1, score: [0, 0]}}, null, 3).numbering),
        }});"""
    )
    assert found["legends"] == [
        ["error: the play made, an error", "best: the best play"],
        ["played: the play made", "best: the best play"],
        ["played: the play made, the best"],
    ]
    assert found["arrows"] == [
        ["error", "error", "best", "best"],
        ["played", "played", "best", "best"],
        ["played", "played"],
    ]
    assert found["chosen"] == [
        [{"kind": "chosen", "words": "13/8 13/11, chosen from the list (the play made)"}],
        ["chosen", "chosen"],
    ]
    # The point numbers follow the player on roll.
    assert found["numbering"] == [0, 1]
    assert not any("( " in item or "()" in item for legend in found["legends"] for item in legend)


def test_the_chart_numbers_its_decisions_at_round_intervals() -> None:
    found = run_js(
        "print([decisionTicks(102, 10), decisionTicks(5, 10), decisionTicks(157, 5), decisionTicks(0, 5)]);"
    )
    assert found == [[1, 20, 40, 60, 80, 100], [1, 2, 3, 4, 5], [1, 50, 100, 150], []]


def test_a_resignation_and_its_answer_are_said_in_a_players_words() -> None:
    """The four verdicts: an offer that costs nothing (the answer then accept, or reject when the points are
    more than the game is worth), an offer that gives too much, and the answers; with the cost of the choice
    made in the unit, and a summary cell that counts offers and answers apart from the rates."""

    def decision(kind: str, played: str, action: str, response: str, error: float) -> dict[str, Any]:
        equities = {"size": "gammon", "points": 2, "action": action, "response": response}
        return {
            "kind": kind,
            "played": played,
            "error": error,
            "mwc_scale": None,
            "resign_equities": equities,
        }

    cases = [
        decision("resign", "resign gammon", "resign", "accept", 0.0),
        decision("resign", "resign gammon", "resign", "reject", 0.0),
        decision("resign", "resign gammon", "play_on", "accept", 412.0),
        decision("accept", "accept", "resign", "reject", 1000.0),
        decision("accept", "reject", "play_on", "accept", 412.0),
    ]
    player = {
        "resignations": 2,
        "wrong_resignations": 1,
        "resignation_answers": 1,
        "wrong_accepts": 0,
        "wrong_rejects": 1,
        "resignation_error_total": 824.0,
        "mwc": {"resignation_error_total": 3.5},
    }
    found = run_js(
        f"""const cases = {json.dumps(cases)}, p = {json.dumps(player)};
        print({{
          verdicts: cases.map((d) => words.resignVerdict(d, "Ann", "Bob", "2 points", "emg")),
          cells: [words.resignationsCell(p, "emg", true), words.resignationsCell(p, "mwc", true),
                  words.resignationsCell({{}}, "emg", false)],
        }});"""
    )
    assert found["verdicts"] == [
        "Playing on is worth no more to Ann than the 2 points given up: resigning is right, and Bob should "
        "accept. Resigning was right.",
        "Playing on is worth no more to Ann than the 2 points given up: resigning is right, and Bob should "
        "reject it, as playing on wins more. Resigning was right.",
        "Ann's game is worth more than the 2 points given up: Ann should play on (and Bob would be right to "
        "accept). Resigning cost 0.412 EMG.",
        "Playing on is worth more to Bob than the 2 points offered: Bob should reject. "
        "Accepting cost 1.000 EMG.",
        "The resignation gives Bob 2 points, at least what playing on is worth: Bob should accept. "
        "Rejecting cost 0.412 EMG.",
    ]
    assert found["cells"] == [
        "2 offered, 1 wrong; 1 answered, 1 wrong (824.0 mEMG lost)",
        "2 offered, 1 wrong; 1 answered, 1 wrong (3.50% MWC lost)",
        "—",
    ]
