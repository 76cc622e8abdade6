"""The benchmark's matches with the cube against GNU Backgammon run to the end under our rules (runs where
`gnubg` is installed; `make test` installs Debian's package).

Every action of both players, gnubg's doubles, takes and plays included, goes through our `Match`,
which refuses an illegal one: a match that ends with a winner at the match length means the rules
core took all of gnubg's cube and checker decisions.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from gnubg_support import GNUBG

from benchmarks.bot_vs_pubeval import net_fingerprint

pytestmark = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon (gnubg) is not installed")


REPO_ROOT = Path(__file__).resolve().parents[2]


def run_benchmark(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """`benchmarks/bot_vs_gnubg.py` run as its docstring says: from the repository root (`python -m
    benchmarks.bot_vs_gnubg`), with this checkout's package."""
    return subprocess.run(
        [sys.executable, "-m", "benchmarks.bot_vs_gnubg", *args],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT / "py")},
        capture_output=True,
        text=True,
        timeout=300,
        check=check,
    )


def benchmark(*args: str) -> list[str]:
    """The lines the benchmark prints."""
    return run_benchmark(*args).stdout.splitlines()


def run(out: Path, matches: int) -> list[str]:
    return benchmark(
        "--matches", str(matches), "--level", "beginner", "--length", "3", "--seed", "7", "--out", str(out)
    )


def test_matches_with_the_cube_end_at_the_match_length_and_resume(tmp_path: Path) -> None:
    out = tmp_path / "matches.jsonl"
    run(out, 2)
    printed = run(out, 3)  # goes on where the first run stopped: one more match
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["match"] for line in lines] == [0, 1, 2]
    for line in lines:
        ours, theirs = line["score"]
        assert max(ours, theirs) >= 3 > min(ours, theirs)
        assert line["won"] == (ours > theirs)
        assert line["games"] >= 1
        assert (line["seed"], line["net"]) == (
            7,
            net_fingerprint(),
        )  # what a later run checks before going on
    summary = json.loads(printed[-1])
    assert summary["matches"] == 3
    assert summary["match_win_rate"] == pytest.approx(sum(line["won"] for line in lines) / 3, abs=1e-4)


def test_gnubg_can_take_the_computers_seat_against_itself() -> None:
    # The yardstick for the strength targets: gnubg 1-ply's games against gnubg 0-ply, every play of both
    # checked by our rules on the way.
    summary = json.loads(benchmark("--gnubg-seat", "1", "--games", "2", "--seed", "7")[-1])
    assert summary["level"] == "gnubg 1-ply"
    assert summary["opponent"] == "gnubg 0-ply"
    assert summary["games"] == 2


def test_gnubg_can_take_the_computers_seat_in_matches(tmp_path: Path) -> None:
    # What a match target asks of gnubg's own look-ahead: gnubg in the computer's seat against its 0-ply, on
    # the dice the levels' matches of this seed have, named so that no level's run can go on from them. At
    # 0-ply against itself the two matches of a pair (the same dice, the seats changed) are one match seen
    # from either side: each player wins one, by the same score.
    out = tmp_path / "matches.jsonl"
    seat_run = ("--gnubg-seat", "0", "--matches", "2", "--length", "3", "--seed", "7", "--out", str(out))
    summary = json.loads(benchmark(*seat_run)[-1])
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(line["match"], line["level"], line["net"]) for line in lines] == [
        (0, "gnubg 0-ply", "gnubg"),
        (1, "gnubg 0-ply", "gnubg"),
    ]
    assert max(lines[0]["score"]) >= 3 > min(lines[0]["score"])
    assert lines[1]["score"] == lines[0]["score"][::-1] and lines[1]["won"] != lines[0]["won"]
    assert (summary["level"], summary["matches"], summary["match_win_rate"]) == ("gnubg 0-ply", 2, 0.5)
    level_run = ("--level", "beginner", "--matches", "3", "--length", "3", "--seed", "7", "--out", str(out))
    refused = run_benchmark(*level_run, check=False)
    assert refused.returncode != 0 and "is not match 0 of level beginner" in refused.stderr
