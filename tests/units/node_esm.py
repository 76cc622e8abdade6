"""Run the page's pure ES modules under Node, without a browser: a module body imports what it tests
from `web/` and prints one JSON value."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
WEB = (REPO_ROOT / "web").as_uri()
NODE = shutil.which("node")

needs_node = pytest.mark.skipif(NODE is None, reason="Node is needed to import the page's ES modules")


def run_module(imports: str, body: str) -> Any:
    """Run `imports` + `body` as an ES module (`{WEB}` in imports names the web/ folder); the body must
    `print(value)` once, and the value comes back decoded."""
    source = (
        imports.replace("{WEB}", WEB)
        + "\nconst print = (v) => process.stdout.write(JSON.stringify(v));\n"
        + body
    )
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", source], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
