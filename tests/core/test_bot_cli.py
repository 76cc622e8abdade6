"""`python -m backgammon bot --json`: one JSON answer per `POSITION_ID DICE` line, errors as values."""

from __future__ import annotations

import io
import json

from backgammon.bot.cli import run
from backgammon.cli import main
from backgammon.movegen import legal_plays
from backgammon.position import Position


def answers(text: str, level: str = "intermediate") -> list[dict[str, str]]:
    out = io.StringIO()
    run(io.StringIO(text), out, level=level, as_json=True, seed=0)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_bot_command_answers_lines_from_stdin() -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["bot", "--json", "--level", "expert"], io.StringIO("4HPwATDgc/ABMA 31\n"), out, err)
    assert status == 0
    assert json.loads(out.getvalue()) == {"play": "8/5 6/5", "position_id": "4HPwATCwZ/ABMA"}


def test_a_bad_line_sets_the_exit_status() -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["bot", "--json"], io.StringIO("nonsense\n4HPwATDgc/ABMA 52\n"), out, err)
    assert status == 2
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert "error" in first
    start = Position.start()
    assert start.parse_play(second["play"], (5, 2)) in legal_plays(start, (5, 2))


def test_each_line_is_answered_with_the_play_and_the_position_after_it() -> None:
    (result,) = answers("4HPwATDgc/ABMA 31\n")
    assert set(result) == {"play", "position_id"}
    start = Position.start()
    play = start.parse_play(result["play"], (3, 1))
    assert play in legal_plays(start, (3, 1))
    # The position after the play, the side that moved still as the player on roll.
    assert result["position_id"] == start.apply_unchecked(play).id


def test_dice_may_be_written_in_several_ways() -> None:
    # The expert has no deliberate slips: the same roll gets the same play.
    results = answers("4HPwATDgc/ABMA 6-5\n4HPwATDgc/ABMA 6 5\n4HPwATDgc/ABMA 65\n", level="expert")
    assert len({r["position_id"] for r in results}) == 1
    assert results[0]["play"] == "24/13"


def test_bad_lines_get_an_error_and_the_next_line_is_still_answered() -> None:
    results = answers("not-an-id 31\n4HPwATDgc/ABMA 71\n4HPwATDgc/ABMA\n\n4HPwATDgc/ABMA 31\n")
    assert [sorted(r) for r in results] == [["error"], ["error"], ["error"], ["play", "position_id"]]
    assert "Position ID" in results[0]["error"]


def test_a_roll_that_cannot_be_played_is_a_pass() -> None:
    closed = [0] * 25
    for point in range(6):
        closed[point] = 2
    closed[12] = 3
    mine = [0] * 25
    mine[24], mine[5] = 1, 14
    position = Position(mine, closed)
    (result,) = answers(f"{position.id} 66\n", level="expert")
    assert result == {"play": "pass", "position_id": position.id}
