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


def test_a_page_not_yet_in_the_catalogues_keeps_english_left_to_right() -> None:
    # The tutorial's page is English only: an Arabic device must not lay its English out right to left.
    assert run_module(RUN, 'print(started(null, ["ar"], false));') == ["en", ""]
    assert "data-i18n-page" not in (REPO_ROOT / "tutorial.html").read_text(encoding="utf-8").split(">")[1]


def test_an_embedded_page_reads_no_storage() -> None:
    stored = {"language": "ar"}
    shown = run_module(RUN, f'print(started({json.dumps(stored)}, ["en"], true, "https://x.org/?embed=1"));')
    assert shown == ["en", "ltr"]
