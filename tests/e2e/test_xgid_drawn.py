"""An XGID is drawn as eXtreme Gammon draws it: its bottom (upper-case) player at the bottom of the board with
XG's point numbers (its home board points 1-6), and the player on roll, the cube's owner and the score on the
right sides; the page gives the same XGID back (the editor, the panel, a share link)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .conftest import Site, screenshot
from .match_driver import open_match, press_button, status, wait_idle
from .test_positions import open_link, paste_position, share_links, xgid

# White, XG's bottom player (upper case): 5 on its 6-point, 2 on its 5-point, 3 on its 8-point, 4 on its
# midpoint and 1 back on its 24-point, on roll with 3-1, 2-1 up in a 7-point match. Black (lower case)
# holds an anchor on White's 4-point, its midpoint, its 8- and 6-points, and owns the cube at 2.
ANCHOR_XGID = "XGID=----bBE-C---eD---c-e----A-:1:-1:1:31:2:1:0:7:10"

DRAWN = """async () => {
  // The board redraws at the next animation frame after it is told of a change; an answer from the rules core
  // (the editor's XGID) can come before that frame on a loaded machine.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const svg = document.querySelector("#board svg.bg-board:not(.board-snapshot)");
  const box = svg.getBoundingClientRect();
  const middle = (el) => {
    const b = el.getBoundingClientRect();
    return [(b.left + b.right) / 2 - box.left, (b.top + b.bottom) / 2 - box.top];
  };
  const checkers = {};
  for (const el of svg.querySelectorAll("g.checker[data-loc]")) {
    const key = `${el.classList.contains("p0") ? 0 : 1}@${el.dataset.loc}`;
    (checkers[key] ??= []).push(middle(el));
  }
  const numbers = {};
  for (const el of svg.querySelectorAll("text.point-number[data-point]")) {
    numbers[el.dataset.point] = [el.textContent, ...middle(el)];
  }
  const strip = (where) => svg.querySelector(`.player-info.${where}`);
  const cube = svg.querySelector("g.cube");
  return {
    width: box.width, height: box.height, checkers, numbers,
    bottom: strip("bottom").classList.contains("p0") ? 0 : 1,
    onRoll: ["bottom", "top"].find((where) => strip(where).classList.contains("turn")) ?? null,
    scores: {
      bottom: strip("bottom").querySelector(".score")?.textContent,
      top: strip("top").querySelector(".score")?.textContent,
    },
    cube: { cls: cube.getAttribute("class"), text: cube.textContent, at: middle(cube) },
  };
}"""


def drawn(page: Page) -> dict[str, Any]:
    """What the board draws once its pending frame is drawn: checkers (`"player@point"`: their centres), point
    numbers, the players' strips, the cube; coordinates from the board's top left corner."""
    found: dict[str, Any] = page.evaluate(DRAWN)
    return found


def expect_drawn_as_xg_draws_it(page: Page) -> None:
    """ANCHOR_XGID's board as XG draws it: White (upper case) at the bottom, its home board on the right."""
    d = drawn(page)
    half_x, half_y = d["width"] / 2, d["height"] / 2
    checkers = d["checkers"]
    six = checkers["0@6"]  # White's 6-point: five checkers, bottom right
    assert len(six) == 5 and all(x > half_x and y > half_y for x, y in six), six
    anchor = checkers["1@4"]  # Black's anchor in White's home board, beside it
    assert len(anchor) == 2 and all(x > half_x and y > half_y for x, y in anchor), anchor
    black_six = checkers["1@19"]  # Black's home board: top right
    assert len(black_six) == 5 and all(x > half_x and y < half_y for x, y in black_six), black_six
    back = checkers["0@24"]  # White's back checker, in Black's home board
    assert len(back) == 1 and back[0][1] < half_y
    # XG's numbers: 1-6 along White's home board, 24 where White's back checker stands.
    for point in ("1", "6"):
        text, _, y = d["numbers"][point]
        assert text == point and y > half_y, d["numbers"][point]
    assert d["numbers"]["24"][0] == "24" and d["numbers"]["24"][2] < half_y
    assert d["bottom"] == 0 and d["onRoll"] == "bottom"
    assert d["scores"] == {"bottom": "2", "top": "1"}
    assert "owner-p1" in d["cube"]["cls"] and d["cube"]["text"] == "2"
    assert d["cube"]["at"][1] < half_y, d["cube"]  # on Black's side: the top


