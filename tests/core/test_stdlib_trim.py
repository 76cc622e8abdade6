"""The stdlib the site ships is trimmed to what the game may import (scripts/compile_pyc.py, run by build.py
inside Pyodide): these tests check the rules of that trimming on small archives made here."""

from __future__ import annotations

import zipfile
from pathlib import Path

from scripts.compile_pyc import imported_names, stdlib_needed


def test_imports_in_functions_count_only_when_asked_and_those_under_main_never() -> None:
    source = b"""
import json
from . import sibling
from .sub import thing
try:
    import zlib
except ImportError:
    zlib = None
if True:
    from email import utils
def later():
    import shutil
class Holder:
    import textwrap
if __name__ == "__main__":
    import doctest
"""
    everywhere = imported_names(source, "pkg.mod", is_package=False)
    on_import = imported_names(source, "pkg.mod", is_package=False, everywhere=False)
    for name in ("json", "pkg", "pkg.sibling", "pkg.sub", "pkg.sub.thing", "zlib", "email", "email.utils"):
        assert name in on_import and name in everywhere, name
    assert "textwrap" in on_import  # a class body runs on import
    assert "shutil" in everywhere and "shutil" not in on_import
    assert "doctest" not in everywhere and "doctest" not in on_import  # never runs when imported


def fake_stdlib(folder: Path) -> str:
    files = {
        "json/__init__.py": "from .decoder import x\n",
        "json/decoder.py": "import re\n",
        "re/__init__.py": "",
        "shutil.py": "import os\ndef archive():\n    import zipfile\n",
        "os.py": "def f():\n    import subprocess\n",
        "zipfile/__init__.py": "",
        "subprocess.py": "",
        "heapq.py": 'if __name__ == "__main__":\n    import doctest\n',
        "doctest.py": "",
        "pyodide/__init__.py": "",
        "pyodide/http.py": "import email\n",
        "email/__init__.py": "",
        "encodings/__init__.py": "",
        "encodings/utf_8.py": "",
        "encodings/cp1251.py": "",
        "email/data.txt": "",
        "unused/__init__.py": "",
    }
    path = folder / "stdlib.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return str(path)


def test_the_trimmed_stdlib_keeps_what_the_game_may_import_and_drops_the_rest(tmp_path: Path) -> None:
    game = {"game.mod": (b"import json\nimport shutil\nimport heapq\n", False)}
    kept = stdlib_needed(fake_stdlib(tmp_path), roots=set(), package_sources=game)
    # What the game imports, and what that imports on import; a module the game imports itself keeps what
    # its functions import (shutil's zipfile), one further down keeps only what runs on import (os's
    # subprocess is left out); Pyodide's packages whole, the codecs named; data files beside kept modules.
    for name in (
        "json/__init__.py",
        "json/decoder.py",
        "re/__init__.py",
        "shutil.py",
        "zipfile/__init__.py",
        "os.py",
        "heapq.py",
        "pyodide/http.py",
        "email/__init__.py",
        "email/data.txt",
        "encodings/__init__.py",
        "encodings/utf_8.py",
    ):
        assert name in kept, name
    for name in ("subprocess.py", "doctest.py", "unused/__init__.py", "encodings/cp1251.py"):
        assert name not in kept, name
