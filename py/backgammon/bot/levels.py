"""The computer's playing strengths.

A level's budget counts network evaluations, not seconds, so a seeded game replays identically on any
machine; the expert's budget is sized for about a second in Pyodide on a phone-class CPU
(`benchmarks/bot_speed.py` measures it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from backgammon.errors import BackgammonError


@dataclass(frozen=True)
class Level:
    """How a level chooses a play.

    `noise`: standard deviation of random noise added to each play's equity (human-like slips).
    `lookahead`: how many of the best plays are re-scored 1 ply deeper (0: none), among those within
    `window` equity of the best; `budget` caps the evaluations that look-ahead may spend.
    `cube_noise`: noise on cube decisions' winning chances; `cube_lookahead`: judge the cube from the
    average over the 21 rolls of the best play (instead of the static estimate before the roll).
    `deep`: how many of the best plays after the look-ahead are judged once more at 2-ply (0: none),
    among those within `window` of the best. `cube_deep`: judge the cube two plies deep (`cube_noise` 0).
    """

    name: str
    noise: float
    lookahead: int
    window: float
    budget: int
    cube_noise: float
    cube_lookahead: bool = False
    deep: int = 0
    cube_deep: bool = False


BEGINNER = Level("beginner", noise=0.12, lookahead=0, window=0.0, budget=0, cube_noise=0.08)
INTERMEDIATE = Level("intermediate", noise=0.03, lookahead=0, window=0.0, budget=0, cube_noise=0.03)
EXPERT = Level(
    "expert", noise=0.0, lookahead=4, window=0.16, budget=2400, cube_noise=0.0, cube_lookahead=True
)

# The checker play of the deep analysis and its benchmarks (seconds a move): 6 plays at 1-ply, the best 3 of
# them at 2-ply. It errs no more than gnubg 2-ply by gnubg 3-ply's judgement (docs/strength.md).
DEEP = Level(
    "deep", noise=0.0, lookahead=6, window=0.16, budget=4000, cube_noise=0.0, cube_lookahead=True, deep=3
)
# The deep setting as a level to play against, its cube two plies deep as the deep analysis's: its moves take
# seconds, so the page asks for them in steps (`bot_think`).
WORLD_CLASS = replace(DEEP, name="world_class", cube_deep=True)

LEVELS: dict[str, Level] = {level.name: level for level in (BEGINNER, INTERMEDIATE, EXPERT, WORLD_CLASS)}


def level_named(name: object) -> Level:
    if name is None:
        return EXPERT
    if not isinstance(name, str) or name not in LEVELS:
        raise BackgammonError(f"Unknown level {name!r}: use one of {', '.join(LEVELS)}.")
    return LEVELS[name]
