"""Where the other programs' formats live: `backgammon.formats`, the old module names still importable, every
module importable first in a fresh interpreter (no import cycle with the rules core), all of them shipped."""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
FORMATS = ["gnubg_id", "xgid", "mat_export", "mat_import", "sgf_export", "sgf_import", "replay"]
#: the old module names kept for code that imports them, and the names each still gives
COMPATIBLE = {
    "matimport": ("mat_import", ["MatImportError", "MatSummary", "import_mat", "mat_summary"]),
    "sgfimport": ("sgf_import", ["SgfImportError", "import_sgf"]),
    "sgfexport": ("sgf_export", ["export_sgf"]),
    "xgid": ("xgid", ["Xgid", "read_ids", "xgid_of"]),
}


@pytest.mark.parametrize("old", sorted(COMPATIBLE))
def test_the_old_names_give_the_same_objects(old: str) -> None:
    new, names = COMPATIBLE[old]
    module = importlib.import_module(f"backgammon.{old}")
    moved = importlib.import_module(f"backgammon.formats.{new}")
    assert sorted(module.__all__) == names
    for name in names:
        assert getattr(module, name) is getattr(moved, name), name


def test_the_package_keeps_its_format_names() -> None:
    import backgammon
    from backgammon.formats import gnubg_id, mat_export

    assert backgammon.export_mat is mat_export.export_mat
    assert backgammon.encode_match_id is gnubg_id.encode_match_id
    assert backgammon.MatchIdInfo is gnubg_id.MatchIdInfo


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
@pytest.mark.parametrize("name", [f"formats.{name}" for name in FORMATS] + sorted(COMPATIBLE) + ["position"])
def test_each_module_imports_first(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", f"import backgammon.{name}"],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT / "py")},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(sys.platform == "emscripten", reason="the site is built on CPython")
def test_the_site_ships_the_formats_package(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("build_for_test", REPO_ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, build)  # its dataclasses look their module up
    spec.loader.exec_module(build)
    shipped = {name for _, name in build.package_files()}
    for name in ["__init__", *FORMATS]:
        assert f"backgammon/formats/{name}.py" in shipped
    for old in COMPATIBLE:
        assert f"backgammon/{old}.py" in shipped
