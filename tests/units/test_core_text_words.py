"""What is wrong with a pasted text (an XGID, gnubg's IDs), a match file and a match record is said by the
page from the catalogues: each message id of the rules core's tables is a key of every catalogue, English's
message is the core's own text, and the core renders English as the page's formatter does (tests/core: the
errors carry the ids)."""

from __future__ import annotations

import pytest
from scripts.i18n_messages import catalogue_path, languages, parse, read_catalogue, render_english

from backgammon import errors, limits, record
from backgammon.formats import gnubg_id, mat_import, replay, sgf_import, xgid

TABLES = {
    "gnubg_id": gnubg_id.WORDS,
    "xgid": xgid.WORDS,
    "errors": errors.FILE_WORDS,
    "mat_import": mat_import.WORDS,
    "sgf_import": sgf_import.WORDS,
    "replay": replay.WORDS,
    "record": record.WORDS,
    "limits": limits.WORDS,
}
WORDS = {key: text for table in TABLES.values() for key, text in table.items()}


def test_no_id_is_in_two_tables() -> None:
    assert len(WORDS) == sum(len(table) for table in TABLES.values())


@pytest.mark.parametrize("code", languages())
def test_every_message_is_in_every_language(code: str) -> None:
    catalogue = read_catalogue(catalogue_path(code))
    assert set(WORDS) <= set(catalogue)


def test_englishs_messages_are_the_cores_text() -> None:
    english = read_catalogue(catalogue_path("en"))
    assert {key: english[key] for key in WORDS} == WORDS


@pytest.mark.parametrize(
    ("key", "args"),
    [
        ("ids.idLength", {"kind": "position", "length": 14, "text": "'abc'", "count": 3}),
        ("ids.idLength", {"kind": "match", "length": 12, "text": "'abc'", "count": 3}),
        ("ids.xgidNotNumber", {"field": "scoreTop", "text": "'x'"}),
        ("ids.xgidRange", {"field": "maxCube", "value": 100, "low": 0, "high": 99}),
        ("ids.notPlaying", {"state": "over"}),
        ("ids.xgidSide", {"side": "top", "count": 16}),
        ("filefault.gameLineText", {"game": 2, "line": 14, "text": '"13/8 x"', "reason": "It is wrong."}),
    ],
)
def test_the_core_renders_english_as_the_page_does(key: str, args: dict[str, int | str]) -> None:
    assert errors.render(WORDS[key], args) == render_english(parse(WORDS[key]), args)
