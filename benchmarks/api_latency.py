"""Latency of `backgammon.api.handle` per click: how long the worker spends answering one action.

Plays seeded random games through the JSON facade (roll, each checker move, confirm, cube actions) and
reports the median and 95th percentile time of a whole `handle` call (parse, act, view, record, JSON), of
building the view alone, and of computing the turn's destinations afresh. Runs in CPython and, imported, in
Pyodide:

    PYTHONPATH=py python3 -m benchmarks.api_latency

Measured on 2026-11-23 on the shared 2-core machine while other jobs ran (load average about 10, which
inflates the 95th percentiles), a money session of seeded random play:

| figure (ms) | CPython 3.11, 3000 actions | Pyodide 314 (Python 3.14) under Node, 1500 actions |
| --- | --- | --- |
| handle median / p95 | 0.91 / 14.8 | 0.80 / 10.8 |
| view median / p95 | 0.34 / 8.5 | 0.29 / 4.7 |
| destinations afresh median / p95 | 0.05 / 0.21 | 0.08 / 0.36 |

Between two runs under that load the p95s of handle and view moved by a factor of two; each part of the view
alone stays under 1 ms at p95, so those tails are the machine's, not the work's.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from backgammon import api
from backgammon.dice import SeededDice
from backgammon.view import build_view

SEED = 20261123


def _call(method: str, params: dict[str, Any]) -> tuple[dict[str, Any], float]:
    request = json.dumps({"id": 1, "method": method, "params": params})
    started = time.perf_counter()
    text = api.handle(request)
    elapsed = time.perf_counter() - started
    answer = json.loads(text)
    if "error" in answer:
        raise RuntimeError(answer["error"])
    return answer["result"], elapsed


def _next_action(view: dict[str, Any], choose: random.Random, dice: SeededDice) -> dict[str, Any]:
    phase = view["phase"]
    if phase == "game_over":
        return {"type": "next_game"}
    if phase in ("opening", "roll"):
        return {"type": "roll", "dice": list(dice.roll())}
    if phase == "doubled":
        return {"type": "take"}
    if view["can_confirm"]:
        return {"type": "confirm"}
    source = choose.choice(sorted(view["dests"]))
    return {
        "type": "move",
        "from": source if source == "bar" else int(source),
        "to": choose.choice(view["dests"][source]),
    }


def run(actions: int = 3000) -> dict[str, float]:
    choose, dice = random.Random(SEED), SeededDice(SEED)
    answer, _ = _call("new_match", {"settings": {"match_length": 0}})
    handle_times: list[float] = []
    view_times: list[float] = []
    dests_times: list[float] = []
    for _ in range(actions):
        answer, elapsed = _call("act", {"action": _next_action(answer["view"], choose, dice)})
        handle_times.append(elapsed)
        started = time.perf_counter()
        build_view(api.current_match())
        view_times.append(time.perf_counter() - started)
        turn = api.current_match().game.current_turn
        if turn is not None:
            started = time.perf_counter()
            turn.dests()  # uncached: what a click costs when the turn has just changed
            dests_times.append(time.perf_counter() - started)

    def ms(values: list[float], q: int) -> float:
        return statistics.quantiles(values, n=100)[q - 1] * 1000

    figures = {
        "actions": float(actions),
        "games": float(api.current_match().game.number),
        "handle_median_ms": ms(handle_times, 50),
        "handle_p95_ms": ms(handle_times, 95),
        "view_median_ms": ms(view_times, 50),
        "view_p95_ms": ms(view_times, 95),
        "dests_median_ms": ms(dests_times, 50),
        "dests_p95_ms": ms(dests_times, 95),
    }
    for name, value in figures.items():
        print(f"{name:>18}: {value:.3f}")
    return figures


if __name__ == "__main__":
    run()
