"""The page's DOM, its <html> attributes and the saved match, step by step, on two builds of the site:
before and after a change that should change nothing a player sees (a refactor). Prints each step's
differences, times and tab ids left out. A step caught mid-animation may differ once: run it again before
reading a difference.

    git worktree add --detach /tmp/old REV && ln -s "$PWD/node_modules" /tmp/old/
    (cd /tmp/old && python3 build.py) && python3 build.py
    python3 -m scripts.dom_compare /tmp/old/dist dist
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from tests.e2e.stored import STORED_TEXT_JS

from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, serving

KEYS = ["backgammon-test.match.v1", "backgammon-test.match.v1.previous"]


def snapshot(page: Page) -> str:
    page.wait_for_selector("html[data-idle='true']", state="attached", timeout=30_000)
    page.wait_for_timeout(400)
    html = page.evaluate(
        "() => [...document.documentElement.attributes].map(a => a.name + '=' + a.value).join(' ')"
        " + '\\n' + document.body.outerHTML"
    )
    saved = {k: page.evaluate(STORED_TEXT_JS, k) for k in KEYS}
    text = html + "\n" + json.dumps(saved, indent=1)
    text = re.sub(r'"(savedAt|tab|createdAt|time|date)\\?":\s*\\?"[^"\\]*\\?"', r'"\1":"T"', text)
    text = re.sub(r"data-steps=\d+", "data-steps=N", text)
    text = re.sub(r"\d+\.\d{3,}", "F", text)  # animation coordinates caught mid-flight
    return text


def run(dist: Path) -> list[tuple[str, str]]:
    """The steps of a short match on the site in `dist`, each as its normalized text."""
    shots = []
    with serving(dist) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(server.url + "?test-dice=31,52,64,33,21,65&no-sw&no-welcome")
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
        shots.append(("opened", snapshot(page)))
        for a, b in [(8, 5), (6, 5)]:
            page.click(f"#board .target[data-loc='{a}']")
            page.click(f"#board .target[data-loc='{b}']")
            shots.append((f"moved {a}/{b}", snapshot(page)))
        page.keyboard.press("u")
        shots.append(("undo key", snapshot(page)))
        page.click("#board .target[data-loc='6']")
        page.click("#board .target[data-loc='5']")
        page.keyboard.press("Enter")
        shots.append(("done", snapshot(page)))
        page.reload()
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
        shots.append(("reloaded", snapshot(page)))
        page.click("#new-match-button")
        shots.append(("new match dialog", snapshot(page)))
        page.keyboard.press("Escape")
        shots.append(("dialog closed", snapshot(page)))
        page.click("#friend-button")
        page.wait_for_timeout(800)
        shots.append(("friend dialog", snapshot(page)))
        page.keyboard.press("Escape")
        page.click("#setup-button")
        page.wait_for_timeout(800)
        shots.append(("editor", snapshot(page)))
        browser.close()
    return shots


def main() -> int:
    old = run(Path(sys.argv[1]))
    new = run(Path(sys.argv[2]))
    different = 0
    for (name, a), (_, b) in zip(old, new, strict=True):
        if a == b:
            print(f"== {name}: same ({len(a)} characters)")
            continue
        different += 1
        print(f"== {name}: DIFFERENT")
        for line in list(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=0))[:30]:
            print("   ", line[:300])
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
