"""What the rules core refuses a player on the game page is said by the page from the catalogues: each
refusal's message id (backgammon.errors `REFUSALS`, a move's rules backgammon.turn `RULE_WORDS`) is a key of
every catalogue, and English's message is the core's own sentence (tests/core: the errors carry the ids)."""

from __future__ import annotations

import pytest
from scripts.i18n_messages import catalogue_path, languages, read_catalogue

from backgammon.errors import REFUSALS
from backgammon.turn import RULE_IDS, RULE_WORDS, RULES

SAID = REFUSALS | RULE_WORDS


@pytest.mark.parametrize("code", languages())
def test_every_refusal_has_its_message_in_every_language(code: str) -> None:
    catalogue = read_catalogue(catalogue_path(code))
    assert set(SAID) <= set(catalogue)


def test_englishs_messages_are_the_cores_sentences() -> None:
    english = read_catalogue(catalogue_path("en"))
    for key, sentence in SAID.items():
        assert english[key] == sentence


def test_every_rule_of_a_move_has_its_own_message() -> None:
    assert {RULE_WORDS[RULE_IDS[code]] for code in RULES} == set(RULES.values())
    assert len(set(RULE_IDS.values())) == len(RULES)
