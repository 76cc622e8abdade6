"""The figures of a kept run are read from its files as the run printed them, and several files are taken as
one run only when they are one run's parts."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from backgammon.position import Position
from benchmarks.bot_vs_pubeval import play_level, pubeval_move
from benchmarks.kept_figures import beside, kept_figures

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="benchmarks run in CPython only")


def pubeval_player(position: Position, dice: tuple[int, int], rng: random.Random) -> Position:
    return pubeval_move(position, dice)


def match_lines(
    first: int, won: list[bool], net: str = "run-a", level: str = "world_class", seed: int = 2026
) -> str:
    return "".join(
        json.dumps(
            {
                "match": first + i,
                "level": level,
                "seed": seed,
                "net": net,
                "won": w,
                "score": [5, 2] if w else [2, 5],
                "games": 3,
                "doubles": 2,
                "drops": 1,
                "seconds": 10.0,
            }
        )
        + "\n"
        for i, w in enumerate(won)
    )


def test_a_run_of_matches_in_two_files_counts_as_one(tmp_path: Path) -> None:
    first, second, whole = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "whole.jsonl"
    first.write_text(match_lines(0, [True, True, False, True]))
    second.write_text(match_lines(4, [False, True]))
    whole.write_text(first.read_text() + second.read_text())
    figures = kept_figures([first, second])
    assert figures == kept_figures([whole])
    assert (figures["matches"], figures["match_win_rate"]) == (6, round(4 / 6, 4))
    assert (figures["games"], figures["doubles"], figures["drops"]) == (18, 12, 6)


def test_games_give_the_figures_the_run_printed_luck_adjusted_where_judged(
    tmp_path: Path, judged_run: tuple[dict[str, object], Path]
) -> None:
    printed, out = judged_run  # 2 games, seed 7, the luck judged, kept in `out` (conftest.py)
    figures = kept_figures([out])
    assert {k: v for k, v in figures.items() if k != "seconds"} == {
        k: v for k, v in printed.items() if k != "seconds"
    }
    assert "luck_adjusted_win_rate" in figures
    unjudged = tmp_path / "unjudged.jsonl"
    play_level("pubeval", 2, 7, player=pubeval_player, out=unjudged)
    assert "luck_adjusted_win_rate" not in kept_figures([unjudged])
    assert kept_figures([unjudged])["win_rate"] == figures["win_rate"]  # the same dice, the same games


def test_files_of_other_runs_or_a_file_twice_are_refused(tmp_path: Path) -> None:
    ours, theirs, games = tmp_path / "ours.jsonl", tmp_path / "theirs.jsonl", tmp_path / "games.jsonl"
    ours.write_text(match_lines(0, [True, False]))
    theirs.write_text(match_lines(2, [True], net="run-b"))
    play_level("pubeval", 2, 7, player=pubeval_player, out=games)
    with pytest.raises(SystemExit, match=r"more than one run .*net run-a.*net run-b"):
        kept_figures([ours, theirs])
    with pytest.raises(SystemExit, match="match 0 is in these files more than once"):
        kept_figures([ours, ours])
    with pytest.raises(SystemExit, match="both games and matches"):
        kept_figures([ours, games])
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(SystemExit, match="no game or match"):
        kept_figures([empty])


def test_two_runs_of_the_same_matches_are_compared_match_by_match(tmp_path: Path) -> None:
    ours, second_half, theirs = tmp_path / "ours.jsonl", tmp_path / "from-4.jsonl", tmp_path / "theirs.jsonl"
    ours.write_text(match_lines(0, [True, True, False, True]))
    second_half.write_text(match_lines(4, [False, True]))
    # The other run has played matches 0-4 only: match 5 is compared with nothing.
    theirs.write_text(match_lines(0, [True, False, False, False, True], net="gnubg", level="gnubg 2-ply"))
    figures = beside([ours, second_half], [theirs])
    assert (figures["beside"], figures["matches_in_both"]) == ("gnubg 2-ply", 5)
    assert (figures["won_here"], figures["won_there"]) == (3, 2)
    # The differences match by match: 0, +1, 0, +1, -1.
    assert figures["difference"] == pytest.approx(0.2)
    low, high = figures["difference_95"]
    assert low < 0 < 0.2 < high


def test_runs_on_other_dice_or_of_games_are_not_compared(tmp_path: Path) -> None:
    ours, other_seed, games = tmp_path / "ours.jsonl", tmp_path / "seed7.jsonl", tmp_path / "games.jsonl"
    ours.write_text(match_lines(0, [True, False]))
    other_seed.write_text(match_lines(0, [True, False], net="gnubg", level="gnubg 2-ply", seed=7))
    play_level("pubeval", 2, 7, player=pubeval_player, out=games)
    with pytest.raises(SystemExit, match="seeds differ"):
        beside([ours], [other_seed])
    with pytest.raises(SystemExit, match="runs of matches"):
        beside([ours], [games])
