"""Move generation speed: positions answered per second (every distinct resulting position of a roll).

Times are CPU time of this process (the machine is shared). The positions are generated from a fixed seed:
positions reached by random play from the start (contact and race), bear-offs, checkers on the bar, and
doubles with hundreds of plays. A plain brute-force generator (every order of every die, every resulting
board kept in a set) runs on the same set in the same process, so the speed-up is a ratio measured here and
now. Runs in CPython and, imported, in Pyodide:

    PYTHONPATH=py python3 benchmarks/movegen.py
    >>> import movegen; movegen.run(movegen.sample_positions())   # -> {"legal_positions_per_second": ...}

Measured on 2026-11-23, CPython 3.11 on the shared 2-core build machine (positions per second):

    set            positions plays/pos  fast pos/s  brute pos/s  speed-up
    random games         600      19.7       24592         3631      6.8x
    bear-off             200       7.0       27977        11190      2.5x
    bar                  100       5.1       79611        37193      2.1x
    big doubles          100     766.4         461           29     16.1x
    all                 1000      90.4        5297          258     20.5x
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


def sample_sets(count: int = 1000, seed: int = SEED) -> dict[str, list[Case]]:
    """A fixed mix by kind: random-play positions (contact and race), bear-offs, bar entries, big doubles."""
    rng = random.Random(seed)
    sets: dict[str, list[Case]] = {"random games": [], "bear-off": [], "bar": [], "big doubles": []}
    games = sets["random games"]
    while len(games) < count * 6 // 10:
        position = Position.start()
        for _ in range(rng.randint(1, 60)):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            games.append((position, dice))
            # sorted, so the sample does not depend on the order the generator lists its results in
            options = sorted(legal_positions(position, dice), key=lambda p: (p.mine, p.theirs))
            position = rng.choice(options).swap()
            if position.winner_side() is not None:
                break
    del games[count * 6 // 10 :]
    while len(sets["bear-off"]) < count * 2 // 10:  # sometimes against checkers still coming round
        mine = _random_side(rng, range(6), rng.randint(1, 15))
        theirs = [0] * 25
        for slot in rng.sample(range(0, 24), 4):
            if not mine[23 - slot]:
                theirs[slot] += rng.randint(0, 3)
        sets["bear-off"].append((Position(mine, theirs), (rng.randint(1, 6), rng.randint(1, 6))))
    while len(sets["bar"]) < count // 10:  # checkers on the bar against a strong home board
        theirs = [0] * 25
        for slot in rng.sample(range(6), rng.randint(2, 6)):
            theirs[slot] = 2
        mine = [0] * 25
        mine[24] = rng.randint(1, 3)
        free = [i for i in range(24) if not theirs[23 - i]]
        for _ in range(15 - mine[24] - rng.randint(0, 3)):
            mine[rng.choice(free)] += 1
        sets["bar"].append((Position(mine, theirs), (rng.randint(1, 6), rng.randint(1, 6))))
    while len(sets["big doubles"]) < count // 10:  # many checkers spread out: hundreds of plays
        mine = [0] * 25
        for slot in rng.sample(range(4, 20), 8):
            mine[slot] = 1
        for _ in range(7):
            mine[rng.choice(range(4, 20))] += 1
        theirs = [0] * 25
        theirs[24] = 15 - 2
        theirs[0] = 2 if not mine[23] else 0
        die = rng.choice((1, 2, 3))
        sets["big doubles"].append((Position(mine, theirs), (die, die)))
    return sets


def sample_positions(count: int = 1000, seed: int = SEED) -> list[Case]:
    """All of `sample_sets` in one list."""
    return [case for cases in sample_sets(count, seed).values() for case in cases]


def _time(generator: Callable[[Position, Dice], object], cases: Sequence[Case]) -> tuple[float, int]:
    results = 0
    start = time.process_time()
    for position, dice in cases:
        found = generator(position, dice)
        results += len(found)  # type: ignore[arg-type]
    return time.process_time() - start, results


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
    sets = sample_sets()
    everything = [case for cases in sets.values() for case in cases]
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    print(
        f"{'set':<14}{'positions':>10}{'plays/pos':>10}{'fast pos/s':>12}{'brute pos/s':>13}{'speed-up':>10}"
    )
    for name, cases in [*sets.items(), ("all", everything)]:
        figures = run(cases)
        print(
            f"{name:<14}{len(cases):>10}{figures['results'] / len(cases):>10.1f}"
            f"{figures['legal_positions_per_second']:>12.0f}{figures['brute_force_per_second']:>13.0f}"
            f"{figures['speedup']:>9.1f}x"
        )


if __name__ == "__main__":
    main()
