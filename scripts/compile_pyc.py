"""Compile the Python files of a zip archive to .pyc for the interpreter running this file.

Run inside Pyodide (by scripts/compile_pyc.mjs), so the bytecode matches the Python 3.14 the
browser runs. Both archives, the stdlib and our package, are imported from the zip file itself
(zipimport), which loads a ``.pyc`` entry directly: ``os.py`` becomes ``os.pyc`` in place, the source
dropped. In the stdlib only the modules the app imports are compiled, since a .pyc is larger than its
source; the others stay ``.py`` and compile if ever imported. Our package is compiled whole.

The .pyc are unchecked-hash based: valid whatever the file times, and never recompiled.

The stdlib is also trimmed to what the game may import (`stdlib_needed`): Pyodide's python_stdlib.zip is
3.2 MB, which deflate cannot shrink further on the way, and most of it (asyncio's servers, email, xml,
unittest, sqlite3, the REPL...) is never imported by the game. What is kept is found statically, with a
margin: every import statement of our package, and through the stdlib's own statements (all of them for a
module the game imports itself, those that run on import further down), plus the modules Pyodide and the
interpreter import at start or from C.
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from typing import Any

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def pyc_bytes(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    data: bytes = _code_to_hash_pyc(code, importlib.util.source_hash(source), False)
    return bytes(data)


def imported_files_under(prefix: str) -> set[str]:
    """Archive names of the modules imported so far whose files live under `prefix`."""
    names = set()
    for module in list(sys.modules.values()):
        filename = getattr(module, "__file__", None)
        if isinstance(filename, str) and filename.startswith(prefix):
            names.add(filename[len(prefix) :])
    return names


def import_package_tree(package_name: str) -> list[str]:
    """Import a package and all its submodules (as the app will); return the ones that failed."""
    import importlib
    import pkgutil

    failed = []
    package = importlib.import_module(package_name)
    for module in pkgutil.walk_packages(package.__path__, package_name + "."):
        try:
            importlib.import_module(module.name)
        except Exception as error:
            failed.append(f"{module.name}: {type(error).__name__}: {error}")
    return failed


def read_package_data(package_name: str) -> None:
    """Read every data file of the package through importlib.resources, as the app does (the bot's
    weights): the stdlib modules that this takes are then counted as used."""
    from importlib import resources

    def walk(folder: Any) -> None:
        for entry in folder.iterdir():
            if entry.is_dir():
                walk(entry)
            elif not entry.name.endswith((".py", ".pyc")):
                entry.read_bytes()

    walk(resources.files(package_name))


#: Modules the interpreter imports by name from C, which no import statement shows: kept whatever the scan
#: finds.
IMPORTED_FROM_C = ("encodings", "_strptime", "warnings", "linecache", "traceback", "tokenize", "_pydatetime")
#: Pyodide's own packages, called from JavaScript: kept whole.
KEPT_WHOLE = ("pyodide", "_pyodide")
#: The codecs kept (a codec is imported by its name when text is encoded or decoded): the Unicode and ASCII
#: families, Latin-1 and Windows-1252 (old match files), and those Python itself uses (zip file names, idna).
CODECS_KEPT = (
    "aliases",
    "ascii",
    "latin_1",
    "cp1252",
    "cp437",
    "utf_8",
    "utf_8_sig",
    "utf_16",
    "utf_16_le",
    "utf_16_be",
    "utf_32",
    "utf_32_le",
    "utf_32_be",
    "unicode_escape",
    "raw_unicode_escape",
    "idna",
    "punycode",
)


def module_entries(names: list[str]) -> dict[str, str]:
    """Module name -> archive name, for the modules (.py and .pyc) of an archive's entry names."""
    modules = {}
    for name in names:
        stem = name.removesuffix(".py").removesuffix(".pyc")
        if stem == name:
            continue
        dotted = stem.replace("/", ".")
        modules[dotted.removesuffix(".__init__")] = name
    return modules


def _import_nodes(tree: Any, everywhere: bool) -> list[Any]:
    """The import statements of a module that may run once it is imported: all of them (inside functions
    too), or (not `everywhere`) those that run when it is imported: at module level and in its top-level
    `if`/`try`/`with` blocks and class bodies. Never those under `if __name__ == "__main__"`."""
    import ast

    found: list[Any] = []
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif (
            isinstance(node, ast.If) and ast.unparse(node.test).replace("'", '"') == '__name__ == "__main__"'
        ):
            continue
        elif everywhere:
            pending += list(ast.iter_child_nodes(node))
        elif isinstance(node, ast.If):
            pending += node.body + node.orelse
        elif isinstance(node, (ast.Try, ast.With, ast.ClassDef)):
            pending += node.body
            for handler in getattr(node, "handlers", []):
                pending += handler.body
            pending += getattr(node, "orelse", []) + getattr(node, "finalbody", [])
    return found


