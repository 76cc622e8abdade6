"""Other programs' formats, read and written: GNU Backgammon's Position ID and Match ID (`gnubg_id`),
eXtreme Gammon's XGID (`xgid`), `.mat` match text (`mat_import`, `mat_export`) and gnubg's `.sgf` match
files (`sgf_import`, `sgf_export`); `replay` is what the two importers share.

This file imports nothing: the rules core reads gnubg IDs from `gnubg_id` (a `Position`'s `id`), so importing
the importers here would make the core import itself.
"""
