"""Every control of every dialog and panel on a phone (upright 390x844, sideways 844x390) is a target of at
least 24 CSS px both ways (WCAG 2.2's 2.5.8 Target Size (Minimum)) and shows its whole text: no select whose
chosen option is cut off. axe, with WCAG 2.2's rules (`target-size` among them), runs over each too. Each
is measured upright, then with the page turned sideways (resized); the match page's dialogs one after the
other on one page, to start Python once for all of them.

A select's scrollWidth equals its clientWidth whatever its text (Chromium clips the chosen option without
scrolling), so a clipped select is found by laying out a copy holding only the chosen option at its natural
width: wider than the select itself means the text is cut."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from . import remote_driver as rd
from .conftest import Site, screenshot
from .match_driver import open_match, resize, wait_idle
from .test_phone import MIN_TARGET_PX, audit_phone, close_dialogs, size_id
from .test_phone import phone as phone  # the fixtures, shared
from .test_phone import phone_context as phone_context

# The controls inside `root` (a selector) that are shown: each one's box, and each select whose chosen text is
# wider than the select. A link inside a sentence is exempt (WCAG 2.5.8's "inline" exception); the board's own
# targets are measured by test_phone.py.
MEASURE_CONTROLS = """(root) => {
  const scope = document.querySelector(root);
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => (el.id ? '#' + el.id : '') + ' ' + el.outerHTML.slice(0, 90);
  const controls = [...scope.querySelectorAll(
      'button, input:not([type=hidden]), select, textarea, summary, a[href], [role=button], [tabindex="0"]')]
    .filter(shown).filter((el) => !el.closest('p, li:not(:has(> a:only-child)), svg'));
  const small = controls.map((el) => ({el, box: el.getBoundingClientRect()}))
    .filter(({box}) => box.width < 23.5 || box.height < 23.5)
    .map(({el, box}) => `${name(el)}: ${box.width.toFixed(1)}x${box.height.toFixed(1)}`);
  const clipped = [...scope.querySelectorAll('select')].filter(shown).flatMap((select) => {
    const chosen = select.selectedOptions[0];
    if (!chosen) return [];
    const copy = select.cloneNode(false);
    copy.append(chosen.cloneNode(true));
    copy.removeAttribute('id');
    copy.style.cssText = 'position: absolute; visibility: hidden; width: auto; max-width: none; min-width: 0';
    select.parentNode.append(copy);
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    const has = select.getBoundingClientRect().width;
    const text = `"${chosen.textContent}" needs ${needed.toFixed(1)} px, has ${has.toFixed(1)}`;
    return needed > has + 0.5 ? [`${name(select)}: ${text}`] : [];
  });
  return {count: controls.length, small, clipped};
}"""


def measure(page: Page, root: str, what: str) -> None:
    """Fail listing each control under `root` smaller than 24 px and each select whose text is cut."""
    found: dict[str, Any] = page.evaluate(MEASURE_CONTROLS, root)
    assert found["count"] > 0, f"no control found in {what}"
    problems = [f"  smaller than {MIN_TARGET_PX} px: {s}" for s in found["small"]]
    problems += [f"  text cut off: {c}" for c in found["clipped"]]
    assert not problems, f"{what}:\n" + "\n".join(problems)


def every_option(page: Page, root: str, what: str) -> None:
    """Each select under `root` with each of its options chosen in turn: none cut off."""
    selects = page.locator(f"{root} select")
    for i in range(selects.count()):
        select = selects.nth(i)
        if not select.is_visible():
            continue
        before = select.input_value()
        for value in select.evaluate("(s) => [...s.options].map((o) => o.value)"):
            select.select_option(value)
            measure(page, root, f"{what}, {value!r} chosen")
        select.select_option(before)


def from_menu(button: str, dialog: str) -> Callable[[Page], str]:
    """Opens `dialog` (its id) by `button` of the menu's sheet on the match page already open."""

    def open_it(page: Page) -> str:
        page.tap("#menu-button")
        if button == "#friend-button":  # a choice inside *Play online…*
            page.tap("#online-button")
            page.wait_for_selector("#online-dialog[open]")
        page.tap(button)
        page.wait_for_selector(f"#{dialog}[open]")
        wait_idle(page)
        return f"#{dialog}"

    return open_it


def identity(page: Page) -> str:
    """*Your identity…*, from *Play online…*."""
    from_menu("#online-button", "online-dialog")(page)
    page.tap("#identity-button")
    page.wait_for_selector("#identity-dialog[open][data-state='ready']")
    return "#identity-dialog"


def money_session(page: Page) -> str:
    root = from_menu("#new-match-button", "new-match-dialog")(page)
    page.check("#new-match-form input[name='kind'][value='money']")
    page.select_option("#new-match-form select[name='opponent']", "computer")
    return root


def resign(page: Page) -> str:
    page.tap("#menu-button")
    page.tap("#resign-button")
    page.wait_for_selector("#resign-dialog[open]")
    return "#resign-dialog"


