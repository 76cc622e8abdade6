"""Shared test setup: at the end of a run, how many core tests ran inside Pyodide
(tests/pyodide/test_core_in_pyodide.py). `py/` and the repository root are on the import path through
pyproject.toml's `pythonpath`, for the package and for the tooling (`training`, `benchmarks`, `scripts`)."""

from __future__ import annotations

from pathlib import Path

import pytest

# The longest tests (minutes each: the core suite inside Pyodide, then the browser files that wait on live
# connections), run first: xdist's worksteal hands each worker a contiguous share of the run and lets an idle
# worker take tests from the end of another's, so a long test at the end of a share holds up the run while the
# other worker has nothing left. Paths from this folder.
RUN_FIRST = ("pyodide/test_core_in_pyodide.py", "e2e/test_remote_connection.py", "e2e/test_remote_whole.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent

    def rank(item: pytest.Item) -> int:
        path = Path(str(item.fspath))
        name = path.relative_to(here).as_posix() if path.is_relative_to(here) else ""
        return RUN_FIRST.index(name) if name in RUN_FIRST else len(RUN_FIRST)

    items.sort(key=rank)  # stable: every file keeps its own order, and the rest the order collected


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        for name, value in getattr(report, "user_properties", []):
            if name == "inside_pyodide":
                terminalreporter.write_line(f"core tests inside Pyodide: {value}")
