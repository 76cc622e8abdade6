"""Why a player may not double, in the page's words: every reason of the rules core (py/backgammon/rules.py
`CubeBlock`) has its message in web/play/describe.js's table `WHY_NOT`, and English's message says what the
core's own text says (`CubeBlock.text`, the view's `why_not_text`, which the page shows for a reason it does
not know)."""

from __future__ import annotations

import re

import pytest
from scripts.i18n_messages import ROOT, catalogue_path, parse, read_catalogue, render_english

from backgammon.rules import MAX_CUBE, CubeBlock

DESCRIBE = ROOT / "web" / "play" / "describe.js"
# The page's own reasons, which the core never gives (web/match/startview.js's view before Python answers).
PAGE_ONLY = {"loading"}


def page_table() -> dict[str, str]:
    """`WHY_NOT` of describe.js: a reason's code to its message id."""
    text = DESCRIBE.read_text(encoding="utf-8")
    body = re.search(r"const WHY_NOT = \{(.*?)\n\};", text, re.S)
    assert body, "describe.js has no WHY_NOT table"
    return dict(re.findall(r'"([a-z-]+)": "([A-Za-z.]+)"', body.group(1)))


def test_every_reason_of_the_core_has_a_message_and_no_other() -> None:
    table = page_table()
    codes = {block.code for block in CubeBlock}
    assert codes - set(table) == set(), "a reason of the rules core the page does not translate"
    assert set(table) - codes == PAGE_ONLY, "a reason in the page's table the rules core does not give"
    english = read_catalogue(catalogue_path("en"))
    assert {id for id in table.values() if id not in english} == set()


@pytest.mark.parametrize("block", list(CubeBlock), ids=lambda b: b.code)
def test_english_says_what_the_core_says(block: CubeBlock) -> None:
    english = read_catalogue(catalogue_path("en"))
    message = english[page_table()[block.code]]
    # The page hands the cube's value: at its highest, the highest value.
    value = MAX_CUBE if block is CubeBlock.MAX_CUBE else 1
    assert render_english(parse(message), {"value": value}) == block.text


@pytest.mark.parametrize("block", list(CubeBlock), ids=lambda b: b.code)
def test_the_cores_refusal_of_a_double_names_the_pages_message(block: CubeBlock) -> None:
    # A double refused (backgammon.game) carries the same message id as the page's own note.
    assert block.message_id == page_table()[block.code]
