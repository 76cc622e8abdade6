// Run a benchmark's main() inside Pyodide's Python under Node, from this checkout.
//
//   node benchmarks/run_in_pyodide.mjs movegen [args…]
//
// Uses the pinned npm pyodide (node_modules/pyodide, after `npm ci`); the checkout is mounted at /repo, and
// `py/` and the checkout are put on sys.path (nothing is installed inside Pyodide), as
// `python -m benchmarks.NAME` finds them from the checkout's root; sys.argv is [name, args…].
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z_]+$/.test(name)) {
  console.error("usage: node benchmarks/run_in_pyodide.mjs BENCHMARK [args…]   (e.g. movegen)");
  process.exit(2);
}
const { loadPyodide } = await import(join(repoRoot, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(repoRoot, "node_modules", "pyodide") + "/" });
pyodide.mountNodeFS("/repo", repoRoot);
pyodide.globals.set("benchmark_argv", pyodide.toPy([name, ...args]));
await pyodide.runPythonAsync(`
import importlib, sys
sys.dont_write_bytecode = True  # keep 3.14 caches out of the working tree
sys.path[:0] = ["/repo/py", "/repo"]
sys.argv = list(benchmark_argv)
importlib.import_module("benchmarks." + sys.argv[0]).main()
`);
