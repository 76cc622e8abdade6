"""Compile the Python files of a zip archive to .pyc for the interpreter running this file.

Run inside Pyodide (by scripts/compile_pyc.mjs), so the bytecode matches the Python 3.14 the
browser runs. Two layouts:

- ``sourceless``: ``os.py`` becomes ``os.pyc`` in place, the source dropped (the stdlib zip: zipimport
  loads ``.pyc`` entries directly). Only the modules the app imports are compiled, since a .pyc is
  larger than its source; the others stay ``.py`` and compile if ever imported;
- ``pycache``: sources kept, ``pkg/__pycache__/mod.<tag>.pyc`` added (our package, unpacked on disk).

The .pyc are unchecked-hash based: valid whatever the file times, and never recompiled.
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def pyc_bytes(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    data: bytes = _code_to_hash_pyc(code, importlib.util.source_hash(source), False)
    return bytes(data)


def cache_name(name: str) -> str:
    folder, _, module = name.rpartition("/")
    compiled = f"__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc"
    return f"{folder}/{compiled}" if folder else compiled


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


def compile_zip(
    source_zip: str, target_zip: str, layout: str, filename_prefix: str, only: set[str] | None = None
) -> int:
    """Write `target_zip` with the `.py` entries compiled (all, or the archive names in `only`);
    return how many were compiled."""
    compiled = 0
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target_zip, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            entries: list[tuple[str, bytes]] = [(info.filename, data)]
            if info.filename.endswith(".py") and (only is None or info.filename in only):
                try:
                    pyc = pyc_bytes(data, filename_prefix + info.filename)
                except SyntaxError:
                    pass  # left as source: a file that only parses on other versions is never imported
                else:
                    compiled += 1
                    if layout == "sourceless":
                        entries = [(info.filename[:-3] + ".pyc", pyc)]
                    else:
                        entries.append((cache_name(info.filename), pyc))
            for name, payload in entries:
                entry = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16
                target.writestr(entry, payload, compresslevel=9)
    return compiled
