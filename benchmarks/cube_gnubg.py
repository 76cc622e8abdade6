"""The computer's cube decisions against GNU Backgammon's cubeful evaluation, and the cube model's tuning.

    python3 -m benchmarks.cube_gnubg collect --set data/benchmarks/set1 [--plies 2] [--out F]
    python3 -m benchmarks.cube_gnubg compare [--out F] [--efficiency X --race-efficiency Y]
    python3 -m benchmarks.cube_gnubg sweep [--out F]
    python3 -m benchmarks.cube_gnubg reference --out F [--out F2] [--fixture F3]
    python3 -m benchmarks.cube_gnubg zero-ply [--cases 160] [--zero-ply-fixture F]

`collect` takes every cube decision of the matches analysed by `analysis_gnubg.py` (the `*.ours-d1.json`
files: the position, cube, score and our depth-1 chances of the side that may double), keeps those in
or near a doubling window (our win chance 0.5 to 0.97) and has gnubg judge each at `--plies` (cubeful:
no double, double/take, double/pass, as `gnubg.cfevaluate` gives them) together with its own cubeless
chances of the position. A line a position in `--out`; a rerun goes on where it stopped.

`compare` puts our cube decisions beside gnubg's: our 0-ply model (`backgammon.bot.cube.cube_advice`, gnubg's
formula since 2026-11-26; the expert itself decides one ply deeper, `cubeful.lookahead_advice`, which needs
the board's rolls and is measured by `analysis_gnubg.py compare`) on our chances, and
on gnubg's chances (which tells the model's part of the difference from the evaluator's). The cost of
a decision is what gnubg's figures say it loses: doubling where gnubg would not (or the reverse), and
taking or passing against gnubg's answer, in mEMG per decision. `sweep` prints the same cost for cube
efficiencies from 0.4 to 0.9 in contact and in races. `reference` draws (seed 1) a small set of clear-cut
decisions from one or more `--out` files for `tests/core/test_cube_reference.py`: by gnubg's figures
the right action wins by at least `CLEAR` EMG, and the answer too, eight of each kind (no double/take
with the doubler at 60% or more, double/take, double/pass, too good) from each file.

`zero-ply` checks that `backgammon.bot.cube` is gnubg's method to the letter: it draws `--cases` boards
from random games (seed 5; contact, races and bear-offs), each with a score (money with or without the
Jacoby rule, matches of 3 to 25 points, the Crawford game and after it) and a cube (1 to 4, centred or
owned), has gnubg give its cubeless chances and its 0-ply cube figures (no double, double/take, in EMG),
and writes them to `--zero-ply-fixture` (tests/core/data/cube_gnubg_zero_ply.json), which
tests/core/test_cube_reference.py holds ours to: the same figures from gnubg's chances, to 1e-4 EMG.
On 2026-11-26, 160 cases (the fixture) and 351 in a first trial: all within 1e-5 (7.7e-6 at most in the
fixture; gnubg computes in single precision).
"""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path
from typing import Any

from backgammon.bot.cube import MatchContext, Owner, cube_advice
from backgammon.bot.evaluator import Probabilities
from backgammon.bot.pubeval import is_race
from backgammon.formats.gnubg_id import decode_match_id, decode_position_id
from benchmarks.bot_vs_gnubg import run_script_in_gnubg
from benchmarks.inside_gnubg import REPO

ARGS_VARIABLE = "CUBE_GNUBG_ARGS"  # set when this script runs inside gnubg (no __file__ there)
INSIDE_GNUBG = ARGS_VARIABLE in os.environ

DEFAULT_OUT = Path("data/benchmarks/cube-gnubg.jsonl")
WINDOW = (0.5, 0.97)
CLEAR = 0.08
PER_KIND = 8


