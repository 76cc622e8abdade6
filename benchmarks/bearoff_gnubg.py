"""Bear-off chances against GNU Backgammon: the race network (as before the bear-off database) and the
database, each against gnubg's cubeless figures (gnubg judges bear-offs by its own bear-off databases).

    python3 -m benchmarks.bearoff_gnubg [--positions 3000] [--seed 15] [--plies 0]

Two sets of positions, both sides with every checker on their six home points, the side on roll first:
- `play`: each side starts from 15 checkers placed at random on its home board (points 6, 5, 4 weighted 3, 3,
  2 and the others 1) and plays 0 to 9 of its own rolls the database's way; both sides are drawn apart;
- `uniform`: each side's board drawn uniformly among all non-empty home boards of up to 15 checkers.
Prints, for each set, the mean and largest absolute difference from gnubg in the chance of winning, the
gammon chances (won and lost) and the cubeless equity, for the network and for the database, and the
share of positions where the network and the database would each be within 0.01 of gnubg's win chance.
Then a roll for each position: how often the network's 0-ply choice of play differs from the database's and
what that costs in cubeless equity, judged by the database.
Needs Debian's `gnubg`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import tempfile
import time
from pathlib import Path

ARGS_VARIABLE = "BEAROFF_GNUBG_ARGS"  # set when this script runs inside gnubg
Side = tuple[int, ...]
ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def evaluate_inside_gnubg(args: dict[str, str]) -> None:
    import gnubg  # type: ignore[import-not-found]  # the module of gnubg's embedded Python

    gnubg.command("set threads 1")
    gnubg.command("set jacoby off")
    gnubg.command("new session")
    cube = gnubg.cubeinfo()
    context = {"cubeful": 0, "plies": int(args["plies"]), "deterministic": 1, "prune": 1, "noise": 0.0}
    boards = json.loads(Path(args["in"]).read_text())
    # gnubg's board is (the side not on roll, the side on roll)
    figures = [list(gnubg.evaluate((theirs, mine), cube, context)[:5]) for mine, theirs in boards]
    Path(args["out"]).write_text(json.dumps(figures))


def full(board: Side) -> Side:
    return tuple(board) + (0,) * (25 - len(board))


def random_bear_in(rng: random.Random) -> list[int]:
    board = [0] * 6
    for _ in range(15):
        board[rng.choices(range(6), weights=(1, 1, 1, 2, 3, 3))[0]] += 1
    return board


def played(board: list[int], rolls: int, rng: random.Random) -> Side:
    """`board` after `rolls` of its own rolls, each played to the lowest expected rolls left."""
    from backgammon.bot.bearoff_db import database
    from backgammon.movegen import generate

    db = database()
    assert db is not None
    side = full(tuple(board))
    for _ in range(rolls):
        if not any(side):
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        results = [after for after, _, _ in generate(side, full(()), dice).values()] or [side]
        side = min(results, key=lambda b: mean(db.rolls(b)))
    return side


def mean(dist: tuple[int, tuple[float, ...]]) -> float:
    first, probs = dist
    return sum((first + n) * p for n, p in enumerate(probs))


def play_set(count: int, rng: random.Random) -> list[tuple[Side, Side]]:
    found: list[tuple[Side, Side]] = []
    while len(found) < count:
        mine = played(random_bear_in(rng), rng.randint(0, 9), rng)
        theirs = played(random_bear_in(rng), rng.randint(0, 9), rng)
        if any(mine) and any(theirs):
            found.append((mine, theirs))
    return found


def uniform_set(count: int, rng: random.Random) -> list[tuple[Side, Side]]:
    from backgammon.bot.bearoff_db import CHECKERS

    def boards(checkers: int, points: int) -> list[tuple[int, ...]]:
        if points == 0:
            return [()]
        return [(c, *rest) for c in range(checkers + 1) for rest in boards(checkers - c, points - 1)]

    every = [b for b in boards(CHECKERS, 6) if any(b)]
    return [(full(rng.choice(every)), full(rng.choice(every))) for _ in range(count)]


def gnubg_figures(positions: list[tuple[Side, Side]], plies: int) -> list[list[float]]:
    from benchmarks.inside_gnubg import gnubg_path

    with tempfile.TemporaryDirectory() as work:
        given, taken = Path(work) / "in.json", Path(work) / "out.json"
        given.write_text(json.dumps(positions))
        settings = {"in": str(given), "out": str(taken), "plies": str(plies)}
        env = {**os.environ, ARGS_VARIABLE: json.dumps(settings)}
        subprocess.run(
            [gnubg_path(), "-t", "-q", "-p", str(Path(__file__).resolve())],
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        figures: list[list[float]] = json.loads(taken.read_text())
    return figures


def network_chances(mine: Side, theirs: Side) -> tuple[float, ...]:
    """What the evaluator said before the database: the certain cases, else the race network."""
    from backgammon.bot.bearoff import race_probabilities_if_known
    from backgammon.bot.encoding import active_inputs
    from backgammon.bot.evaluator import _clean, network_for

    known = race_probabilities_if_known(mine, theirs)
    if known is not None:
        return known
    return _clean(network_for(True).evaluate(active_inputs(mine, theirs)), mine, theirs, True).as_tuple()


def equity(p: tuple[float, ...]) -> float:
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def report(name: str, positions: list[tuple[Side, Side]], plies: int) -> dict[str, object]:
    from backgammon.bot.evaluator import evaluate

    began = time.time()
    teacher = gnubg_figures(positions, plies)
    gnubg_seconds = time.time() - began
    result: dict[str, object] = {
        "set": name,
        "positions": len(positions),
        "gnubg_seconds": round(gnubg_seconds),
    }
    judges: dict[str, list[tuple[float, ...]]] = {
        "network": [network_chances(m, t) for m, t in positions],
        "database": [evaluate(m, t).as_tuple() for m, t in positions],
    }
    for judge, figures in judges.items():
        rows = [(f, tuple(g)) for f, g in zip(figures, teacher, strict=True)]
        win = [abs(f[0] - g[0]) for f, g in rows]
        gammons = [abs(f[1] - g[1]) + abs(f[3] - g[3]) for f, g in rows]
        equities = [abs(equity(f) - equity(g)) for f, g in rows]
        result[judge] = {
            "win_mean": round(sum(win) / len(win), 5),
            "win_max": round(max(win), 4),
            "win_within_0.01": round(sum(w <= 0.01 for w in win) / len(win), 3),
            "gammon_mean": round(sum(gammons) / len(gammons), 5),
            "equity_mean": round(sum(equities) / len(equities), 5),
            "equity_max": round(max(equities), 4),
        }
    return result


def play_choices(positions: list[tuple[Side, Side]], rng: random.Random) -> dict[str, object]:
    """A roll for each position: how often the 0-ply choice by the race network differs from the database's,
    and what it costs in cubeless equity, judged by the database."""
    from backgammon.bot.evaluator import evaluate_after_play, game_over_value
    from backgammon.movegen import generate

    def by_network(after: Side, theirs: Side) -> float:
        if not any(after):
            return game_over_value(after, theirs).equity
        return -equity(network_chances(theirs, after))

    differ = 0
    losses = []
    for mine, theirs in positions:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        results = [after for after, _, _ in generate(mine, theirs, dice).values()]
        if len(results) < 2:
            continue
        exact = {after: evaluate_after_play(after, theirs).equity for after in results}
        network_choice = max(results, key=lambda after: by_network(after, theirs))
        best = max(exact.values())
        losses.append(best - exact[network_choice])
        differ += losses[-1] > 1e-9
    return {
        "rolls_with_a_choice": len(losses),
        "network_plays_worse": round(differ / len(losses), 4),
        "network_loss_mean": round(sum(losses) / len(losses), 5),
        "network_loss_max": round(max(losses), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--plies", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for name, make in (("play", play_set), ("uniform", uniform_set)):
        positions = make(args.positions, rng)
        print(json.dumps(report(name, positions, args.plies)), flush=True)
        print(json.dumps({"set": name, "plays": play_choices(positions, rng)}), flush=True)


if __name__ == "__main__":
    if ARGS_VARIABLE in os.environ:
        evaluate_inside_gnubg(json.loads(os.environ[ARGS_VARIABLE]))
    else:
        main()
