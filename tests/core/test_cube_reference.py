"""The computer's cube decisions on reference positions whose right answer is clear.

`data/cube_reference.json` holds 64 positions (32 money, 32 match play at many scores) drawn from
gnubg-played matches by `benchmarks/cube_gnubg.py reference`: for each, GNU Backgammon's cubeful 2-ply
evaluation puts the right cube action ahead by at least 0.08 EMG, and the right answer too; eight of
each kind (no double/take with the doubler at 60% or more, double/take, double/pass, too good).
The computer judges them as it plays (the chances averaged over the 21 rolls, `cube_advice`). It
gets 2 of the money and 3 of the match positions wrong (most are double/pass or too-good positions,
the rarer kinds, drawn here as often as the rest); with a cube model far off (an efficiency of 0.45)
it gets 5 and 6 wrong. More than 4 wrong of 32 fails.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from backgammon.bot.cube import MatchContext, Owner, cube_advice
from backgammon.bot.player import evaluate_position
from backgammon.bot.pubeval import is_race
from backgammon.position import Position

REFERENCE = json.loads((Path(__file__).parent / "data" / "cube_reference.json").read_text())


def context_of(entry: dict[str, Any]) -> MatchContext:
    if not entry["length"]:
        return MatchContext()
    post = not entry["crawford"] and 1 in (entry["away"], entry["opponent_away"])
    return MatchContext(entry["away"], entry["opponent_away"], entry["crawford"], post)


def our_kind(entry: dict[str, Any]) -> str:
    position = Position.from_id(entry["position_id"])
    owner = {None: Owner.CENTRE, "me": Owner.ME, "them": Owner.THEM}[entry["owner"]]
    chances = evaluate_position(position, lookahead=True)
    race = is_race(position.mine, position.theirs)
    advice = cube_advice(chances, entry["cube"], owner, context_of(entry), race=race)
    if advice.double:
        return "double/take" if advice.take else "double/pass"
    return "too good" if advice.too_good else "no double/take" if advice.take else "no double/pass"


@pytest.mark.parametrize("play", ["money", "match"])
def test_cube_actions_agree_with_the_clear_reference_answers(play: str) -> None:
    entries = [e for e in REFERENCE if (e["length"] > 0) == (play == "match")]
    assert len(entries) == 32
    wrong = [(e["position_id"], e["gnubg"], ours) for e in entries if (ours := our_kind(e)) != e["gnubg"]]
    assert len(wrong) <= 4, f"{len(wrong)} of {len(entries)} against the reference: {wrong}"
