"""The page's typedefs of the Python boundary are the Python ones: web/types.generated.js is what
scripts/jsdoc_types.py writes from the TypedDicts today, and its method map names every method the worker
answers."""

from __future__ import annotations

import re
from pathlib import Path

from scripts import jsdoc_types

from backgammon import api, shapes

ROOT = Path(__file__).resolve().parents[2]


def method_map(text: str, typedef: str) -> set[str]:
    """The property names of the JSDoc typedef `typedef` in `text`."""
    block = re.search(r"/\*\*((?:(?!\*/).)*@typedef \{object\} " + typedef + r"\b.*?)\*/", text, re.S)
    assert block, typedef
    return set(re.findall(r"@property \{.*\} \[?(\w+)\]?", block.group(1)))


def test_the_committed_typedefs_are_the_ones_the_typeddicts_give_today() -> None:
    committed = (ROOT / "web" / "types.generated.js").read_text(encoding="utf-8")
    stale = "web/types.generated.js is stale: run python3 -m scripts.jsdoc_types"
    assert committed == jsdoc_types.generate(), stale


def test_the_method_map_names_every_method_of_the_python_api() -> None:
    text = (ROOT / "web" / "types.generated.js").read_text(encoding="utf-8")
    api._load_extensions()
    assert method_map(text, "PythonMethods") == set(api.METHODS)


def test_the_methods_the_worker_answers_itself_are_in_the_page_s_map() -> None:
    worker = (ROOT / "web" / "engine" / "worker.js").read_text(encoding="utf-8")
    api._load_extensions()
    # Less `act`, whose dice the worker fills in.
    own = set(re.findall(r'method === "(\w+)"', worker)) - set(api.METHODS)
    assert {"engine_info", "ping", "test_hang", "test_corrupt"} <= own
    declared = method_map((ROOT / "web" / "types.js").read_text(encoding="utf-8"), "WorkerMethods")
    # ping and test_hang are posted by the bridge itself, never through `call`.
    assert declared == own - {"ping", "test_hang"}


def test_a_key_left_out_of_a_shape_at_times_is_optional_on_the_page() -> None:
    text = jsdoc_types.generate()
    assert " * @property {Event[]} [events]" in text  # only `act` answers events
    assert " * @property {View} view" in text
    assert shapes.MatchAnswer.__optional_keys__ == {"events"}
