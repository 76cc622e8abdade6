"""Check the training move generator against the rules core on random self-play positions.

python3 training/check_fastgen.py [games]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from fastgen import successors
from selfplay import START

from backgammon import Position, legal_positions


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(7)
    checked = 0
    for _ in range(games):
        mine, theirs = START, START
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            ours = set(successors(mine, theirs, *dice))
            core = {(p.mine, p.theirs) for p in legal_positions(Position(mine, theirs), dice)}
            if ours != core:
                raise SystemExit(f"mismatch at {Position(mine, theirs).id} {dice}: {ours ^ core}")
            checked += 1
            mine, theirs = rng.choice(sorted(ours))
            if sum(mine) == 0:
                break
            mine, theirs = theirs, mine
    print(f"{checked} rolls agree")


if __name__ == "__main__":
    main()
