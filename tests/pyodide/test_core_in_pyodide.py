"""The rules tests again, inside Pyodide's Python 3.14 under Node: the interpreter the browser runs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from wheels import REPO_ROOT, ensure_wheels

RUNNER = Path(__file__).with_name("run_core_tests.mjs")
PYODIDE_PACKAGE = REPO_ROOT / "node_modules" / "pyodide" / "pyodide.mjs"


def test_core_suite_passes_inside_pyodide() -> None:
    node = shutil.which("node")
    if node is None or not PYODIDE_PACKAGE.is_file():
        pytest.fail("needs node and node_modules/pyodide: run `npm ci` (make test does it)")
    ensure_wheels()
    completed = subprocess.run(
        [node, str(RUNNER), "tests/core", "-q"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    output = completed.stdout + completed.stderr
    assert "Python 3.14" in output, output[-4000:]
    assert completed.returncode == 0, output[-4000:]
    assert " passed" in output, output[-4000:]
