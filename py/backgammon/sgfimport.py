"""Moved to `backgammon.formats.sgf_import`; this name stays for code that imports it."""

from .formats.sgf_import import SgfImportError, import_sgf

__all__ = ["SgfImportError", "import_sgf"]
