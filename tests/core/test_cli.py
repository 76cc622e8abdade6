"""`python -m backgammon plays`: every legal play and the Position ID it leads to, as text or JSON."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_movegen_reference import board

from backgammon import Position, legal_plays
from backgammon.cli import main

START = "4HPwATDgc/ABMA"


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), io.StringIO(stdin), out, err)
    return status, out.getvalue(), err.getvalue()


def test_plays_lists_every_distinct_play_with_the_position_it_leads_to() -> None:
    status, out, err = run("plays", START, "31")
    assert status == 0 and err == ""
    lines = out.splitlines()
    expected = legal_plays(Position.start(), (3, 1))
    assert len(lines) == len(expected) == 16
    assert "8/5 6/5\t" + Position.start().play_notation("8/5 6/5", (3, 1)).id in lines
    ids = [line.split("\t")[1] for line in lines]
    assert sorted(ids) == sorted(after.id for after in expected.positions)


def test_json_output_keeps_the_player_on_roll() -> None:
    status, out, _ = run("plays", "--json", START, "65")
    assert status == 0
    answer = json.loads(out)
    assert {"play": "24/13", "position_id": Position.start().play_notation("24/13", (6, 5)).id} in answer
    for entry in answer:
        after = Position.from_id(entry["position_id"])
        assert after.pip_count()[1] == 167 and after.pip_count()[0] == 167 - 11  # the mover moved 11 pips


def test_no_legal_play_is_one_empty_play_and_the_same_id() -> None:
    closed = board({25: 1, 6: 14}, {point: 2 for point in range(1, 7)})
    status, out, _ = run("plays", "--json", closed.id, "65")
    assert status == 0
    assert json.loads(out) == [{"play": "", "position_id": closed.id}]
    assert run("plays", closed.id, "65")[1] == f"pass\t{closed.id}\n"


@pytest.mark.parametrize(
    ("position_id", "dice"), [("nonsense", "31"), (START, "71"), (START, "3"), (START, "ab")]
)
def test_bad_input_exits_with_status_2_and_a_message(position_id: str, dice: str) -> None:
    status, out, err = run("plays", position_id, dice)
    assert status == 2 and out == ""
    assert err.startswith("plays: ") and (repr(position_id) in err or repr(dice) in err)


def test_batch_mode_answers_each_line_and_goes_on_after_errors() -> None:
    status, out, err = run("plays", "--json", stdin=f"{START} 31\nbad 31\n\n{START} 66\n")
    lines = out.splitlines()
    assert len(lines) == 3
    assert len(json.loads(lines[0])) == 16
    assert "error" in json.loads(lines[1]) and "'bad'" in json.loads(lines[1])["error"]
    assert len(json.loads(lines[2])) == len(legal_plays(Position.start(), (6, 6)))
    assert status == 2 and "bad" in err


def test_batch_mode_in_text_gives_one_line_per_position() -> None:
    status, out, _ = run("plays", stdin=f"{START} 21\n{START} 2 1\n")
    assert status == 0
    first, second = out.splitlines()
    assert first == second and first.count(";") == len(legal_plays(Position.start(), (2, 1))) - 1


def test_a_position_id_without_dice_is_a_usage_error() -> None:
    status, _, err = run("plays", START)
    assert status == 2 and "DICE" in err


@pytest.mark.parametrize("dice", ["31", "3-1", "3,1", "3 1", "13"])
def test_dice_may_be_written_with_a_dash_a_comma_or_a_space_in_either_order(dice: str) -> None:
    status, out, err = run("plays", START, dice)
    assert status == 0 and err == ""
    assert sorted(out.splitlines()) == sorted(run("plays", START, "31")[1].splitlines())


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param([], id="no-command"),
        pytest.param(["frob"], id="unknown-command"),
        pytest.param(["plays", "--bogus", START, "31"], id="unknown-option"),
        pytest.param(["plays", START, "31", "extra"], id="extra-argument"),
    ],
)
def test_usage_errors_exit_with_status_2_and_a_message_on_stderr(argv: list[str]) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert "usage: python -m backgammon" in err and "error:" in err


def test_help_goes_to_stdout_and_exits_0() -> None:
    status, out, err = run("plays", "--help")
    assert status == 0 and err == ""
    assert out.startswith("usage: python -m backgammon plays")


def test_batch_mode_in_text_answers_a_bad_line_with_an_error_line_and_goes_on() -> None:
    status, out, err = run("plays", stdin=f"{START} 31\n{START}\n{START} 9 9\n{START} 66\n")
    lines = out.splitlines()
    assert len(lines) == 4
    assert lines[1] == f"error: Expected 'POSITION_ID DICE', got '{START}'."
    assert lines[2].startswith("error: Dice must be two digits 1 to 6")
    assert lines[3].count(";") == len(legal_plays(Position.start(), (6, 6))) - 1
    assert status == 2 and err.count("plays: ") == 2


def test_batch_mode_with_only_good_lines_exits_0() -> None:
    status, out, err = run("plays", "--json", stdin=f"{START} 31\n{START} 5 2\n")
    assert status == 0 and err == ""
    counts = [len(json.loads(line)) for line in out.splitlines()]
    assert counts == [16, len(legal_plays(Position.start(), (5, 2)))]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_python_dash_m_backgammon() -> None:
    source = Path(__file__).resolve().parents[2] / "py"
    done = subprocess.run(
        [sys.executable, "-m", "backgammon", "plays", "--json", START, "11"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(source)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == len(legal_plays(Position.start(), (1, 1)))


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_python_dash_m_backgammon_bad_input_and_batch() -> None:
    source = Path(__file__).resolve().parents[2] / "py"
    command = [sys.executable, "-m", "backgammon", "plays"]
    env = {"PYTHONPATH": str(source)}
    bad = subprocess.run([*command, START, "71"], capture_output=True, text=True, env=env, check=False)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "plays: Dice must be two digits 1 to 6 like 31, got '71'.\n"
    batch = subprocess.run(
        [*command, "--json"],
        input=f"{START} 31\nbad 31\n",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert batch.returncode == 2
    first, second = batch.stdout.splitlines()
    assert len(json.loads(first)) == 16 and "error" in json.loads(second)
