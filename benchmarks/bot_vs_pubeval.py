"""Cubeless single games between the computer (at each level) and Tesauro's pubeval.

Both sides see the same dice; the side that starts alternates game by game, and the first roll is
never a double (as with an opening roll). Reports the share of games won and points per game
(gammon 2, backgammon 3) with 95% intervals:

    PYTHONPATH=py nice -n 19 python3 -m benchmarks.bot_vs_pubeval --games 1000 --level intermediate

Measured on 2026-11-24 (CPython 3.11, seed 2026, weights of run 6: run 5's nets fitted to GNU Backgammon's
1-ply figures, contact net of 128 hidden units), 95% intervals; the expert's games are two runs of 600
(seeds 2026 and 2027, one on each core), pooled:

| level | games | won | points per game | gammons won / lost |
| --- | --- | --- | --- | --- |
| expert | 1200 | 73.3% (70.8–75.8%) | +0.666 (+0.59 to +0.74) | 291 / 74 |
| intermediate | 2000 | 65.8% (63.7–67.9%) | +0.468 (+0.407 to +0.529) | 458 / 195 |
| beginner | 2000 | 42.0% (39.8–44.1%) | -0.315 (-0.379 to -0.250) | 221 / 501 |

Run 5's weights (429,000 self-play games) gave expert 67.1% (64.5–69.6%) of 1300, intermediate 59.1%,
beginner 38.3% of 2000. The expert's target, 72% of single games, is met by the point estimate; GNU
Backgammon at 0-ply in the expert's seat won 70.1% of 1000 (`bot_vs_gnubg.py --gnubg-vs-pubeval`).
Wall-clock: about 3.8 s per expert game on one core with the other busy (its 1-ply look-ahead), 0.08 s per
game for the other levels.

`--luck` also reports wins and points a game less each side's luck as our net judges its rolls (`luck.py`):
the same expectations, narrower intervals, about 1 s a game more. On 2026-11-25, seed 2026, 400 games of the
intermediate: +0.475 points a game (±0.142) raw, +0.436 (±0.050) luck-adjusted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backgammon import Position, legal_positions
from backgammon.bot.levels import DEEP, LEVELS
from backgammon.bot.network import WEIGHTS_FILE
from backgammon.bot.player import choose_play
from backgammon.bot.pubeval import is_race, pubeval_score
from backgammon.game import Win, classify_win
from benchmarks.luck import Luck, roll_luck

REPO = Path(__file__).resolve().parent.parent


def pubeval_move(position: Position, dice: tuple[int, int]) -> Position:
    race = is_race(position.mine, position.theirs)
    return max(legal_positions(position, dice), key=lambda p: pubeval_score(race, p.mine, p.theirs))


Player = Callable[[Position, tuple[int, int], random.Random], Position]
Opponent = Callable[[Position, tuple[int, int]], Position]


# The levels, and the deep analysis's checker play (seconds a move: to see what a deeper search would win).
SETTINGS = {**LEVELS, DEEP.name: DEEP}


def net_fingerprint() -> str:
    """The first 12 hex digits of the SHA-256 of the shipped weights: written with each game of `--out`, so a
    file is never resumed by another net than the one that played its games."""
    return hashlib.sha256((REPO / "py" / "backgammon" / "bot" / WEIGHTS_FILE).read_bytes()).hexdigest()[:12]


def level_player(level_name: str) -> Player:
    """The computer at a level (or `deep`): the board after its play of a roll."""
    level = SETTINGS[level_name]
    return lambda position, dice, rng: choose_play(position, dice, level=level, rng=rng).position


def play_game(
    player_starts: bool,
    player: Player,
    rng: random.Random,
    opponent: Opponent = pubeval_move,
    *,
    judge_luck: bool = False,
) -> tuple[int, Luck]:
    """Points won by `player` (negative when the opponent, pubeval unless told, wins), and with
    `judge_luck` the luck of the player's rolls less the luck of the opponent's (`luck.roll_luck`; else none).
    """
    position = Position.start()
    player_to_move = player_starts
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    while dice[0] == dice[1]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    luck = Luck()
    opening = True
    while True:
        if judge_luck:
            rolled = roll_luck(position, dice, opening=opening)
            luck += rolled if player_to_move else -rolled
            opening = False
        after = player(position, dice, rng) if player_to_move else opponent(position, dice)
        if not any(after.mine):
            points = {Win.SINGLE: 1, Win.GAMMON: 2, Win.BACKGAMMON: 3}[classify_win(after)]
            return (points if player_to_move else -points), luck
        position = after.swap()
        player_to_move = not player_to_move
        dice = (rng.randint(1, 6), rng.randint(1, 6))


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and half the width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(variance / n)


def summarise(
    results: list[int], level: str, seconds: float, lucks: list[Luck] | None = None
) -> dict[str, object]:
    """Wins and points per game with 95% intervals; with `lucks` (a game's luck for the player), the
    luck-adjusted ones too: the same expectations, narrower intervals."""
    n = len(results)
    wins = sum(1 for r in results if r > 0)
    share = wins / n
    share_half = 1.96 * math.sqrt(share * (1 - share) / n)
    mean, mean_half = interval([float(r) for r in results])
    summary: dict[str, object] = {
        "level": level,
        "games": n,
        "win_rate": round(share, 4),
        "win_rate_95": [round(share - share_half, 4), round(share + share_half, 4)],
        "points_per_game": round(mean, 4),
        "points_per_game_95": [round(mean - mean_half, 4), round(mean + mean_half, 4)],
        "gammons_won": sum(1 for r in results if r >= 2),
        "gammons_lost": sum(1 for r in results if r <= -2),
    }
    if lucks:
        pairs = list(zip(results, lucks, strict=True))
        win, win_half = interval([(1.0 if r > 0 else 0.0) - luck.win for r, luck in pairs])
        points, points_half = interval([r - luck.equity for r, luck in pairs])
        summary["luck_adjusted_win_rate"] = round(win, 4)
        summary["luck_adjusted_win_rate_95"] = [round(win - win_half, 4), round(win + win_half, 4)]
        summary["luck_adjusted_points_per_game"] = round(points, 4)
        summary["luck_adjusted_95"] = [round(points - points_half, 4), round(points + points_half, 4)]
    summary["seconds"] = round(seconds, 1)
    return summary


def play_level(
    level: str,
    games: int,
    seed: int,
    progress: int = 0,
    opponent: Opponent = pubeval_move,
    player: Player | None = None,
    *,
    judge_luck: bool = False,
    out: Path | None = None,
    net: str = "",
    against: str = "",
) -> dict[str, object]:
    """The summary of `games` games of the computer at `level` (or of `player`, named `level`) against
    `opponent`; with `progress`, a running summary is printed every that many games; with `judge_luck`,
    luck-adjusted figures too (the same dice and plays: the rolls are judged, not drawn, by it). With `out`,
    each game is added to that file as a line, and the dice's generator after it is kept beside it
    (`rng_file`): a rerun with the same arguments goes on where the last one stopped, on the same dice; `net`
    names the net that plays (`net_fingerprint`), written with each game and checked on resuming; so is
    `against`, the opponent when it is not the script's default one (gnubg at another look-ahead than
    0-ply): games against another opponent are not mixed into the same figures."""
    chooser = player or level_player(level)
    rng = random.Random(seed)
    results: list[int] = []
    lucks: list[Luck] = []
    seconds = 0.0
    if out is not None and out.exists():
        seconds = resume_games(out, (level, seed, net, against), rng, results, lucks)
    sink = out.open("a") if out is not None else None
    started = time.perf_counter() - seconds
    for game in range(len(results), games):
        points, luck = play_game(game % 2 == 0, chooser, rng, opponent, judge_luck=judge_luck)
        results.append(points)
        lucks.append(luck)
        if sink is not None and out is not None:
            line = {"game": game, "level": level, "seed": seed, "net": net, "points": points}
            line |= {"against": against} if against else {}
            line |= {"luck": [luck.equity, luck.win], "seconds": round(time.perf_counter() - started, 1)}
            sink.write(json.dumps(line) + "\n")
            sink.flush()
            keep_rng(out, game + 1, rng)
        if progress and (game + 1) % progress == 0 and game + 1 < games:
            figures = summarise(results, level, time.perf_counter() - started, lucks if judge_luck else None)
            print(json.dumps(figures), flush=True)
    if sink is not None:
        sink.close()
    return summarise(results, level, time.perf_counter() - started, lucks if judge_luck else None)


def rng_file(out: Path) -> Path:
    """Where the dice's generator of a run kept in `out` is kept: beside it, a few kB, replaced each game."""
    return out.with_name(out.name + ".rng.json")


