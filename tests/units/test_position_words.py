"""What the rules core finds wrong with a position being set up (`check_position`) is said by the page from
the catalogues: each problem's message id is a key of every catalogue, English's message is the core's own
sentence (tests/core/test_position_methods.py: the ids come aligned with the problems)."""

from __future__ import annotations

import pytest
from scripts.i18n_messages import catalogue_path, languages, read_catalogue

from backgammon.positions.methods import PROBLEMS


@pytest.mark.parametrize("code", languages())
def test_every_problem_has_its_message_in_every_language(code: str) -> None:
    catalogue = read_catalogue(catalogue_path(code))
    assert set(PROBLEMS) <= set(catalogue)


def test_englishs_messages_are_the_cores_sentences() -> None:
    english = read_catalogue(catalogue_path("en"))
    for key, sentence in PROBLEMS.items():
        assert english[key] == sentence
