"""What the rules core says of a pasted text, a match file, a record, a request, a watched match, a
position being set up and an action or move it refuses is said by the page from the catalogues (the rarer
faults too: an XGID's state, a record's settings and players, a rollout's trials, how a value from outside
is shown): each message id of the core's tables is a key of every catalogue, English's message is the
core's own text, and the core renders English as the page's formatter does (tests/core: the errors carry
the ids)."""

from __future__ import annotations

import pytest
from scripts.i18n_messages import catalogue_path, languages, parse, read_catalogue, render_english

from backgammon import api, errors, limits, match, record, rules, turn
from backgammon.bot import rollout
from backgammon.formats import gnubg_id, mat_import, replay, sgf_import, xgid
from backgammon.positions import methods as positions
from backgammon.remote import protocol

TABLES = {
    "gnubg_id.WORDS": gnubg_id.WORDS,
    "xgid.WORDS": xgid.WORDS,
    "errors.FILE_WORDS": errors.FILE_WORDS,
    "mat_import.WORDS": mat_import.WORDS,
    "sgf_import.WORDS": sgf_import.WORDS,
    "replay.WORDS": replay.WORDS,
    "record.WORDS": record.WORDS,
    "limits.WORDS": limits.WORDS,
    "limits.SHOWN_WORDS": limits.SHOWN_WORDS,
    "sgf_import.RARE_WORDS": sgf_import.RARE_WORDS,
    "mat_import.RARE_WORDS": mat_import.RARE_WORDS,
    "xgid.RARE_WORDS": xgid.RARE_WORDS,
    "gnubg_id.RARE_WORDS": gnubg_id.RARE_WORDS,
    "record.RARE_WORDS": record.RARE_WORDS,
    "rules.SETTINGS_WORDS": rules.SETTINGS_WORDS,
    "match.PLAYER_WORDS": match.PLAYER_WORDS,
    "match.SETUP_WORDS": match.SETUP_WORDS,
    "api.WORDS": api.WORDS,
    "rollout.RARE_WORDS": rollout.RARE_WORDS,
    "protocol.REFUSED_WORDS": protocol.REFUSED_WORDS,
    "positions.PROBLEMS": positions.PROBLEMS,
    "errors.REFUSALS": errors.REFUSALS,
    "turn.RULE_WORDS": turn.RULE_WORDS,
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
        ("sgf.notNumber", {"what": "ws", "text": "'x'"}),
        ("sgf.notNumber", {"what": "cube", "text": "'x'"}),
        ("sgf.crawford", {"said": "is"}),
        ("sgf.crawford", {"said": "not"}),
        ("sgf.setupTooMany", {"colour": "black", "count": 16}),
        ("ids.stateTurn", {"turn": 1, "onRoll": 0, "doubled": "yes"}),
        ("ids.stateTurn", {"turn": 1, "onRoll": 1, "doubled": "no"}),
        ("shown.list", {"n": 7}),
        *(
            ("remote.actionRefused", {"name": "Ann", "action": kind, "error": "No."})
            for kind in protocol.ACTIONS_SAID
        ),
    ],
)
def test_the_core_renders_english_as_the_page_does(key: str, args: dict[str, int | str]) -> None:
    assert errors.render(WORDS[key], args) == render_english(parse(WORDS[key]), args)
