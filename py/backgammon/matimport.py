"""Moved to `backgammon.formats.mat_import`; this name stays for code that imports it."""

from .formats.mat_import import MatImportError, MatSummary, import_mat, mat_summary

__all__ = ["MatImportError", "MatSummary", "import_mat", "mat_summary"]
