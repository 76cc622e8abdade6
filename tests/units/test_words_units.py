"""Rolls, words and units as a player reads them, under Node: one order for the dice everywhere (the higher
first, as GNU Backgammon and XG write them), one word for declining a double (drop, as the buttons, the status
line, the tutorial and the .mat files say), and every figure of a hint or a review with its unit."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

# decision.js reaches the DOM through review/dom.js, which reads `document` once it is imported: a stand-in is
# enough for its pure functions.
IMPORTS = """
globalThis.document = {documentElement: {dataset: {}}};
const dice = await import("{WEB}/dice-words.js");
const data = await import("{WEB}/review/analysis-data.js");
const decision = await import("{WEB}/review/decision.js");
const describe = await import("{WEB}/play/describe.js");
const hint = await import("{WEB}/play/hint.js");
const units = await import("{WEB}/review/units.js");
const words = await import("{WEB}/review/words.js");
const chart = await import("{WEB}/review/analysis-chart.js");
const i18n = await import("{WEB}/i18n/i18n.js");
"""


def run_js(body: str) -> Any:
    return run_module(IMPORTS, body)


MINUS = "\N{MINUS SIGN}"


def test_a_roll_is_written_the_higher_die_first_wherever_it_is_shown() -> None:
    found = run_js(
        """
        const move = (d) => ({kind: "move", dice: d, played: "13/8 13/7", player: 1, turn: 1});
        const step = (d) => ({at: 0, game: 0, gameNumber: 1, score: [0, 0], decision: d});
        print({
          figures: [[1, 5], [5, 1], [4, 4]].map(dice.rollFigures),
          words: [[1, 5], [5, 1], [4, 4], null].map(dice.rollWords),
          toPlay: [[1, 5], [5, 1], [4, 4]].map(dice.rollToPlay),
          moveList: data.decisionText(move([5, 6])),
          title: decision.decisionTitle(move([5, 6]), ["White", "Black"]),
          resignTitle: decision.decisionTitle(
            {kind: "resign", dice: [2, 6], player: 1, turn: 1, resign_equities: {size: "gammon"}},
            ["White", "Black"]),
          spoken: decision.spoken(step(move([5, 6])), 3, ["White", "Black"]),
          status: describe.diceText([1, 5]),
          doubles: describe.diceText([3, 3]),
        });"""
    )
    assert found["figures"] == ["51", "51", "44"]
    assert found["words"] == ["5 and 1", "5 and 1", "double 4s", ""]
    assert found["toPlay"] == ["5 and 1, the 1 first", "5 and 1", "double 4s"]
    assert found["moveList"] == "65: 13/8 13/7"
    assert found["title"] == "Black to play 6-5"
    assert found["resignTitle"].startswith("Black (having rolled 6-2)")
    assert "Black rolled 6 and 5, played 13/8 13/7." in found["spoken"]
    assert found["status"] == "5 and 1"
    assert found["doubles"] == "double 3s"


def test_declining_a_double_is_a_drop_in_every_word_of_review_and_hint() -> None:
    found = run_js(
        """
        const take = {kind: "take", player: 1, turn: 0, played: "drop", best: "take", error: 12,
                      cube_equities: {action: "double", response: "drop",
                                      no_double: 0.4, double_take: 1.2, double_pass: 1}};
        print({
          title: decision.decisionTitle(take, ["White", "Black"]),
          rows: decision.CUBE_OPTIONS.map(([, id]) => i18n.t(id)),
          verdict: decision.cubeVerdict(take, "emg"),
          hint: hint.cubeAdvice({response: "drop", win: 0.218}, true),
        });"""
    )
    text = " ".join([found["title"], *found["rows"], found["verdict"], found["hint"]])
    assert "pass" not in text.lower(), text
    assert found["rows"] == ["No double", "Double, take", "Double, drop"]
    assert "the answer: drop" in found["verdict"]
    assert found["verdict"].startswith("Right action: double; the answer: drop. Dropping cost")


def test_a_hint_names_the_unit_of_each_figure_and_whose_chances_it_gives() -> None:
    found = run_js(
        """print({
          mwc: hint.playValue({equity: 0.451, difference: -0.0021}, true),
          money: hint.playValue({equity: 0.123, difference: -0.045}, false),
          best: hint.playValue({equity: 0.123, difference: 0}, false),
          take: hint.cubeAdvice({response: "take", win: 0.218}, true),
        });"""
    )
    assert found["mwc"] == f"match winning chances 45.1% ({MINUS}0.2% MWC against the best)"
    assert found["money"] == f"equity +0.123 EMG ({MINUS}0.045 EMG against the best)"
    assert found["best"] == "equity +0.123 EMG"
    assert found["take"] == "Advice: take. Chances to win this game: 21.8%."


def test_a_column_of_match_winning_chances_is_headed_mwc() -> None:
    found = run_js('print([units.equityHeading("emg"), units.equityHeading("mwc")]);')
    assert found == ["Equity (EMG)", "MWC"]


def test_review_says_which_match_it_is_and_how_a_finished_one_ended() -> None:
    found = run_js(
        """
        const names = ["Ann", "Bob"];
        const view = (phase, score, length, winner = null) =>
          ({phase, score, settings: {match_length: length}, match_winner: winner});
        const file = (length, games, score, finished) =>
          ({name: "m.mat", summary: {match_length: length, games, score, finished}});
        print({
          going: words.sourceText(names, null, view("roll", [1, 0], 5)),
          over: words.sourceText(names, null, view("match_over", [3, 1], 3, 0)),
          beyond: words.sourceText(names, null, view("match_over", [0, 12], 3, 1)),
          money: words.sourceText(names, null, view("roll", [2, 0], 0)),
          file: words.sourceText(names, file(3, 2, [1, 4], true), null),
          fileGoing: words.sourceText(names, file(7, 1, [1, 0], false), null),
        });"""
    )
    assert found["going"] == "The match in progress: Ann against Bob, a 5-point match, score 1–0."
    assert found["over"] == "A finished match: Ann against Bob, a 3-point match. Ann won it 3–1."
    assert found["beyond"] == (
        "A finished match: Ann against Bob, a 3-point match. Bob won it 12–0 "
        "(a 3-point match ends at 3 or more: the last game's points all count)."
    )
    assert found["money"] == "The money session in progress: Ann against Bob, score 2–0."
    assert found["file"] == (
        "Opened from m.mat: a finished match, Ann against Bob, a 3-point match of 2 games. Bob won it 4–1 "
        "(a 3-point match ends at 3 or more: the last game's points all count). "
        "Your match in progress is unchanged."
    )
    assert found["fileGoing"] == (
        "Opened from m.mat: a match not finished, Ann against Bob, a 7-point match of 1 game, score 1–0. "
        "Your match in progress is unchanged."
    )
    assert all("in progress:" not in found[k] for k in ("over", "beyond"))


def test_a_hint_says_which_plays_were_only_looked_at_quickly() -> None:
    # The plays looked at more deeply rank first: a quicker look listed below them, figures better, says why.
    found = run_js(
        """print([
          hint.playLine({play: "24/21 6/5", equity: 0.497, difference: -0.015, plies: 1}, true, 1),
          hint.playLine({play: "24/20", equity: 0.498, difference: -0.014, plies: 0}, true, 1),
        ]);"""
    )
    assert found[0] == f"24/21 6/5 — match winning chances 49.7% ({MINUS}1.5% MWC against the best)"
    assert found[1].endswith(f"49.8% ({MINUS}1.4% MWC against the best) · a quick look")


def test_too_good_to_double_is_said_whole() -> None:
    found = run_js('print(decision.bestText({kind: "double", played: "double", best: "too good"}));')
    assert found == "too good to double (play on for a gammon)"


def test_the_chart_tables_change_of_chance_is_in_per_cent_like_the_chance() -> None:
    found = run_js(
        "print([chart.changeText({change: 0.013, swing: false}),"
        " chart.changeText({change: -0.24, swing: true})]);"
    )
    assert found == ["+1.3%", f"{MINUS}24.0% (big swing)"]
