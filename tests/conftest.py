"""Shared test setup: the repository paths, and `py/` on the import path so `import backgammon`
works without installing the package."""

from __future__ import annotations

import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PY_SOURCE = REPO_ROOT / "py"

if str(PY_SOURCE) not in sys.path:
    sys.path.insert(0, str(PY_SOURCE))
