"""Cubeless single games between the computer (at each level) and GNU Backgammon, the program players
measure against.

    python3 -m benchmarks.bot_vs_gnubg --games 500 --level expert [--plies 0] [--seed 2026]

Needs Debian's `gnubg` (`make setup` installs it). The games run inside gnubg's own embedded Python
(this script starts `gnubg -t -q -p` on itself): our package is standard library only, so it imports
there as it is, and each of gnubg's plays comes from `gnubg.findbestmove` on a cubeless money board
(Jacoby off, gammons and backgammons count), at `--plies` look-ahead (0: its bare neural nets).
The same dice and alternating first player as `bot_vs_pubeval.py`, whose games and summary this
shares. Every play gnubg chooses is played through `Position.play`, which checks it against our own
legal plays of that roll: a play we do not know stops the run, so the games cross-check our rules too.

`--gnubg-vs-pubeval` seats gnubg where the computer sits in `bot_vs_pubeval.py`, with the same seed, to show
what the computer's target against pubeval means here: on 2026-11-24, 1000 games, gnubg at 0-ply won 70.1%
(67.3–72.9%), +0.586 points per game (+0.506 to +0.666), gammons 236 won and 68 lost.

`--gnubg-seat P` seats gnubg at P plies where the computer sits, against gnubg at `--plies`: what a given
strength wins here. On 2026-11-25, seed 2026, 1000 games: gnubg 1-ply against its 0-ply won 52.7%
(49.6–55.8%), +0.055 points per game. With `--matches` (no `--level`) its matches are those a level's run of
the same seed plays, on the same dice and seats, named `gnubg P-ply` (docs/strength.md has the figures).

`--out FILE` (one `--level`) adds each game to FILE as a line (about 150 bytes) and keeps the dice's generator
after the last in FILE.rng.json: a run stopped for time goes on where it stopped when run again with the same
arguments, on the same dice; the two files are small enough to keep in git (`data/benchmarks/games-*.jsonl`).
Each game (and each match of `--matches`) names the net that played it (the start of the weights' SHA-256):
a file another net began, or one kept before nets were named, is refused rather than added to.
`--first-match N` has a second process play a run's matches from N on into a file of their own (a match's dice
and seats follow from its number), to be added to the end of the first's once both are done.

`--luck` also judges every roll with our net (`luck.py`) and reports wins and points less each side's luck:
the same expectations, intervals about 5 times narrower. On 2026-11-25, seed 2026, luck-adjusted, against
gnubg 0-ply: the expert 50.2% (49.6–50.8%) of 1000 games, gnubg 1-ply 50.9% (49.9–51.9%) of 400, gnubg 2-ply
51.9% (50.8–53.0%) of 300.

`--level deep` seats the deep analysis's checker play (2-ply on its leading plays, about 20 s a game): on
2026-11-25 it won 47.7% of 300 games raw (seeds 2026 and 4242, 150 each) where the expert won 55.0%, but
luck-adjusted 51.1% (49.9–52.4%) of 240 against the expert's 50.2%, as gnubg 2-ply's scores of their choices
foretold (the README has the figures).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backgammon import Position
from backgammon.move import Move, Play
from benchmarks.bot_vs_pubeval import (
    SETTINGS,
    Player,
    level_player,
    net_fingerprint,
    play_level,
    pubeval_move,
)
from benchmarks.inside_gnubg import REPO, gnubg_environment, gnubg_path

ARGS_VARIABLE = "BOT_VS_GNUBG_ARGS"  # set when this script runs inside gnubg, which gives it no __file__
INSIDE_GNUBG = ARGS_VARIABLE in os.environ


def run_script_in_gnubg(script: Path, variable: str, settings: dict[str, object]) -> None:
    """Run `script` inside gnubg's embedded Python (`gnubg -t -q -p`), its settings as JSON in the environment
    variable `variable` (gnubg gives a script no arguments); exits saying why if gnubg is missing or fails."""
    env = gnubg_environment(variable, settings)
    command = [gnubg_path(), "-t", "-q", "-p", str(script)]
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=False)
    if done.returncode:
        sys.exit(f"gnubg stopped with status {done.returncode}")


def gnubg_player(plies: int) -> Callable[[Position, tuple[int, int]], Position]:
    """A function giving the board after gnubg's play of a roll (inside gnubg only)."""
    import gnubg  # type: ignore[import-not-found]  # the module of gnubg's embedded Python

    gnubg.command("set jacoby off")
    gnubg.command("new session")  # money play, cube centred: gammons worth 2, backgammons 3
    cube = gnubg.cubeinfo()
    context = {"cubeful": 0, "plies": plies, "deterministic": 1, "prune": 0, "noise": 0.0}

    def play(position: Position, dice: tuple[int, int]) -> Position:
        # gnubg's board is (the side not on roll, the side on roll), each as Position keeps a side; its
        # play is (from, to, from, to, ...) in the mover's numbering, 25 the bar and 0 off, as our Move.
        move = gnubg.findbestmove((position.theirs, position.mine), cube, context, dice)
        steps = zip(move[::2], move[1::2], strict=True)
        return position.play(Play(Move(*step) for step in steps), dice)  # raises if illegal

    return play


