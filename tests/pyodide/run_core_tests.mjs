// Run the rules test suite (tests/core) inside Pyodide's Python 3.14 under Node.
//
//   node tests/pyodide/run_core_tests.mjs [pytest args…]
//
// Uses the pinned npm pyodide (node_modules/pyodide) and the pure-Python wheels that
// tests/pyodide/wheels.py put in .cache/pyodide-wheels/. Exits with pytest's exit code.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDir = join(repoRoot, ".cache", "pyodide-wheels");
const { loadPyodide } = await import(join(repoRoot, "node_modules", "pyodide", "pyodide.mjs"));

const wheels = readdirSync(wheelDir).filter((name) => name.endsWith(".whl"));
if (wheels.length === 0) {
  console.error(`no wheels in ${wheelDir}: run python3 tests/pyodide/wheels.py`);
  process.exit(2);
}

const pyodide = await loadPyodide({ indexURL: join(repoRoot, "node_modules", "pyodide") + "/" });
const sitePackages = pyodide.runPython("import sys\n[p for p in sys.path if p.endswith('site-packages')][0]");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheelDir, wheel))), "zip", { extractDir: sitePackages });
}
pyodide.mountNodeFS("/repo", repoRoot);

// The lobby's tests sign events with nostr-tools, as the page does (tests/core/lobby_support.py). On CPython
// they run Node for it; Pyodide starts no processes, so Python is handed the same functions here, JSON text in
// and out.
const { finalizeEvent, verifyEvent, getPublicKey } = await import("nostr-tools");
const hex = (text) => Uint8Array.from(text.match(/../g), (byte) => parseInt(byte, 16));
const verdict = (event) => {
  try {
    return verifyEvent(event);
  } catch {
    return false;
  }
};
pyodide.registerJsModule("nostr_tools_from_node", {
  sign: (text) => JSON.stringify(JSON.parse(text).map(([key, template]) => finalizeEvent(template, hex(key)))),
  verify: (text) => JSON.stringify(JSON.parse(text).map(verdict)),
  public_keys: (text) => JSON.stringify(JSON.parse(text).map((key) => getPublicKey(hex(key)))),
});

const args = process.argv.slice(2);
const pytestArgs = args.length > 0 ? args : ["tests/core"];
pyodide.globals.set("pytest_args", pyodide.toPy(["-p", "no:cacheprovider", ...pytestArgs]));
const exitCode = await pyodide.runPythonAsync(`
import os, sys
os.chdir("/repo")  # pytest reads /repo/pyproject.toml: its pythonpath puts py/ and the checkout on sys.path
sys.dont_write_bytecode = True  # keep 3.14 caches out of the working tree
print("Python", sys.version.split()[0], "on", sys.platform, flush=True)
import pytest
int(pytest.main(list(pytest_args)))
`);
process.exit(exitCode);
