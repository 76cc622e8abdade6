"""Check the catalogues of web/i18n/ (docs/i18n.md); tests/units/test_i18n_catalogues.py runs it:

- every message reads (the subset of ICU MessageFormat of web/i18n/format.js);
- every language has every key of English's, and no other;
- each message has the same arguments as English's (a number may be a plural in one language and plain in
  another), the same cases of each select, and plural cases its language has (CLDR's categories, or `=N`),
  `other` always;
- the pseudo-language is what scripts/i18n_pseudo.py writes (never edited by hand);
- every key is used by the page (a quoted id in web/'s code, or in the rules core's Python, which gives the
  page some ids to say, or a data-i18n attribute of index.html), and every id the page uses is a key;
- index.html's own text of each marked element is English's message (the first frame shows it before any
  script runs, so the two must not drift);
- the same of the rules tutorial's family (web/i18n/tutorial/) and tutorial.html, whose English is, but for
  the page's own `tutorial.*` messages, what scripts/i18n_tutorial.py writes from the lessons' Python; no key
  in both families.

    python3 -m scripts.i18n_check        prints each problem; exits 1 if there is any
"""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

from scripts.i18n_messages import (
    PLURAL_CATEGORIES,
    PSEUDO,
    ROOT,
    SOURCE,
    TUTORIAL,
    MessageError,
    Part,
    arguments,
    catalogue_path,
    languages,
    parse,
    plural_keys,
    read_catalogue,
    render_english,
    select_keys,
)
from scripts.i18n_pseudo import pseudo_catalogue
from scripts.i18n_tutorial import english_catalogue, page_messages

ATTRIBUTES = ("data-i18n", "data-i18n-label", "data-i18n-title", "data-i18n-content")
# An id passed to t(): the first argument, or both ends of a conditional there (`t(a ? "x.y" : "x.z")`).
CALL = re.compile(r"""\b(?:words\.)?t\(\s*(?:"([\w.]+)"|[^"(),]*\?\s*"([\w.]+)"\s*:\s*"([\w.]+)")""")
QUOTED = re.compile(r""""([a-z]+\.[A-Za-z]+)\"""")
# The tutorial's own messages are asked for by `tr("id")` (web/tutorial/words.js).
TUTORIAL_CALL = re.compile(r'\btr\(\s*"([\w.]+)"')


