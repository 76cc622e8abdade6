"""World class's look-ahead shared among workers: the page's helpers (a pool of engine workers,
web/engine/pool.js) take parts of the leaders' 2-ply (`player.SharedTwoPly`, nine tenths of a decision), and
play's worker keeps a share and steps through it as before (`bot_think`).

- `parts(work, helpers)`: the units handed to the helpers, one part each, and the units they take;
- `part_chances(part)`: a helper's part done (`two_ply_part`);
- `brought(shared, work)`: the chances the helpers found, checked, by unit.

What comes back from the page is checked as anything else from it: a malformed part or chance is an error
value, and a unit no helper brought is done here.
"""

from __future__ import annotations

import math
from dataclasses import asdict
from typing import Any

from backgammon.bot.cube import MatchContext
from backgammon.bot.evaluator import Probabilities
from backgammon.bot.player import ROLLS, SharedTwoPly, Unit
from backgammon.bot.steps import finished
from backgammon.errors import InvalidActionError
from backgammon.position import Position
from backgammon.shapes import LookaheadContext, TwoPlyPart, UnitChances

#: The most helpers a decision is shared with (the pool's own cap is 16).
MAX_HELPERS = 16
#: The most units in a part: a helper's request stays short (a third of a board's rolls, about a second in
#: Pyodide here, several on a slow phone), and the helpers that finish first take the parts left.
PART_UNITS = 7


def parts(work: SharedTwoPly, helpers: int) -> tuple[list[TwoPlyPart], frozenset[Unit]]:
    """The units split into `helpers` + 1 shares, play's worker keeping the first, the helpers' cut into
    parts of at most PART_UNITS: interleaved, since a roll's cost is not the same for every roll (doubles
    have more plays) nor every board."""
    units = work.units()
    theirs = [unit for k, unit in enumerate(units) if k % (helpers + 1)]
    shares = [theirs[k : k + PART_UNITS] for k in range(0, len(theirs), PART_UNITS)]
    boards = [board.id for board in work.boards]
    context: LookaheadContext = {
        "away": work.context.away,
        "opponent_away": work.context.opponent_away,
        "crawford_game": work.context.crawford_game,
        "post_crawford": work.context.post_crawford,
        "jacoby": work.context.jacoby,
        "beavers": work.context.beavers,
    }
    handed = [
        TwoPlyPart(boards=boards, context=context, cube_value=work.cube_value, units=[list(u) for u in share])
        for share in shares
        if share
    ]
    return handed, frozenset(unit for share in shares for unit in share)


def part_chances(part: dict[str, Any]) -> list[UnitChances]:
    """A helper's part: each unit's chances, in the part's order."""
    work = _work_of(part)
    units = part.get("units")
    known = set(work.units())
    if not isinstance(units, list) or not all(_is_unit(u) and tuple(u) in known for u in units):
        raise InvalidActionError(
            "units must be a list of [board, roll] pairs: a board of the part's still in play, "
            "a roll from 0 to 20."
        )
    found = []
    for board, roll in units:
        chances = finished(work.unit_steps((board, roll)))
        found.append(UnitChances(board=work.boards[board].id, roll=roll, chances=list(chances.as_tuple())))
    return found


def brought(shared: object, work: SharedTwoPly) -> dict[Unit, Probabilities]:
    """The chances the helpers found for `work`'s units, by unit (an entry for another board is left out)."""
    if not isinstance(shared, list):
        raise InvalidActionError("shared must be a list of each unit's chances.")
    index: dict[str, list[int]] = {}
    for b, board in enumerate(work.boards):
        index.setdefault(board.id, []).append(b)
    found: dict[Unit, Probabilities] = {}
    for entry in shared:
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("board"), str)
            and _is_roll(entry.get("roll"))
            and _are_chances(entry.get("chances"))
        ):
            raise InvalidActionError(
                "each shared unit must have a board's position ID, a roll from 0 to 20 and five chances."
            )
        for b in index.get(entry["board"], []):
            found[(b, entry["roll"])] = Probabilities(*map(float, entry["chances"]))
    return found


def _work_of(part: dict[str, Any]) -> SharedTwoPly:
    boards = part.get("boards")
    if not isinstance(boards, list) or not boards or not all(isinstance(b, str) for b in boards):
        raise InvalidActionError("boards must be a list of position IDs.")
    cube = part.get("cube_value")
    if isinstance(cube, bool) or not isinstance(cube, int) or cube < 1:
        raise InvalidActionError("cube_value must be a whole number from 1.")
    return SharedTwoPly(tuple(Position.from_id(b) for b in boards), _context_of(part.get("context")), cube)


def _context_of(given: object) -> MatchContext:
    fields = asdict(MatchContext())
    if not isinstance(given, dict) or set(given) != set(fields):
        raise InvalidActionError(f"context must have exactly {', '.join(fields)}.")
    for name, default in fields.items():
        value = given[name]
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, type(default)):
            raise InvalidActionError(f"context's {name} must be a {type(default).__name__}.")
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise InvalidActionError(f"context's {name} cannot be negative.")
    return MatchContext(**given)


def _is_roll(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(ROLLS)


def _is_unit(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _are_chances(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 5
        and all(
            isinstance(c, int | float) and not isinstance(c, bool) and math.isfinite(c) and 0.0 <= c <= 1.0
            for c in value
        )
    )
