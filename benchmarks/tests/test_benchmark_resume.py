"""Long benchmark runs against gnubg are stopped for time and go on later (`bot_vs_gnubg.py --out`): a run
resumed from its file must play the very games one unbroken run plays, on the same dice."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from backgammon.position import Position
from benchmarks.bot_vs_gnubg import matches_to_resume
from benchmarks.bot_vs_pubeval import play_level, pubeval_move, rng_file

# The benchmarks run in CPython (inside gnubg's), never in the page: not tested in Pyodide.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="benchmarks run in CPython only")


def pubeval_player(position: Position, dice: tuple[int, int], rng: random.Random) -> Position:
    return pubeval_move(position, dice)


def without_time(summary: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in summary.items() if key != "seconds"}


def test_a_run_stopped_and_resumed_plays_the_games_of_one_unbroken_run(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    whole = play_level("pubeval", 8, 7, player=pubeval_player)
    assert play_level("pubeval", 3, 7, player=pubeval_player, out=out)["games"] == 3
    resumed = play_level("pubeval", 8, 7, player=pubeval_player, out=out)
    assert without_time(resumed) == without_time(whole)
    assert len(out.read_text().splitlines()) == 8


def test_a_game_written_without_its_dice_generator_is_played_again(tmp_path: Path) -> None:
    """The run stopped between a game's line and its generator: the generator of the game before is kept, and
    the game is played again from it, not counted twice nor on other dice."""
    out, shorter = tmp_path / "games.jsonl", tmp_path / "shorter.jsonl"
    whole = play_level("pubeval", 5, 7, player=pubeval_player)
    play_level("pubeval", 3, 7, player=pubeval_player, out=out)
    play_level("pubeval", 2, 7, player=pubeval_player, out=shorter)
    rng_file(out).write_text(rng_file(shorter).read_text())  # the generator after game 2 only
    resumed = play_level("pubeval", 5, 7, player=pubeval_player, out=out)
    assert without_time(resumed) == without_time(whole)
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()] == [0, 1, 2, 3, 4]


def test_the_luck_of_the_games_before_the_stop_is_kept(
    tmp_path: Path, judged_run: tuple[dict[str, object], Path]
) -> None:
    out = tmp_path / "games.jsonl"
    whole, _ = judged_run  # the same run unbroken (conftest.py): 2 games, seed 7, the luck judged
    play_level("pubeval", 1, 7, player=pubeval_player, judge_luck=True, out=out)
    resumed = play_level("pubeval", 2, 7, player=pubeval_player, judge_luck=True, out=out)
    assert without_time(resumed) == without_time(whole)


def test_a_file_of_another_seed_is_refused_not_mixed_in(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    play_level("pubeval", 2, 7, player=pubeval_player, out=out)
    with pytest.raises(SystemExit, match="seed 8"):
        play_level("pubeval", 4, 8, player=pubeval_player, out=out)
    assert len(out.read_text().splitlines()) == 2


def test_a_file_another_net_played_is_refused_not_mixed_in(tmp_path: Path) -> None:
    """Resuming with other weights would add games of another net to the same figures."""
    out = tmp_path / "games.jsonl"
    play_level("pubeval", 2, 7, player=pubeval_player, out=out, net="run-a")
    with pytest.raises(SystemExit, match="played by net run-a, not run-b"):
        play_level("pubeval", 4, 7, player=pubeval_player, out=out, net="run-b")
    lines = out.read_text().splitlines()
    assert [json.loads(line)["net"] for line in lines] == ["run-a", "run-a"]
    assert play_level("pubeval", 3, 7, player=pubeval_player, out=out, net="run-a")["games"] == 3


def test_a_game_kept_before_nets_were_recorded_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    play_level("pubeval", 2, 7, player=pubeval_player, out=out, net="run-a")
    unnamed = [
        {k: v for k, v in json.loads(line).items() if k != "net"} for line in out.read_text().splitlines()
    ]
    out.write_text("".join(json.dumps(line) + "\n" for line in unnamed))
    with pytest.raises(SystemExit, match="a net not recorded"):
        play_level("pubeval", 4, 7, player=pubeval_player, out=out, net="run-a")


def test_a_matches_file_of_another_net_or_seed_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "matches.jsonl"
    line = {"match": 0, "level": "expert", "seed": 2026, "net": "run-a", "won": True, "score": [5, 2]}
    out.write_text(json.dumps(line) + "\n")
    assert len(matches_to_resume(out, "expert", 2026, "run-a")) == 1
    assert matches_to_resume(tmp_path / "none.jsonl", "expert", 2026, "run-a") == []
    with pytest.raises(SystemExit, match="net run-b"):
        matches_to_resume(out, "expert", 2026, "run-b")
    with pytest.raises(SystemExit, match="seed 7"):
        matches_to_resume(out, "expert", 7, "run-a")


def test_a_run_shared_by_two_processes_keeps_each_file_to_its_own_matches(tmp_path: Path) -> None:
    """`--first-match 250`: the second half's file holds matches 250, 251, ...; it refuses to go on from a
    file of other numbers, and appended to the first half's 0..249 makes the one run's file."""

    def lines(first: int, count: int) -> str:
        return "".join(
            json.dumps({"match": n, "level": "expert", "seed": 2026, "net": "run-a", "won": True}) + "\n"
            for n in range(first, first + count)
        )

    second = tmp_path / "second.jsonl"
    second.write_text(lines(250, 2))
    assert len(matches_to_resume(second, "expert", 2026, "run-a", first=250)) == 2
    with pytest.raises(SystemExit, match="line 1 is not match 0 "):
        matches_to_resume(second, "expert", 2026, "run-a")
    with pytest.raises(SystemExit, match=r"line 1 is not match 249 .*it has match 250"):
        matches_to_resume(second, "expert", 2026, "run-a", first=249)
    whole = tmp_path / "whole.jsonl"
    whole.write_text(lines(0, 250) + second.read_text())
    assert len(matches_to_resume(whole, "expert", 2026, "run-a")) == 252


def test_a_file_played_against_another_opponent_is_refused_not_mixed_in(tmp_path: Path) -> None:
    """Games against gnubg 1-ply added to a file of games against its 0-ply would blend two yardsticks; a file
    of the default opponent's (its lines name none) goes on."""
    out = tmp_path / "games.jsonl"
    play_level("pubeval", 2, 7, player=pubeval_player, out=out)
    with pytest.raises(SystemExit, match="against the default opponent, not gnubg 1-ply"):
        play_level("pubeval", 4, 7, player=pubeval_player, out=out, against="gnubg 1-ply")
    assert play_level("pubeval", 3, 7, player=pubeval_player, out=out)["games"] == 3
    other = tmp_path / "other.jsonl"
    play_level("pubeval", 2, 7, player=pubeval_player, out=other, against="gnubg 1-ply")
    assert [json.loads(line)["against"] for line in other.read_text().splitlines()] == ["gnubg 1-ply"] * 2
    with pytest.raises(SystemExit, match="against gnubg 1-ply, not the default opponent"):
        play_level("pubeval", 4, 7, player=pubeval_player, out=other)
    line = {"match": 0, "level": "expert", "seed": 2026, "net": "run-a", "against": "gnubg 1-ply"}
    matches = tmp_path / "matches.jsonl"
    matches.write_text(json.dumps(line) + "\n")
    assert len(matches_to_resume(matches, "expert", 2026, "run-a", "gnubg 1-ply")) == 1
    with pytest.raises(SystemExit, match="against gnubg 0-ply"):
        matches_to_resume(matches, "expert", 2026, "run-a")
