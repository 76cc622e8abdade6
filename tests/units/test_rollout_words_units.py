"""The rollout panel's and the hint's verdicts in words, under Node (web/engine/rollout-panel.js,
web/play/hint.js): the page tells a take decision's verdict from its figures and a cube action from the
rules core's words, each as a message of the catalogues; in English the very words the rules core writes
(py/backgammon/bot/rollout_take.py, cube.py), in another language its own."""

from __future__ import annotations

import json
from typing import Any

from backgammon.bot.cube import CubeAdvice
from backgammon.bot.rollout_take import take_verdict
from backgammon.shapes import CubeRolloutResult

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
globalThis.document = { documentElement: {}, querySelectorAll: () => [], dispatchEvent: () => true };
const panel = await import("{WEB}/engine/rollout-panel.js");
const hint = await import("{WEB}/play/hint.js");
const { useLanguage } = await import("{WEB}/i18n/i18n.js");
"""


def cube_result(unit: str, take: float, error: float, passed: float) -> CubeRolloutResult:
    """A doubler's cube decision rolled out: double/take and double/pass as given (the doubler's)."""
    actions: Any = [
        {"action": "no_double", "equity": 0.1, "error": 0.01, "difference": 0.0, "difference_error": 0.0},
        {"action": "double_take", "equity": take, "error": error, "difference": 0.0, "difference_error": 0.0},
        {"action": "double_pass", "equity": passed, "error": 0.0, "difference": 0.0, "difference_error": 0.0},
    ]
    return {
        "trials": 36,
        "unit": unit,  # type: ignore[typeddict-item]
        "actions": actions,
        "best": "no_double",
        "double": False,
        "take": True,
        "summary": "",
        "rollout": {"trials": 36, "candidates": []},
    }


TAKES = [
    take_verdict(cube_result("money", 0.43, 0.021, 1.0)),  # take, significant
    take_verdict(cube_result("money", 0.995, 0.02, 1.0)),  # take, not significant
    take_verdict(cube_result("money", 1.2, 0.031, 1.0)),  # pass
    take_verdict(cube_result("mwc", 0.62, 0.0123, 0.7)),  # a match: take
    take_verdict(cube_result("mwc", 0.74, 0.004, 0.7)),  # a match: pass
]


def advice(double: bool, take: bool, *, beaver: bool = False, too_good: bool = False) -> CubeAdvice:
    return CubeAdvice(double, take, beaver, too_good, no_double=0, double_take=0, double_pass=0, unit="money")


# Every action and answer the rules core words: too good, no double (with the take if doubled or not),
# double/take, double/drop, double/beaver.
ADVICE = [
    advice(False, False, too_good=True),
    advice(False, False),
    advice(False, True),
    advice(True, True),
    advice(True, False),
    advice(True, True, beaver=True),
]


def in_languages(body: str) -> dict[str, Any]:
    """`body` (an expression) in English, then French and Arabic."""
    found: dict[str, Any] = run_module(
        IMPORTS,
        f"const words = () => ({body}); const english = words();"
        ' await useLanguage("fr"); const french = words();'
        ' await useLanguage("ar"); const arabic = words();'
        " print({english, french, arabic});",
    )
    return found


def test_a_take_verdict_is_told_from_its_figures_in_the_rules_cores_english_and_in_other_languages() -> None:
    found = in_languages(f"{json.dumps(TAKES)}.map(panel.takeSummary)")
    assert found["english"] == [v["summary"] for v in TAKES]
    assert found["english"][0].startswith(
        "Take: 0.570 points a cube more than passing (± 0.021), significant"
    )
    assert found["french"][2].startswith(
        "Refuser\N{NO-BREAK SPACE}: 0,200 de plus qu\N{RIGHT SINGLE QUOTATION MARK}accepter"
    )
    # The language's own figures (Intl's): a decimal comma, a space before the per cent sign.
    assert found["french"][3].startswith(
        "Accepter\N{NO-BREAK SPACE}: 8,0\N{NO-BREAK SPACE}% de chances de gagner le match"
    )
    assert all(not any(word in text for word in ("Take", "Pass", "significant")) for text in found["arabic"])


def test_a_cube_action_is_told_in_the_language_and_one_not_known_as_it_came() -> None:
    summaries = [each.summary for each in ADVICE]
    found = in_languages(
        f'[...{json.dumps(summaries)}.map(panel.cubeSummary), panel.cubeSummary("Something new.")]'
    )
    assert found["english"] == [*summaries, "Something new."]
    assert found["french"][:6] == [
        "Trop bon pour doubler\N{NO-BREAK SPACE}: continuer pour un gammon.",
        "Pas de double.",
        "Pas de double. (En cas de double\N{NO-BREAK SPACE}: accepter.)",
        "Double, accepté.",
        "Double, refusé.",
        "Double, castor.",
    ]
    assert found["arabic"][6] == "Something new."


def test_the_hints_cube_advice_says_what_the_rules_core_says() -> None:
    cubes = [{**each.to_dict(), "win": 0.6} for each in ADVICE]
    found = in_languages(f"{json.dumps(cubes)}.map((cube) => hint.cubeAdvice(cube, false))")
    assert found["english"] == [f"Cube: {each.summary} Chances to win this game: 60.0%." for each in ADVICE]
    nbsp = "\N{NO-BREAK SPACE}"
    assert (
        found["french"][3]
        == f"Videau{nbsp}: Double, accepté. Chances de gagner cette partie{nbsp}: 60,0{nbsp}%."
    )
