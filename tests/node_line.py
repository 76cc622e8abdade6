"""One Node process kept by a test process for many calls, a line of JSON each way (a Node started per
call costs 0.06-0.15 s of CPU; the suite makes hundreds of calls). Used by tests/core/lobby_support.py
(nostr-tools' signatures) and tests/units/node_esm.py (the page's ES modules)."""

from __future__ import annotations

import atexit
import json
import select
import subprocess
from pathlib import Path
from typing import Any


class NodeLine:
    """`script` (an ES module reading requests from stdin) run by `node`, started at the first call and again
    after a call it did not answer within `timeout` seconds; `what` names it in failures."""

    def __init__(self, node: str, script: str, cwd: Path, timeout: float, what: str) -> None:
        self._command = [node, "--input-type=module", "-e", script]
        self._cwd = cwd
        self._timeout = timeout
        self._what = what
        self._process: subprocess.Popen[str] | None = None

    def ask(self, request: Any) -> Any:
        """The decoded line Node answers to `request` (sent as a line of JSON)."""
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(
                self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=self._cwd
            )
            atexit.register(_stop, self._process)
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], self._timeout)
        if not ready:  # stuck: the next call gets a Node of its own
            process.kill()
            _stop(process)
            raise AssertionError(f"{self._what} gave no answer in {self._timeout:g} s")
        line = process.stdout.readline()
        assert line, f"{self._what} ended (exit status {process.wait(timeout=10)})"
        return json.loads(line)


def _stop(process: subprocess.Popen[str]) -> None:
    """Node's input closed, it ends (at the end of the test process, or after a stuck call)."""
    if process.stdin is not None:
        process.stdin.close()
    process.wait(timeout=10)
    if process.stdout is not None:
        process.stdout.close()
