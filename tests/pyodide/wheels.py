"""The pure-Python wheels the core tests need inside Pyodide, pinned, fetched once into a cache.

python3 tests/pyodide/wheels.py        # download what is missing into .cache/pyodide-wheels/
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
WHEEL_CACHE = REPO_ROOT / ".cache" / "pyodide-wheels"

# pytest and hypothesis as in pyproject's dev extra, with their runtime dependencies.
PINNED_WHEELS: dict[str, str] = {
    "pytest": "9.0.3",
    "pluggy": "1.6.0",
    "iniconfig": "2.3.0",
    "packaging": "26.2",
    "pygments": "2.20.0",
    "hypothesis": "6.155.2",
    "sortedcontainers": "2.4.0",
}


def wheel_present(name: str, version: str, cache: Path = WHEEL_CACHE) -> bool:
    prefix = f"{name.replace('-', '_')}-{version}-".lower()
    return any(path.name.lower().startswith(prefix) for path in cache.glob("*.whl"))


def ensure_wheels(cache: Path = WHEEL_CACHE) -> list[Path]:
    """Download the pinned wheels that are not cached yet; return every cached wheel."""
    cache.mkdir(parents=True, exist_ok=True)
    pinned = PINNED_WHEELS.items()
    missing = [f"{name}=={version}" for name, version in pinned if not wheel_present(name, version, cache)]
    if missing:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--only-binary=:all:",
                "--no-deps",
                "--python-version",
                "3.14",
                "--implementation",
                "py",
                "--abi",
                "none",
                "--platform",
                "any",
                "--dest",
                str(cache),
                *missing,
            ],
            check=True,
        )
    return sorted(cache.glob("*.whl"))


if __name__ == "__main__":
    for wheel in ensure_wheels():
        print(wheel.name)
