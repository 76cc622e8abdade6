"""Unit tests of the page's JavaScript: its pure ES modules run under Node (`node_esm.py`), no browser."""
