"""Run the page's pure ES modules under Node, without a browser: a module body imports what it tests
from `web/` and prints one JSON value. Each module runs in a worker thread of its own, in one Node process
kept for the whole test process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from tests.node_line import NodeLine

REPO_ROOT = Path(__file__).resolve().parents[2]
WEB = (REPO_ROOT / "web").as_uri()
NODE = shutil.which("node")

needs_node = pytest.mark.skipif(NODE is None, reason="Node is needed to import the page's ES modules")

# One Node process per test process runs every module, each in a worker thread of its own started for it: a
# fresh global scope and a fresh module graph, as a Node of its own would give it (a Node started per module
# cost 0.06 s of CPU, a worker 0.025 s). Each request is a line of JSON (the module's source); each answer a
# line of JSON: what the module wrote to stdout and stderr, and its error if it threw.
_SERVER = """
import { createInterface } from "node:readline";
import { Worker } from "node:worker_threads";
const text = (stream) => new Promise((resolve) => {
  let all = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => { all += chunk; });
  stream.on("end", () => resolve(all));
});
function run(source) {
  const worker = new Worker(new URL("data:text/javascript," + encodeURIComponent(source)), {
    stdout: true,
    stderr: true,
  });
  let error = null;
  worker.on("error", (e) => { error = String(e?.stack ?? e); });
  const exited = new Promise((resolve) => worker.on("exit", resolve));
  return Promise.all([exited, text(worker.stdout), text(worker.stderr)]).then(([code, stdout, stderr]) => ({
    code, stdout, stderr, error,
  }));
}
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  process.stdout.write(JSON.stringify(await run(JSON.parse(line))) + "\\n");
}
"""
_SERVER_LINE = NodeLine(NODE, _SERVER, REPO_ROOT, 60, "the modules' Node process") if NODE else None


def run_module(imports: str, body: str) -> Any:
    """Run `imports` + `body` as an ES module (`{WEB}` in imports names the web/ folder); the body must
    `print(value)` once, and the value comes back decoded."""
    source = (
        imports.replace("{WEB}", WEB)
        + "\nconst print = (v) => process.stdout.write(JSON.stringify(v));\n"
        + body
    )
    assert _SERVER_LINE is not None
    done = _SERVER_LINE.ask(source)
    failure = f"exit status {done['code']}: {done['error'] or ''}{done['stderr']}"
    assert done["code"] == 0 and done["error"] is None, failure
    return json.loads(done["stdout"])
