"""What the browser tests and the page benchmarks share: the system Chromium as they launch it, and
build.py as a module.

    from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, load_site_build, served_site, serving

(the repository root on `sys.path`). Standard library only.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Debian's chromium (`apt-get install -y chromium`): Playwright's own browser downloads fail here.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# --no-sandbox to run as root; the others keep it from trying the closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def load_site_build() -> ModuleType:
    """build.py as the module `site_build`, loaded once (by path: `build` is also the name of a PyPI
    package, and build.py is not in a package)."""
    loaded = sys.modules.get("site_build")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["site_build"] = module
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def serving(folder: Path, base_path: str = "/") -> Iterator[Any]:
    """`folder` served under `base_path` on a free localhost port for as long as the block runs. Yields
    build.py's server: its `url`, and its `mount` to repoint at another folder."""
    site_build = load_site_build()
    server = site_build.make_server(folder, port=0, base_path=base_path)
    site_build.start_server_thread(server)
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def served_site(no_build: bool = False) -> Iterator[str]:
    """The site on a free localhost port for as long as the block runs: built afresh into a temporary
    folder, or dist/ as it is with `no_build`. Yields the site's URL."""
    site_build = load_site_build()
    with tempfile.TemporaryDirectory() as tmp:
        dist = ROOT / "dist" if no_build else site_build.build(Path(tmp) / "dist")
        with serving(dist) as server:
            yield str(server.url)
