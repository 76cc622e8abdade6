"""What the rules core finds wrong with a position being set up (`check_position`) is said by the page from
the catalogues: each problem's message id is a key of every catalogue, English's message is the core's own
sentence, and the ids come aligned with the English problems (null for a sentence the catalogues lack)."""

from __future__ import annotations

from typing import Any

import pytest
from scripts.i18n_messages import catalogue_path, languages, parse, read_catalogue, render_english

from backgammon.positions.methods import PROBLEMS, check_position

START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2]


def board(**changes: Any) -> dict[str, Any]:
    params: dict[str, Any] = {
        "points": START,
        "bar": [0, 0],
        "turn": 0,
        "dice": [0, 0],
        "cube_value": 1,
        "cube_owner": None,
        "match_length": 5,
        "score": [0, 0],
        "crawford": False,
    }
    return params | changes


@pytest.mark.parametrize("code", languages())
def test_every_problem_has_its_message_in_every_language(code: str) -> None:
    catalogue = read_catalogue(catalogue_path(code))
    assert set(PROBLEMS) <= set(catalogue)


def test_englishs_messages_are_the_cores_sentences() -> None:
    english = read_catalogue(catalogue_path("en"))
    for key, sentence in PROBLEMS.items():
        assert english[key] == sentence


@pytest.mark.parametrize(
    "changes",
    [
        {"points": [15, *START[1:]]},
        {"dice": [7, 1], "cube_value": 3, "doubled": True},
        {"cube_owner": 0, "score": [5, 4], "crawford": True},
        {"match_length": 0, "crawford": True, "jacoby": True},
    ],
)
def test_each_problem_comes_with_its_id_and_arguments(changes: dict[str, Any]) -> None:
    answer = check_position(board(names=["Ann", "Bob"], **changes))
    assert not answer["ok"] and answer["problems"]
    assert len(answer["words"]) == len(answer["problems"])
    english = read_catalogue(catalogue_path("en"))
    for text, words in zip(answer["problems"], answer["words"], strict=True):
        assert words is not None, text
        args = dict(words["args"])
        if "player" in args:
            args["name"] = ["Ann", "Bob"][args["player"]]
        assert render_english(parse(english[words["id"]]), args) == text
