"""Move generation speed: positions answered per second (every distinct resulting position of a roll).

The set of positions is generated from a fixed seed: positions reached by random play from the start (contact
and race), bear-offs, positions with checkers on the bar, and doubles with hundreds of plays. A plain
brute-force generator (every order of every die, every resulting board kept in a set) runs on the same set in
the same process, so the speed-up is a ratio measured here and now. Runs in CPython and, imported, in Pyodide:

    PYTHONPATH=py python3 benchmarks/movegen.py
    >>> import movegen; movegen.run(movegen.sample_positions())
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

try:
    from backgammon import Position, legal_positions
except ImportError:  # running from a checkout without PYTHONPATH
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
    from backgammon import Position, legal_positions

Dice = tuple[int, int]
Case = tuple[Position, Dice]
SEED = 20261123


def brute_force_results(position: Position, dice: Dice) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Plain reference: try every die order, every checker, keep the longest plays, dedupe at the end."""
    die1, die2 = dice
    orders = [(die1,) * 4] if die1 == die2 else [(die1, die2), (die2, die1)]
    finals: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []  # (moves, mine, theirs, first die)

    def extend(mine: list[int], theirs: list[int], order: Sequence[int], used: int) -> None:
        moved = False
        if used < len(order):
            die = order[used]
            for source in range(25, 0, -1):
                if not mine[source - 1] or (mine[24] and source != 25):
                    continue
                dest = source - die
                if dest > 0:
                    if theirs[24 - dest] >= 2:
                        continue
                else:
                    if any(mine[6:]) or (dest < 0 and any(mine[source:6])):
                        continue
                new_mine, new_theirs = list(mine), list(theirs)
                new_mine[source - 1] -= 1
                if dest > 0:
                    new_mine[dest - 1] += 1
                    if new_theirs[24 - dest] == 1:
                        new_theirs[24 - dest] = 0
                        new_theirs[24] += 1
                moved = True
                extend(new_mine, new_theirs, order, used + 1)
        if not moved:
            finals.append((used, tuple(mine), tuple(theirs), order[0]))

    for order in orders:
        extend(list(position.mine), list(position.theirs), order, 0)
    longest = max(used for used, *_ in finals)
    if longest == 0:
        return {(position.mine, position.theirs)}
    chosen = [f for f in finals if f[0] == longest]
    if die1 != die2 and longest == 1:
        larger = [f for f in chosen if f[3] == max(dice)]
        chosen = larger or chosen
    return {(mine, theirs) for _, mine, theirs, _ in chosen}


def _random_side(rng: random.Random, slots: Sequence[int], count: int) -> list[int]:
    side = [0] * 25
    for _ in range(count):
        side[rng.choice(slots)] += 1
    return side


def sample_positions(count: int = 1500, seed: int = SEED) -> list[Case]:
    """A fixed mix: random-play positions (contact and race), bear-offs, bar entries, big doubles."""
    rng = random.Random(seed)
    cases: list[Case] = []
    while len(cases) < count * 6 // 10:  # positions from random games
        position = Position.start()
        for _ in range(rng.randint(1, 60)):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            cases.append((position, dice))
            options = legal_positions(position, dice)
            position = rng.choice(options).swap()
            if position.winner_side() is not None:
                break
    while len(cases) < count * 8 // 10:  # bear-offs, sometimes against checkers still coming round
        mine = _random_side(rng, range(6), rng.randint(1, 15))
        theirs = [0] * 25
        for slot in rng.sample(range(0, 24), 4):
            if not mine[23 - slot]:
                theirs[slot] += rng.randint(0, 3)
        cases.append((Position(mine, theirs), (rng.randint(1, 6), rng.randint(1, 6))))
    while len(cases) < count * 9 // 10:  # checkers on the bar against a strong home board
        theirs = [0] * 25
        for slot in rng.sample(range(6), rng.randint(2, 6)):
            theirs[slot] = 2
        mine = [0] * 25
        mine[24] = rng.randint(1, 3)
        free = [i for i in range(24) if not theirs[23 - i]]
        for _ in range(15 - mine[24] - rng.randint(0, 3)):
            mine[rng.choice(free)] += 1
        cases.append((Position(mine, theirs), (rng.randint(1, 6), rng.randint(1, 6))))
    while len(cases) < count:  # doubles with many checkers spread out: hundreds of plays
        mine = [0] * 25
        for slot in rng.sample(range(4, 20), 8):
            mine[slot] = 1
        for _ in range(7):
            mine[rng.choice(range(4, 20))] += 1
        theirs = [0] * 25
        theirs[24] = 15 - 2
        theirs[0] = 2 if not mine[23] else 0
        die = rng.choice((1, 2, 3))
        cases.append((Position(mine, theirs), (die, die)))
    return cases


def _time(generator: Callable[[Position, Dice], object], cases: Sequence[Case]) -> tuple[float, int]:
    results = 0
    start = time.perf_counter()
    for position, dice in cases:
        found = generator(position, dice)
        results += len(found)  # type: ignore[arg-type]
    return time.perf_counter() - start, results


def run(cases: Sequence[Case]) -> dict[str, float]:
    """Answer every case with both generators; return the figures (per second and the ratio)."""
    fast_seconds, fast_results = _time(legal_positions, cases)
    brute_seconds, brute_results = _time(brute_force_results, cases)
    if fast_results != brute_results:
        raise AssertionError(f"generators disagree: {fast_results} vs {brute_results} results")
    doubles = sum(1 for _, (a, b) in cases if a == b)
    return {
        "positions": float(len(cases)),
        "doubles": float(doubles),
        "results": float(fast_results),
        "legal_positions_per_second": len(cases) / fast_seconds,
        "brute_force_per_second": len(cases) / brute_seconds,
        "speedup": brute_seconds / fast_seconds,
        "results_per_second": fast_results / fast_seconds,
    }


def main() -> None:
    cases = sample_positions()
    figures = run(cases)
    print(
        f"Python {sys.version.split()[0]} on {sys.platform}, {int(figures['positions'])} positions "
        f"({int(figures['doubles'])} doubles), {int(figures['results'])} resulting positions"
    )
    print(
        f"legal_positions: {figures['legal_positions_per_second']:10.0f} positions/s "
        f"({figures['results_per_second']:.0f} resulting positions/s)"
    )
    print(f"brute force:     {figures['brute_force_per_second']:10.0f} positions/s")
    print(f"speed-up:        {figures['speedup']:10.1f}x")


if __name__ == "__main__":
    main()