def play_matches_inside_gnubg(args: dict[str, object]) -> None:
    """`--matches`: pairs of matches on the same dice, seats swapped, one JSON line per match, from match
    `--first-match` on (a match's dice and seats follow from its number alone)."""
    from benchmarks.gnubg_match_play import gnubg_decider, level_decider, play_match

    gnubg_decides = gnubg_decider(int(str(args["plies"])))
    matches, seed, length = (int(str(args[key])) for key in ("matches", "seed", "length"))
    out = Path(str(args["out"]))
    if args.get("gnubg_seat") is not None:
        # gnubg at another depth in the computer's seat: what a level of that strength would win here.
        seat = int(str(args["gnubg_seat"]))
        level, net, ours = f"gnubg {seat}-ply", GNUBG_NET, gnubg_decider(seat)
    else:
        level, net = str(args["levels"][0]), net_fingerprint()  # type: ignore[index]
        ours = level_decider(SETTINGS[level])
    against = opponent_named(int(str(args["plies"])))
    first = int(str(args.get("first_match") or 0))
    done = first + len(matches_to_resume(out, level, seed, net, against, first))
    with out.open("a") as sink:
        for number in range(done, matches):
            ours_first = number % 2 == 0
            deciders = (ours, gnubg_decides) if ours_first else (gnubg_decides, ours)
            started = time.perf_counter()
            result = play_match(deciders, length, seed + number // 2)
            seat = 0 if ours_first else 1
            line = {
                "match": number,
                "level": level,
                "seed": seed,
                "net": net,
                **({"against": against} if against else {}),
                "won": result["winner"] == seat,
                "score": [result["score"][seat], result["score"][1 - seat]],
                **{key: result[key] for key in ("games", "doubles", "drops")},
                "seconds": round(time.perf_counter() - started, 1),
            }
            sink.write(json.dumps(line) + "\n")
            sink.flush()
            print(json.dumps(line), flush=True)


# The net a gnubg seat's matches name: gnubg plays with its own nets, not ours.
GNUBG_NET = "gnubg"


def opponent_named(plies: int) -> str:
    """The opponent a file's lines name: none for gnubg 0-ply, the one files were first played against."""
    return f"gnubg {plies}-ply" if plies else ""


def matches_to_resume(
    out: Path, level: str, seed: int, net: str, against: str = "", first: int = 0
) -> list[dict[str, Any]]:
    """The matches an earlier run kept in `out`, checked to be matches `first`, `first` + 1, ... of this
    level, seed, net (`net_fingerprint`) and opponent (`opponent_named`): a file of other matches is refused,
    not added to."""
    lines = [json.loads(text) for text in out.read_text().splitlines()] if out.exists() else []
    for number, line in enumerate(lines, start=first):
        kept = (line["match"], line["level"], line.get("seed"), line.get("net"), line.get("against", ""))
        if kept != (number, level, seed, net, against):
            sys.exit(
                f"{out}: line {number - first + 1} is not match {number} of level {level}, seed {seed},"
                f" net {net} against {against or 'gnubg 0-ply'} (it has match {kept[0]}, level {kept[1]},"
                f" seed {kept[2]}, net {kept[3]} against {kept[4] or 'gnubg 0-ply'}): give another --out file"
            )
    return lines


def summarise_matches(lines: list[dict[str, Any]]) -> dict[str, object]:
    """The share of matches won of the lines of `--matches`, with a 95% interval (normal approximation)."""
    n = len(lines)
    won = sum(1 for line in lines if line["won"])
    share = won / n
    half = 1.96 * math.sqrt(share * (1 - share) / n)
    return {
        "level": lines[0]["level"],
        "matches": n,
        "match_win_rate": round(share, 4),
        "match_win_rate_95": [round(share - half, 4), round(share + half, 4)],
        "games": sum(line["games"] for line in lines),
        "doubles": sum(line["doubles"] for line in lines),
        "drops": sum(line["drops"] for line in lines),
        "seconds": round(sum(line["seconds"] for line in lines), 1),
    }


def play_inside_gnubg(args: dict[str, object]) -> None:
    if args.get("matches"):
        play_matches_inside_gnubg(args)
        return
    gnubg_plays = gnubg_player(int(str(args["plies"])))
    games, seed, progress = (int(str(args[key])) for key in ("games", "seed", "progress"))
    judge_luck = bool(args.get("luck"))
    name = f"gnubg {args['plies']}-ply"
    if args.get("gnubg_seat") is not None:
        # gnubg at another depth in the computer's seat: what a level of that strength would win here.
        seat_plays = gnubg_player(int(str(args["gnubg_seat"])))
        figures = play_level(
            f"gnubg {args['gnubg_seat']}-ply",
            games,
            seed,
            progress,
            gnubg_plays,
            lambda position, dice, _: seat_plays(position, dice),
            judge_luck=judge_luck,
        )
        print(json.dumps({**figures, "opponent": name}), flush=True)
        return
    if args["gnubg_vs_pubeval"]:
        # The yardstick itself: gnubg in the computer's seat, on the same dice as the levels' games.
        figures = play_level(
            name,
            games,
            seed,
            progress,
            pubeval_move,
            lambda position, dice, _: gnubg_plays(position, dice),
            judge_luck=judge_luck,
        )
        print(json.dumps({**figures, "opponent": "pubeval"}), flush=True)
        return
    for level in args["levels"]:  # type: ignore[attr-defined]
        player = logging_player(level, Path(str(args["log"]))) if args.get("log") else None
        out = Path(str(args["out"])) if args.get("out") else None
        figures = play_level(
            level,
            games,
            seed,
            progress,
            gnubg_plays,
            player,
            judge_luck=judge_luck,
            out=out,
            net=net_fingerprint(),
            against=opponent_named(int(str(args["plies"]))),
        )
        print(json.dumps({**figures, "opponent": name}), flush=True)


def logging_player(level: str, log: Path) -> Player:
    """The level's player, writing each decision it meets (board and roll, a JSON line) to `log`: positions
    of games against gnubg, for `training/choices.py make --from-log`."""
    choose = level_player(level)
    sink = log.open("a")

    def play(position: Position, dice: tuple[int, int], rng: random.Random) -> Position:
        decision = {"level": level, "mine": position.mine, "theirs": position.theirs, "dice": dice}
        sink.write(json.dumps(decision) + "\n")
        sink.flush()
        return choose(position, dice, rng)

    return play


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--level",
        choices=sorted(SETTINGS),
        action="append",
        help="a level, or deep: the deep analysis's checker play (seconds a move)",
    )
    parser.add_argument("--plies", type=int, default=0, help="gnubg's look-ahead (0: its bare nets)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--gnubg-vs-pubeval",
        action="store_true",
        help="instead, gnubg against pubeval (what the computer's pubeval target is measured by)",
    )
    parser.add_argument(
        "--gnubg-seat",
        type=int,
        metavar="PLIES",
        help="instead, gnubg at PLIES look-ahead in the computer's seat against gnubg at --plies",
    )
    parser.add_argument("--progress", type=int, default=0, help="print a running figure every N games")
    parser.add_argument(
        "--log", type=Path, help="add each decision of the level's games here (a JSON line: board, roll)"
    )
    parser.add_argument(
        "--luck",
        action="store_true",
        help="also wins and points a game less each side's luck as our net judges it (1 s a game more)",
    )
    parser.add_argument(
        "--matches",
        type=int,
        default=0,
        help="instead, this many matches with the cube (pairs on the same dice)",
    )
    parser.add_argument("--length", type=int, default=5, help="the matches' length in points")
    parser.add_argument(
        "--first-match",
        type=int,
        default=0,
        metavar="N",
        help="with --matches: begin at match N, its dice and seats as in a run from 0 (two processes share a"
        " run; the file from N, once whole, is added to the end of the one that stops at N)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="a game (with --matches a match) a line is added here; a rerun goes on where it stopped",
    )
    args = parser.parse_args()
    seat_matches = args.matches and args.gnubg_seat is not None
    if args.matches and (args.out is None or len(args.level or []) != (0 if seat_matches else 1)):
        parser.error("--matches needs --out FILE and one --level (none with --gnubg-seat)")
    if not 0 <= args.first_match < max(args.matches, 1):
        parser.error("--first-match needs --matches above it")
    if args.out and not seat_matches and len(args.level or []) != 1:
        parser.error("--out needs one --level")
    settings = {
        "games": args.games,
        "levels": args.level or ["beginner", "intermediate", "expert"],
        "plies": args.plies,
        "seed": args.seed,
        "progress": args.progress,
        "gnubg_vs_pubeval": args.gnubg_vs_pubeval,
        "gnubg_seat": args.gnubg_seat,
        "matches": args.matches,
        "first_match": args.first_match,
        "length": args.length,
        "out": str(args.out.resolve()) if args.out else None,
        "log": str(args.log.resolve()) if args.log else None,
        "luck": args.luck,
    }
    env = gnubg_environment(ARGS_VARIABLE, settings)
    script = str(REPO / "benchmarks" / "bot_vs_gnubg.py")
    command = [gnubg_path(), "-t", "-q", "-p", script]
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as gnubg:
        assert gnubg.stdout is not None
        for line in gnubg.stdout:  # gnubg's own banner and board drawings are left out
            if line.startswith("{"):
                print(line, end="", flush=True)
    if gnubg.returncode:
        sys.exit(f"gnubg stopped with status {gnubg.returncode}")
    if args.matches:
        kept = [json.loads(line) for line in args.out.read_text().splitlines()]
        print(json.dumps(summarise_matches(kept)), flush=True)


if __name__ == "__main__":
    if INSIDE_GNUBG:
        play_inside_gnubg(json.loads(os.environ[ARGS_VARIABLE]))
    else:
        main()
