"""Running one of our scripts inside GNU Backgammon's embedded Python (`gnubg -t -q -p SCRIPT`).

gnubg gives the script no arguments and no `__file__`, and its Python has neither our package nor the
benchmarks installed: the settings travel as JSON in an environment variable, and PYTHONPATH names the
package's source (`py/`) and the repository root, so that the script imports `backgammon` and
`benchmarks.*` there as it does here.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

# This file's own path holds inside gnubg too (it is imported there through PYTHONPATH, unlike the script).
REPO = Path(__file__).resolve().parents[1]
GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")  # Debian installs it in /usr/games


def gnubg_environment(variable: str, settings: Mapping[str, object]) -> dict[str, str]:
    """This process's environment, with `settings` as JSON in `variable` and our import path for gnubg."""
    paths = [str(REPO / "py"), str(REPO), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, variable: json.dumps(settings), "PYTHONPATH": os.pathsep.join(paths)}


def gnubg_path() -> str:
    """Where gnubg is; exits saying how to install it when it is not."""
    if GNUBG is None:
        sys.exit("GNU Backgammon is not installed: `apt-get install gnubg` (or `make setup`).")
    return GNUBG
