"""tsc holds the page to the Python boundary's types (web/types.js): a call to a method the worker does not
have, params it does not take, or a field the view does not have fail the type check, naming file and line."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from .node_esm import REPO_ROOT

TSC = REPO_ROOT / "node_modules" / ".bin" / "tsc"

pytestmark = pytest.mark.skipif(shutil.which("node") is None or not TSC.exists(), reason="needs Node and tsc")

RIGHT = """// @ts-check
/** @param {import("../web/types.js").Call} call */
export async function play(call) {
  const { view, events = [] } = await call("act", { action: { type: "move", from: 24, to: "off" } });
  const info = await call("engine_info");
  return [view.cube.value, view.dests["13"], events.map((event) => event.type), info.python];
}
"""

WRONG = """// @ts-check
/** @param {import("../web/types.js").Call} call */
export async function play(call) {
  await call("new_mach", {});
  await call("act", { action: { type: "fly" } });
  await call("load", {});
  const { view } = await call("view");
  const where = view.position;
  return [where, view.cube.holder];
}
"""
#: line of WRONG -> what tsc must say there
EXPECTED = {
    4: '"new_mach"',
    5: '"fly"',
    6: "LoadParams",
    8: "'position' does not exist on type 'View'",
    9: "'holder' does not exist on type 'CubeView'",
}


def type_check(files: dict[str, str]) -> str:
    """tsc with the project's options over `files` (in a folder beside web/), which import web/types.js."""
    with tempfile.TemporaryDirectory(dir=REPO_ROOT, prefix="tsc-probe-") as folder:
        probe = Path(folder)
        for name, text in files.items():
            (probe / name).write_text(text, encoding="utf-8")
        (probe / "tsconfig.json").write_text(
            '{"extends": "../tsconfig.json", "include": ["*.js"], "exclude": []}', encoding="utf-8"
        )
        command = [str(TSC), "-p", str(probe / "tsconfig.json")]
        done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
        return done.stdout + done.stderr


@pytest.fixture(scope="module")
def output() -> str:
    """tsc's output over both tests' probes at once: one run of tsc (2-3 s of CPU, most of it tsc starting)
    rather than one a test. Each test reads the errors of every file but the other test's two."""
    return type_check(
        {"right.js": RIGHT, "wrong.js": WRONG, "play_right.js": PLAY_RIGHT, "play_wrong.js": PLAY_WRONG}
    )


def errors_but_in(output: str, *others: str) -> list[tuple[str, str, str]]:
    """tsc's errors (file, line, message), but those in the files `others`."""
    errors = re.findall(r"^(\S+?\.js)\((\d+),\d+\): error TS\d+: (.*)$", output, re.M)
    return [error for error in errors if Path(error[0]).name not in others]


def test_a_wrong_method_wrong_params_or_a_missing_view_field_fail_the_type_check(output: str) -> None:
    errors = errors_but_in(output, "play_right.js", "play_wrong.js")
    assert errors, output
    assert all(Path(file).name == "wrong.js" for file, _, _ in errors), output  # the right calls pass
    by_line: dict[int, str] = {}
    for _, line, message in errors:
        by_line[int(line)] = by_line.get(int(line), "") + message
    assert set(by_line) == set(EXPECTED), output
    for line, words in EXPECTED.items():
        assert words in by_line[line], output


PLAY_RIGHT = """// @ts-check
/** @typedef {import("../web/types.js").PlayView} PlayView */
/** @param {PlayView} view @param {import("../web/types.js").Event[]} events */
export function status(view, events) {
  const friend = view.players[1].kind === "remote" ? view.remote?.names[1] : null;
  const moves = events.map((event) => (event.type === "moved" ? event.from : null));
  return [view.phase === "invited", friend, view.cube.value, moves];
}
"""

PLAY_WRONG = """// @ts-check
/** @typedef {import("../web/types.js").PlayView} PlayView */
/** @param {PlayView} view @param {import("../web/types.js").Event[]} events */
export function status(view, events) {
  const friend = view.remote?.friend;
  const left = view.dice_left;
  const moves = events.map((event) => event.from);
  return [view.phase === "waiting", friend, left, moves];
}
"""
#: line of PLAY_WRONG -> what tsc must say there
PLAY_EXPECTED = {
    5: "'friend' does not exist on type 'RemoteView'",
    6: "'dice_left' does not exist on type 'PlayView'",
    7: "'from' does not exist on type 'Event'",
    8: '"waiting"',
}


def test_a_field_the_play_areas_view_or_an_event_does_not_have_fails_the_type_check(output: str) -> None:
    errors = errors_but_in(output, "right.js", "wrong.js")
    assert errors, output
    assert all(Path(file).name == "play_wrong.js" for file, _, _ in errors), output  # the right reads pass
    by_line: dict[int, str] = {}
    for _, line, message in errors:
        by_line[int(line)] = by_line.get(int(line), "") + message
    assert set(by_line) == set(PLAY_EXPECTED), output
    for line, words in PLAY_EXPECTED.items():
        assert words in by_line[line], output
