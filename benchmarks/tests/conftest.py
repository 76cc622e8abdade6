"""What the benchmarks' tests share: one unbroken run with the luck judged, kept in a file.

Judging a game's luck evaluates every roll's best play at every turn (about 3 s of CPU a game here): the tests
that only read such a run (its printed figures, its file) share this one rather than each playing it again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from backgammon.position import Position
from benchmarks.bot_vs_pubeval import play_level, pubeval_move


def pubeval_player(position: Position, dice: tuple[int, int], rng: random.Random) -> Position:
    return pubeval_move(position, dice)


@pytest.fixture(scope="session")
def judged_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], Path]:
    """Two games of pubeval against itself, seed 7, the luck judged, unbroken: the figures the run printed and
    the file it kept (read them; change neither)."""
    out = tmp_path_factory.mktemp("judged") / "games.jsonl"
    printed = play_level("pubeval", 2, 7, player=pubeval_player, out=out, judge_luck=True)
    return printed, out
