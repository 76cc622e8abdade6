"""How fast input over the limits (py/backgammon/limits.py, docs/limits.md) is refused, against the work the
refusal spares; and how the .sgf reader's time grows with the file. The tests
(tests/core/test_hostile_input.py) compare such times within one run, never against a clock limit; the
figures themselves are kept here. Runs in CPython and in Pyodide:

    PYTHONPATH=py python3 -m benchmarks.input_limits
    node benchmarks/run_in_pyodide.mjs input_limits

Each figure is the shortest of five runs (CPU time in CPython; in Pyodide the process clock is the wall
clock). Measured on 2026-11-28 on the shared 2-core machine while other jobs ran (load average 10 to 16); the
.mat file is tests/core/data/mat/gnubg-5pt-seed2.mat, the .sgf file the same match exported:

| figure (ms) | CPython 3.11 | Pyodide (Python 3.14) under Node |
| --- | --- | --- |
| a 16.1 MB request refused / json.loads of it | 0.09 / 12.5 | 0.16 / 235 |
| a .mat file over 2 MB refused / read without the padding | 0.05 / 48 | 0.09 / 235 |
| an .sgf file over 2 MB refused / read without the padding | 0.01 / 56 | 0.09 / 173 |
| 100 pasted positions refused, 1,001 / 5,000,000 characters | 0.69 / 0.68 | 1.15 / 1.01 |
| the .sgf file with 3,000 / 12,000 more nodes read | 26 / 96 (3.7x) | 129 / 599 (4.7x) |

Linear reading takes about 4x as long for 4x the nodes. With the old line count (each node's line counted from
the start of the file), in CPython: 15x for these files, 33x for 5,000 / 20,000 nodes without the comments.
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable
from pathlib import Path

from backgammon import api
from backgammon.formats.mat_import import import_mat
from backgammon.formats.sgf_export import export_sgf
from backgammon.formats.sgf_import import import_sgf
from backgammon.limits import MAX_FILE_CHARS, MAX_POSITION_CHARS, MAX_REQUEST_CHARS, InputTooLargeError

DATA = Path(__file__).resolve().parents[1] / "tests" / "core" / "data"
REPEATS = 5


def fastest(work: Callable[[], object]) -> float:
    """The shortest of REPEATS runs of `work`, in milliseconds of this process's CPU."""
    best = float("inf")
    for _ in range(REPEATS):
        gc.collect()
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best * 1000


def refused(work: Callable[[], object]) -> Callable[[], None]:
    def run() -> None:
        try:
            work()
        except InputTooLargeError:
            return
        raise AssertionError("not refused")

    return run


def position_refusals(size: int) -> float:
    """100 pasted positions of `size` characters refused, in milliseconds."""
    params = {"text": "XGID=" + "a" * size}
    refuse = refused(lambda: api.call("read_position", params))
    return fastest(lambda: [refuse() for _ in range(100)])


def sgf_reading(sgf: str, nodes: int) -> float:
    """`sgf` with `nodes` more game trees, each with a comment of 100 characters, read through the worker's
    handle (refused after reading: more games than a match may hold), in milliseconds."""
    text = sgf.rstrip() + "".join(f"(;C[{n} {'x' * 100}])" for n in range(nodes))
    request = json.dumps({"id": 1, "method": "import_sgf", "params": {"text": text}})
    return fastest(lambda: api.handle(request))


def main() -> None:
    request = '{"id": 1, "method": "read_record", "params": {"record": "' + " " * MAX_REQUEST_CHARS + '"}}'
    print(f"a 16.1 MB request refused: {fastest(lambda: api.handle(request)):.3f} ms")
    print(f"json.loads of it: {fastest(lambda: json.loads(request)):.1f} ms")
    mat = (DATA / "mat" / "gnubg-5pt-seed2.mat").read_text(encoding="utf-8")
    sgf = export_sgf(import_mat(mat))  # the same match as gnubg's .sgf
    for name, text, read in ((".mat", mat, import_mat), (".sgf", sgf, import_sgf)):
        over = text + " " * MAX_FILE_CHARS
        print(f"{name} over 2 MB refused: {fastest(refused(lambda: read(over))):.3f} ms")  # noqa: B023
        print(f"{name} without padding read: {fastest(lambda: read(text)):.1f} ms")  # noqa: B023
    for size in (MAX_POSITION_CHARS + 1, 5_000_000):
        print(f"100 pasted positions of {size:,} characters refused: {position_refusals(size):.2f} ms")
    short, long = sgf_reading(sgf, 3_000), sgf_reading(sgf, 12_000)
    print(f".sgf with 3,000 / 12,000 more nodes read: {short:.1f} / {long:.1f} ms: {long / short:.1f}x")


if __name__ == "__main__":
    main()