def imported_names(source: bytes, module: str, is_package: bool, everywhere: bool = True) -> set[str]:
    """Every module the import statements of `source` may load (relative ones resolved), with the parent
    packages of each: every statement, or (not `everywhere`) those that run on import (`_import_nodes`)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in _import_nodes(tree, everywhere):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)  # `from package import module`
    closed = set()
    for name in names:
        parts = name.split(".")
        closed.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return closed


def stdlib_needed(
    stdlib_zip: str, roots: set[str], package_sources: dict[str, tuple[bytes, bool]]
) -> set[str]:
    """The archive names of the stdlib entries the app may import, for a stdlib trimmed to them: the closure
    of the import statements of our package's modules (`package_sources`: name -> (source, is a package),
    every statement, inside functions too), of `roots` (the modules imported at start and by importing the
    package) and of IMPORTED_FROM_C, through the stdlib's own import statements: every one of a module our
    package imports itself (its functions may import more when called), those that run on import for the
    modules further down. Packages in KEPT_WHOLE are kept whole, and the codecs in CODECS_KEPT."""
    with zipfile.ZipFile(stdlib_zip) as archive:
        names = archive.namelist()
        entries = module_entries(names)
        direct = set(IMPORTED_FROM_C)
        for module, (source, is_package) in package_sources.items():
            direct |= imported_names(source, module, is_package)
        pending = [name for name in direct | set(roots) if name in entries]
        pending += [name for name in entries if name.split(".")[0] in KEPT_WHOLE]
        pending += [f"encodings.{codec}" for codec in CODECS_KEPT if f"encodings.{codec}" in entries]
        seen: set[str] = set()
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            entry = entries[name]
            if entry.endswith(".py"):
                source = archive.read(entry)
                found = imported_names(source, name, entry.endswith("__init__.py"), everywhere=name in direct)
                pending += [child for child in found if child in entries and child not in seen]
        kept = {entries[name] for name in seen}
        folders = {entry.rpartition("/")[0] for entry in kept if "/" in entry}
        # Data files beside the kept modules (none is read today, but they cost little), and the folders.
        kept |= {n for n in names if not n.endswith((".py", ".pyc", "/")) and n.rpartition("/")[0] in folders}
        kept |= {n for n in names if n.endswith("/") and any(f == n[:-1] or f.startswith(n) for f in folders)}
        return kept


def imported_module_names(prefix: str) -> set[str]:
    """Names of the modules imported so far whose files live under `prefix`."""
    return {
        name
        for name, module in list(sys.modules.items())
        if isinstance(getattr(module, "__file__", None), str) and module.__file__.startswith(prefix)
    }


def package_sources(package_zip: str) -> dict[str, tuple[bytes, bool]]:
    """Our package's modules in its archive: module name -> (source, is a package)."""
    with zipfile.ZipFile(package_zip) as archive:
        return {
            module: (archive.read(entry), entry.endswith("__init__.py"))
            for module, entry in module_entries(archive.namelist()).items()
            if entry.endswith(".py")
        }


def compile_zip(
    source_zip: str,
    target_zip: str,
    filename_prefix: str,
    only: set[str] | None = None,
    keep: set[str] | None = None,
) -> int:
    """Write `target_zip` with the `.py` entries compiled (all, or the archive names in `only`), and only
    the entries in `keep` (all without it); return how many were compiled."""
    compiled = 0
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target_zip, "w") as target:
        for info in source.infolist():
            if keep is not None and info.filename not in keep:
                continue
            data = source.read(info)
            entries: list[tuple[str, bytes]] = [(info.filename, data)]
            if info.filename.endswith(".py") and (only is None or info.filename in only):
                try:
                    pyc = pyc_bytes(data, filename_prefix + info.filename)
                except SyntaxError:
                    pass  # left as source: a file that only parses on other versions is never imported
                else:
                    compiled += 1
                    entries = [(info.filename[:-3] + ".pyc", pyc)]
            for name, payload in entries:
                entry = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16
                target.writestr(entry, payload, compresslevel=9)
    return compiled
