"""Time the computer's move choice per level: mean and 95th percentile per move, and one evaluation.

The positions come from a fixed seed (random play from the start: openings, middle games, races,
bear-offs). CPython by default; `--pyodide` runs the same measurement inside Pyodide under Node
(needs `node_modules/pyodide`, as for `tests/pyodide`):

    PYTHONPATH=py python3 -m benchmarks.bot_speed [--moves 40] [--pyodide] [--cpu]

`--cpu` times each move by the process's CPU clock (Node's in Pyodide) instead of the wall clock: steadier
when the machine is shared. Boards the evaluator remembers (`evaluator.forget_boards`) are forgotten before
each move, so one level's choice does not lend its evaluations to the next level's.

After the evaluator's speed-up (exact sums, difference rows, several rows per pass), 2026-11-24 12:57-12:59
UTC, load average about 2.5, `--moves 100 --cpu`, the code before and after alternating (two runs each),
CPU ms per move, mean / median / p95 / max:

| level, run | CPython 3.11 before | CPython 3.11 after | Pyodide before | Pyodide after |
| --- | --- | --- | --- | --- |
| expert, 1 | 86 / 41 / 316 / 428 | 62 / 37 / 200 / 386 | 206 / 104 / 635 / 1106 | 136 / 71 / 447 / 696 |
| expert, 2 | 77 / 38 / 259 / 404 | 54 / 28 / 167 / 241 | 202 / 102 / 624 / 1054 | 132 / 68 / 457 / 711 |
| intermediate, 1 | 2.2 / 0.9 / 7.3 / 33 | 1.5 / 0.7 / 6.0 / 19 | 6.9 / 3.1 / 22 / 88 | 3.9 / 1.8 / 11 / 47 |
| one evaluation (µs) | 225, 194 | 145, 141 | 552, 523 | 366, 358 |

Before it, measured on 2026-11-24 04:07 UTC on the shared 2-core machine (load average about 1 to
1.8), `--moves 100`, wall-clock per move, mean / median / p95 / max in ms; run 6's weights (contact net of
128 hidden units) and run 5's (64) one after the other:

| level | CPython 3.11 | Pyodide 314 (Python 3.14) under Node |
| --- | --- | --- |
| beginner | 3.0 / 1.2 / 9.9 / 45.7 | 8.1 / 3.3 / 26.6 / 123.6 |
| intermediate | 2.9 / 1.1 / 9.6 / 44.7 | 8.2 / 3.2 / 26.4 / 121.7 |
| expert | 100.9 / 52.5 / 317.1 / 552.6 | 257.2 / 132.0 / 814.9 / 1377.9 |
| expert, run 5's weights | 68.2 / 31.0 / 235.2 / 332.5 | 165.5 / 75.6 / 575.7 / 821.2 |
| one evaluation (µs) | 241.3 (run 5: 144.5) | 658.6 (run 5: 361.4) |

On 2026-11-23 (load average about 1.6) run 5's weights had given expert 45.5 / 20.5 / 156.7 / 222.0 in
CPython and 97.9 / 44.4 / 342.9 / 488.8 in Pyodide: the machine's speed moves from day to day, so compare
weights within one run. At a load average of 10 to 15 an older Pyodide run gave expert mean 566, p95 2038,
max 4065 ms: the machine's load, not the work (the evaluations the expert may spend are capped by
`levels.EXPERT.budget`).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

from backgammon import Position, legal_positions
from backgammon.bot.evaluator import evaluate, forget_boards
from backgammon.bot.levels import LEVELS
from backgammon.bot.player import choose_play
from benchmarks.cpu_clock import cpu_clock

REPO = Path(__file__).resolve().parent.parent

SEED = 20261123


def sample_cases(count: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(SEED)
    cases: list[tuple[Position, tuple[int, int]]] = []
    position = Position.start()
    while len(cases) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if rng.random() < 0.5:  # keep every other position so the set spans whole games
            cases.append((position, dice))
        after = rng.choice(legal_positions(position, dice))
        position = after.swap() if any(after.mine) else Position.start()
    return cases


def measure(moves: int, cpu: bool = False) -> dict[str, object]:
    """Per-move times by level: wall-clock, or with `cpu` the process's CPU time (steadier when busy)."""
    cases = sample_cases(moves)
    clock = cpu_clock() if cpu else time.perf_counter
    figures: dict[str, object] = {"python": sys.version.split()[0], "platform": sys.platform, "moves": moves}
    figures["clock"] = "process CPU" if cpu else "wall"
    started = time.perf_counter()
    start = Position.start()
    evaluate(start.mine, start.theirs)  # the first call reads the weights file
    figures["load_weights_ms"] = round((time.perf_counter() - started) * 1000, 1)
    started = clock()
    evaluations = 0
    for position, _ in cases:
        for _ in range(20):
            evaluate(position.mine, position.theirs)
            evaluations += 1
    figures["evaluation_us"] = round((clock() - started) / evaluations * 1e6, 1)
    for name, level in LEVELS.items():
        times = []
        rng = random.Random(1)
        for position, dice in cases:
            forget_boards()  # none remembered from another level's choice of the same move
            t0 = clock()
            choose_play(position, dice, level=level, rng=rng)
            times.append(clock() - t0)
        times.sort()
        figures[name] = {
            "mean_ms": round(sum(times) / len(times) * 1000, 1),
            "median_ms": round(times[len(times) // 2] * 1000, 1),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))] * 1000, 1),
            "max_ms": round(times[-1] * 1000, 1),
        }
    return figures


PYODIDE_RUNNER = """
import { join } from "node:path";
const repo = process.argv[1];
const { loadPyodide } = await import(join(repo, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(repo, "node_modules", "pyodide") + "/" });
pyodide.mountNodeFS("/repo", repo);
const out = await pyodide.runPythonAsync(`
import sys, json
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo/py", "/repo"]  # nothing is installed inside Pyodide (as benchmarks/run_in_pyodide.mjs)
from benchmarks import bot_speed
json.dumps(bot_speed.measure(${process.argv[2]}, ${process.argv[3]}))
`);
console.log(out);
"""


def measure_in_pyodide(moves: int, cpu: bool = False) -> dict[str, object]:
    result = subprocess.run(
        ["node", "--input-type=module", "-e", PYODIDE_RUNNER, str(REPO), str(moves), str(cpu)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--pyodide", action="store_true", help="measure inside Pyodide under Node")
    parser.add_argument("--cpu", action="store_true", help="per-move CPU time instead of wall-clock")
    args = parser.parse_args()
    figures = measure_in_pyodide(args.moves, args.cpu) if args.pyodide else measure(args.moves, args.cpu)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
