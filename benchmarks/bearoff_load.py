"""The cost of the bear-off database: reading and decompressing its file, and judging a bear-off by it
against the race network.

    python3 -m benchmarks.bearoff_load [--runs 5] [--positions 2000]
    node benchmarks/run_in_pyodide.mjs bearoff_load [--runs 5]      # inside Pyodide under Node

Prints the best of `--runs` for each figure (wall-clock, milliseconds or microseconds): the file read
(package data here; in the site the worker fetches it instead), the database made from the bytes
(decompression and checks), the first bear-off judged from nothing, and the mean time per bear-off over
`--positions` random pairs of home boards, each record decoded the first time (`cold`) and again
(`warm`, the records kept), next to one race-network evaluation of the same boards.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def main() -> None:
    from backgammon.bot import bearoff_db
    from backgammon.bot.encoding import active_inputs
    from backgammon.bot.evaluator import network_for

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()

    def best(step: object) -> float:
        times = []
        for _ in range(args.runs):
            began = time.perf_counter()
            step()  # type: ignore[operator]
            times.append(time.perf_counter() - began)
        return min(times)

    data = bearoff_db.read_data()
    read = best(bearoff_db.read_data)
    made = best(lambda: bearoff_db.Database(data))

    def first_judged() -> None:
        bearoff_db.database.cache_clear()
        bearoff_db.two_sided((2, 2, 2, 2, 2, 0) + (0,) * 19, (3, 3, 3, 0, 0, 0) + (0,) * 19)

    first = best(first_judged)

    rng = random.Random(1)
    boards = [tuple(rng.randint(0, 2) for _ in range(6)) + (0,) * 19 for _ in range(args.positions)]
    pairs = [(a, b) for a, b in zip(boards, reversed(boards), strict=True) if any(a) and any(b)]

    def judge_all() -> None:
        for mine, theirs in pairs:
            bearoff_db.two_sided(mine, theirs, db)

    db = bearoff_db.Database(data)
    began = time.perf_counter()
    judge_all()
    cold = (time.perf_counter() - began) / len(pairs)
    warm = best(judge_all) / len(pairs)
    net = network_for(True)
    inputs = [active_inputs(mine, theirs) for mine, theirs in pairs]
    network = best(lambda: [net.evaluate(row) for row in inputs]) / len(pairs)
    print(
        json.dumps(
            {
                "python": sys.version.split()[0],
                "file_bytes": len(data),
                "read_ms": round(read * 1e3, 1),
                "database_ms": round(made * 1e3, 1),
                "first_bear_off_ms": round(first * 1e3, 1),
                "bear_off_cold_us": round(cold * 1e6, 1),
                "bear_off_warm_us": round(warm * 1e6, 1),
                "race_network_us": round(network * 1e6, 1),
                "positions": len(pairs),
            }
        )
    )


if __name__ == "__main__":
    main()
