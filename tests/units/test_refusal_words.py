"""Each rule of a move has a message of its own (backgammon.turn `RULE_WORDS`, held to the catalogues with the
core's other word tables by tests/units/test_core_words.py)."""

from __future__ import annotations

from backgammon.turn import RULE_IDS, RULE_WORDS, RULES


def test_every_rule_of_a_move_has_its_own_message() -> None:
    assert {RULE_WORDS[RULE_IDS[code]] for code in RULES} == set(RULES.values())
    assert len(set(RULE_IDS.values())) == len(RULES)
