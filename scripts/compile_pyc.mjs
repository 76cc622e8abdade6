// Compile Python to .pyc with Pyodide's own Python (the browser's 3.14), under Node. Used by build.py.
//
//   node scripts/compile_pyc.mjs STDLIB_IN STDLIB_OUT PACKAGE_IN PACKAGE_OUT PACKAGE_NAME ARCHIVE_PATH
//
// The package archive is put at ARCHIVE_PATH and imported from there (zipimport), as web/engine/worker.js
// does; all its modules are imported and its data files read. The stdlib modules that this imports
// (with those Pyodide imports at start) are compiled in STDLIB_OUT, and the whole package in
// PACKAGE_OUT, both sourceless (each .py replaced by its .pyc). See compile_pyc.py.
import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..");
const { loadPyodide } = await import(join(repoRoot, "node_modules", "pyodide", "pyodide.mjs"));

const args = process.argv.slice(2);
if (args.length !== 6) {
  console.error("usage: compile_pyc.mjs STDLIB_IN STDLIB_OUT PACKAGE_IN PACKAGE_OUT PACKAGE_NAME ARCHIVE_PATH");
  process.exit(2);
}
const [stdlibIn, stdlibOut, packageIn, packageOut, packageName, archivePath] = args;

const pyodide = await loadPyodide({ indexURL: join(repoRoot, "node_modules", "pyodide") + "/" });

/** Make a host file visible to Python; returns its path inside Pyodide. */
let mounts = 0;
function hostPath(file) {
  const mountPoint = `/mnt/host${mounts++}`;
  pyodide.FS.mkdirTree(mountPoint);
  pyodide.mountNodeFS(mountPoint, dirname(resolve(file)));
  return `${mountPoint}/${basename(file)}`;
}

pyodide.runPython(readFileSync(join(here, "compile_pyc.py"), "utf8"));
const stdlibPrefix = pyodide.runPython("[p for p in sys.path if p.endswith('.zip')][0]") + "/";
pyodide.FS.mkdirTree(dirname(archivePath));
pyodide.FS.writeFile(archivePath, new Uint8Array(readFileSync(packageIn)));
pyodide.runPython(`sys.path.insert(0, ${JSON.stringify(archivePath)})`);

const run = (code) => pyodide.runPython(code);
pyodide.globals.set("package_name", packageName);
pyodide.globals.set("stdlib_prefix", stdlibPrefix);
pyodide.globals.set("archive_prefix", archivePath + "/");
pyodide.globals.set("paths", pyodide.toPy([hostPath(stdlibIn), hostPath(stdlibOut), hostPath(packageIn), hostPath(packageOut)]));
const report = run(`
import json
failed = import_package_tree(package_name)
read_package_data(package_name)
used = imported_files_under(stdlib_prefix)
kept = stdlib_needed(paths[0], imported_module_names(stdlib_prefix), package_sources(paths[2]))
stdlib_count = compile_zip(paths[0], paths[1], stdlib_prefix, used, kept | used)
package_count = compile_zip(paths[2], paths[3], archive_prefix)
json.dumps({"failed": failed, "stdlib": stdlib_count, "package": package_count, "kept": len(kept | used)})
`);
const { failed, stdlib, package: packageCount, kept } = JSON.parse(report);
for (const line of failed) console.error(`warning: could not import ${line}`);
console.log(`kept ${kept} stdlib files; compiled ${stdlib} stdlib modules and ${packageCount} ${packageName} modules for Python ${pyodide.runPython("sys.version.split()[0]")}`);
