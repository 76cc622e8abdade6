"""Moved to `backgammon.formats.sgf_export`; this name stays for code that imports it."""

from .formats.sgf_export import export_sgf

__all__ = ["export_sgf"]