class MarkedText(HTMLParser):
    """index.html's elements with data-i18n: their id, arguments and own text (no element inside them)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, object], str]] = []
        self.attributes: set[str] = set()
        self._open: tuple[str, dict[str, object], str] | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {name: value or "" for name, value in attrs}
        self.attributes |= {named[a] for a in ATTRIBUTES if a in named}
        if "data-i18n-content" in named:  # a <meta>: its text is its content
            self.found.append((named["data-i18n-content"], {}, named.get("content", "")))
        if "data-i18n" in named:
            self._open = (named["data-i18n"], json.loads(named.get("data-i18n-args") or "{}"), tag)
            self._text = ""

    def handle_data(self, data: str) -> None:
        if self._open:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag == self._open[2]:
            self.found.append((self._open[0], self._open[1], self._text))
            self._open = None


def code_ids(folders: list[Path], call: re.Pattern[str]) -> tuple[set[str], set[str]]:
    """The ids the code under `folders` asks for (`call`'s groups) and every quoted id-like string in it; the
    catalogues themselves are not code."""
    asked: set[str] = set()
    quoted: set[str] = set()
    for folder in folders:
        for path in folder.rglob("*.js"):
            if path.parent.name in ("i18n", "tutorial") and path.stem in languages(path.parent):
                continue
            text = path.read_text(encoding="utf-8")
            for match in call.finditer(text):
                asked |= {group for group in match.groups() if group}
            quoted |= set(QUOTED.findall(text))
    return asked, quoted


def python_ids(folder: Path) -> set[str]:
    """Every quoted id-like string of the rules core's Python."""
    return {key for path in folder.rglob("*.py") for key in QUOTED.findall(path.read_text(encoding="utf-8"))}


def marked_text(page: Path) -> MarkedText:
    marked = MarkedText()
    marked.feed(page.read_text(encoding="utf-8"))
    return marked


def catalogue_problems(
    folder: Path, pseudo_problem: str
) -> tuple[list[str], dict[str, dict[str, list[Part]]]]:
    """What is wrong within one family of catalogues (every language against English's), and each one parsed;
    `pseudo_problem`: what to say of a pseudo-language that is not what its generator writes."""
    problems: list[str] = []
    catalogues: dict[str, dict[str, str]] = {}
    for code in languages(folder):
        if code not in PLURAL_CATEGORIES:
            problems.append(f"{code}: add its plural categories to i18n_messages.PLURAL_CATEGORIES")
            continue
        try:
            catalogues[code] = read_catalogue(catalogue_path(code, folder))
        except MessageError as error:
            problems.append(str(error))
    english = catalogues.get(SOURCE)
    if english is None:
        return [*problems, f"{catalogue_path(SOURCE, folder)} is missing or unreadable: it is the source"], {}
    parsed: dict[str, dict[str, list[Part]]] = {}
    for code, messages in catalogues.items():
        parsed[code] = {}
        for key, text in messages.items():
            try:
                parsed[code][key] = parse(text)
            except MessageError as error:
                problems.append(f"{code} {key}: {error}")
    for code, messages in catalogues.items():
        if code == SOURCE:
            continue
        problems += [f"{code}: {key} is missing" for key in english if key not in messages]
        problems += [f"{code}: {key} is not a key of {SOURCE}" for key in messages if key not in english]
        for key, parts in parsed[code].items():
            source = parsed[SOURCE].get(key)
            if source is None:
                continue
            # A number may be a plural in one language and written plainly in another; the names must match.
            names, source_names = {n for n, _ in arguments(parts)}, {n for n, _ in arguments(source)}
            if names != source_names:
                problems.append(
                    f"{code} {key}: arguments {sorted(names)} differ from {SOURCE}'s {sorted(source_names)}"
                )
            if select_keys(parts) != select_keys(source):
                problems.append(f"{code} {key}: the cases of a select differ from {SOURCE}'s")
    for code, messages_parsed in parsed.items():
        for key, parts in messages_parsed.items():
            for cases in plural_keys(parts):
                wrong = {c for c in cases if not c.startswith("=")} - PLURAL_CATEGORIES[code]
                if wrong:
                    problems.append(f"{code} {key}: plural cases {sorted(wrong)} are not {code}'s")
    if PSEUDO in catalogues and catalogues[PSEUDO] != pseudo_catalogue(english):
        problems.append(pseudo_problem)
    return problems, parsed


def marked_problems(page: Path, marked: MarkedText, english: dict[str, list[Part]]) -> list[str]:
    """A page's own text of each marked element against English's message (its first frame shows it)."""
    problems = []
    for key, args, text in marked.found:
        if key in english:
            wanted = render_english(english[key], args)
            if " ".join(text.split()) != " ".join(wanted.split()):
                problems.append(f"{page.name}'s text for {key} is {text!r}, {SOURCE}'s message {wanted!r}")
    return problems


def check(root: Path = ROOT) -> list[str]:
    """Every problem found, in words; none: the catalogues are sound."""
    web = root / "web"
    problems, parsed = catalogue_problems(
        web / "i18n", f"{PSEUDO} is not what i18n_pseudo.py writes: run python3 -m scripts.i18n_pseudo"
    )
    if not parsed:
        return problems
    english = parsed[SOURCE]
    asked, quoted = code_ids([web], CALL)
    # Ids the rules core gives the page to say (check_position's): used, though no page code names them.
    quoted |= python_ids(ROOT / "py" / "backgammon")
    marked = marked_text(root / "index.html")
    asked |= marked.attributes
    quoted |= marked.attributes
    # tutorial.html may mark a message of this family (its description), and build.py names the manifest's.
    quoted |= marked_text(root / "tutorial.html").attributes
    quoted |= set(QUOTED.findall((ROOT / "build.py").read_text(encoding="utf-8")))
    problems += [f"the page asks for {key}, which {SOURCE} lacks" for key in sorted(asked - set(english))]
    problems += [f"{key} is never used by the page" for key in sorted(set(english) - quoted)]
    problems += marked_problems(root / "index.html", marked, english)
    return problems + check_tutorial(root, english)


def check_tutorial(root: Path, game: dict[str, list[Part]]) -> list[str]:
    """The tutorial's family (web/i18n/tutorial/): sound as the game's, its English's Python part what
    scripts/i18n_tutorial.py writes, its page's messages used, and what tutorial.html marks a message of
    either family."""
    folder = root / "web" / "i18n" / "tutorial"
    problems, parsed = catalogue_problems(
        folder,
        f"the tutorial's {PSEUDO} is not what its generator writes: run python3 -m scripts.i18n_tutorial",
    )
    if not parsed:
        return problems
    english = read_catalogue(catalogue_path(SOURCE, folder))
    if english != english_catalogue(english):
        problems.append(
            "the tutorial's en.js is not what i18n_tutorial.py writes: run python3 -m scripts.i18n_tutorial"
        )
    # One copy of a message: the rules' refusals (`rule.*`) are the game's, which the tutorial's page loads.
    problems += [
        f"{key} is in both the game's and the tutorial's catalogues"
        for key in sorted(set(english) & set(game))
    ]
    own = {key for key in english if key in page_messages(english)}
    asked, quoted = code_ids([root / "web" / "tutorial"], TUTORIAL_CALL)
    marked = marked_text(root / "tutorial.html")
    asked |= marked.attributes
    quoted |= marked.attributes
    known = set(english) | set(game)
    problems += [
        f"the tutorial asks for {key}, which no {SOURCE} catalogue holds" for key in sorted(asked - known)
    ]
    problems += [f"{key} is never used by the tutorial" for key in sorted(own - quoted)]
    return problems + marked_problems(root / "tutorial.html", marked, parsed[SOURCE] | game)


def main() -> int:
    problems = check()
    for problem in problems:
        print(problem)
    counts = ", ".join(f"{code} {len(read_catalogue(catalogue_path(code)))}" for code in languages())
    counts += "; the tutorial's: " + ", ".join(
        f"{code} {len(read_catalogue(catalogue_path(code, TUTORIAL)))}" for code in languages(TUTORIAL)
    )
    print(f"i18n: {len(problems)} problem(s); messages: {counts}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
