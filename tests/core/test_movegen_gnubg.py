"""GNU Backgammon's own choice of play is legal to our rules, in positions of every kind (runs where `gnubg`
is installed; `make test` installs Debian's package).

The positions come from seeded random games, so they hold openings, hits, checkers on the bar, closed
boards and bear-offs. For each roll gnubg picks its best play (its 0-ply nets, through its embedded
Python's `findbestmove`), and that one play must be among ours (`Position.play` accepts it and the
position it reaches is one of `legal_positions`). This shows we never forbid a play gnubg would make; it
does not show that we miss no legal play, since only gnubg's first choice is asked: the whole set of
legal plays is checked against an independent implementation of the rules in
`test_movegen_reference.py`, used by `test_movegen.py` with Hypothesis.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
from gnubg_support import GNUBG

from backgammon import Position, legal_positions
from backgammon.move import Move, Play

pytestmark = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon (gnubg) is not installed")

# Runs inside gnubg: reads "POSITION_ID DIE DIE" lines, writes gnubg's play of each as JSON.
CHOOSE_PLAYS = """
import json, gnubg
gnubg.command("new session")
cube = gnubg.cubeinfo()
context = {{"cubeful": 0, "plies": 0, "deterministic": 1, "prune": 0, "noise": 0.0}}
plays = []
for line in open({rolls!r}):
    position_id, first, second = line.split()
    board = gnubg.positionfromid(position_id)  # (the side not on roll, the side on roll)
    plays.append(list(gnubg.findbestmove(board, cube, context, (int(first), int(second)))))
open({plays!r}, "w").write(json.dumps(plays))
"""


def random_rolls(games: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Every (position, roll) of `games` games of random legal plays."""
    rng = random.Random(seed)
    rolls: list[tuple[Position, tuple[int, int]]] = []
    for _ in range(games):
        position = Position.start()
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            rolls.append((position, dice))
            after = rng.choice(list(legal_positions(position, dice)))
            if not any(after.mine):
                break
            position = after.swap()
    return rolls


def gnubg_plays(tmp_path: Path, rolls: list[tuple[Position, tuple[int, int]]]) -> list[list[int]]:
    rolls_file, plays_file, script = tmp_path / "rolls.txt", tmp_path / "plays.json", tmp_path / "choose.py"
    rolls_file.write_text("".join(f"{position.id} {a} {b}\n" for position, (a, b) in rolls))
    script.write_text(CHOOSE_PLAYS.format(rolls=str(rolls_file), plays=str(plays_file)))
    assert GNUBG is not None
    completed = subprocess.run(
        [GNUBG, "-t", "-q", "-p", str(script)], capture_output=True, text=True, timeout=300, check=False
    )
    assert plays_file.exists(), completed.stdout[-2000:] + completed.stderr[-2000:]
    plays: list[list[int]] = json.loads(plays_file.read_text())
    return plays


def test_every_play_gnubg_chooses_is_legal_to_us(tmp_path: Path) -> None:
    rolls = random_rolls(games=6, seed=8)
    plays = gnubg_plays(tmp_path, rolls)
    assert len(plays) == len(rolls)
    kinds = {"enters from the bar": 0, "bears off": 0, "passes": 0}
    for (position, dice), move in zip(rolls, plays, strict=True):
        play = Play(Move(source, dest) for source, dest in zip(move[::2], move[1::2], strict=True))
        after = position.play(play, dice)  # raises IllegalMoveError, naming the rule, if our rules refuse it
        assert after in legal_positions(position, dice)
        kinds["enters from the bar"] += any(step.source == 25 for step in play)
        kinds["bears off"] += any(step.dest == 0 for step in play)
        kinds["passes"] += not play
    # The random games reach every kind of play these rules are about.
    assert all(count > 0 for count in kinds.values()), kinds
