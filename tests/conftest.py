"""Shared test setup: at the end of a run, how many core tests ran inside Pyodide
(tests/pyodide/test_core_in_pyodide.py). `py/` and the repository root are on the import path through
pyproject.toml's `pythonpath`, for the package and for the tooling (`training`, `benchmarks`, `scripts`)."""

from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        for name, value in getattr(report, "user_properties", []):
            if name == "inside_pyodide":
                terminalreporter.write_line(f"core tests inside Pyodide: {value}")
