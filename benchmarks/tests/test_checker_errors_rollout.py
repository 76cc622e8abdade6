"""The rollout judge's summary (`checker_errors_rollout.summarise`): the paired difference of two players'
errors over every judged position, where the positions with the same play count 0 and the rest are the
rollouts' equities the other way round (a player's error is the best play's equity minus its own); and two
runs' first players compared against their shared second (`between`)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from benchmarks.checker_errors_rollout import between, differing, known_rollouts, roll_out, summarise

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="benchmarks run in CPython only")


def judged_line(index: int, first: float, second: float) -> str:
    return json.dumps({"index": index, "errors": {"deep": first, "gnubg-2ply": second}})


def rolled_line(index: int, first: float, second: float, judged: tuple[float, float]) -> str:
    return json.dumps(
        {
            "index": index,
            "rollout": {"deep": [first, 0.004], "gnubg-2ply": [second, 0.003]},
            "judged": {"deep": judged[0], "gnubg-2ply": judged[1]},
            "judged_now": judged[0] - judged[1],
        }
    )


def test_the_paired_difference_counts_the_same_plays_as_zero(tmp_path: Path) -> None:
    judged = tmp_path / "judged.jsonl"
    # Four positions: two with the same play (equal errors), two where the plays differ.
    judged.write_text(
        "\n".join(
            [
                judged_line(0, 0.0, 0.0),
                judged_line(1, 0.0, 3.0),
                judged_line(2, 5.0, 0.0),
                judged_line(3, 1.0, 1.0),
            ]
        )
        + "\n"
    )
    assert [line["index"] for line in differing(judged, "deep", "gnubg-2ply")] == [1, 2]
    rolled = tmp_path / "rolled.jsonl"
    # Position 1: the rollout agrees with the file (deep's play better by 4 mEMG); position 2: it does not
    # (deep's play better by 2 mEMG where the file's judge found it 5 worse).
    rolled.write_text(
        rolled_line(1, 0.504, 0.500, (0.0, 3.0)) + "\n" + rolled_line(2, 0.302, 0.300, (5.0, 0.0)) + "\n"
    )
    summary = summarise(judged, rolled, "deep", "gnubg-2ply")
    gaps = [-4.0, -2.0, 0.0, 0.0]
    mean = sum(gaps) / 4
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / 3 / 4)
    assert summary["positions"] == 4 and summary["rolled_out"] == 2 and summary["differing"] == 2
    assert summary["deep_minus_gnubg-2ply_memg"] == pytest.approx(mean, abs=1e-3)
    assert summary["interval_95"] == pytest.approx([mean - 1.96 * spread, mean + 1.96 * spread], abs=1e-3)
    assert summary["deep_better"] == 2 and summary["gnubg-2ply_better"] == 0
    assert summary["judge_agrees"] == 1
    assert summary["judged_file_memg"] == pytest.approx((-3.0 + 5.0) / 4)
    # Both gaps (4 and 2 mEMG) lie within two standard errors of the difference (hypot(4, 3) = 5 mEMG each).
    assert summary["within_two_errors"] == 2


def test_a_board_rolled_out_before_with_the_same_seed_is_not_rolled_out_again(tmp_path: Path) -> None:
    earlier = tmp_path / "earlier.jsonl"
    line = {
        "index": 4,
        "after": {"deep": "A", "gnubg-2ply": "B"},
        "rollout": {"deep": [0.1, 0.004], "gnubg-2ply": [0.2, 0.003]},
        "trials": 1296,
        "seed": 5,
    }
    earlier.write_text(json.dumps(line) + "\n")
    known = known_rollouts([earlier])
    # The same boards at the same index and base seed (1 + 4): both figures come from the earlier run (no
    # gnubg is started: "A" and "B" are no boards at all).
    again = roll_out({"index": 4, "after": {"expert": "A", "gnubg-2ply": "B"}}, 1296, 1, known)
    assert again["rollout"] == {"expert": [0.1, 0.004], "gnubg-2ply": [0.2, 0.003]}
    assert again["seed"] == 5 and again["trials"] == 1296
    # Another seed or another count of trials is another rollout.
    assert ("A", 6, 1296) not in known and ("A", 5, 648) not in known


def run_line(
    index: int,
    first: str,
    board: str,
    equities: tuple[float, float],
    seed: int = 0,
    second: str = "gnubg-2ply",
) -> str:
    """A rolled-out line of a run of `first` against `second`, whose board at every index is "B<index>"."""
    return json.dumps(
        {
            "index": index,
            "after": {first: board, second: f"B{index}"},
            "rollout": {first: [equities[0], 0.004], second: [equities[1], 0.003]},
            "seed": seed or 1 + index,
        }
    )


def test_two_runs_against_one_player_compare_their_first_players_position_by_position(tmp_path: Path) -> None:
    judged = tmp_path / "judged.jsonl"
    judged.write_text("".join(judged_line(i, 0.0, 0.0) + "\n" for i in range(5)))
    expert, gnubg1 = tmp_path / "expert.jsonl", tmp_path / "gnubg1.jsonl"
    # Position 0: only the expert differs from gnubg 2-ply (2 mEMG worse); 1: only gnubg 1-ply (3 worse);
    # 2: both make the same other play (5 worse each: 0 between them); 3: different plays (1 and 4 worse).
    plays = {
        expert: [(0, "E0", (0.498, 0.500)), (2, "X2", (0.295, 0.300)), (3, "E3", (0.199, 0.200))],
        gnubg1: [(1, "G1", (0.397, 0.400)), (2, "X2", (0.295, 0.300)), (3, "G3", (0.196, 0.200))],
    }
    for path, name in ((expert, "expert"), (gnubg1, "gnubg-1ply")):
        path.write_text("".join(run_line(i, name, board, rolled) + "\n" for i, board, rolled in plays[path]))
    figures = between(judged, [expert, gnubg1])
    differences = [2.0, -3.0, 0.0, -3.0, 0.0]  # the expert's error minus gnubg 1-ply's, position by position
    mean = sum(differences) / 5
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / 4 / 5)
    assert figures["differing"] == 3
    assert figures["expert_minus_gnubg-1ply_memg"] == pytest.approx(mean, abs=1e-3)
    assert figures["interval_95"] == pytest.approx([mean - 1.96 * spread, mean + 1.96 * spread], abs=1e-3)
    assert figures["expert_better"] == 2 and figures["gnubg-1ply_better"] == 1


def test_two_runs_are_compared_only_against_the_same_boards_rolled_out_alike(tmp_path: Path) -> None:
    judged = tmp_path / "judged.jsonl"
    judged.write_text(judged_line(0, 0.0, 0.0) + "\n")
    expert, gnubg1 = tmp_path / "expert.jsonl", tmp_path / "gnubg1.jsonl"
    expert.write_text(run_line(0, "expert", "E0", (0.498, 0.500)) + "\n")
    gnubg1.write_text(run_line(0, "gnubg-1ply", "G0", (0.497, 0.500), seed=7) + "\n")
    with pytest.raises(SystemExit, match="position 0: gnubg-2ply's board or its rollout differs"):
        between(judged, [expert, gnubg1])
    other = tmp_path / "other.jsonl"
    other.write_text(run_line(0, "expert", "E0", (0.498, 0.500), second="gnubg-0ply") + "\n")
    with pytest.raises(SystemExit, match="against gnubg-2ply and gnubg-0ply"):
        between(judged, [expert, other])
