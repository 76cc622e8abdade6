"""Positions in and out of the page: the worker methods that read an XGID or gnubg's IDs, give a position's
XGID, open and write match files, and check a board being set up (`backgammon.positions.methods`)."""
