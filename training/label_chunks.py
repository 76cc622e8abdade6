"""Label positions with GNU Backgammon chunk by chunk, each chunk kept in git as it is finished.

    python3 -m training.label_chunks new training/labels/games-2ply --net py/backgammon/bot/weights.bin \
        [--kind games|varied|fixed] [--explore 0.1] [--games 400] [--seed 30000] [--plies 2] \
        [--chunks 0] [--positions file.npz] [--exclude training/labels/other]
    nice -n 19 python3 -m training.label_chunks run training/labels/games-2ply [more sets ...] [--commit]
    python3 -m training.label_chunks status training/labels/*

A *set* is a directory of `training/labels/`: `set.json` says how its positions are made and judged, and
each finished chunk is a file `NNNNN.xz` (`labelstore.py`'s format: Position IDs and 16-bit chances, about
13 bytes a position). Chunk `k` of a `games` set holds the positions met in `--games` games of the net
(`positions.py`, one play in `1 / --explore` random) played with seed `--seed + k`, less those of the set's
earlier chunks and of the `--exclude` sets; a `varied` set keeps only those of its games' positions that
`varied.py` calls back games, closed or crashed boards, or prime against prime; a `fixed` set labels the
positions of a file (`mine`, `theirs`), or the plays of a `choices.py` set (the boards after each play,
the opponent on roll, as `choices.py score` wants them judged), in chunks of `--games` positions.

`run` takes the sets in turn, a chunk of each (name a set twice to give it two turns in three), until
each has `--chunks` chunks (0: no end) or it is stopped. The chunk in progress is kept in
`training/data/label-work/` (ignored by git): its positions, and the figures of one gnubg process
(`gnubg_label.py`'s, `--plies` look-ahead, cubeless money) written every 100 positions, so a stopped run
goes on where it stopped; on another machine, from what is in git, it loses at most the chunk in progress.
`--processes P` splits each chunk among P gnubg processes (each waits on gnubg's 10 ms polls more than it
computes) and makes the next chunk's positions while they label (go on with the same P).
With `--commit` each finished chunk is committed at once (only its own file). A lock file keeps a second
`run` off the same set.
"""

from __future__ import annotations

import argparse
import ctypes
import fcntl
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.inside_gnubg import gnubg_path
from training.labelstore import CHUNK_SUFFIX, OUTPUTS, key_values, position_keys, read_keys, write_chunk

ROOT = Path(__file__).resolve().parent.parent
LABELLER = Path(__file__).resolve().parent / "gnubg_label.py"
WORK = ROOT / "training" / "data" / "label-work"
SPEC = "set.json"
RECORD_BYTES = 4 * OUTPUTS  # one position's float32 figures in gnubg_label.py's output


def log(message: str) -> None:
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M:%S} {message}", flush=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def relative(path: Path) -> str:
    resolved = path.resolve()
    return str(resolved.relative_to(ROOT)) if resolved.is_relative_to(ROOT) else str(resolved)


def gnubg_version(gnubg: str) -> str:
    first = subprocess.run([gnubg, "--version"], capture_output=True, text=True, check=False).stdout
    return first.splitlines()[0].strip() if first else "gnubg"


def chunks_of(set_dir: Path) -> list[Path]:
    return sorted(set_dir.glob("[0-9]" * 5 + CHUNK_SUFFIX))


def new_set(args: argparse.Namespace) -> None:
    if (args.set / SPEC).exists():
        sys.exit(f"{args.set / SPEC} exists: a set is made once")
    spec: dict[str, Any] = {
        "kind": args.kind,
        "plies": args.plies,
        "chunks": args.chunks,
        "per_chunk": args.games,
        "exclude": [relative(path) for path in args.exclude],
    }
    if args.kind == "fixed":
        if args.positions is None:
            sys.exit("a fixed set needs --positions")
        spec.update(positions=relative(args.positions), positions_sha256=sha256(args.positions))
    else:
        if args.net is None:
            sys.exit(f"a {args.kind} set needs --net")
        spec.update(net=relative(args.net), net_sha256=sha256(args.net), explore=args.explore, seed=args.seed)
    args.set.mkdir(parents=True, exist_ok=True)
    (args.set / SPEC).write_text(json.dumps(spec, indent=2) + "\n")
    print(f"wrote {args.set / SPEC}")


