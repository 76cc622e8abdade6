"""Says at the end of the run how many of the core tests ran inside Pyodide (`test_core_in_pyodide.py`)."""

from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        for name, value in getattr(report, "user_properties", []):
            if name == "inside_pyodide":
                terminalreporter.write_line(f"core tests inside Pyodide: {value}")
