"""The lobby's list in words (web/lobby/lobby-view.js) under Node: whom an invitation for one player alone is
for, and, when it is a tournament's match (*Play your match*), which tournament and round."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = 'import { forWhomWords } from "{WEB}/lobby/lobby-view.js";'
ME, DEE, BOB = "a" * 64, "d" * 64, "b" * 64


def test_an_invitation_for_one_player_names_the_tournament_match_it_is() -> None:
    found: Any = run_module(
        IMPORTS,
        f"""const names = new Map([["{BOB}", "Bob"]]);
        const match = {{ tournament: "Dawn cup", round: "Semi-finals", name: "Dee" }};
        print([
          forWhomWords({{ poster: "{DEE}", to: "{ME}" }}, "{ME}", names, match),
          forWhomWords({{ poster: "{DEE}", to: "{ME}" }}, "{ME}", names, undefined),
          forWhomWords({{ poster: "{ME}", to: "{DEE}" }}, "{ME}", names, match),
          forWhomWords({{ poster: "{ME}", to: "{BOB}" }}, "{ME}", names, undefined),
          forWhomWords({{ poster: "{ME}", to: "{DEE}" }}, "{ME}", names, undefined),
        ]);""",
    )
    assert found == [
        "for you: Dawn cup, Semi-finals",
        "for you",
        "for Dee: Dawn cup, Semi-finals",
        "for Bob",
        "for one player",
    ]
