"""World class's thinking shared among workers: the page's helpers (a pool of engine workers,
web/engine/pool.js) take parts of its looks two plies deep (`shared.SharedWork`: the leading plays' 2-ply,
nine tenths of a checker play; a cube decision's rolls), and play's worker keeps a share and steps through it
as before (`bot_think`).

- `parts(work, helpers)`: the units handed to the helpers, in parts, and the units they take;
- `part_figures(part)`: a helper's part done (`shared_part`);
- `brought(shared, work)`: the results the helpers found, checked, by unit.

What comes back from the page is checked as anything else from it: a malformed part or result is an error
value, and a unit no helper brought is done here.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, cast

from backgammon.bot.cube import MatchContext
from backgammon.bot.cubeful import SharedCubeRolls
from backgammon.bot.player import ROLLS, SharedTwoPly
from backgammon.bot.shared import SharedWork, Unit
from backgammon.bot.steps import finished
from backgammon.errors import InvalidActionError
from backgammon.position import Position
from backgammon.shapes import LookaheadContext, SharedPart, UnitFigures

#: The most helpers a decision is shared with (the pool's own cap is 16).
MAX_HELPERS = 16
#: The most units in a part: a helper's request stays short (a third of a board's rolls, about a second in
#: Pyodide here, several on a slow phone), and the helpers that finish first take the parts left.
PART_UNITS = 7
KINDS: dict[str, type[SharedTwoPly] | type[SharedCubeRolls]] = {
    SharedTwoPly.kind: SharedTwoPly,
    SharedCubeRolls.kind: SharedCubeRolls,
}


def parts(work: SharedWork[Any], helpers: int) -> tuple[list[SharedPart], frozenset[Unit]]:
    """The units split into `helpers` + 1 shares, play's worker keeping the first, the helpers' cut into
    parts of at most PART_UNITS: interleaved, since a roll's cost is not the same for every roll (doubles
    have more plays) nor every board."""
    units = work.units()
    theirs = [unit for k, unit in enumerate(units) if k % (helpers + 1)]
    shares = [theirs[k : k + PART_UNITS] for k in range(0, len(theirs), PART_UNITS)]
    # MatchContext's fields are LookaheadContext's keys (`_context_of` reads them back by those keys).
    context = cast(LookaheadContext, asdict(work.context))
    handed = [
        SharedPart(
            kind=work.kind,  # type: ignore[typeddict-item]  # one of KINDS' names
            boards=[board.id for board in work.boards],
            context=context,
            cube_value=work.cube_value,
            units=[list(unit) for unit in share],
        )
        for share in shares
    ]
    return handed, frozenset(theirs)


def part_figures(part: dict[str, Any]) -> list[UnitFigures]:
    """A helper's part: each unit's result, in the part's order."""
    work = _work_of(part)
    units = part.get("units")
    known = set(work.units())
    if not isinstance(units, list) or not all(_is_unit(u) and tuple(u) in known for u in units):
        raise InvalidActionError(
            "units must be a list of [board, roll] pairs: a board of the part's still in play, "
            "a roll from 0 to 20."
        )
    return [work.to_wire((b, r), finished(work.unit_steps((b, r)))) for b, r in units]


def brought(shared: object, work: SharedWork[Any]) -> dict[Unit, Any]:
    """The results the helpers found for `work`'s units, by unit (an entry for another board is left out)."""
    if not isinstance(shared, list):
        raise InvalidActionError("shared must be a list of each unit's figures.")
    index: dict[str, list[int]] = {}
    for b, board in enumerate(work.boards):
        index.setdefault(board.id, []).append(b)
    found: dict[Unit, Any] = {}
    for entry in shared:
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("board"), str)
            and _is_roll(entry.get("roll"))
            and isinstance(entry.get("figures"), list)
            and _are_boards(entry.get("boards", []))
        ):
            raise InvalidActionError(
                "each shared unit must have a board's position ID, a roll from 0 to 20 and a list of figures."
            )
        for b in index.get(entry["board"], []):
            unit = (b, entry["roll"])
            found[unit] = work.result(unit, entry["figures"], entry.get("boards"))
    return found


def _work_of(part: dict[str, Any]) -> SharedWork[Any]:
    kind = KINDS.get(part.get("kind"))  # type: ignore[arg-type]
    if kind is None:
        raise InvalidActionError(f"kind must be one of {', '.join(KINDS)}.")
    boards = part.get("boards")
    if not isinstance(boards, list) or not boards or not _are_boards(boards):
        raise InvalidActionError("boards must be a list of position IDs.")
    cube = part.get("cube_value")
    if isinstance(cube, bool) or not isinstance(cube, int) or cube < 1:
        raise InvalidActionError("cube_value must be a whole number from 1.")
    return kind(tuple(Position.from_id(b) for b in boards), _context_of(part.get("context")), cube)


def _context_of(given: object) -> MatchContext:
    fields = {name: getattr(MatchContext(), name) for name in LookaheadContext.__annotations__}
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


def _are_boards(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(b, str) for b in value)
