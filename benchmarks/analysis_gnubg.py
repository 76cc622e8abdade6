"""Our match analysis set beside GNU Backgammon's `analyse match`, on matches gnubg plays against itself.

    python3 -m benchmarks.analysis_gnubg make-set --out data/benchmarks/set1 --matches 60 --seed 1
    nice -n 10 python3 -m benchmarks.analysis_gnubg gnubg-analyse --set data/benchmarks/set1 --jobs 2
    python3 -m benchmarks.analysis_gnubg compare --set data/benchmarks/set1 --depth 1
    python3 -m benchmarks.analysis_gnubg gnubg-self --set data/benchmarks/set1 --plies 1

Needs Debian's `gnubg` (`make setup` installs it), run as `gnubg -t -q` with commands on stdin.

`make-set` has gnubg play N matches against itself (`match-NNN.mat`, lengths 1 to 9 drawn from the seed),
each player at 0-ply with its own evaluation noise for checker play and for cube decisions, drawn per match
as `max_noise * u**2` (u uniform in [0, 1): most players fairly good, a few wild), so the two players of a
match err at different rates. gnubg's dice come from `set rng mersenne` and `set seed`, its noise is its
deterministic kind (a function of the position): the same seed gives the same files. What each match was
played with is kept in `match-NNN.setup.json`.

`gnubg-analyse` imports each `.mat` into gnubg (`import mat`), analyses it at `--plies` (checker play and
cube decisions; luck at gnubg's default 0-ply), and writes what `show statistics match` prints, per
player, to `match-NNN.gnubg-Pply.json` (errors as positive mEMG, luck signed), with the analysed match as
`match-NNN.gnubg-Pply.sgf`. Matches already done are skipped, so an interrupted run resumes where it
stopped; `--jobs` gnubg processes run at once (at most 2).

`compare` runs our analysis (`python -m backgammon analyze --json --depth D FILE`, cached as
`match-NNN.ours-dD.json`) on every match gnubg has analysed and sets the figures side by side per player:
checker-play error rate (mEMG per unforced move), cube and overall error rates, luck rate (mEMG per move):
mean absolute difference, mean difference, Pearson's and Spearman's correlation over all players, and how
often the two players of a match are in the same order as by gnubg; then each roll's luck and each
checker play's error beside gnubg's (read from its .sgf). The summary goes to
`compare-dD-gnubg-Pply.json` in the set; `--cached-only` looks at the matches done so far.

Measured on 2026-11-24: `make-set --matches 120 --seed 1` (the first 60, then extended: 3 min in all),
gnubg 1.07's 2-ply analysis of the 120 matches in 48 min with 2 processes (mean 41 s a 7-point match,
load average 5 to 18), ours at depth 1 in about 86 min of one process under the same load. Per player
(240), mEMG:

| figure | gnubg mean | depth 0: MAD, Pearson, Spearman, order | depth 1: MAD, Pearson, Spearman, order |
| --- | --- | --- | --- |
| checker-play error rate | 41.4 | 5.0, 0.986, 0.969, 93% of 120 | 3.2, 0.994, 0.980, 93% of 120 |
| the same, players under 20 (107) | 6.7 | 3.5, 0.688, 0.742 | 1.8, 0.831, 0.813 |
| cube error rate | 51.5 | 22.0, 0.886, 0.885, 87% of 101 | 18.7, 0.929, 0.890, 84% of 101 |
| overall error rate | 44.8 | 6.6, 0.981, 0.971, 97% | 5.3, 0.984, 0.975, 98% |
| luck rate | 1.3 | 11.2, 0.923, 0.892, 91% | 4.0, 0.987, 0.981, 93% |

Every pair put in the other order than gnubg's differs by at most 2.8 mEMG by gnubg. Per roll (20,555):
luck MAD 51 mEMG at depth 0 (the first roll of a game: ours -49.7 on average, gnubg +44.7: depth 0
measures against the static value of the position, for the side on roll) and 28 at depth 1 (first rolls
+43.1 against +44.7). Per checker play unforced for both (15,733): the same verdict on whether the play
made was the best 84% (depth 0) and 87% (depth 1), errors Pearson 0.913 and 0.949.

`compare` also sets each cube decision's and each answer's verdict beside gnubg's (read from its .sgf as
tests/core/gnubg_analysed.py reads them; an exact tie of no double and double, gnubg's optional double, counts
for either verdict), over all of them and over those gnubg counts in the cube error rate. 2026-11-26, the cube
by gnubg's cubeful method, the first 35 matches of the set (`make-set --matches 50 --seed 1`, gnubg's 2-ply
analysis of 35 with `--jobs 1` before the machine's load stopped it), 70 players, depth 1 (Janowski's model
before): cube error rate MAD 11.3 (15.3), overall 3.80 (4.25), checker play 3.71 (3.64), close cube decisions
as gnubg counts them for 52 (44) of 70 players, the verdicts gnubg counts the same in 459 (416) of 513;
depth 0: 17.5 (20.2), 6.06 (5.77), 49 (38), 446 (419). docs/analysis.md has the whole table.

`gnubg-self` sets gnubg's own analysis at `--plies` (0 or 1, from `gnubg-analyse --plies P`) beside its
2-ply one by the same per-player figures, and its cube verdicts on the decisions the 2-ply counts: how near a
look that deep comes, the ceiling of our targets. 2026-11-26, all 50 matches, 100 players, beside gnubg 2-ply:
cube error rate MAD gnubg 0-ply 13.8, 1-ply 12.2 (ours depth 1 12.7), overall 4.37 and 4.03 (ours 4.02),
checker-play Spearman 0.975 and 0.989 (ours 0.982), close decisions counted alike 58 and 70 of 100 (ours 68),
verdicts alike 86.6% and 85.2% of 1,428 (ours 88.7%).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.inside_gnubg import REPO, gnubg_path

NAMES = ("Alpha", "Bravo")
MAX_GNUBG = 2  # gnubg processes at once: the machine has 2 cores, shared

JSON = dict[str, Any]


# --- running gnubg --------------------------------------------------------------------------------------


def run_gnubg(commands: Sequence[str], timeout: float) -> str:
    """gnubg's output for a list of commands (one calculation thread, no board drawings)."""
    script = "\n".join(["set threads 1", "set display off", *commands, "quit", ""])
    done = subprocess.run(
        [gnubg_path(), "-t", "-q"], input=script, capture_output=True, text=True, timeout=timeout, check=False
    )
    if done.returncode:
        raise RuntimeError(f"gnubg stopped with status {done.returncode}: {done.stderr[-500:]}")
    return done.stdout