def load_spec(set_dir: Path) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads((set_dir / SPEC).read_text())
    source = spec.get("net") or spec.get("positions")
    assert source is not None
    digest = spec.get("net_sha256") or spec.get("positions_sha256")
    if sha256(ROOT / source) != digest:
        sys.exit(
            f"{set_dir}: {source} is not the file the set was made with (sha256 {digest}); "
            "put that one back there (`git log` of the set's set.json tells when) to go on"
        )
    return spec


def fresh_positions(set_dir: Path, spec: dict[str, Any], index: int) -> tuple[np.ndarray, dict[str, Any]]:
    """(n, 50) uint8 boards of chunk `index` (mine then theirs), none labelled before in the set or its
    exclusions, and what to record of where they came from."""
    if spec["kind"] == "fixed":
        distinct = np.unique(boards_of(ROOT / spec["positions"]), axis=0)
        start = index * spec["per_chunk"]
        return distinct[start : start + spec["per_chunk"]], {"positions": spec["positions"], "rows": start}
    from check import load_any
    from positions import self_play_positions
    from selfplay import Evaluator
    from varied import any_kind

    seed = spec["seed"] + index
    evaluator = Evaluator(load_any(ROOT / spec["net"]))
    met = self_play_positions(evaluator, spec["per_chunk"], 500, spec["explore"], seed)
    boards = np.frombuffer(b"".join(sorted(met)), dtype=np.int8).reshape(-1, 50)
    known = excluded([*chunks_of(set_dir), *(ROOT / path for path in spec["exclude"])])
    for earlier in range(index):  # chunks made ahead (`--processes`) and not yet written
        waiting = WORK / set_dir.name / f"{earlier:05d}.in"
        if not (set_dir / f"{earlier:05d}{CHUNK_SUFFIX}").exists() and waiting.exists():
            held = np.frombuffer(waiting.read_bytes(), dtype=np.uint8).reshape(-1, 50)
            known = np.concatenate([known, key_values(position_keys(held[:, :25], held[:, 25:]))])
    keys = key_values(position_keys(boards[:, :25], boards[:, 25:]))
    boards = boards[~np.isin(keys, known)]
    if spec["kind"] == "varied":
        boards = boards[any_kind(boards[:, :25], boards[:, 25:])]
    source = {"net": spec["net"], "games": spec["per_chunk"], "explore": spec["explore"], "seed": seed}
    return boards.astype(np.uint8), source


def boards_of(path: Path) -> np.ndarray:
    """(n, 50) uint8 boards (mine then theirs, mine on roll) of a file of positions (`mine`, `theirs`) or of
    a `choices.py` set (with `starts`): its plays, the opponent on roll."""
    stored = np.load(path)
    sides = [stored["theirs"], stored["mine"]] if "starts" in stored else [stored["mine"], stored["theirs"]]
    return np.concatenate(sides, axis=1).astype(np.uint8)


def excluded(paths: list[Path]) -> np.ndarray:
    """The position keys of chunk files, sets (directories) and `.npz` files of boards (`boards_of`)."""
    parts = [read_keys(path for path in paths if path.suffix != ".npz")]
    for path in paths:
        if path.suffix == ".npz":
            boards = boards_of(path)
            parts.append(key_values(position_keys(boards[:, :25], boards[:, 25:])))
    return np.concatenate(parts)


def die_with_parent() -> None:
    """In the gnubg child: be killed when the runner dies, however it dies (Linux's PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)


def make_positions(set_dir: Path, spec: dict[str, Any], index: int) -> Path:
    """The work file of chunk `index`'s positions, made now unless it is there already."""
    work = WORK / set_dir.name
    work.mkdir(parents=True, exist_ok=True)
    positions, about = work / f"{index:05d}.in", work / f"{index:05d}.json"
    if not positions.exists():
        began = time.time()
        boards, source = fresh_positions(set_dir, spec, index)
        about.write_text(json.dumps(source))
        partial = positions.with_name(positions.name + ".partial")
        partial.write_bytes(boards.tobytes())
        os.replace(partial, positions)
        log(f"{set_dir.name} chunk {index}: {boards.shape[0]} positions made in {time.time() - began:.0f} s")
    return positions


