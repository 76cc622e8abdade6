"""Compile the Python files of a zip archive to .pyc for the interpreter running this file.

Run inside Pyodide (by scripts/compile_pyc.mjs), so the bytecode matches the Python 3.14 the
browser runs. Both archives, the stdlib and our package, are imported from the zip file itself
(zipimport), which loads a ``.pyc`` entry directly: ``os.py`` becomes ``os.pyc`` in place, the source
dropped. In the stdlib only the modules the app imports are compiled, since a .pyc is larger than its
source; the others stay ``.py`` and compile if ever imported. Our package is compiled whole.

The .pyc are unchecked-hash based: valid whatever the file times, and never recompiled.
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


def compile_zip(source_zip: str, target_zip: str, filename_prefix: str, only: set[str] | None = None) -> int:
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
                    entries = [(info.filename[:-3] + ".pyc", pyc)]
            for name, payload in entries:
                entry = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16
                target.writestr(entry, payload, compresslevel=9)
    return compiled