def message(page: Page) -> str:
    page.evaluate("location.hash = '#v=7&position=XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10'")
    page.wait_for_selector("#message-dialog[open]")  # a link of a newer version, refused
    return "#message-dialog"


def editor(page: Page) -> str:
    page.locator("#setup-button").scroll_into_view_if_needed()
    page.tap("#setup-button")
    page.wait_for_selector("html[data-mode='setup']", state="attached")
    page.wait_for_function("() => document.documentElement.dataset.setupCheck === 'ok'")
    return "#setup-panel"


def play_panel(page: Page) -> str:
    return "#play-panel"


def welcome(page: Page, site: Site) -> str:
    page.goto(site.url("?test-dice=31,52&no-sw"))  # nothing saved: the first visit's welcome opens
    page.wait_for_selector("html[data-engine='ready'][data-welcome='open']", state="attached", timeout=60_000)
    return "#welcome-dialog"


def friend_join(page: Page, site: Site) -> str:
    """The dialog that asks whether to join a friend's match, opened from an invitation link made on another
    device: by turn links (the link holds the invitation, so no relay is needed), offering a rated match so
    that its box is shown too."""
    browser = page.context.browser
    assert browser is not None
    other_device = browser.new_context()
    try:
        host = other_device.new_page()
        host.goto(site.url("?no-sw&no-welcome"))
        rd.wait_ready(host)
        rd.invite(host, "Ann", length=3, mode="correspondence", rated=True)
        host.wait_for_selector("#remote-send:not([hidden])")
        rd.wait_until(lambda: host.input_value("#remote-send-link").startswith("http"))
        link = host.input_value("#remote-send-link")
    finally:
        other_device.close()
    page.goto(link)
    page.wait_for_selector("#friend-join-dialog[open]", timeout=60_000)
    page.wait_for_selector("#friend-join-rated:not([hidden])")
    return "#friend-join-dialog"


def review(page: Page, site: Site) -> str:
    from .test_review import computer_match, open_saved, wait_analysis

    open_saved(page, site, computer_match())
    page.locator("#result-analyse").scroll_into_view_if_needed()
    page.tap("#result-analyse")
    wait_analysis(page)
    return "#review-panel"


def tutorial(page: Page, site: Site) -> str:
    from .test_tutorial import Tutorial

    page.goto(site.url("tutorial.html#entering"))
    Tutorial(page.main_frame).wait_ready("entering")
    return "body"


SIZES = [(390, 844), (844, 390)]  # upright, then turned on its side

# On one match page, one after the other; each ends closed by Escape (the editor last: it leaves the match).
ON_THE_MATCH_PAGE: dict[str, Callable[[Page], str]] = {
    "play-panel": play_panel,
    "preferences": from_menu("#preferences-button", "preferences-dialog"),
    "new-match": from_menu("#new-match-button", "new-match-dialog"),
    "new-money-session": money_session,
    "save-load": from_menu("#match-file-button", "file-dialog"),
    "share": from_menu("#share-button", "share-dialog"),
    "statistics": from_menu("#stats-button", "stats-dialog"),
    "online": from_menu("#online-button", "online-dialog"),
    "friend": from_menu("#friend-button", "friend-dialog"),
    "identity": identity,
    "resign": resign,
    "message": message,
    "editor": editor,
}

# Each on a page of its own: a first visit, a link from another device, a saved match, another page.
ON_A_PAGE_OF_THEIR_OWN: dict[str, Callable[[Page, Site], str]] = {
    "welcome": welcome,
    "friend-join": friend_join,
    "review": review,
    "tutorial": tutorial,
}


def check_at_each_size(page: Page, root: str, where: str) -> None:
    """Upright, then turned sideways (the page resized as a phone turned): every control under `root` large
    enough and whole, with each option of each select, the page not scrolling sideways, and axe."""
    for width, height in SIZES:
        resize(page, width, height)
        what = f"{where} at {size_id((width, height))}"
        measure(page, root, what)
        every_option(page, root, what)
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= width, f"{what}: the page scrolls sideways"
        screenshot(page, f"targets-{size_id((width, height))}-{where}", full_page=False)
        audit_phone(page, what)


@pytest.mark.parametrize("phone_context", [SIZES[0]], ids=size_id, indirect=True)
def test_every_control_on_the_match_page_and_its_dialogs_is_a_large_target_with_its_whole_text(
    phone: Page, site: Site
) -> None:
    open_match(phone, site, "31,52")
    for where, open_it in ON_THE_MATCH_PAGE.items():
        root = open_it(phone)
        check_at_each_size(phone, root, where)
        resize(phone, *SIZES[0])
        close_dialogs(phone)


@pytest.mark.parametrize("phone_context", [SIZES[0]], ids=size_id, indirect=True)
@pytest.mark.parametrize("where", list(ON_A_PAGE_OF_THEIR_OWN))
def test_every_control_is_a_large_target_with_its_whole_text(phone: Page, site: Site, where: str) -> None:
    check_at_each_size(phone, ON_A_PAGE_OF_THEIR_OWN[where](phone, site), where)