# --- make-set ---------------------------------------------------------------------------------------------


def draw_setups(matches: int, seed: int, max_noise: float, lengths: tuple[int, int]) -> list[JSON]:
    """Every match's settings, drawn in turn from one seeded generator (a longer set extends a shorter)."""
    rng = random.Random(seed)
    setups = []
    for number in range(matches):
        length = rng.randint(*lengths)
        players = [
            {
                "name": name,
                "chequer_noise": round(max_noise * rng.random() ** 2, 4),
                "cube_noise": round(max_noise * rng.random() ** 2, 4),
            }
            for name in NAMES
        ]
        setups.append(
            {"match": number, "length": length, "gnubg_seed": rng.randrange(1, 2**31), "players": players}
        )
    return setups


def play_match(setup: JSON, out: Path) -> None:
    commands = ["set rng mersenne", f"set seed {setup['gnubg_seed']}", "set automatic roll on"]
    for index, player in enumerate(setup["players"]):
        commands += [
            f"set player {index} gnubg",
            f"set player {index} chequerplay evaluation plies 0",
            f"set player {index} chequerplay evaluation noise {player['chequer_noise']}",
            f"set player {index} cubedecision evaluation plies 0",
            f"set player {index} cubedecision evaluation noise {player['cube_noise']}",
        ]
    # gnubg plays the whole match at `new match` when both players are gnubg; names set before it are
    # replaced by the defaults, so they are set afterwards, for the export.
    commands.append(f"new match {setup['length']}")
    commands += [f"set player {index} name {player['name']}" for index, player in enumerate(setup["players"])]
    with tempfile.TemporaryDirectory() as scratch:
        mat = Path(scratch) / "match.mat"
        commands.append(f"export match mat {mat}")
        run_gnubg(commands, timeout=600)
        text = mat.read_text()
    games = text.count(" Game ")
    if "Wins" not in text.rsplit(" Game ", 1)[-1]:
        raise RuntimeError(f"match {setup['match']}: gnubg did not finish the match")
    out.with_suffix(".setup.json").write_text(json.dumps({**setup, "games": games}, indent=1) + "\n")
    out.write_text(text)  # last: a .mat present means a finished match


