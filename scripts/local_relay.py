"""A Nostr relay on this machine, for the tests and benchmarks of live play on two devices: PyPI's
`nostr-relay` (pinned in pyproject.toml's dev extras) started on a free port with its sqlite database in a
temporary folder, and stopped afterwards. Nothing leaves the machine.

    from scripts.local_relay import local_relay
    with local_relay() as url:       # "ws://127.0.0.1:PORT"
        ...

(the repository root on `sys.path`). Standard library only; the relay runs in its own process.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

# The relay migrates its database and imports its web stack first: several seconds on a loaded machine.
START_TIMEOUT_S = 60.0

CONFIG = """\
DEBUG: false
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{database}
  validators:
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
"""


class RelayError(RuntimeError):
    """The relay could not be started."""


def relay_command() -> list[str]:
    """How to start `nostr-relay`: its script beside this Python, or on the PATH."""
    beside = Path(sys.executable).with_name("nostr-relay")
    found = str(beside) if beside.is_file() else shutil.which("nostr-relay")
    if found is None:
        raise RelayError("nostr-relay is missing: `make setup` installs it (pyproject.toml, dev extras)")
    return [found]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RelayError(f"nostr-relay stopped at start:\n{log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise RelayError(f"nostr-relay did not listen on port {port} within {timeout:.0f} s")


@contextlib.contextmanager
def local_relay(timeout: float = START_TIMEOUT_S) -> Iterator[str]:
    """A relay for as long as the block runs; yields its ws:// URL."""
    with tempfile.TemporaryDirectory(prefix="nostr-relay.") as folder:
        work = Path(folder)
        port = free_port()
        config = work / "relay.yaml"
        config.write_text(CONFIG.format(database=work / "relay.sqlite3", port=port), encoding="utf-8")
        log = work / "relay.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                [*relay_command(), "-c", str(config), "serve", "--use-uvicorn"],
                cwd=work,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        try:
            wait_for_port(port, process, log, timeout)
            yield f"ws://127.0.0.1:{port}"
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
