"""Write the tutorial's English catalogue, web/i18n/tutorial/en.js, from the Python that holds its words: the
lessons, the session's sentences and the tutorial's details of the rules' refusals (backgammon.tutorial.words;
the refusals themselves are in the game's catalogues, web/i18n/CODE.js), after the page's own messages
(`tutorial.*`, written by hand in en.js and kept as they are). Then the pseudo-language's.

    python3 -m scripts.i18n_tutorial

scripts/i18n_check.py fails when en.js's Python part is not what this writes (docs/i18n.md).
"""

from __future__ import annotations

from backgammon.tutorial.words import messages
from scripts.i18n_messages import PSEUDO, SOURCE, TUTORIAL, catalogue_path, read_catalogue, write_catalogue
from scripts.i18n_pseudo import HEADER as PSEUDO_HEADER
from scripts.i18n_pseudo import pseudo_catalogue

HEADER = (
    "// The rules tutorial's words (docs/i18n.md). The `tutorial.*` messages are the page's own, edited\n"
    "// here; the rest is written by scripts/i18n_tutorial.py from the lessons' Python: change them there.\n"
)
PAGE_AREA = "tutorial."


def page_messages(english: dict[str, str]) -> dict[str, str]:
    """The messages of the tutorial's page itself, as en.js holds them."""
    return {key: text for key, text in english.items() if key.startswith(PAGE_AREA)}


def english_catalogue(current: dict[str, str]) -> dict[str, str]:
    return page_messages(current) | messages()


def main() -> None:
    path = catalogue_path(SOURCE, TUTORIAL)
    english = english_catalogue(read_catalogue(path) if path.exists() else {})
    write_catalogue(path, HEADER, english)
    write_catalogue(catalogue_path(PSEUDO, TUTORIAL), PSEUDO_HEADER, pseudo_catalogue(english))


if __name__ == "__main__":
    main()
