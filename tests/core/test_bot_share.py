"""World class's thinking shared with helper workers (`bot_think`'s `helpers`, `shared_part`): the
decision is the one made alone, to the last bit, whatever the helpers bring or fail to bring; and what comes
back from the page is checked."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from world_class_support import rolled, whole_decisions

from backgammon import api
from backgammon.bot.cube import MatchContext
from backgammon.bot.cubeful import SharedCubeRolls, two_ply_rolls
from backgammon.bot.methods import bot_action_method  # noqa: F401  (registers the bot's methods)
from backgammon.bot.player import ROLLS, SharedTwoPly, two_ply
from backgammon.bot.shared import Awaiting
from backgammon.bot.sharing import PART_UNITS, brought, part_figures, parts
from backgammon.bot.steps import finished
from backgammon.errors import InvalidActionError
from backgammon.movegen import legal_plays
from backgammon.position import Position

# A whole world-class decision takes seconds on CPython and minutes inside Pyodide: decisions made with and
# without helpers are compared on CPython, and so are the 2-ply chances of three plays (38 s inside Pyodide);
# inside Pyodide a cube decision's rolls are (to the last bit, below), and the page's helpers share in the
# browser tests.
WHOLE_DECISIONS = whole_decisions("whole world-class decisions, several each: on CPython only")


def over_the_wire(method: str, params: dict[str, Any]) -> dict[str, Any]:
    """A call as the page makes it, in JSON both ways (the chances must survive it exactly)."""
    answer: dict[str, Any] = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    if "error" in answer:
        raise InvalidActionError(answer["error"]["message"])
    result: dict[str, Any] = answer["result"]
    return result


@cache
def _alone_after_opening(dice: tuple[int, int]) -> str:
    rolled(list(dice))
    return json.dumps(api.call("bot_action", {"level": "world_class"})["action"])


def alone_after_opening(dice: list[int]) -> dict[str, Any]:
    """World class's play of the opening `dice` made alone (once per run: the same decision every time), with
    the match left at that roll for the decision to be made again."""
    played: dict[str, Any] = json.loads(_alone_after_opening((dice[0], dice[1])))
    rolled(dice)
    return played


def think_with_helpers(helpers: int, bring: Any = None) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The action `bot_think` decides on with `helpers`, each part done by `shared_part` (or what `bring`
    makes of the parts), and the parts it handed out."""
    handed: list[dict[str, Any]] = []
    params: dict[str, Any] = {"level": "world_class", "budget_ms": 0, "helpers": helpers}
    for _ in range(10_000):
        answer = over_the_wire("bot_think", params)
        params.pop("shared", None)
        if answer["done"]:
            return answer["action"], handed
        handed += answer.get("parts", [])
        if answer.get("waiting"):
            found = [c for part in handed for c in over_the_wire("shared_part", part)["figures"]]
            params["shared"] = found if bring is None else bring(handed, found)
    raise AssertionError("never decided")