def cube_positions(folder: Path) -> list[dict[str, Any]]:
    """The distinct cube decisions of the analysed matches whose doubler's chances are in `WINDOW`."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for path in sorted(folder.glob("*.ours-d1.json")):
        analysis = json.loads(path.read_text())
        for game in analysis["games"]:
            for decision in game["decisions"]:
                if decision["kind"] == "move" or not WINDOW[0] <= decision["chances"]["win"] <= WINDOW[1]:
                    continue
                info = decode_match_id(decision["match_id"])
                doubler = info.player_on_roll
                key = (decision["position_id"], f"{info.cube_value}|{info.cube_owner}|{info.score}")
                found.setdefault(
                    key,
                    {
                        "position_id": decision["position_id"],
                        "cube": info.cube_value,
                        "owner": None
                        if info.cube_owner is None
                        else ("me" if info.cube_owner == doubler else "them"),
                        "length": info.match_length,
                        "away": info.match_length - info.score[doubler],
                        "opponent_away": info.match_length - info.score[1 - doubler],
                        "score": [info.score[doubler], info.score[1 - doubler]],
                        "crawford": info.crawford,
                        "ours": decision["chances"],
                    },
                )
    return list(found.values())


def zero_ply_inside_gnubg(args: dict[str, Any]) -> None:
    """gnubg's cubeless chances and its cube figures (at 0-ply, or `args["plies"]`) for each case of
    `args["cases"]` (a JSON file)."""
    import gnubg  # type: ignore[import-not-found]  # the module of gnubg's embedded Python

    gnubg.command("set threads 1")
    cubeful = {"cubeful": 1, "plies": args.get("plies", 0), "deterministic": 1, "prune": 0, "noise": 0.0}
    cubeless = {**cubeful, "cubeful": 0, "plies": args.get("chance_plies", 0)}
    cases = json.loads(Path(args["cases"]).read_text())
    with Path(args["out"]).open("w") as sink:
        for case in cases:
            gnubg.command(f"set jacoby {'on' if case.get('jacoby') else 'off'}")
            mine, theirs = decode_position_id(case["position_id"])
            board = (theirs, mine)
            owner = {None: -1, "me": 0, "them": 1}[case["owner"]]
            cube = gnubg.cubeinfo(
                case["cube"], owner, 0, case["length"], tuple(case["score"]), int(case["crawford"])
            )
            if case.get("jacoby"):
                cube["jacoby"] = 1
            _, no_double, take, drop, *_ = gnubg.cfevaluate(board, cube, cubeful)
            chances = gnubg.evaluate(board, cube, cubeless)[:5]
            figures = {"no_double": no_double, "double_take": take, "double_pass": drop, "chances": chances}
            sink.write(json.dumps({**case, "gnubg": figures}) + "\n")


def collect_inside_gnubg(args: dict[str, Any]) -> None:
    if args.get("mode") == "zero-ply":
        zero_ply_inside_gnubg(args)
        return
    import gnubg  # the module of gnubg's embedded Python

    gnubg.command("set threads 1")
    cubeful = {"cubeful": 1, "plies": args["plies"], "deterministic": 1, "prune": 1, "noise": 0.0}
    cubeless = {**cubeful, "cubeful": 0}
    out = Path(args["out"])
    done = len(out.read_text().splitlines()) if out.exists() else 0
    positions = cube_positions(Path(args["set"]))
    if args["money"]:
        # The same positions in money play, the cube centred (Jacoby off)
        gnubg.command("set jacoby off")
        money = {"cube": 1, "owner": None, "length": 0, "away": 0, "opponent_away": 0, "score": [0, 0]}
        distinct = {entry["position_id"]: entry for entry in positions}
        positions = [{**entry, **money, "crawford": False} for entry in distinct.values()]
    with out.open("a") as sink:
        for entry in positions[done:]:
            mine, theirs = decode_position_id(entry["position_id"])
            board = (theirs, mine)  # gnubg's board: (the side not on roll, the side on roll)
            owner = {None: -1, "me": 0, "them": 1}[entry["owner"]]
            crawford = int(entry["crawford"])
            cube = gnubg.cubeinfo(entry["cube"], owner, 0, entry["length"], tuple(entry["score"]), crawford)
            _, no_double, take, drop, *_ = gnubg.cfevaluate(board, cube, cubeful)
            chances = gnubg.evaluate(board, cube, cubeless)[:5]
            gnubg_figures = {
                "no_double": no_double,
                "double_take": take,
                "double_pass": drop,
                "chances": chances,
            }
            sink.write(json.dumps({**entry, "gnubg": gnubg_figures}) + "\n")
            sink.flush()


def zero_ply_cases(count: int, seed: int = 5) -> list[dict[str, Any]]:
    """Boards from random games, each with a score and a cube state (see the module's docstring)."""
    from backgammon.movegen import legal_positions
    from backgammon.position import Position

    rng = random.Random(seed)
    boards: list[Position] = []
    while len(boards) < count:
        position = Position.start()
        for _ in range(200):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            after = rng.choice(legal_positions(position, dice))
            if not any(after.mine):
                break
            position = after.swap()
            if rng.random() < 0.06:
                boards.append(position)
    cases = []
    for position in boards[:count]:
        length = rng.choice([0, 0, 3, 5, 7, 9, 11, 25])
        if length == 0:
            cube = rng.choice([1, 2, 4])
            owner = rng.choice([None, "me", "them"]) if cube > 1 else None
            jacoby = rng.random() < 0.3
            cases.append(
                {"position_id": position.id, "length": 0, "score": [0, 0], "cube": cube, "owner": owner}
                | {"crawford": False, "jacoby": jacoby}
            )
            continue
        score = [rng.randrange(length), rng.randrange(length)]
        crawford = 1 in (length - score[0], length - score[1]) and score[0] != score[1] and rng.random() < 0.5
        cube = 1 if crawford else rng.choice([1, 1, 2, 4])
        owner = None if cube == 1 else rng.choice(["me", "them"])
        cases.append(
            {"position_id": position.id, "length": length, "score": score, "cube": cube, "owner": owner}
            | {"crawford": crawford}
        )
    return cases


def zero_ply(count: int, fixture: Path) -> None:
    cases_file = fixture.with_suffix(".cases.tmp")
    out = fixture.with_suffix(".out.tmp")
    cases_file.write_text(json.dumps(zero_ply_cases(count)))
    settings: dict[str, object] = {
        "mode": "zero-ply",
        "cases": str(cases_file.resolve()),
        "out": str(out.resolve()),
    }
    run_script_in_gnubg(REPO / "benchmarks" / "cube_gnubg.py", ARGS_VARIABLE, settings)
    lines = read(out)
    fixture.write_text("[\n" + ",\n".join(json.dumps(line) for line in lines) + "\n]\n")
    cases_file.unlink()
    out.unlink()
    print(f"{len(lines)} cases in {fixture}")


def context_of(entry: dict[str, Any]) -> MatchContext:
    if not entry["length"]:
        return MatchContext()
    post = not entry["crawford"] and 1 in (entry["away"], entry["opponent_away"])
    return MatchContext(entry["away"], entry["opponent_away"], bool(entry["crawford"]), post)


def our_decision(
    entry: dict[str, Any], chances: Probabilities, contact: float | None, race: float | None
) -> tuple[bool, bool]:
    """(double, take) as the computer decides, with other cube efficiencies if given."""
    mine, theirs = decode_position_id(entry["position_id"])
    in_race = is_race(mine, theirs)
    owner = {None: Owner.CENTRE, "me": Owner.ME, "them": Owner.THEM}[entry["owner"]]
    advice = cube_advice(
        chances,
        entry["cube"],
        owner,
        context_of(entry),
        race=in_race,
        efficiency=race if in_race else contact,
    )
    return advice.double, advice.take


def costs(
    lines: list[dict[str, Any]], contact: float | None, race: float | None, *, gnubg_chances: bool
) -> dict[str, Any]:
    """Mean cost (mEMG, by gnubg's figures) of our double and take decisions, and agreement counts."""
    double_cost = take_cost = 0.0
    double_agree = take_agree = 0
    for line in lines:
        g = line["gnubg"]
        chances = Probabilities(*(g["chances"] if gnubg_chances else line["ours"].values()))
        double, take = our_decision(line, chances, contact, race)
        best_double = min(g["double_take"], g["double_pass"])
        gnubg_double = best_double > g["no_double"]
        gnubg_take = g["double_take"] <= g["double_pass"]
        double_agree += double == gnubg_double
        take_agree += take == gnubg_take
        double_cost += abs(best_double - g["no_double"]) if double != gnubg_double else 0.0
        take_cost += abs(g["double_take"] - g["double_pass"]) if take != gnubg_take else 0.0
    n = len(lines)
    return {
        "positions": n,
        "double_agree": round(double_agree / n, 4),
        "take_agree": round(take_agree / n, 4),
        "double_cost_memg": round(1000 * double_cost / n, 2),
        "take_cost_memg": round(1000 * take_cost / n, 2),
    }


def read(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.read_text().splitlines()]


def gnubg_kind(figures: dict[str, float]) -> str:
    no_double, take, drop = figures["no_double"], figures["double_take"], figures["double_pass"]
    if min(take, drop) > no_double:
        return "double/take" if take <= drop else "double/pass"
    return "too good" if no_double > drop else "no double/take"


def reference(files: list[Path], fixture: Path) -> None:
    rng = random.Random(1)
    chosen = []
    for path in files:
        by_kind: dict[str, list[dict[str, Any]]] = {}
        for line in read(path):
            g = line["gnubg"]
            margins = (
                abs(min(g["double_take"], g["double_pass"]) - g["no_double"]),
                abs(g["double_take"] - g["double_pass"]),
            )
            kind = gnubg_kind(g)
            if min(margins) < CLEAR or (kind == "no double/take" and g["chances"][0] < 0.6):
                continue
            by_kind.setdefault(kind, []).append(line)
        for kind in sorted(by_kind):
            for line in rng.sample(by_kind[kind], min(PER_KIND, len(by_kind[kind]))):
                fields = ("position_id", "cube", "owner", "length", "away", "opponent_away", "crawford")
                chosen.append({**{key: line[key] for key in fields}, "gnubg": kind})
    fixture.write_text(json.dumps(chosen, indent=1) + "\n")
    print(f"{len(chosen)} positions in {fixture}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("collect", "compare", "sweep", "reference", "zero-ply"))
    parser.add_argument("--cases", type=int, default=160, help="zero-ply: how many")
    parser.add_argument(
        "--zero-ply-fixture", type=Path, default=Path("tests/core/data/cube_gnubg_zero_ply.json")
    )
    parser.add_argument("--set", type=Path, default=Path("data/benchmarks/set1"))
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--money", action="store_true", help="collect: the positions in money play instead")
    parser.add_argument("--out", type=Path, action="append", help=f"default {DEFAULT_OUT}")
    parser.add_argument("--fixture", type=Path, default=Path("tests/core/data/cube_reference.json"))
    parser.add_argument("--efficiency", type=float, help="contact (default: ours, money or match)")
    parser.add_argument("--race-efficiency", type=float, help="in races (default: ours)")
    args = parser.parse_args()
    outs = args.out or [DEFAULT_OUT]
    if args.command == "zero-ply":
        zero_ply(args.cases, args.zero_ply_fixture)
        return
    if args.command == "reference":
        reference(outs, args.fixture)
        return
    args.out = outs[0]
    if args.command == "collect":
        settings = {
            "set": str(args.set.resolve()),
            "plies": args.plies,
            "money": args.money,
            "out": str(args.out.resolve()),
        }
        run_script_in_gnubg(REPO / "benchmarks" / "cube_gnubg.py", ARGS_VARIABLE, settings)
        print(f"{len(read(args.out))} positions in {args.out}")
        return
    lines = read(args.out)
    if args.command == "compare":
        for gnubg_chances in (False, True):
            figures = costs(lines, args.efficiency, args.race_efficiency, gnubg_chances=gnubg_chances)
            print(json.dumps({"chances": "gnubg" if gnubg_chances else "ours", **figures}))
        return
    for gnubg_chances in (False, True):
        for contact in (0.4, 0.5, 0.6, 0.68, 0.75, 0.8, 0.9):
            for race in (0.5, 0.6, 0.7, 0.8):
                figures = costs(lines, contact, race, gnubg_chances=gnubg_chances)
                chances = "gnubg" if gnubg_chances else "ours"
                print(
                    json.dumps({"chances": chances, "contact": contact, "race": race, **figures}), flush=True
                )


if __name__ == "__main__":
    if INSIDE_GNUBG:
        collect_inside_gnubg(json.loads(os.environ[ARGS_VARIABLE]))
    else:
        main()