def make_set(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    setups = draw_setups(args.matches, args.seed, args.max_noise, (args.min_length, args.max_length))
    started = time.monotonic()
    for setup in setups:
        path = out / f"match-{setup['match']:03d}.mat"
        if path.exists():
            continue
        play_match(setup, path)
        noises = " ".join(
            f"{p['name']} {p['chequer_noise']:.3f}/{p['cube_noise']:.3f}" for p in setup["players"]
        )
        print(f"{path.name}: {setup['length']}-point match, noise (checker/cube) {noises}", flush=True)
    print(f"{len(setups)} matches in {out} ({time.monotonic() - started:.0f} s)")


# --- gnubg-analyse ------------------------------------------------------------------------------------------

CELL = re.compile(r"[-+]?\d+(?:\.\d+)?(?:\s*\((?:[^()]|\([^()]*\))*\))?")
NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")

# (section, row label) -> (key, how to read a cell). `None` for the section: any section.
ROWS: dict[tuple[str | None, str], tuple[str, str]] = {
    ("Chequerplay statistics", "Total moves"): ("moves", "int"),
    ("Chequerplay statistics", "Unforced moves"): ("unforced_moves", "int"),
    ("Chequerplay statistics", "Unmarked moves"): ("unmarked_moves", "int"),
    ("Chequerplay statistics", "Moves marked doubtful"): ("marked_doubtful", "int"),
    ("Chequerplay statistics", "Moves marked bad"): ("marked_bad", "int"),
    ("Chequerplay statistics", "Moves marked very bad"): ("marked_very_bad", "int"),
    ("Chequerplay statistics", "Error total EMG (MWC)"): ("chequer_error_total", "error_total"),
    ("Chequerplay statistics", "Error rate mEMG (MWC)"): ("chequer_error_rate", "error_rate"),
    ("Chequerplay statistics", "Chequerplay rating"): ("chequer_rating", "text"),
    ("Luck statistics", "Rolls marked very lucky"): ("rolls_very_lucky", "int"),
    ("Luck statistics", "Rolls marked lucky"): ("rolls_lucky", "int"),
    ("Luck statistics", "Rolls unmarked"): ("rolls_unmarked", "int"),
    ("Luck statistics", "Rolls marked unlucky"): ("rolls_unlucky", "int"),
    ("Luck statistics", "Rolls marked very unlucky"): ("rolls_very_unlucky", "int"),
    ("Luck statistics", "Luck total EMG (MWC)"): ("luck_total", "luck_total"),
    ("Luck statistics", "Luck rate mEMG (MWC)"): ("luck_rate", "luck_rate"),
    ("Luck statistics", "Luck rating"): ("luck_rating", "text"),
    ("Cube statistics", "Total cube decisions"): ("cube_decisions", "int"),
    ("Cube statistics", "Close or actual cube decisions"): ("close_cube_decisions", "int"),
    ("Cube statistics", "Doubles"): ("doubles", "int"),
    ("Cube statistics", "Takes"): ("takes", "int"),
    ("Cube statistics", "Passes"): ("passes", "int"),
    ("Cube statistics", "Missed doubles below CP (EMG (MWC))"): ("missed_doubles_below_cp", "count"),
    ("Cube statistics", "Missed doubles above CP (EMG (MWC))"): ("missed_doubles_above_cp", "count"),
    ("Cube statistics", "Wrong doubles below DP (EMG (MWC))"): ("wrong_doubles_below_dp", "count"),
    ("Cube statistics", "Wrong doubles above TG (EMG (MWC))"): ("wrong_doubles_above_tg", "count"),
    ("Cube statistics", "Wrong takes (EMG (MWC))"): ("wrong_takes", "count"),
    ("Cube statistics", "Wrong passes (EMG (MWC))"): ("wrong_passes", "count"),
    ("Cube statistics", "Error total EMG (MWC)"): ("cube_error_total", "error_total"),
    ("Cube statistics", "Error rate mEMG (MWC)"): ("cube_error_rate", "error_rate"),
    ("Cube statistics", "Cube decision rating"): ("cube_rating", "text"),
    ("Overall statistics", "Error total EMG (MWC)"): ("overall_error_total", "error_total"),
    ("Overall statistics", "Error rate mEMG (MWC)"): ("overall_error_rate", "error_rate"),
    ("Overall statistics", "Snowie error rate"): ("snowie_error_rate", "error_rate"),
    ("Overall statistics", "Overall rating"): ("rating", "text"),
}
SECTIONS = ("Chequerplay statistics", "Luck statistics", "Cube statistics", "Overall statistics")


def read_cell(kind: str, cell: str) -> dict[str, Any]:
    """A cell of gnubg's table as our figures: errors positive mEMG, luck signed mEMG, MWC in per cent."""
    numbers = [float(n) for n in NUMBER.findall(cell)]
    if kind == "int":
        return {"": int(numbers[0])}
    if kind == "count":  # "6 (-0.534 ( -5.313%))" or "0"
        return {"": int(numbers[0])}
    if kind in ("error_total", "luck_total"):  # EMG (MWC %), totals: to mEMG
        sign = -1.0 if kind == "error_total" else 1.0
        return {"": round(sign * numbers[0] * 1000, 3), "_mwc": round(sign * numbers[1], 3)}
    if kind in ("error_rate", "luck_rate"):  # mEMG (MWC %)
        sign = -1.0 if kind == "error_rate" else 1.0
        return {"": round(sign * numbers[0], 3), "_mwc": round(sign * numbers[1], 4)}
    raise ValueError(kind)


def parse_statistics(text: str) -> list[JSON]:
    """The per-player figures of `show statistics match` (gnubg 1.07's layout)."""
    lines = text.splitlines()
    header = next((i for i, line in enumerate(lines) if line.startswith("Player ")), None)
    if header is None:
        raise ValueError("no statistics table in gnubg's output")
    names = lines[header].split()[1:]
    if len(names) != 2:
        raise ValueError(f"cannot read the players from {lines[header]!r}")
    columns = [
        lines[header].index(names[0]),
        lines[header].index(names[1], lines[header].index(names[0]) + 1),
    ]
    players: list[JSON] = [{"name": name} for name in names]
    section = ""
    for line in lines[header + 1 :]:
        label = line[: columns[0]].strip()
        if label in SECTIONS:
            section = label
            continue
        row = ROWS.get((section, label))
        if row is None:
            continue
        key, kind = row
        if kind == "text":
            cells = [line[columns[0] : columns[1]].strip(), line[columns[1] :].strip()]
            for player, cell in zip(players, cells, strict=True):
                player[key] = cell
            continue
        found = CELL.findall(line[columns[0] - 1 :])
        if len(found) != 2:
            raise ValueError(f"cannot read {label!r}: {line!r}")
        for player, cell in zip(players, found, strict=True):
            for suffix, value in read_cell(kind, cell).items():
                player[key + suffix] = value
    missing = {key for key, _ in ROWS.values()} - set(players[0]) - {"snowie_error_rate"}
    if missing:
        raise ValueError(f"gnubg's statistics lack {sorted(missing)}")
    return players


def analyse_one(mat: Path, plies: int) -> tuple[Path, float]:
    out = mat.with_suffix(f".gnubg-{plies}ply.json")
    sgf = mat.with_suffix(f".gnubg-{plies}ply.sgf")
    started = time.monotonic()
    output = run_gnubg(
        [
            "set confirm save off",
            f"set analysis chequerplay evaluation plies {plies}",
            f"set analysis cubedecision evaluation plies {plies}",
            f"import mat {mat.resolve()}",
            "analyse match",
            f"save match {sgf.resolve()}",
            "show statistics match",
        ],
        timeout=6 * 3600,
    )
    seconds = time.monotonic() - started
    players = parse_statistics(output)
    figures = {"file": mat.name, "plies": plies, "seconds": round(seconds, 1), "players": players}
    partial = out.with_suffix(".partial")
    partial.write_text(json.dumps(figures, indent=1) + "\n")
    partial.replace(out)  # whole or absent: the checkpoint
    return out, seconds


def gnubg_analyse(args: argparse.Namespace) -> None:
    folder = Path(args.set)
    jobs = min(args.jobs, MAX_GNUBG)
    mats = sorted(folder.glob("match-*.mat"))
    if args.matches:
        mats = mats[: args.matches]
    todo = [mat for mat in mats if not mat.with_suffix(f".gnubg-{args.plies}ply.json").exists()]
    # The shortest first: early figures, and a fair estimate of the rest.
    todo.sort(key=lambda mat: mat.stat().st_size)
    print(
        f"{len(mats) - len(todo)} of {len(mats)} matches done; {len(todo)} to analyse at {args.plies}-ply, "
        f"{jobs} at a time",
        flush=True,
    )
    started = time.monotonic()
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(analyse_one, mat, args.plies): mat for mat in todo}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            mat = futures[future]
            try:
                _, seconds = future.result()
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as error:
                failed += 1
                print(f"{mat.name}: FAILED: {error}", flush=True)
                continue
            elapsed = time.monotonic() - started
            print(
                f"{mat.name}: {seconds:.0f} s ({mat.stat().st_size} bytes); {done}/{len(todo)} "
                f"after {elapsed / 60:.1f} min",
                flush=True,
            )
    print(f"finished in {(time.monotonic() - started) / 60:.1f} min, {failed} failed", flush=True)


