"""Time the computer's move choice per level: mean and 95th percentile per move, and one evaluation.

The positions come from a fixed seed (random play from the start: openings, middle games, races,
bear-offs). CPython by default; `--pyodide` runs the same measurement inside Pyodide under Node
(needs `node_modules/pyodide`, as for `tests/pyodide`):

    PYTHONPATH=py python3 benchmarks/bot_speed.py [--moves 40] [--pyodide]

Measured on 2026-11-23 17:18 UTC on the shared 2-core machine (load average about 1.6), `--moves 100`,
wall-clock per move, mean / median / p95 / max in ms (weights of run 5, 208 inputs); the
previous weights and 202-input encoding were measured in the same minutes:

| level | CPython 3.11 | Pyodide 314 (Python 3.14) under Node |
| --- | --- | --- |
| beginner | 1.3 / 0.6 / 4.2 / 19.2 | 3.1 / 1.3 / 10.8 / 49.3 |
| intermediate | 1.3 / 0.5 / 4.2 / 18.7 | 2.8 / 1.1 / 9.6 / 41.8 |
| expert | 45.5 / 20.5 / 156.7 / 222.0 | 97.9 / 44.4 / 342.9 / 488.8 |
| expert, previous weights | 38.4 / 18.5 / 125.2 / 188.4 | 84.8 / 41.8 / 281.6 / 418.4 |
| one evaluation (µs) | 93.7 (previous: 87.9) | 235.7 (previous: 218.8) |

At a load average of about 5 the previous weights gave expert 64.2 / 22.5 / 206.5 / 527.6 (CPython) and
169.0 / 61.7 / 589.8 / 904.6 (Pyodide); at 10 to 15 the same Pyodide run gave expert mean 566, p95 2038, max
4065 ms: the machine's load, not the work (the evaluations the expert may spend are capped by
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

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from backgammon import Position, legal_positions  # noqa: E402
from backgammon.bot.evaluator import evaluate  # noqa: E402
from backgammon.bot.levels import LEVELS  # noqa: E402
from backgammon.bot.player import choose_play  # noqa: E402

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


def measure(moves: int) -> dict[str, object]:
    cases = sample_cases(moves)
    figures: dict[str, object] = {"python": sys.version.split()[0], "platform": sys.platform, "moves": moves}
    started = time.perf_counter()
    start = Position.start()
    evaluate(start.mine, start.theirs)  # the first call reads the weights file
    figures["load_weights_ms"] = round((time.perf_counter() - started) * 1000, 1)
    started = time.perf_counter()
    evaluations = 0
    for position, _ in cases:
        for _ in range(20):
            evaluate(position.mine, position.theirs)
            evaluations += 1
    figures["evaluation_us"] = round((time.perf_counter() - started) / evaluations * 1e6, 1)
    for name, level in LEVELS.items():
        times = []
        rng = random.Random(1)
        for position, dice in cases:
            t0 = time.perf_counter()
            choose_play(position, dice, level=level, rng=rng)
            times.append(time.perf_counter() - t0)
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
sys.path.insert(0, "/repo/py"); sys.path.insert(0, "/repo/benchmarks")
import bot_speed
json.dumps(bot_speed.measure(${process.argv[2]}))
`);
console.log(out);
"""


def measure_in_pyodide(moves: int) -> dict[str, object]:
    result = subprocess.run(
        ["node", "--input-type=module", "-e", PYODIDE_RUNNER, str(REPO), str(moves)],
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
    args = parser.parse_args()
    figures = measure_in_pyodide(args.moves) if args.pyodide else measure(args.moves)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