def label_chunk(
    set_dir: Path, spec: dict[str, Any], index: int, gnubg: str, version: str, processes: int = 1
) -> int:
    """Label chunk `index` of the set (going on from what the work directory holds) and write its file.

    With `processes` above 1 the chunk's positions are split among that many gnubg processes (each with
    its own work file of figures, so go on with the same number), and the positions of the next chunk of
    a `games` or `varied` set are made while they run."""
    work = WORK / set_dir.name
    positions = make_positions(set_dir, spec, index)
    about = work / f"{index:05d}.json"
    count = positions.stat().st_size // 50
    bounds = np.linspace(0, count, processes + 1).round().astype(int).tolist()
    outs = (
        [work / f"{index:05d}.out"]
        if processes == 1
        else [work / f"{index:05d}.{i}of{processes}.out" for i in range(processes)]
    )
    for out in outs:
        if out.exists():  # a record cut short by a kill is labelled again
            with out.open("r+b") as sink:
                sink.truncate(out.stat().st_size // RECORD_BYTES * RECORD_BYTES)

    def done() -> int:
        return sum(out.stat().st_size // RECORD_BYTES for out in outs if out.exists())

    done_before = done()
    began = time.time()
    children = []
    for i, out in enumerate(outs):
        have = out.stat().st_size // RECORD_BYTES if out.exists() else 0
        if have < bounds[i + 1] - bounds[i]:
            settings = {"shard": str(positions), "out": str(out), "plies": str(spec["plies"])}
            if processes > 1:
                settings.update(start=str(bounds[i]), stop=str(bounds[i + 1]))
            children.append(
                subprocess.Popen(
                    [gnubg, "-t", "-q", "-p", str(LABELLER)],
                    env={**os.environ, "GNUBG_LABEL_ARGS": json.dumps(settings)},
                    stdout=subprocess.DEVNULL,
                    preexec_fn=die_with_parent,
                )
            )
    made_ahead = children and processes > 1 and spec["kind"] != "fixed"
    if made_ahead and (not spec["chunks"] or index + 1 < spec["chunks"]):
        make_positions(set_dir, spec, index + 1)  # while gnubg labels this one
    reported = began
    while any(child.poll() is None for child in children):
        time.sleep(1)
        if time.time() - reported >= 300:
            reported = time.time()
            rate = (done() - done_before) / (reported - began)
            log(f"{set_dir.name} chunk {index}: {done()} of {count}, {3600 * rate:.0f} an hour")
    for child in children:
        if child.returncode:
            sys.exit(f"gnubg stopped with status {child.returncode}; run again to go on")
    seconds = time.time() - began
    outputs = (
        np.concatenate([np.fromfile(out, dtype=np.float32) for out in outs]).reshape(-1, OUTPUTS)
        if count
        else np.zeros((0, 5))
    )
    if outputs.shape[0] != count:
        sys.exit(f"{outs[0]}: {outputs.shape[0]} figures for {count} positions")
    boards = np.frombuffer(positions.read_bytes(), dtype=np.uint8).reshape(-1, 50)
    meta = {
        "set": set_dir.name,
        "chunk": index,
        "teacher": f"{version}, {spec['plies']}-ply, cubeless money (training/gnubg_label.py)",
        "source": json.loads(about.read_text()),
        "finished": f"{datetime.now(UTC):%Y-%m-%dT%H:%M:%SZ}",
    }
    target = set_dir / f"{index:05d}{CHUNK_SUFFIX}"
    write_chunk(target, boards[:, :25], boards[:, 25:], outputs, meta)
    for path in (positions, about, *outs):
        path.unlink(missing_ok=True)
    rate = (count - done_before) / max(seconds, 1e-9)
    each = target.stat().st_size / max(count, 1)
    log(
        f"{set_dir.name} chunk {index}: {count} positions labelled, {each:.1f} "
        f"bytes each, {seconds / 60:.1f} min, {3600 * rate:.0f} an hour"
    )
    return count


def commit(path: Path, message: str) -> None:
    """Commit this one file (other changes, staged or not, are left as they are), retrying while another
    git command holds the index."""
    for _ in range(30):
        added = subprocess.run(
            ["git", "-C", str(ROOT), "add", "--", str(path)], capture_output=True, text=True
        )
        if added.returncode == 0:
            done = subprocess.run(
                ["git", "-C", str(ROOT), "commit", "-q", "-m", message, "--only", "--", str(path)],
                capture_output=True,
                text=True,
            )
            if done.returncode == 0:
                return
            error = done.stderr
        else:
            error = added.stderr
        if "index.lock" not in error:
            log(f"commit of {path} failed: {error.strip()}")
            return
        time.sleep(10)
    log(f"commit of {path} failed: the index stayed locked")


def run(args: argparse.Namespace) -> None:
    gnubg = gnubg_path()
    version = gnubg_version(gnubg)
    locks = []
    for set_dir in dict.fromkeys(args.sets):
        WORK.mkdir(parents=True, exist_ok=True)
        lock = (WORK / f"{set_dir.name}.lock").open("w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            sys.exit(f"another run is labelling {set_dir}")
        locks.append(lock)
    specs = {set_dir: load_spec(set_dir) for set_dir in args.sets}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    log(f"labelling {', '.join(map(str, args.sets))} with {version}, process {os.getpid()}")
    total, began = 0, time.time()
    while True:
        worked = False
        for set_dir in args.sets:
            spec = specs[set_dir]
            index = len(chunks_of(set_dir))
            if spec["chunks"] and index >= spec["chunks"]:
                continue
            if spec["kind"] == "fixed":
                distinct = np.unique(boards_of(ROOT / spec["positions"]), axis=0)
                if index * spec["per_chunk"] >= distinct.shape[0]:
                    continue
            count = label_chunk(set_dir, spec, index, gnubg, version, args.processes)
            total += count
            worked = True
            if args.commit:
                path = set_dir / f"{index:05d}{CHUNK_SUFFIX}"
                message = f"{set_dir.name} chunk {index}: {count:,} positions, gnubg {spec['plies']}-ply"
                commit(path, f"training/labels: {message}")
            hours = (time.time() - began) / 3600
            log(f"{total} positions in this run, {total / max(hours, 1e-9):.0f} an hour")
        if not worked:
            log("every set is complete")
            return


def status(args: argparse.Namespace) -> None:
    from labelstore import read_chunk

    for set_dir in args.sets:
        if not (set_dir / SPEC).exists():
            continue
        chunks = chunks_of(set_dir)
        counts = [read_chunk(path)[3]["count"] for path in chunks]
        size = sum(path.stat().st_size for path in chunks)
        line = {"set": str(set_dir), "chunks": len(chunks), "positions": sum(counts), "bytes": size}
        print(json.dumps(line))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("new", help="describe a new set (its set.json)")
    making.add_argument("set", type=Path)
    making.add_argument("--kind", choices=("games", "varied", "fixed"), default="games")
    making.add_argument("--net", type=Path, help="checkpoint (.json) or packed weights (.bin) that plays")
    making.add_argument("--explore", type=float, default=0.1, help="share of random plays")
    making.add_argument("--games", type=int, default=400, help="games a chunk (fixed: positions a chunk)")
    making.add_argument("--seed", type=int, default=30000, help="chunk k's games have seed SEED + k")
    making.add_argument("--plies", type=int, default=2)
    making.add_argument("--chunks", type=int, default=0, help="the set ends after this many (0: never)")
    making.add_argument("--positions", type=Path, help="a fixed set's positions (mine, theirs)")
    making.add_argument("--exclude", type=Path, action="append", default=[], help="a set to keep apart")
    running = commands.add_parser("run", help="label the sets' next chunks in turn")
    running.add_argument("sets", type=Path, nargs="+")
    running.add_argument("--commit", action="store_true", help="commit each chunk as it is finished")
    running.add_argument(
        "--processes", type=int, default=1, help="gnubg processes a chunk (the next chunk made meanwhile)"
    )
    showing = commands.add_parser("status", help="chunks and positions of each set")
    showing.add_argument("sets", type=Path, nargs="+")
    args = parser.parse_args()
    {"new": new_set, "run": run, "status": status}[args.command](args)


if __name__ == "__main__":
    main()
