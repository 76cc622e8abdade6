"""Move generation speed: positions answered per second (every distinct resulting position of a roll).

`legal_positions` (the engines' path) against a straightforward brute force on the same positions in the same
process: each order of the dice (one for a double), the set of boards after each die grown from every board of
the die before by every checker that may move, the boards after the most dice kept (the larger die's when only
one of two can be played). Both must find the same number of results. Each is given `--repeats` passes (3 by
default), taken in turn so that both meet the same load, and its fastest pass counts. Times are this process's
CPU time (the machine is shared): `time.process_time` in CPython; under Node, Pyodide's `process_time` is the
wall clock, so the Node process's own CPU usage is read instead.

The positions come from a fixed seed: positions reached by random play from the start (contact and race),
bear-offs, checkers on the bar against strong boards, and doubles with hundreds of plays; "mixed" is all of
them together (the big doubles weigh most there). Runs in CPython and in Pyodide under Node:

    PYTHONPATH=py python3 -m benchmarks.movegen [--repeats N]
    node benchmarks/run_in_pyodide.mjs movegen [--repeats N]
    >>> import movegen; movegen.run(movegen.sample_positions())   # -> {"legal_positions_per_second": ...}

Measured on 2026-11-23 on the shared 2-core machine while other jobs kept the load average at 10 to 16:
`--repeats 5`, three runs each, the median run per set. CPython 3.11.7; Pyodide 314.0.7 (Python 3.14.2) under
Node 20. "before": `legal_positions` as of commit 3858935, before its searches of its own, in the same
benchmark (runs taken in turn with the others).

    set           positions plays/pos | CPython pos/s  brute speed-up  before | Pyodide pos/s  brute speed-up
    random games        600      19.7 |         36755  18323     2.0x   27033 |         16090   9907     1.5x
    bear-off            200       7.0 |         54027  34205     1.6x   42748 |         29595  19718     1.5x
    bar                 100       5.1 |        121974  97077     1.2x   90812 |         54407  56085     1.0x
    big doubles         100     766.4 |          1218    345     3.5x     717 |           585    228     2.6x
    mixed (all)        1000      90.4 |          9046   3152     3.0x    6003 |          4505   1996     2.3x

Pyodide runs `legal_positions` at 0.44 (random games) to 0.55 (bear-off) of CPython's speed, 0.50 on
the mixed set; the brute force at 0.54 to 0.66. Where the time goes: building one `Position` per result (a
tuple of 25 counts and the object) is about half of it in CPython and more in Pyodide, where reading the
counts out of bytes costs some 0.5 us a board; so rolls with few results gain least (bar entries: nothing
in Pyodide).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence

from backgammon import Position, legal_positions
from benchmarks.cpu_clock import cpu_clock

Dice = tuple[int, int]
Case = tuple[Position, Dice]
Board = tuple[tuple[int, ...], tuple[int, ...]]
SEED = 20261123


def brute_force_results(position: Position, dice: Dice) -> set[Board]:
    """Straightforward brute force, one die at a time: for each order of the dice, the set of boards after
    each die, from every board of the die before and every checker that may move; the boards after the most
    dice win (the larger die's when only one of two can be played)."""
    die1, die2 = dice
    orders = [(die1,) * 4] if die1 == die2 else [(die1, die2), (die2, die1)]
    ends: list[tuple[int, int, set[Board]]] = []  # (dice played, first die, boards)
    for order in orders:
        boards = {(position.mine, position.theirs)}
        played = 0
        for die in order:
            after: set[Board] = set()
            for mine, theirs in boards:
                home = not any(mine[6:])
                for source in (24,) if mine[24] else range(23, -1, -1):
                    if not mine[source]:
                        continue
                    dest = source - die
                    if dest >= 0:
                        if theirs[23 - dest] >= 2:
                            continue
                    elif not home or (dest < -1 and any(mine[source + 1 : 6])):
                        continue
                    new_mine = list(mine)
                    new_mine[source] -= 1
                    new_theirs = theirs
                    if dest >= 0:
                        new_mine[dest] += 1
                        if theirs[23 - dest] == 1:
                            changed = list(theirs)
                            changed[23 - dest] = 0
                            changed[24] += 1
                            new_theirs = tuple(changed)
                    after.add((tuple(new_mine), new_theirs))
            if not after:
                break
            boards = after
            played += 1
        ends.append((played, order[0], boards))
    most = max(played for played, _, _ in ends)
    if most == 1 and die1 != die2:
        larger = [boards for played, first, boards in ends if played == 1 and first == max(dice)]
        if larger:
            return larger[0]
    return set().union(*(boards for played, _, boards in ends if played == most))


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
    """The CPU time of one pass over `cases`, and the results counted."""
    clock = cpu_clock()
    results = 0
    start = clock()
    for position, dice in cases:
        found = generator(position, dice)
        results += len(found)  # type: ignore[arg-type]
    return clock() - start, results


def run(cases: Sequence[Case], repeats: int = 3) -> dict[str, float]:
    """Answer every case with both generators, `repeats` passes each taken in turn (so both meet the same
    load), and keep each one's fastest pass; return the figures (per second and the ratio)."""
    fast_seconds = brute_seconds = float("inf")
    fast_results = brute_results = 0
    for _ in range(repeats):
        seconds, fast_results = _time(legal_positions, cases)
        fast_seconds = min(fast_seconds, seconds)
        seconds, brute_results = _time(brute_force_results, cases)
        brute_seconds = min(brute_seconds, seconds)
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
    repeats = int(sys.argv[sys.argv.index("--repeats") + 1]) if "--repeats" in sys.argv else 3
    sets = sample_sets()
    everything = [case for cases in sets.values() for case in cases]
    clock = "Node process CPU" if cpu_clock() is not time.process_time else "process_time"
    print(f"Python {sys.version.split()[0]} on {sys.platform}; {clock}, best of {repeats} passes")
    print(
        f"{'set':<14}{'positions':>10}{'plays/pos':>10}{'fast pos/s':>12}{'brute pos/s':>13}{'speed-up':>10}"
    )
    for name, cases in [*sets.items(), ("mixed (all)", everything)]:
        figures = run(cases, repeats)
        print(
            f"{name:<14}{len(cases):>10}{figures['results'] / len(cases):>10.1f}"
            f"{figures['legal_positions_per_second']:>12.0f}{figures['brute_force_per_second']:>13.0f}"
            f"{figures['speedup']:>9.1f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
