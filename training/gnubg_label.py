"""GNU Backgammon's cubeless evaluation of each position of a `positions.py` file: the teacher's figures.

    python3 -m training.gnubg_label training/data/positions.npz training/data/labels.npz \
        [--plies 1] [--processes 16]

Writes `outputs`, (n, 5) float32 in the order of the positions: chances of winning, winning a gammon,
winning a backgammon, losing a gammon, losing a backgammon for the side on roll, from
`gnubg.evaluate` at `--plies` look-ahead (money play, cube centred, Jacoby off, no noise).

Each call into gnubg's embedded Python waits about 10 ms however little it computes (measured: 0.2 ms
of processor at 0-ply, 1.1 ms at 1-ply, 10 ms at 2-ply), so the positions are split among many gnubg
processes side by side. Each writes its figures as it goes and a rerun picks up where it stopped.
Needs Debian's `gnubg` (`make setup` installs it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from array import array
from pathlib import Path

ARGS_VARIABLE = "GNUBG_LABEL_ARGS"  # set when this script runs inside gnubg, which gives it no __file__
POSITION_BYTES = 50  # mine (on roll) then theirs, 25 counts each
OUTPUTS = 5


def label_inside_gnubg(args: dict[str, str]) -> None:
    import gnubg  # type: ignore[import-not-found]  # the module of gnubg's embedded Python

    gnubg.command("set threads 1")
    gnubg.command("set jacoby off")
    gnubg.command("new session")
    cube = gnubg.cubeinfo()
    context = {"cubeful": 0, "plies": int(args["plies"]), "deterministic": 1, "prune": 1, "noise": 0.0}
    data = Path(args["shard"]).read_bytes()
    first = int(args.get("start", 0))  # the positions from `start` up to `stop` of the shard (all of it)
    stop = int(args.get("stop", len(data) // POSITION_BYTES))
    out = Path(args["out"])
    done = out.stat().st_size // (4 * OUTPUTS) if out.exists() else 0
    with out.open("ab") as sink:
        figures = array("f")
        for start in range((first + done) * POSITION_BYTES, stop * POSITION_BYTES, POSITION_BYTES):
            mine = tuple(data[start : start + 25])
            theirs = tuple(data[start + 25 : start + POSITION_BYTES])
            # gnubg's board is (the side not on roll, the side on roll)
            figures.extend(gnubg.evaluate((theirs, mine), cube, context)[:OUTPUTS])
            if len(figures) >= 100 * OUTPUTS:
                figures.tofile(sink)
                sink.flush()
                figures = array("f")
        figures.tofile(sink)


def main() -> None:
    import numpy as np

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("positions", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--plies", type=int, default=1)
    parser.add_argument("--processes", type=int, default=16)
    args = parser.parse_args()
    # benchmarks.inside_gnubg.gnubg_path's lookup, written again: this file is also run by its path, where the
    # repository's packages are not importable.
    gnubg = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if gnubg is None:
        sys.exit("GNU Backgammon is not installed: `apt-get install gnubg` (or `make setup`).")
    stored = np.load(args.positions)
    boards = np.concatenate([stored["mine"], stored["theirs"]], axis=1).astype(np.uint8)
    work = args.target.with_name(args.target.stem + f".{args.plies}ply.parts")
    work.mkdir(parents=True, exist_ok=True)
    shards = np.array_split(boards, args.processes)
    running = []
    for i, shard in enumerate(shards):
        (work / f"{i}.in").write_bytes(shard.tobytes())
        settings = {"shard": str(work / f"{i}.in"), "out": str(work / f"{i}.out"), "plies": str(args.plies)}
        env = {**os.environ, ARGS_VARIABLE: json.dumps(settings)}
        running.append(
            subprocess.Popen(
                [gnubg, "-t", "-q", "-p", str(Path(__file__).resolve())],
                env=env,
                stdout=subprocess.DEVNULL,
            )
        )
    began = reported = time.time()
    while any(process.poll() is None for process in running):
        time.sleep(0.5)
        if time.time() - reported >= 30:
            reported = time.time()
            done = sum((work / f"{i}.out").stat().st_size for i in range(len(shards))) // (4 * OUTPUTS)
            print(f"{done} of {boards.shape[0]} positions, {done / (reported - began):.0f}/s", flush=True)
    if any(process.returncode for process in running):
        sys.exit("a gnubg process failed; run again to go on from where it stopped")
    outputs = np.concatenate(
        [np.fromfile(work / f"{i}.out", dtype=np.float32).reshape(-1, OUTPUTS) for i in range(len(shards))]
    )
    if outputs.shape[0] != boards.shape[0]:
        sys.exit(f"{outputs.shape[0]} figures for {boards.shape[0]} positions")
    np.savez_compressed(args.target, outputs=outputs, plies=args.plies)
    shutil.rmtree(work)
    print(f"{outputs.shape[0]} positions labelled at {args.plies}-ply")


if __name__ == "__main__":
    if ARGS_VARIABLE in os.environ:
        label_inside_gnubg(json.loads(os.environ[ARGS_VARIABLE]))
    else:
        main()