# --- compare ------------------------------------------------------------------------------------------------


def our_analysis(mat: Path, depth: int, force: bool) -> JSON:
    cached = mat.with_suffix(f".ours-d{depth}.json")
    if cached.exists() and not force:
        result: JSON = json.loads(cached.read_text())
        return result
    env = {**os.environ, "PYTHONPATH": str(REPO / "py")}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "backgammon", "analyze", "--json", "--depth", str(depth), str(mat)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(done.stderr.strip()[-400:] or f"status {done.returncode}")
    result = json.loads(done.stdout)
    result["_seconds"] = round(time.monotonic() - started, 2)
    partial = cached.with_suffix(".partial")
    partial.write_text(json.dumps(result) + "\n")
    partial.replace(cached)
    return result


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties given their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            result[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return result


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return math.nan
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else math.nan


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    return pearson(ranks(xs), ranks(ys))


def agreement(pairs: Sequence[tuple[tuple[float, float], tuple[float, float]]]) -> JSON:
    """How often the two players of a match are in the same order by both analyses."""
    same = ties = 0
    for (ours_a, gnubg_a), (ours_b, gnubg_b) in pairs:
        if ours_a == ours_b or gnubg_a == gnubg_b:
            ties += 1
        elif (ours_a < ours_b) == (gnubg_a < gnubg_b):
            same += 1
    decided = len(pairs) - ties
    return {
        "matches": len(pairs),
        "same_order": same,
        "ties": ties,
        "share": round(same / decided, 4) if decided else None,
    }


def figure_summary(rows: Sequence[JSON], key: str) -> JSON:
    if not rows:
        return {"players": 0}
    ours = [row["ours"][key] for row in rows]
    gnubg = [row["gnubg"][key] for row in rows]
    differences = [a - b for a, b in zip(ours, gnubg, strict=True)]
    by_match: dict[str, list[JSON]] = {}
    for row in rows:
        by_match.setdefault(row["match"], []).append(row)
    pairs = [
        ((a["ours"][key], a["gnubg"][key]), (b["ours"][key], b["gnubg"][key]))
        for a, b in (players for players in by_match.values() if len(players) == 2)
    ]
    n = len(rows)
    return {
        "players": n,
        "gnubg_mean": round(sum(gnubg) / n, 3),
        "ours_mean": round(sum(ours) / n, 3),
        "mean_difference": round(sum(differences) / n, 3),
        "mean_absolute_difference": round(sum(abs(d) for d in differences) / n, 3),
        "median_absolute_difference": round(sorted(abs(d) for d in differences)[n // 2], 3),
        "pearson": round(pearson(ours, gnubg), 4),
        "spearman": round(spearman(ours, gnubg), 4),
        "order_in_match": agreement(pairs),
    }


PAIRS: list[JSON] = []  # every move judged by both, filled by compare_rows
GOOD = 20  # mEMG per unforced move
FIGURES = ("chequer_error_rate", "cube_error_rate", "overall_error_rate", "luck_rate")
COUNTS = ("moves", "unforced_moves", "close_cube_decisions")


MOVE_NODE = re.compile(r";([BW])\[(\d)(\d)[a-z]*\]")
NODE = re.compile(r";(?=[A-Z]+\[)")  # where an SGF node starts
ANALYSIS = re.compile(r"A\[(\d+)\]((?:\[[^\]]*\])+)")
LUCK = re.compile(r"LU\[([-+]?[\d.]+)\]")


def gnubg_moves(sgf: Path) -> list[list[JSON]]:
    """Per game, each move of gnubg's analysed .sgf: its dice, the roll's luck (`LU`) and the error of the
    play made (the best play's equity minus its, from `A[index of the play made][plays...]`; `None` with
    one legal play), both in mEMG."""
    games = []
    for tree in sgf.read_text().split("(;")[1:]:
        moves = []
        for node in NODE.split(tree)[1:]:
            move, luck = MOVE_NODE.match(";" + node), LUCK.search(node)
            if not (move and luck):
                continue
            error = None
            analysis = ANALYSIS.search(node)
            if analysis:
                equities = [
                    float(entry.split()[9]) for entry in re.findall(r"\[([^\]]*)\]", analysis.group(2))
                ]
                if len(equities) > 1:
                    error = (equities[0] - equities[int(analysis.group(1))]) * 1000
            dice = sorted((int(move.group(2)), int(move.group(3))), reverse=True)
            moves.append({"dice": dice, "luck": float(luck.group(1)) * 1000, "error": error})
        games.append(moves)
    return games


def move_pairs(mat: Path, ours: JSON, plies: int) -> list[JSON]:
    """Each move by us and by gnubg, paired in order within each game (the dice must agree)."""
    sgf = mat.with_suffix(f".gnubg-{plies}ply.sgf")
    if not sgf.exists():
        return []
    pairs = []
    for game, theirs in zip(ours["games"], gnubg_moves(sgf), strict=False):
        mine = [d for d in game["decisions"] if d["kind"] == "move" and d["luck"] is not None]
        if len(mine) != len(theirs):
            continue
        for index, (decision, gnubg) in enumerate(zip(mine, theirs, strict=True)):
            if sorted(decision["dice"], reverse=True) != gnubg["dice"]:
                break
            pairs.append(
                {
                    "first": index == 0,
                    "ours_luck": decision["luck"],
                    "gnubg_luck": gnubg["luck"],
                    "ours_error": None if decision["forced"] else decision["error"],
                    "gnubg_error": gnubg["error"],
                }
            )
    return pairs


def luck_part(chosen: Sequence[JSON]) -> JSON:
    if not chosen:
        return {"rolls": 0}
    ours, gnubg = [p["ours_luck"] for p in chosen], [p["gnubg_luck"] for p in chosen]
    n = len(chosen)
    return {
        "rolls": n,
        "ours_mean": round(sum(ours) / n, 2),
        "gnubg_mean": round(sum(gnubg) / n, 2),
        "mean_difference": round(sum(a - b for a, b in zip(ours, gnubg, strict=True)) / n, 2),
        "mean_absolute_difference": round(sum(abs(a - b) for a, b in zip(ours, gnubg, strict=True)) / n, 2),
        "pearson": round(pearson(ours, gnubg), 4),
    }


def play_part(pairs: Sequence[JSON]) -> JSON:
    """Checker plays unforced for both: how often both find the play made the best, and the errors."""
    both = [p for p in pairs if p["ours_error"] is not None and p["gnubg_error"] is not None]
    if not both:
        return {"plays": 0}
    ours, gnubg = [p["ours_error"] for p in both], [p["gnubg_error"] for p in both]
    n = len(both)
    best = [(a <= 0.0, b <= 0.0) for a, b in zip(ours, gnubg, strict=True)]
    marked = [(a >= 40.0, b >= 40.0) for a, b in zip(ours, gnubg, strict=True)]
    return {
        "plays": n,
        "unforced_only_ours": sum(p["ours_error"] is not None and p["gnubg_error"] is None for p in pairs),
        "unforced_only_gnubg": sum(p["ours_error"] is None and p["gnubg_error"] is not None for p in pairs),
        "best_by_both": sum(a and b for a, b in best),
        "best_by_ours_only": sum(a and not b for a, b in best),
        "best_by_gnubg_only": sum(b and not a for a, b in best),
        "same_verdict_best": round(sum(a == b for a, b in best) / n, 4),
        "marked_by_both": sum(a and b for a, b in marked),
        "marked_by_ours_only": sum(a and not b for a, b in marked),
        "marked_by_gnubg_only": sum(b and not a for a, b in marked),
        "ours_mean": round(sum(ours) / n, 2),
        "gnubg_mean": round(sum(gnubg) / n, 2),
        "mean_absolute_difference": round(sum(abs(a - b) for a, b in zip(ours, gnubg, strict=True)) / n, 2),
        "pearson": round(pearson(ours, gnubg), 4),
        "spearman": round(spearman(ours, gnubg), 4),
    }


CUBE_PAIRS: list[JSON] = []  # every cube decision and answer judged by both, filled by compare_rows


def cube_pairs(mat: Path, ours: JSON, plies: int) -> list[JSON]:
    """Each cube decision (before a roll) and each answer to a double by us and by gnubg, in order within each
    game, with both verdicts: gnubg's from the values in its analysed .sgf (`DA`), read as
    tests/core/gnubg_analysed.py reads them. `gnubg_close`: gnubg counts it in the cube error rate (every
    answer, every double, and a cube decision where doubling is not a very bad error)."""
    sgf = mat.with_suffix(f".gnubg-{plies}ply.sgf")
    if not sgf.exists():
        return []
    # The same reading as the yardstick test.
    from tests.core.gnubg_analysed import cube_action, double_pass, read_sgf

    names = re.findall(r"P([WB])\[([^\]]*)\]", sgf.read_text()[:2000])
    gnubg_player = {name: 0 if colour == "W" else 1 for colour, name in names}
    ours_index = [gnubg_player.get(player["name"], i) for i, player in enumerate(ours["players"])]
    money = ours["unit"] == "money"
    found = []
    for game, theirs in zip(ours["games"], read_sgf(sgf), strict=False):
        queue = [t for t in theirs if t.kind != "move"]
        for decision in game["decisions"]:
            if decision["kind"] == "move":
                continue
            player = ours_index[decision["player"]]
            if not (queue and queue[0].kind == decision["kind"] and queue[0].player == player):
                continue
            other = queue.pop(0)
            assert other.no_double is not None and other.double_take is not None
            dp = double_pass(decision, money)
            nd, dt = other.no_double, other.double_take
            equities = decision["cube_equities"]
            if decision["kind"] == "double":
                gnubg_verdict = cube_action(nd, dt, dp)
                ours_verdict = equities["action"]
                # gnubg calls a double "optional" when no double and double are worth the same (within
                # its epsilon, `isOptional`; here the values' six decimals): either verdict is gnubg's.
                if abs(nd - min(dt, dp)) <= 1e-5 and ours_verdict in ("double", "no_double"):
                    gnubg_verdict = ours_verdict
                # isCloseCubedecision on gnubg's values, in EMG; doubles always count.
                close = decision["played"] == "double" or _gnubg_close(nd, dt, dp, decision, money)
            else:
                gnubg_verdict = "take" if dt <= dp else "drop"
                ours_verdict = equities["response"].replace("beaver", "take")
                close = True
            found.append(
                {
                    "kind": decision["kind"],
                    "gnubg": gnubg_verdict,
                    "ours": ours_verdict,
                    "gnubg_close": close,
                    "ours_close": decision["close"],
                }
            )
    return found


def _gnubg_close(no_double: float, double_take: float, dp: float, decision: JSON, money: bool) -> bool:
    """gnubg's isCloseCubedecision on its values (money EMG, or MWC turned into EMG at the cube's stake)."""
    if not money:
        from backgammon.bot.cube import MatchContext
        from backgammon.formats.gnubg_id import decode_match_id

        info = decode_match_id(decision["match_id"])
        me = decision["turn"]
        away, opponent = info.match_length - info.score[me], info.match_length - info.score[1 - me]
        context = MatchContext(away, opponent, info.crawford, not info.crawford and 1 in (away, opponent))
        win, lose = context.payoff(info.cube_value), context.payoff(-info.cube_value)
        no_double, double_take, dp = (
            (2 * v - (win + lose)) / (win - lose) for v in (no_double, double_take, dp)
        )
    best = max(no_double, min(double_take, dp))
    return best - min(double_take, 1.0) < 0.16


def cube_part(pairs: Sequence[JSON]) -> JSON:
    """How often our verdict is gnubg's: all cube decisions, and those gnubg counts (close, or errors)."""

    def share(chosen: Sequence[JSON]) -> JSON:
        n = len(chosen)
        same = sum(p["gnubg"] == p["ours"] for p in chosen)
        return {"decisions": n, "same": same, "share": round(same / n, 4) if n else None}

    doubles = [p for p in pairs if p["kind"] == "double"]
    takes = [p for p in pairs if p["kind"] == "take"]
    counted = [p for p in pairs if p["gnubg_close"]]
    confusion: dict[str, int] = {}
    for p in counted:
        if p["gnubg"] != p["ours"]:
            key = f"{p['kind']}: gnubg {p['gnubg']}, ours {p['ours']}"
            confusion[key] = confusion.get(key, 0) + 1
    return {
        "cube_decisions": share(doubles),
        "cube_decisions_gnubg_counts": share([p for p in doubles if p["gnubg_close"]]),
        "answers": share(takes),
        "counted_by_gnubg": share(counted),
        "same_close_verdict": share([{"gnubg": p["gnubg_close"], "ours": p["ours_close"]} for p in doubles]),
        "differences": dict(sorted(confusion.items(), key=lambda item: -item[1])),
    }


def decision_summary(pairs: Sequence[JSON]) -> JSON:
    return {
        "luck": {
            "all": luck_part(pairs),
            "first_roll_of_game": luck_part([p for p in pairs if p["first"]]),
            "later_rolls": luck_part([p for p in pairs if not p["first"]]),
        },
        "plays": play_part(pairs),
        "cube": cube_part(CUBE_PAIRS),
    }


def compare_rows(
    folder: Path, depth: int, plies: int, force: bool, jobs: int, cached_only: bool = False
) -> tuple[list[JSON], list[str]]:
    gnubg_files = sorted(folder.glob(f"match-*.gnubg-{plies}ply.json"))
    if cached_only:
        gnubg_files = [
            path
            for path in gnubg_files
            if (folder / f"{path.name.split('.')[0]}.ours-d{depth}.json").exists()
        ]
    mats = [folder / (path.name.split(".")[0] + ".mat") for path in gnubg_files]
    failures: list[str] = []
    ours: dict[Path, JSON] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(our_analysis, mat, depth, force): mat for mat in mats}
        for future in concurrent.futures.as_completed(futures):
            mat = futures[future]
            try:
                ours[mat] = future.result()
            except (RuntimeError, ValueError) as error:
                failures.append(f"{mat.name}: {error}")
    rows: list[JSON] = []
    for gnubg_file, mat in zip(gnubg_files, mats, strict=True):
        if mat not in ours:
            continue
        PAIRS.extend(move_pairs(mat, ours[mat], plies))
        CUBE_PAIRS.extend(cube_pairs(mat, ours[mat], plies))
        gnubg = json.loads(gnubg_file.read_text())
        setup_file = mat.with_suffix(".setup.json")
        setup = json.loads(setup_file.read_text()) if setup_file.exists() else {"players": [{}, {}]}
        our_players = {player["name"]: player for player in ours[mat]["players"]}
        for index, theirs in enumerate(gnubg["players"]):
            mine = our_players.get(theirs["name"], ours[mat]["players"][index])
            rows.append(
                {
                    "match": mat.stem,
                    "length": setup.get("length"),
                    "player": theirs["name"],
                    "noise": setup["players"][index],
                    "gnubg": {key: theirs[key] for key in FIGURES + COUNTS},
                    "ours": {key: float(mine[key] or 0.0) for key in FIGURES}
                    | {key: mine[key] for key in COUNTS},
                    "our_seconds": ours[mat].get("_seconds"),
                }
            )
    return rows, failures


def compare(args: argparse.Namespace) -> None:
    folder = Path(args.set)
    rows, failures = compare_rows(folder, args.depth, args.plies, args.force, args.jobs, args.cached_only)
    for failure in failures:
        print("not analysed by us:", failure)
    if not rows:
        sys.exit("nothing to compare: no match analysed by both")
    print(
        f"{len(rows) // 2} matches, {len(rows)} players; ours at depth {args.depth}, "
        f"gnubg at {args.plies}-ply"
    )
    print()
    print(
        f"{'match':<10} {'len':>3} {'player':<6} {'noise':>11} | {'chequer ours':>12} {'gnubg':>6} | "
        f"{'cube ours':>9} {'gnubg':>6} | {'overall ours':>12} {'gnubg':>6} | "
        f"{'luck ours':>9} {'gnubg':>6} | {'unforced':>9}"
    )
    for row in rows:
        ours, gnubg, noise = row["ours"], row["gnubg"], row["noise"]
        noises = f"{noise.get('chequer_noise', 0):.3f}/{noise.get('cube_noise', 0):.3f}"
        print(
            f"{row['match']:<10} {row['length'] or '':>3} {row['player']:<6} {noises:>11} | "
            f"{ours['chequer_error_rate']:>12.1f} {gnubg['chequer_error_rate']:>6.1f} | "
            f"{ours['cube_error_rate']:>9.1f} {gnubg['cube_error_rate']:>6.1f} | "
            f"{ours['overall_error_rate']:>12.1f} {gnubg['overall_error_rate']:>6.1f} | "
            f"{ours['luck_rate']:>9.1f} {gnubg['luck_rate']:>6.1f} | "
            f"{ours['unforced_moves']:>4}/{gnubg['unforced_moves']:<4}"
        )
    summary: JSON = {
        "set": str(folder),
        "depth": args.depth,
        "gnubg_plies": args.plies,
        "matches": len(rows) // 2,
        "players": len(rows),
        "failures": failures,
        "figures": {key: figure_summary(rows, key) for key in FIGURES}
        | {
            # The range of most human play (gnubg's Expert to Intermediate): a harder test of the ranking.
            f"chequer_error_rate_below_{GOOD}": figure_summary(
                [row for row in rows if row["gnubg"]["chequer_error_rate"] < GOOD], "chequer_error_rate"
            )
        },
        "decisions": decision_summary(PAIRS),
        "counts_equal": {key: sum(row["ours"][key] == row["gnubg"][key] for row in rows) for key in COUNTS},
        "our_seconds": round(sum(row["our_seconds"] or 0 for row in rows[::2]), 1),
    }
    print()
    print(
        f"{'figure (mEMG)':<28} {'gnubg mean':>10} {'ours mean':>10} {'mean diff':>10} {'MAD':>7} "
        f"{'Pearson':>8} {'Spearman':>8} {'order in match':>16}"
    )
    for key, figures in summary["figures"].items():
        if not figures["players"]:
            continue
        order = figures["order_in_match"]
        share = "-" if order["share"] is None else f"{100 * order['share']:.0f}%"
        decided = order["matches"] - order["ties"]
        print(
            f"{key:<28} {figures['gnubg_mean']:>10.2f} {figures['ours_mean']:>10.2f} "
            f"{figures['mean_difference']:>+10.2f} {figures['mean_absolute_difference']:>7.2f} "
            f"{figures['pearson']:>8.3f} {figures['spearman']:>8.3f} "
            f"{share:>5} of {decided:>3} ({order['ties']} ties)"
        )
    for part, figures in summary["decisions"]["luck"].items():
        if figures["rolls"]:
            print(
                f"luck per roll, {part.replace('_', ' ')}: {figures['rolls']} rolls, ours mean "
                f"{figures['ours_mean']:+.1f}, gnubg {figures['gnubg_mean']:+.1f} mEMG, MAD "
                f"{figures['mean_absolute_difference']:.1f}, Pearson {figures['pearson']:.3f}"
            )
    plays = summary["decisions"]["plays"]
    if plays["plays"]:
        print(
            f"checker plays unforced for both: {plays['plays']}; the play made is the best for both "
            f"{plays['best_by_both']}, for us only {plays['best_by_ours_only']}, for gnubg only "
            f"{plays['best_by_gnubg_only']} (same verdict {100 * plays['same_verdict_best']:.0f}%); "
            f"an error of 40 mEMG or more for both {plays['marked_by_both']}, for us only "
            f"{plays['marked_by_ours_only']}, for gnubg only {plays['marked_by_gnubg_only']}; error per play "
            f"ours {plays['ours_mean']:.1f}, gnubg {plays['gnubg_mean']:.1f} mEMG, MAD "
            f"{plays['mean_absolute_difference']:.1f}, Pearson {plays['pearson']:.3f}, Spearman "
            f"{plays['spearman']:.3f}"
        )
    cube = summary["decisions"]["cube"]
    for key in ("cube_decisions", "cube_decisions_gnubg_counts", "answers", "counted_by_gnubg"):
        part = cube[key]
        if part["decisions"]:
            print(
                f"cube verdicts, {key.replace('_', ' ')}: the same as gnubg's in {part['same']} of "
                f"{part['decisions']} ({100 * part['share']:.1f}%)"
            )
    if cube["differences"]:
        print("  where they differ (counted by gnubg):", json.dumps(cube["differences"]))
    counts = ", ".join(f"{key} {n}/{len(rows)}" for key, n in summary["counts_equal"].items())
    print(f"\nsame counts as gnubg (players): {counts}")
    print(
        f"our analysis: {summary['our_seconds']} s for {summary['matches']} matches (wall-clock, cached runs "
        f"keep their first time)"
    )
    partial = "-partial" if args.cached_only else ""
    out = folder / f"compare-d{args.depth}-gnubg-{args.plies}ply{partial}.json"
    out.write_text(json.dumps({**summary, "rows": rows}, indent=1) + "\n")
    print(f"summary: {out}")


def gnubg_self(args: argparse.Namespace) -> None:
    """gnubg's own analysis at `--plies` beside its 2-ply one, by the figures `compare` uses for ours: how
    near the 2-ply figures a look of that depth can come (our targets' ceiling). The cube verdicts are
    counted on the decisions gnubg's 2-ply counts, their double-pass value read from our depth-1 analysis."""
    folder = Path(args.set)
    rows: list[JSON] = []
    verdicts: list[JSON] = []
    for low_file in sorted(folder.glob(f"match-*.gnubg-{args.plies}ply.json")):
        stem = low_file.name.split(".")[0]
        high_file = folder / f"{stem}.gnubg-2ply.json"
        if not high_file.exists():
            continue
        low, high = json.loads(low_file.read_text()), json.loads(high_file.read_text())
        by_name = {player["name"]: player for player in low["players"]}
        for theirs in high["players"]:
            mine = by_name[theirs["name"]]
            rows.append(
                {
                    "match": stem,
                    "gnubg": {key: theirs[key] for key in FIGURES + COUNTS},
                    "ours": {key: mine[key] for key in FIGURES + COUNTS},
                }
            )
        ours_file = folder / f"{stem}.ours-d1.json"
        if ours_file.exists():
            verdicts.extend(
                _gnubg_verdicts(folder / f"{stem}.mat", json.loads(ours_file.read_text()), args.plies)
            )
    if not rows:
        sys.exit(f"nothing to compare: no match analysed by gnubg at {args.plies}-ply and 2-ply")
    counted = [v for v in verdicts if v["close"]]
    summary: JSON = {
        "set": str(folder),
        "gnubg_plies": args.plies,
        "against": 2,
        "matches": len(rows) // 2,
        "figures": {key: figure_summary(rows, key) for key in FIGURES},
        "counts_equal": {key: sum(row["ours"][key] == row["gnubg"][key] for row in rows) for key in COUNTS},
        "cube_verdicts_counted_by_2ply": {
            "decisions": len(counted),
            "same": sum(v["same"] for v in counted),
        },
    }
    print(json.dumps(summary, indent=1))
    out = folder / f"gnubg-{args.plies}ply-against-2ply.json"
    out.write_text(json.dumps({**summary, "rows": rows}, indent=1) + "\n")
    print(f"summary: {out}")


def _gnubg_verdicts(mat: Path, ours: JSON, plies: int) -> list[JSON]:
    """Each cube decision and answer of a match: gnubg's verdict at `plies` beside its 2-ply one."""
    from tests.core.gnubg_analysed import cube_action, double_pass, read_sgf

    low_sgf, high_sgf = mat.with_suffix(f".gnubg-{plies}ply.sgf"), mat.with_suffix(".gnubg-2ply.sgf")
    if not (low_sgf.exists() and high_sgf.exists()):
        return []
    names = re.findall(r"P([WB])\[([^\]]*)\]", high_sgf.read_text()[:2000])
    gnubg_player = {name: 0 if colour == "W" else 1 for colour, name in names}
    ours_index = [gnubg_player.get(player["name"], i) for i, player in enumerate(ours["players"])]
    money = ours["unit"] == "money"
    found = []
    for game, lows, highs in zip(ours["games"], read_sgf(low_sgf), read_sgf(high_sgf), strict=False):
        low_queue = [t for t in lows if t.kind != "move"]
        high_queue = [t for t in highs if t.kind != "move"]
        for decision in game["decisions"]:
            if decision["kind"] == "move":
                continue
            player = ours_index[decision["player"]]
            if not all(
                q and q[0].kind == decision["kind"] and q[0].player == player for q in (low_queue, high_queue)
            ):
                continue
            a, b = low_queue.pop(0), high_queue.pop(0)
            # read_sgf gives every cube decision both values, as the first function here relies on
            assert a.no_double is not None and a.double_take is not None
            assert b.no_double is not None and b.double_take is not None
            dp = double_pass(decision, money)
            if decision["kind"] == "double":
                verdict_a = cube_action(a.no_double, a.double_take, dp)
                verdict_b = cube_action(b.no_double, b.double_take, dp)
                close = decision["played"] == "double" or _gnubg_close(
                    b.no_double, b.double_take, dp, decision, money
                )
            else:
                verdict_a = "take" if a.double_take <= dp else "drop"
                verdict_b = "take" if b.double_take <= dp else "drop"
                close = True
            found.append({"kind": decision["kind"], "same": verdict_a == verdict_b, "close": close})
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("make-set", help="gnubg plays matches against itself, exported as .mat")
    make.add_argument("--out", required=True)
    make.add_argument("--matches", type=int, default=60)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--min-length", type=int, default=1)
    make.add_argument("--max-length", type=int, default=9)
    make.add_argument("--max-noise", type=float, default=0.12)
    analyse = commands.add_parser("gnubg-analyse", help="gnubg's `analyse match` of every match of a set")
    analyse.add_argument("--set", required=True)
    analyse.add_argument("--plies", type=int, default=2)
    analyse.add_argument("--jobs", type=int, default=2, help=f"gnubg processes at once (at most {MAX_GNUBG})")
    analyse.add_argument("--matches", type=int, default=0, help="only the first N matches of the set")
    comp = commands.add_parser("compare", help="our analysis against gnubg's, per player")
    comp.add_argument("--set", required=True)
    comp.add_argument("--depth", type=int, default=1)
    comp.add_argument("--plies", type=int, default=2, help="which gnubg analysis to compare with")
    comp.add_argument("--jobs", type=int, default=1, help="our analyses at once")
    comp.add_argument("--force", action="store_true", help="analyse again rather than use cached results")
    comp.add_argument(
        "--cached-only",
        action="store_true",
        help="only the matches our analysis has already done (a partial look)",
    )
    itself = commands.add_parser("gnubg-self", help="gnubg's analysis at fewer plies against its 2-ply one")
    itself.add_argument("--set", required=True)
    itself.add_argument("--plies", type=int, default=1)
    args = parser.parse_args(argv)
    actions: dict[str, Callable[[argparse.Namespace], None]] = {
        "make-set": make_set,
        "gnubg-analyse": gnubg_analyse,
        "compare": compare,
        "gnubg-self": gnubg_self,
    }
    actions[args.command](args)


if __name__ == "__main__":
    main()
