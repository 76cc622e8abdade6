"""A take decision rolled out: the doubler's cube rollout (`cube_decision_starts`, `cube_verdict`) seen from
the side that answers the double. Take is the doubler's double/take turned round, pass its double/pass (no
trials: the cube's value); the right answer is the one worth more to the taker, and the difference is
significant when it is more than 1.96 of its standard errors (double/take's own: pass is a fixed value).
"""

from __future__ import annotations

from typing import Literal

from backgammon.bot.rollout import SIGNIFICANT_Z
from backgammon.errors import BackgammonError
from backgammon.shapes import CubeRolloutResult, TakeRolloutAction, TakeRolloutResult

Answer = Literal["take", "pass"]


def take_verdict(cube: CubeRolloutResult) -> TakeRolloutResult:
    """The taker's side of a cube decision's rollout: take and pass, the right one, and whether it is
    significantly right."""
    by_action = {a["action"]: a for a in cube["actions"]}
    if set(by_action) != {"no_double", "double_take", "double_pass"}:
        raise BackgammonError("A take decision's verdict needs a cube decision's rollout.")
    money = cube["unit"] == "money"

    def takers(value: float) -> float:
        # Money: points per the cube before the double, the other way round; a match: the other chance.
        return -value if money else 1.0 - value

    take = takers(by_action["double_take"]["equity"])
    passed = takers(by_action["double_pass"]["equity"])
    error = by_action["double_take"]["error"]
    best: Answer = "take" if take >= passed else "pass"
    margin = abs(take - passed)
    significant = margin > SIGNIFICANT_Z * error
    proper = max(take, passed)
    answers: tuple[tuple[Answer, float, float], ...] = (("take", take, error), ("pass", passed, 0.0))
    actions: list[TakeRolloutAction] = [
        {
            "action": name,
            "equity": value,
            "error": alone,
            "difference": value - proper,
            "difference_error": 0.0 if name == best else error,
        }
        for name, value, alone in answers
    ]
    return {
        "trials": cube["trials"],
        "unit": cube["unit"],
        "actions": actions,
        "best": best,
        "significant": significant,
        "summary": _summary(best, margin, error, significant, money),
        "rollout": cube["rollout"],
    }


def _summary(best: Answer, margin: float, error: float, significant: bool, money: bool) -> str:
    other = "passing" if best == "take" else "taking"
    if money:
        amount = f"{margin:.3f} points a cube more than {other} (± {error:.3f})"
    else:
        amount = f"{margin * 100:.1f}% more chances of winning the match than {other} (± {error * 100:.2f}%)"
    verdict = "significant" if significant else "not significant: more trials would tell"
    return f"{best.capitalize()}: {amount}, {verdict}."
