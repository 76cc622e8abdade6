"""Moved to `backgammon.formats.xgid`; this name stays for code that imports it."""

from .formats.xgid import Xgid, read_ids, xgid_of

__all__ = ["Xgid", "read_ids", "xgid_of"]