def keep_rng(out: Path, games: int, rng: random.Random) -> None:
    version, internal, gauss = rng.getstate()
    written = rng_file(out).with_suffix(".tmp")
    written.write_text(json.dumps({"games": games, "rng": [version, list(internal), gauss]}))
    written.replace(rng_file(out))  # whole or not at all


def resume_games(
    out: Path, run: tuple[str, int, str, str], rng: random.Random, results: list[int], lucks: list[Luck]
) -> float:
    """The games of an earlier run in `out` taken back into `results` and `lucks`, `rng` where it stood after
    the last; the seconds they took. A game written without its generator (the run stopped between the two)
    is played again. A file of another level, seed, net or opponent (`run`) is refused, not mixed in; so is a
    game written before the net was recorded."""
    level, seed, net, against = run
    lines = [json.loads(text) for text in out.read_text().splitlines() if text.strip()]
    state: dict[str, Any] = json.loads(rng_file(out).read_text()) if rng_file(out).exists() else {"games": 0}
    if not 0 <= len(lines) - state["games"] <= 1:
        sys.exit(
            f"{out}: {len(lines)} games but the generator of game {state['games']}: give another --out file"
        )
    for number, line in enumerate(lines):
        if (line["game"], line["level"], line["seed"]) != (number, level, seed):
            sys.exit(f"{out}: game {number} is not of level {level}, seed {seed}: give another --out file")
        if line.get("net") != net:
            played_by = f"net {line['net']}" if "net" in line else "a net not recorded"
            sys.exit(f"{out}: game {number} was played by {played_by}, not {net}: give another --out file")
        if line.get("against", "") != against:
            kept, asked = (name or "the default opponent" for name in (line.get("against"), against))
            sys.exit(f"{out}: game {number} was played against {kept}, not {asked}: give another --out file")
    if len(lines) > state["games"]:  # checked before anything is written: a refused file is left as it is
        lines = lines[: state["games"]]
        out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    for line in lines:
        results.append(int(line["points"]))
        lucks.append(Luck(*line["luck"]))
    if not lines:
        return 0.0
    version, internal, gauss = state["rng"]
    rng.setstate((version, tuple(internal), gauss))
    return float(lines[-1]["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", choices=sorted(SETTINGS), action="append")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--progress", type=int, default=0, help="print a running figure every N games")
    parser.add_argument(
        "--luck", action="store_true", help="also luck-adjusted wins and points (about 1 s a game more)"
    )
    args = parser.parse_args()
    for level in args.level or ["beginner", "intermediate", "expert"]:
        figures = play_level(level, args.games, args.seed, args.progress, judge_luck=args.luck)
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
