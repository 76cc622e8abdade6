"""Shared test setup: the repository paths, and `py/` on the import path so `import backgammon`
works without installing the package; at the end of a run, how many core tests ran inside Pyodide
(tests/pyodide/test_core_in_pyodide.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
PY_SOURCE = REPO_ROOT / "py"

if str(PY_SOURCE) not in sys.path:
    sys.path.insert(0, str(PY_SOURCE))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        for name, value in getattr(report, "user_properties", []):
            if name == "inside_pyodide":
                terminalreporter.write_line(f"core tests inside Pyodide: {value}")
