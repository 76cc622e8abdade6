"""The page in a language, as the tests of the languages read it (tests/e2e/test_i18n*.py): which words on a
screen are not from a catalogue, what is cut or sticks out, and a language stored or switched."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from scripts.i18n_messages import CATALOGUES, catalogue_path, read_catalogue

from .match_driver import PREFERENCES_KEY

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}

# What a player sees on the screens in `selectors` that is not from a catalogue: visible text nodes (outside
# <code> and the names players were given) holding an ASCII word, and aria-labels and titles so;
# each text box whose text is wider than the box (scrollWidth over clientWidth: cut or overflowing).
READ_SCREENS = """([selectors, names]) => {
  const english = [], overflowing = [];
  const seen = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const foreign = (text) => {
    let rest = text;
    for (const name of names) rest = rest.split(name).join("");
    return /[A-Za-z]{2,}/.test(rest);
  };
  for (const selector of selectors) {
    const root = document.querySelector(selector);
    if (!root || !seen(root)) continue;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent.trim();
      if (!text || !parent || !seen(parent)) continue;
      if (parent.closest("code, option, script, style")) continue;
      if (foreign(text)) english.push(`${selector}: "${text}"`);
    }
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (!seen(el)) continue;
      for (const attribute of ["aria-label", "title"]) {
        const value = el.getAttribute(attribute);
        if (value && foreign(value)) english.push(`${selector} [${attribute}]: "${value}"`);
      }
      const display = getComputedStyle(el).display;
      const hasText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (el.tagName === "SELECT" && el.selectedOptions.length === 1) {
        // Chromium gives a select the scrollWidth of its box however its option is cut: a copy holding only
        // the chosen option, laid out at its natural width, says how wide the option is.
        const copy = el.cloneNode(false);
        copy.append(el.selectedOptions[0].cloneNode(true));
        copy.style.width = "auto";
        copy.style.position = "absolute";
        el.after(copy);
        const natural = copy.offsetWidth;
        copy.remove();
        if (natural > el.offsetWidth + 1) overflowing.push(`${el.name}: ${natural} > ${el.offsetWidth}`);
        continue;
      }
      if (hasText && display !== "inline" && el.scrollWidth > el.clientWidth + 1) {
        const what = `${el.tagName.toLowerCase()}#${el.id}.${el.className}`;
        overflowing.push(`${what}: ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
  }
  // The root's clientWidth, not innerWidth: a phone's layout viewport widens to content that sticks out.
  const root = document.documentElement;
  return {english, overflowing, pageWidth: root.scrollWidth, window: root.clientWidth};
}"""

# Every text a player sees on `selectors`, and the aria-labels and titles there: visible ones only, outside
# <code> (IDs) and <option> (a closed select shows only its chosen one, read with the select).
SHOWN_TEXTS = """(selectors) => {
  const seen = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const texts = [];
  for (const selector of selectors) {
    for (const root of document.querySelectorAll(selector)) {
      if (!seen(root)) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !seen(parent) || parent.closest("code, option, script, style")) continue;
        if (node.textContent.trim()) texts.push(node.textContent.trim());
      }
      for (const el of [root, ...root.querySelectorAll("*")]) {
        if (!seen(el)) continue;
        for (const attribute of ["aria-label", "title"]) {
          const value = el.getAttribute(attribute);
          if (value) texts.push(value);
        }
        const one = el.tagName === "SELECT" && el.selectedOptions.length === 1;
        if (one) texts.push(el.selectedOptions[0].text);
      }
    }
  }
  return texts;
}"""

WORD = re.compile(r"[^\W\d_]{2,}")


@cache
def words_of(language: str, folder: Path = CATALOGUES) -> frozenset[str]:
    """Every word of a catalogue's messages (ICU's words, `plural`, `other`..., are in every catalogue)."""
    return frozenset(
        w.lower()
        for text in read_catalogue(catalogue_path(language, folder)).values()
        for w in WORD.findall(text)
    )


def english_left(
    page: Page,
    language: str,
    screens: list[str],
    set_aside: Iterable[str] = (),
    folders: Iterable[Path] = (CATALOGUES,),
) -> list[str]:
    """The texts shown on `screens` holding a word of English's catalogues (of `folders`: the families of
    catalogues the page uses) that the language's do not have."""
    english = frozenset().union(*(words_of("en", folder) for folder in folders))
    own = frozenset().union(*(words_of(language, folder) for folder in folders))
    foreign = english - own - set(set_aside)
    texts: list[str] = page.evaluate(SHOWN_TEXTS, screens)
    return [text for text in texts if any(w.lower() in foreign for w in WORD.findall(text))]


STORE_LANGUAGE = """(([key, language]) => {
  const stored = JSON.parse(localStorage.getItem(key) || "{}");
  if (!("language" in stored)) localStorage.setItem(key, JSON.stringify({...stored, language}));
})(ARGS);"""


# The visible boxes of a panel that stick out of it, or the panel out of the window (a select as wide as its
# longest option widening a form), but for those inside a box that scrolls sideways (a wide table).
STICKING_OUT = """(selector) => {
  const root = document.querySelector(selector);
  const seen = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const scrolled = (el) => {
    for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  const frame = root.getBoundingClientRect();
  const wide = document.documentElement.clientWidth;
  const out = frame.right > wide + 1 || frame.left < -1 ? [`${selector} itself`] : [];
  for (const el of root.querySelectorAll("*")) {
    if (!seen(el) || scrolled(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.right > frame.right + 1 || box.left < frame.left - 1)) {
      out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className}`);
    }
  }
  return out;
}"""


def assert_inside(page: Page, selector: str, where: str) -> None:
    out = page.evaluate(STICKING_OUT, selector)
    assert out == [], f"{where}: sticking out of {selector}: {out}"


def read_screens(page: Page, names: list[str], screens: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(READ_SCREENS, [screens, names])
    return result


def assert_translated(page: Page, where: str, names: list[str], screens: list[str]) -> None:
    """No word on `screens` (selectors) outside the catalogues but `names`, and nothing cut (below)."""
    seen = read_screens(page, names, screens)
    english = seen["english"]
    assert english == [], f"{where}: text not from a catalogue: {english}"
    assert_nothing_cut(page, seen, where)


def assert_nothing_cut(page: Page, seen: dict[str, Any], where: str) -> None:
    """No text cut or overflowing (`seen`: read_screens'), no sideways scroll, nothing out of a dialog."""
    assert seen["overflowing"] == [], f"{where}: text cut or overflowing: {seen['overflowing']}"
    assert seen["pageWidth"] <= seen["window"], f"{where}: the page scrolls sideways"
    if page.locator("dialog[open]").count():
        assert_inside(page, "dialog[open]", where)


@contextmanager
def phone_page(browser: Browser) -> Iterator[Page]:
    """A page on a 360 px phone of its own (a touch screen), for a test's `phone` fixture."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    try:
        yield context.new_page()
    finally:
        context.close()


def in_language(page: Page, language: str) -> None:
    page.add_init_script(STORE_LANGUAGE.replace("ARGS", json.dumps([PREFERENCES_KEY, language])))


def switch_language(page: Page, label: str, code: str) -> None:
    """Choose `code` in Preferences' language switch (labelled `label` in the language shown) and save; wait
    until the page is in it (`auto`: the device's, English here)."""
    if not page.locator("#preferences-button").is_visible():  # a phone: Preferences is in the menu's sheet
        page.locator("#menu-button").click()
    page.locator("#preferences-button").click()
    dialog = page.locator("#preferences-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label(label).select_option(code)
    dialog.locator("button[value=save]").click()
    language = "en" if code == "auto" else code
    direction = "rtl" if language == "ar" else "ltr"
    page.wait_for_selector(f"html[lang='{language}'][dir='{direction}']", state="attached")
