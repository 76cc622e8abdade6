"""The catalogues of web/i18n/ read in Python: each file's messages, and a message parsed into its parts.

A message is the subset of ICU MessageFormat that web/i18n/format.js reads: text, `{name}`,
`{name, plural, =0 {...} one {...} other {...}}` (`#` the number inside) and
`{name, select, a {...} other {...}}`.
A catalogue is a module `web/i18n/CODE.js` whose `export default { ... };` holds strict JSON."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "web" / "i18n"
# The rules tutorial's own family of catalogues (its lessons are not the game page's first code).
TUTORIAL = CATALOGUES / "tutorial"
SOURCE = "en"
PSEUDO = "en-XA"
LANGUAGE_TAG = r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*"

# CLDR's plural categories of each language offered (what Intl.PluralRules.select can answer).
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "en-XA": {"one", "other"},
    "ar": {"zero", "one", "two", "few", "many", "other"},
    "de": {"one", "other"},
    "el": {"one", "other"},
    "es": {"one", "many", "other"},
    "fr": {"one", "many", "other"},
    "tr": {"one", "other"},
}


class MessageError(ValueError):
    """A message that format.js could not read as meant."""


@dataclass(frozen=True)
class Argument:
    """`{name}`, or a plural or select with its branches (each a list of parts)."""

    name: str
    kind: str  # "", "plural" or "select"
    branches: dict[str, list[Part]]


Part = str | Argument


def parse(message: str) -> list[Part]:
    parts, end = _text(message, 0, inside=False)
    if end != len(message):
        raise MessageError(f"a closing brace with no opening one at {end}: {message!r}")
    return parts


def _text(message: str, start: int, inside: bool) -> tuple[list[Part], int]:
    parts: list[Part] = []
    literal = ""
    i = start
    while i < len(message):
        c = message[i]
        if c == "}":
            if not inside:
                break
            return ([*parts, literal] if literal else parts), i
        if c == "{":
            if literal:
                parts.append(literal)
                literal = ""
            argument, i = _argument(message, i + 1)
            parts.append(argument)
        else:
            literal += c
        i += 1
    if inside:
        raise MessageError(f"an opening brace is never closed: {message!r}")
    return ([*parts, literal] if literal else parts), i


def _argument(message: str, start: int) -> tuple[Argument, int]:
    close = message.find("}", start)
    comma = message.find(",", start)
    if close < 0:
        raise MessageError(f"an opening brace is never closed: {message!r}")
    if comma < 0 or comma > close:
        name = message[start:close].strip()
        if not name.isidentifier():
            raise MessageError(f"{{{name}}} is not an argument's name: {message!r}")
        return Argument(name, "", {}), close
    name = message[start:comma].strip()
    second = message.find(",", comma + 1)
    kind = message[comma + 1 : second].strip()
    if kind not in ("plural", "select"):
        raise MessageError(f"{{{name}, {kind}, ...}}: only plural and select are read: {message!r}")
    branches: dict[str, list[Part]] = {}
    i = second + 1
    while True:
        while i < len(message) and message[i].isspace():
            i += 1
        if i >= len(message):
            raise MessageError(f"{{{name}, {kind}, ...}} is never closed: {message!r}")
        if message[i] == "}":
            break
        opening = message.find("{", i)
        if opening < 0:
            raise MessageError(f"{{{name}, {kind}, ...}}: a case with no text: {message!r}")
        key = message[i:opening].strip()
        branch, end = _text(message, opening + 1, inside=True)
        branches[key] = branch
        i = end + 1
    if "other" not in branches:
        raise MessageError(f"{{{name}, {kind}, ...}} has no `other` case: {message!r}")
    return Argument(name, kind, branches), i


def arguments(parts: list[Part]) -> set[tuple[str, str]]:
    """Every argument of a message with its kind, at any depth."""
    found: set[tuple[str, str]] = set()
    for part in parts:
        if isinstance(part, Argument):
            found.add((part.name, part.kind))
            for branch in part.branches.values():
                found |= arguments(branch)
    return found


def select_keys(parts: list[Part]) -> dict[str, set[str]]:
    """The cases of each select (the values the page passes, the same in every language)."""
    found: dict[str, set[str]] = {}
    for part in parts:
        if isinstance(part, Argument):
            if part.kind == "select":
                found[part.name] = set(part.branches)
            for branch in part.branches.values():
                found.update(select_keys(branch))
    return found


def plural_keys(parts: list[Part]) -> list[set[str]]:
    found: list[set[str]] = []
    for part in parts:
        if isinstance(part, Argument):
            if part.kind == "plural":
                found.append(set(part.branches))
            for branch in part.branches.values():
                found += plural_keys(branch)
    return found


def unparse(parts: list[Part], literal: object = None) -> str:
    """A message written back from its parts; `literal(text)` may change each piece of text on the way."""
    out = ""
    for part in parts:
        if isinstance(part, str):
            out += literal(part) if callable(literal) else part
        elif not part.kind:
            out += "{" + part.name + "}"
        else:
            cases = " ".join(f"{key} {{{unparse(branch, literal)}}}" for key, branch in part.branches.items())
            out += f"{{{part.name}, {part.kind}, {cases}}}"
    return out


def catalogue_path(code: str, root: Path = CATALOGUES) -> Path:
    return root / f"{code}.js"


def read_catalogue(path: Path) -> dict[str, str]:
    """The messages of a catalogue module (its `export default {...};` is JSON)."""
    text = path.read_text(encoding="utf-8")
    marker = "export default "
    start = text.find(marker)
    if start < 0:
        raise MessageError(f"{path}: no `export default {{...}};`")
    body = text[start + len(marker) :].strip()
    body = body.removesuffix(";")
    try:
        data = json.loads(body)
    except json.JSONDecodeError as error:
        raise MessageError(f"{path}: the catalogue is not strict JSON: {error}") from error
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise MessageError(f"{path}: a catalogue maps ids to texts")
    return data


def write_catalogue(path: Path, header: str, messages: dict[str, str]) -> None:
    body = json.dumps(messages, ensure_ascii=False, indent=2)
    path.write_text(f"{header}export default {body};\n", encoding="utf-8")


def languages(root: Path = CATALOGUES) -> list[str]:
    """The codes of the catalogues present (en.js, ar.js, en-XA.js...): the modules named by a tag."""
    return sorted(p.stem for p in root.glob("*.js") if re.fullmatch(LANGUAGE_TAG, p.stem))


def render_english(parts: list[Part], args: dict[str, object]) -> str:
    """A message made into text with English's plural rule (1: one), as format.js does in English."""
    out = ""
    for part in parts:
        if isinstance(part, str):
            out += part
        elif not part.kind:
            out += str(args.get(part.name, ""))
        else:
            value = args.get(part.name, "")
            plural = [f"={value}", "one" if value == 1 else "other"]
            wanted = plural if part.kind == "plural" else [str(value)]
            key = next((k for k in wanted if k in part.branches), "other")
            text = render_english(part.branches[key], args)
            out += text.replace("#", str(value)) if part.kind == "plural" else text
    return out