def test_an_xgid_is_drawn_with_xgs_bottom_player_at_the_bottom_and_given_back_as_pasted(
    page: Page, site: Site, browser: Browser
) -> None:
    open_match(page, site, "31,65")
    paste_position(page, ANCHOR_XGID)
    expect(page.locator("#setup-xgid")).to_have_text(ANCHOR_XGID)
    expect(page.locator("#setup-editor select[name=turn]")).to_have_value("0")  # White
    expect(page.locator("#setup-editor select[name=cube_owner]")).to_have_value("1")  # Black
    expect_drawn_as_xg_draws_it(page)
    screenshot(page, "xgid-drawn-editor")
    match_id = page.inner_text("#setup-match-id").strip()
    page.click("#setup-done")
    wait_idle(page)
    assert "White to move 3 and 1" in status(page)
    expect_drawn_as_xg_draws_it(page)
    assert xgid(page) == ANCHOR_XGID
    assert page.inner_text("#match-id").strip() == match_id
    expect(page.locator("#board .cube-target")).to_have_attribute("aria-label", "Doubling cube 2, Black")
    screenshot(page, "xgid-drawn-played")

    position, _ = share_links(page)
    assert position.endswith(f"#v=2&position={ANCHOR_XGID}")
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        visitor = other.new_page()
        open_link(visitor, position)
        assert xgid(visitor) == ANCHOR_XGID
        assert "White to move 3 and 1" in status(visitor)
        expect_drawn_as_xg_draws_it(visitor)
        screenshot(visitor, "xgid-drawn-share-link")
        # A link of format 1 wrote its XGID with the page's bottom player in lower case: it still opens as it
        # was shared, so this XGID's upper-case player is at the top there, and the page's XGID says so.
        open_link(visitor, position.replace("#v=2&", "#v=1&"))
        old = drawn(visitor)
        assert old["onRoll"] == "top" and "owner-p0" in old["cube"]["cls"], old
        assert old["scores"] == {"bottom": "1", "top": "2"}
        assert xgid(visitor) == "XGID=-a----E-C---dE---c-ebB----:1:1:-1:31:1:2:0:7:10"
    finally:
        other.close()


def test_a_game_over_says_why_it_has_no_xgid_and_the_next_game_has_one(page: Page, site: Site) -> None:
    """An XGID holds a game in play: once the game is over the panel says so in words, in place of a dash
    and a Copy that does nothing, while the Position and Match IDs give the final position; the next game
    has its XGID again."""
    open_match(page, site, "31,52")
    page.click("#resign-button")
    page.click("#resign-dialog button[value=single]")
    wait_idle(page)
    press_button(page, "accept_resign")
    expect(page.locator("#xgid-over")).to_have_text(
        "None: this game is over, and an XGID describes a game in play."
    )
    expect(page.locator("#xgid")).to_be_hidden()
    expect(page.locator("button[data-copy='xgid']")).to_be_hidden()
    for kept in ("position-id", "match-id"):
        expect(page.locator(f"#{kept}")).not_to_have_text("—")
        expect(page.locator(f"button[data-copy='{kept}']")).to_be_enabled()
    screenshot(page, "xgid-game-over")
    press_button(page, "next_game")
    expect(page.locator("#xgid")).to_have_text(re.compile(r"^XGID=[-a-pA-P]{26}:"))
    expect(page.locator("button[data-copy='xgid']")).to_be_enabled()
    expect(page.locator("#xgid-over")).to_be_hidden()
