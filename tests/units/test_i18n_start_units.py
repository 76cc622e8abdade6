"""The language set before the first paint (web/theme-start.js, a classic script) is the one the page's
modules choose (web/i18n/languages.js chooseLanguage): the script run under Node with a stored preference
and a device's languages, on the pages whose words come from the catalogues only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .node_esm import REPO_ROOT, needs_node, run_module

pytestmark = needs_node

# theme-start.js run in a context of its own with what it reads: the stored preferences, the device's
# languages, whether <html> is marked as a page of the catalogues; `lang` and `dir` read back.
RUN = """
import { chooseLanguage, checkLanguage, LANGUAGES } from "{WEB}/i18n/languages.js";
import { readFileSync } from "node:fs";
import vm from "node:vm";
const source = readFileSync(new URL("{WEB}/theme-start.js"), "utf8");
function started(stored, device, marked, href = "https://example.org/") {
  const hasAttribute = (name) => marked && name === "data-i18n-page";
  const root = { lang: "en", dir: "", dataset: {}, hasAttribute };
  const context = {
    document: { documentElement: root, querySelectorAll: () => [] },
    location: { href },
    localStorage: { getItem: () => (stored === null ? null : JSON.stringify(stored)) },
    navigator: { languages: device, language: device[0] },
    matchMedia: () => ({ matches: false, addEventListener() {} }),
    addEventListener() {},
    URL,
  };
  context.globalThis = context;
  vm.runInNewContext(source, context);
  return [root.lang, root.dir];
}
function chosen(stored, device) {
  const code = chooseLanguage(checkLanguage(stored?.language), device);
  return [code, LANGUAGES[code].dir];
}
"""

CASES: list[tuple[Any, list[str]]] = [
    (None, ["ar-EG", "en"]),
    (None, ["fr-FR", "AR"]),
    (None, ["it-IT", "AR"]),
    (None, ["de", "fr"]),
    (None, ["ja", "el-GR"]),
    (None, ["it", "ja"]),  # none offered: English
    (None, ["en-XA"]),  # the pseudo-language is never the device's
    ({"language": "auto"}, ["ar"]),
    ({"language": "ar"}, ["en-US"]),
    ({"language": "en"}, ["ar-SA"]),
    ({"language": "en-XA"}, ["ar"]),
    ({"language": "tlh"}, ["ar-MA"]),  # not offered: the device's
    ({"language": 3}, ["en-GB"]),
    ("not an object", ["ar"]),
]


@pytest.mark.parametrize(("stored", "device"), CASES)
def test_the_first_frame_has_the_language_the_page_will_show(stored: Any, device: list[str]) -> None:
    args = f"{json.dumps(stored)}, {json.dumps(device)}"
    first, later = run_module(RUN, f"print([started({args}, true), chosen({args})]);")
    assert first == later


def test_the_script_knows_each_language_offered_and_its_direction() -> None:
    # A language added to languages.js and not to theme-start.js would paint its first frame in English's.
    codes = run_module(RUN, "print(Object.keys(LANGUAGES).filter((c) => !LANGUAGES[c].pseudo));")
    for code in codes:
        first, later = run_module(RUN, f'print([started(null, ["{code}"], true), chosen(null, ["{code}"])]);')
        assert first == later == [code, later[1]]


def test_a_page_not_of_the_catalogues_keeps_english_left_to_right() -> None:
    # A page whose words are not from the catalogues: an Arabic device must not lay its English right to left.
    assert run_module(RUN, 'print(started(null, ["ar"], false));') == ["en", ""]
    # Both pages of the site are (the tutorial since its lessons have catalogues of their own).
    for page in ("index.html", "tutorial.html"):
        assert "data-i18n-page" in (REPO_ROOT / page).read_text(encoding="utf-8").split(">")[1]


@pytest.mark.parametrize(
    ("href", "device", "shown"),
    [
        ("https://x.org/tutorial.html?embed=1&lang=ar#blocked", ["en"], ["ar", "rtl"]),
        ("https://x.org/tutorial.html?embed=1&lang=fr", ["ar"], ["fr", "ltr"]),
        (
            "https://x.org/tutorial.html?embed=1&lang=xx",
            ["de-AT"],
            ["de", "ltr"],
        ),  # not offered: the device's
        ("https://x.org/tutorial.html?embed=1", ["el"], ["el", "ltr"]),
    ],
)
def test_an_embedded_lesson_is_in_the_language_its_page_asks_for(
    href: str, device: list[str], shown: list[str]
) -> None:
    stored = {"language": "tr"}  # the site's own preference is not the embedding page's
    assert (
        run_module(
            RUN, f"print(started({json.dumps(stored)}, {json.dumps(device)}, true, {json.dumps(href)}));"
        )
        == shown
    )


def test_an_embedded_page_reads_no_storage() -> None:
    stored = {"language": "ar"}
    shown = run_module(RUN, f'print(started({json.dumps(stored)}, ["en"], true, "https://x.org/?embed=1"));')
    assert shown == ["en", "ltr"]