@WHOLE_DECISIONS
@pytest.mark.parametrize("dice", [[6, 4], [5, 2]])
def test_a_decision_shared_with_helpers_is_the_one_made_alone(dice: list[int]) -> None:
    alone = alone_after_opening(dice)
    action, handed = think_with_helpers(2)
    assert action == alone
    units = [tuple(u) for part in handed for u in part["units"]]
    # Two thirds of the units (two boards or more, 21 rolls each) to the helpers, in parts of at most 7.
    assert len(units) == len(set(units)) and len(units) >= 2 * 21 * 2 // 3
    assert len(handed) == -(-len(units) // PART_UNITS) and all(len(p["units"]) <= PART_UNITS for p in handed)


@WHOLE_DECISIONS
def test_the_shared_chances_are_the_chances_made_alone_to_the_last_bit() -> None:
    start = Position.start()
    # Boards after three plays of an opening 6-4 (the mover still on roll), and one from a later game.
    boards = tuple(after for _, after in list(legal_plays(start, (6, 4)).items())[:3])
    work = SharedTwoPly(boards, MatchContext(away=3, opponent_away=5), 2)
    handed, taken = parts(work, 3)
    steps = work.steps()
    assert next(steps) is work
    wire = json.loads(json.dumps([c for part in handed for c in part_figures(json.loads(json.dumps(part)))]))
    awaiting = steps.send(taken)
    while awaiting is None:
        awaiting = next(steps)
    assert isinstance(awaiting, Awaiting) and awaiting.units == taken
    with pytest.raises(StopIteration) as done:
        steps.send(brought(wire, work))  # nothing left to do here: every unit taken was brought
    assert work.chances(done.value.value) == [
        two_ply(board, work.context, work.cube_value)[0] for board in boards
    ]
    assert len(ROLLS) == 21 and len(taken) == 3 * 21 * 3 // 4


@WHOLE_DECISIONS
def test_what_no_helper_brought_is_done_by_the_worker_itself() -> None:
    alone = alone_after_opening([6, 4])
    assert think_with_helpers(2, bring=lambda handed, found: [])[0] == alone  # the helpers all failed
    assert think_with_helpers(2, bring=lambda handed, found: found[::2])[0] == alone  # some of them did
    # Chances for a board this decision does not look at (another decision's, brought late) are left out.
    stale = {"board": Position.start().id, "roll": 0, "figures": [1.0, 1.0, 1.0, 0.0, 0.0]}
    assert think_with_helpers(2, bring=lambda handed, found: [stale, *found])[0] == alone


@WHOLE_DECISIONS
def test_without_helpers_the_worker_hands_out_nothing() -> None:
    alone = alone_after_opening([5, 2])
    action, handed = think_with_helpers(0)
    assert handed == [] and action == alone


@WHOLE_DECISIONS
def test_malformed_shared_figures_are_an_error_value_and_the_thinking_still_waits() -> None:
    alone = alone_after_opening([5, 2])
    params: dict[str, Any] = {"level": "world_class", "budget_ms": 0, "helpers": 1}
    answer = over_the_wire("bot_think", params)
    while not answer.get("parts"):
        answer = over_the_wire("bot_think", params)
    board = answer["parts"][0]["boards"][0]
    while not answer.get("waiting"):
        answer = over_the_wire("bot_think", params)
    for shared, words in (
        ("lots", "shared must be a list"),
        ([{"board": board, "roll": 21, "figures": [0.5] * 5}], "a roll from 0 to 20"),
        ([{"board": board, "roll": 0, "figures": [0.5] * 4}], "five numbers from 0 to 1"),
        ([{"board": board, "roll": 0, "figures": [0.5, 0.5, 0.5, 0.5, 2.0]}], "five numbers from 0 to 1"),
        ([{"board": board, "roll": 0, "figures": [0.5, 0.5, 0.5, 0.5, float("nan")]}], "five numbers"),
        ([{"board": board, "roll": 0, "figures": "0.5"}], "a list of figures"),
    ):
        with pytest.raises(InvalidActionError, match=words):
            bot_think_direct({**params, "shared": shared})
    assert over_the_wire("bot_think", params) == {"done": False, "action": None, "waiting": True}
    action, _ = think_with_helpers(1, bring=lambda handed, found: [])
    assert action == alone


@WHOLE_DECISIONS
def test_a_cube_decision_shared_with_helpers_is_the_one_made_alone() -> None:
    api.call("act", {"action": alone_after_opening([6, 4])})
    # Now the other side is to roll or double: world class judges the cube two plies deep, a roll a unit.
    alone = api.call("bot_action", {"level": "world_class"})["action"]
    action, handed = think_with_helpers(2)
    assert action == alone == {"type": "roll"}
    assert {part["kind"] for part in handed} == {"cube_rolls"}
    assert sorted(u[1] for part in handed for u in part["units"]) == [r for r in range(21) if r % 3]


def test_a_cube_decisions_shared_rolls_are_its_rolls_made_alone_to_the_last_bit() -> None:
    # A middle game with contact (the doubler on roll) and a race where some rolls end the game.
    ended: set[bool] = set()
    for position, context in (
        (Position.start(), MatchContext()),
        (racing_end(), MatchContext(away=2, opponent_away=3)),
    ):
        work = SharedCubeRolls((position,), context, 1)
        handed, taken = parts(work, 1)
        wire = json.loads(
            json.dumps([c for part in handed for c in part_figures(json.loads(json.dumps(part)))])
        )
        steps = work.steps()
        assert next(steps) is work
        awaiting = steps.send(taken)
        while not isinstance(awaiting, Awaiting):
            awaiting = next(steps)
        with pytest.raises(StopIteration) as done:
            steps.send(brought(wire, work))
        shared = tuple(done.value.value[(0, r)] for r in range(21))
        assert shared == finished(two_ply_rolls(position, context, 1))
        ended.update(replies is None for _, replies in shared)
    assert ended == {True, False}


def racing_end() -> Position:
    """The doubler's last two checkers on its five- and six-points, the other side's on its one- and
    two-points: 6-5 and the big doubles end the game (no replies), the other rolls do not."""
    return Position(mine=(0,) * 4 + (1, 1) + (0,) * 19, theirs=(1, 1) + (0,) * 23)


def bot_think_direct(params: dict[str, Any]) -> Any:
    """Not over JSON: NaN cannot be written in it, and the worker must refuse it all the same."""
    return api.METHODS["bot_think"](params)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"boards": []}, "boards must be a list of position IDs"),
        ({"boards": ["not an id"]}, "Position ID"),
        ({"cube_value": 0}, "cube_value must be"),
        ({"context": {"away": 3}}, "context must have exactly"),
        (
            {
                "context": {
                    **dict.fromkeys(("away", "opponent_away"), -1),
                    **dict.fromkeys(("crawford_game", "post_crawford", "jacoby", "beavers"), False),
                }
            },
            "cannot be negative",
        ),
        (
            {
                "context": {
                    **dict.fromkeys(("away", "opponent_away"), True),
                    **dict.fromkeys(("crawford_game", "post_crawford", "jacoby", "beavers"), False),
                }
            },
            "must be a int",
        ),
        ({"units": [[0, 21]]}, "units must be"),
        ({"units": [[5, 0]]}, "units must be"),
        ({"units": "all"}, "units must be"),
        ({"kind": "rollout"}, "kind must be one of two_ply, cube_rolls"),
    ],
)
def test_a_malformed_part_is_an_error_value(change: dict[str, Any], words: str) -> None:
    work = SharedTwoPly((Position.start(),), MatchContext(), 1)
    part = {**parts(work, 1)[0][0], **change}
    with pytest.raises(InvalidActionError, match=words):
        over_the_wire("shared_part", part)


def test_a_cube_decisions_malformed_roll_is_an_error_value() -> None:
    work = SharedCubeRolls((Position.start(),), MatchContext(), 1)
    handed, _ = parts(work, 1)
    good = part_figures(json.loads(json.dumps(handed[0])))[0]  # roll 1 (1-2), its leaf and 21 replies
    assert len(good["figures"]) == 22 * 7 and len(good.get("boards", [])) == 22
    assert brought([good], work)[(0, good["roll"])] == finished(work.unit_steps((0, good["roll"])))
    for change, words in (
        ({"boards": None}, "1 or 22 boards"),
        ({"figures": good["figures"][:7]}, "1 or 22 boards and 7 figures for each"),
        ({"figures": [*good["figures"][:6], 1.0, *good["figures"][7:]]}, "its weight its roll's"),
        ({"figures": [*good["figures"][:5], 1.5, *good["figures"][6:]]}, "efficiency must be from 0 to 1"),
        ({"figures": good["figures"][:7], "boards": good["boards"][:1]}, "has replies unless"),
    ):
        entry = {key: value for key, value in {**good, **change}.items() if value is not None}
        with pytest.raises(InvalidActionError, match=words):
            brought([entry], work)
