"""The process's CPU clock for the benchmarks that run in CPython and in Pyodide under Node.

    from benchmarks.cpu_clock import cpu_clock

(from the repository root, `python -m benchmarks.NAME`, or inside Pyodide by benchmarks/run_in_pyodide.mjs.)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable


def cpu_clock() -> Callable[[], float]:
    """This process's CPU time in seconds. In Pyodide `time.process_time` is the wall clock (it counted
    1.0 s for 0.22 s of CPU on the loaded machine), so under Node the process's own CPU usage is read."""
    if sys.platform == "emscripten":
        try:
            from js import process  # type: ignore[import-not-found]  # Node's global `process`

            usage = process.cpuUsage

            def node_cpu() -> float:
                used = usage()
                return float(used.user + used.system) / 1e6

            node_cpu()
            return node_cpu
        except (ImportError, AttributeError):  # a browser: no CPU clock there
            pass
    return time.process_time
