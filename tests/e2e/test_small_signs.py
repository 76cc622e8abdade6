"""Small things a player reads: the header's items on one row at the common desktop widths; a copy that says
on screen that it worked (or plainly that it did not); a *Swap dice* that says what it does; and the new-match
form's money-play rules (Jacoby, beavers, automatic doubles) turned off, with the reason, when a match length
is chosen."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import Site, screenshot
from .match_driver import button, open_match, position_id, resize

ROWS_JS = """() => [...document.querySelectorAll('.top h1, #menu > *')]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => [el.textContent.trim(), Math.round(el.getBoundingClientRect().top),
                Math.round(el.getBoundingClientRect().right)])"""


def test_the_headers_items_are_one_row_or_even_rows(page: Page, site: Site) -> None:
    """1280 and 1440: the title and every item on one row. 1024: the items in even rows, none alone on a row
    of its own, and none outside the screen. One page, its window resized to each width."""
    open_match(page, site, "31")
    review_button = page.locator("#review-button")
    for width in [1024, 1280, 1440]:
        resize(page, width, 800)
        found: list[list[Any]] = page.evaluate(ROWS_JS)
        items = found[1:]
        rows: dict[int, list[str]] = {}
        for text, top, _ in items:
            row = next((r for r in rows if abs(r - top) <= 12), top)
            rows.setdefault(row, []).append(text)
        if width >= 1280:
            one_row = len(rows) == 1 and abs(found[0][1] - items[0][1]) <= 16
            assert one_row, f"the header wraps at {width} px: {found}"
        assert all(len(row) >= 2 for row in rows.values()), f"an item alone on a row at {width} px: {rows}"
        assert max(right for _, _, right in found) <= width, f"an item outside the screen: {found}"
        screenshot(page, f"header-{width}", full_page=False)
        # while a match is analysed the review's item is longer (web/app.js): the items still keep together
        usual = review_button.text_content()
        longer = "Analyse / review (analysing, 12/40)"
        review_button.evaluate("(button, text) => { button.textContent = text; }", longer)
        found = page.evaluate(ROWS_JS)
        tops = [top for _, top, _ in found[1:]]
        assert max(tops) - min(tops) <= 12 or width < 1280, f"the items split while analysing: {found}"
        assert max(right for _, _, right in found) <= width, f"an item outside the screen: {found}"
        review_button.evaluate("(button, text) => { button.textContent = text; }", usual)


def test_a_copy_says_on_screen_that_it_worked(page: Page, site: Site, context: BrowserContext) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.base_url.rstrip("/"))
    open_match(page, site, "31")
    page.click("button[data-copy=position-id]")
    sign = page.locator("button[data-copy=position-id] + .copy-sign")
    expect(sign).to_be_visible()
    expect(sign).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == position_id(page)
    screenshot(page, "copy-copied", full_page=False)


def test_a_copy_refused_says_so_plainly(page: Page, site: Site) -> None:
    page.add_init_script(
        "navigator.clipboard.writeText = () =>"
        " Promise.reject(new DOMException('refused', 'NotAllowedError'));"
    )
    open_match(page, site, "31")
    page.click("button[data-copy=xgid]")
    sign = page.locator("button[data-copy=xgid] + .copy-sign")
    expect(sign).to_be_visible()
    expect(sign).to_contain_text("Not copied")
    expect(sign).to_contain_text("Ctrl+C")


def test_swap_dice_says_what_it_does(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    swap = button(page, "swap_dice")
    expect(swap).to_be_visible()
    expect(swap).to_have_text("Play the 1 first")
    expect(swap).to_have_attribute("title", "Swap the dice: play them in the other order, the 1 before the 3")
    swap.click()
    expect(swap).to_have_text("Play the 3 first")


def test_money_rules_are_off_in_a_match_and_say_why(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    money_rules = [form.locator(f"input[name={name}]") for name in ("jacoby", "beavers", "automatic_doubles")]
    form.locator("input[name=kind][value=match]").check()
    for field in money_rules:
        expect(field).to_be_disabled()
    expect(form.locator("#money-only-note")).to_be_visible()
    expect(form.locator("#money-only-note")).to_contain_text("money")
    expect(form.locator("input[name=crawford]")).to_be_enabled()
    screenshot(page, "new-match-money-rules-off")
    form.locator("input[name=kind][value=money]").check()
    for field in money_rules:
        expect(field).to_be_enabled()
    expect(form.locator("input[name=crawford]")).to_be_disabled()
    form.locator("input[name=beavers]").check()
    form.locator("input[name=kind][value=match]").check()  # and back: off again, and not kept for the match
    expect(form.locator("input[name=beavers]")).to_be_disabled()


def test_the_computers_level_is_off_when_a_person_plays(page: Page, site: Site) -> None:
    open_match(page, site, "31")
    page.click("#new-match-button")
    form = page.locator("#new-match-form")
    form.locator("select[name=opponent]").select_option("human")
    expect(form.locator("select[name=level]")).to_be_disabled()
    form.locator("select[name=opponent]").select_option("computer")
    expect(form.locator("select[name=level]")).to_be_enabled()
