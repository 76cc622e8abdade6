"""How many examples a Hypothesis property tries: all of them on CPython, a tenth (ten at the least) inside
Pyodide (tests/pyodide/), where the same Python runs 5-20 times slower. There the property runs to show that
the interpreter reads the same inputs the same way; its many examples, the same code again on other values,
are CPython's to try."""

from __future__ import annotations

import sys

IN_PYODIDE = sys.platform == "emscripten"


def examples(on_cpython: int) -> int:
    """`max_examples` for a property that tries `on_cpython` examples on CPython."""
    return max(10, on_cpython // 10) if IN_PYODIDE else on_cpython
