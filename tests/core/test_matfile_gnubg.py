"""Our .mat files read back by GNU Backgammon itself (runs where `gnubg` is installed, e.g. Debian's package).

gnubg imports each exported match and reports the score; for a scripted match it also writes the match back
as .mat, and every play and cube action must come back the same (gnubg may order a play's moves its own way).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gnubg_support import gnubg_on_file, gnubg_score, needs_gnubg
from test_api import random_session
from test_matfile import gnubg_split, scripted_match

from backgammon import api
from backgammon.formats.mat_export import export_mat
from backgammon.match import Match

pytestmark = needs_gnubg


def run_gnubg(tmp_path: Path, text: str, *commands: str) -> str:
    return gnubg_on_file("import mat", tmp_path / "ours.mat", text, *commands)


def cells(text: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for line in text.splitlines():
        if not line[:5].strip().endswith(")"):
            continue
        left, right = gnubg_split(re.sub(r"\s*Wins \d+ points?.*$", "", line))
        for player, cell in ((0, left), (1, right)):
            if cell:
                dice, colon, moves = cell.partition(":")
                plain = " ".join(sorted(moves.replace("*", "").split())) if colon else ""
                found.append((player, f"{''.join(sorted(dice))}: {plain}" if colon else cell))
    return found


def test_gnubg_reads_back_every_play_cube_action_and_the_score(tmp_path: Path) -> None:
    match = scripted_match()
    written = tmp_path / "theirs.mat"
    output = run_gnubg(tmp_path, export_mat(match), "show score", f"export match mat {written}")
    assert gnubg_score(output) == match.score
    theirs = written.read_text()
    assert cells(theirs)[:-1] == cells(export_mat(match))[:-1]  # the resigning roll comes back as gnubg's


@pytest.mark.parametrize("seed", [10, 27])
def test_gnubg_scores_random_matches_and_sessions_as_we_do(tmp_path: Path, seed: int) -> None:
    random_session(seed, 500)
    match: Match = api.current_match()
    output = run_gnubg(tmp_path, export_mat(match), "show score")
    assert gnubg_score(output) == match.score
