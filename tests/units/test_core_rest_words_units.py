"""The rules core's sentences given as message ids, said by the page under Node: a tournament that cannot
go on (web/lobby/tournament-words.js), the detail of a failed analysis, rollout or hint
(web/engine/page-engine.js `failureDetail`), and the turn file of a match by links (web/matchfile.js), whose
readable lines are in the sender's language while the game finds its link in any."""

from __future__ import annotations

import json
from typing import Any

from scripts.i18n_messages import catalogue_path, read_catalogue

from backgammon.tournament.state import BROKEN

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
globalThis.document = { documentElement: {}, querySelectorAll: () => [],
  dispatchEvent: () => true };
const words = await import("{WEB}/lobby/tournament-words.js");
const engine = await import("{WEB}/engine/page-engine.js");
const { BridgeError } = await import("{WEB}/engine/bridge.js");
const files = await import("{WEB}/matchfile.js");
const { t, useLanguage } = await import("{WEB}/i18n/i18n.js");
console.warn = () => {};
"""
LANGUAGES = {"english": "en", "french": "fr", "turkish": "tr"}


def said(language: str, key: str, **args: object) -> str:
    """A message of `language`'s catalogue with its plain arguments put in."""
    text = str(read_catalogue(catalogue_path(LANGUAGES[language]))[key])
    for name, value in args.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def in_languages(body: str) -> dict[str, Any]:
    """`body` (an expression) in English, then French and Turkish."""
    found: dict[str, Any] = run_module(
        IMPORTS,
        f"const said = () => ({body}); const english = said();"
        ' await useLanguage("fr"); const french = said();'
        ' await useLanguage("tr"); const turkish = said();'
        " print({english, french, turkish});",
    )
    return found


def test_why_a_tournament_cannot_go_on_is_said_in_the_language() -> None:
    phases: list[dict[str, Any]] = [
        {"phase": "broken", "closes": 0, "broken": english, "broken_words": {"id": key, "args": {}}}
        for key, english in BROKEN.items()
    ]
    # A reason the catalogues lack is shown as the core gave it; none at all, as the page's own sentence.
    unknown = {"id": "x.y", "args": {}}
    phases.append({"phase": "broken", "closes": 0, "broken": "Something new.", "broken_words": unknown})
    phases.append({"phase": "broken", "closes": 0, "broken": None, "broken_words": None})
    found = in_languages(f"{json.dumps(phases)}.map((s) => words.phaseWords(s, 0))")
    assert found["english"] == [*BROKEN.values(), "Something new.", "This tournament cannot go on"]
    for language in ("french", "turkish"):
        assert found[language] == [
            *(said(language, key) for key in BROKEN),
            "Something new.",
            said(language, "tournament.phaseBroken"),
        ]


def test_the_detail_of_a_failure_is_said_in_the_language() -> None:
    errors = """[
      new engine.ApiError("InvalidActionError", "The analysis is not finished: 2 of 9 decisions done.",
        undefined, {id: "analysis.unfinished", args: {done: 2, total: 9}}),
      Object.assign(new BridgeError("InvalidPartError", "The parts' entries must be ... not none."),
        {said: {id: "analysis.entriesMissing", args: {decisions: 9}}}),
      new BridgeError("EngineStalled", "no answer within 20 s, 10 times the slowest so far"),
      new engine.ApiError("InvalidActionError", "A sentence the core gives no id."),
      new BridgeError("InternalError", "ValueError: something inside"),
      new TypeError("x is undefined"),
    ].map((error) => t("review.failed", {error: engine.failureDetail(error)}))"""
    found = in_languages(errors)
    assert found["english"] == [
        "The analysis failed: The analysis is not finished: 2 of 9 decisions done.",
        "The analysis failed: The parts' entries must be the match's 9 decisions, not none.",
        "The analysis failed: it stopped answering",
        "The analysis failed: A sentence the core gives no id.",
        "The analysis failed: an error inside it",
        "The analysis failed: an error inside it",
    ]
    for language in ("french", "turkish"):
        details = [
            said(language, "analysis.unfinished", done=2, total=9),
            said(language, "analysis.entriesMissing", decisions=9),
            said(language, "failure.stalled"),
            "A sentence the core gives no id.",
            said(language, "failure.internal"),
            said(language, "failure.internal"),
        ]
        assert found[language] == [said(language, "review.failed", error=detail) for detail in details]


def test_a_turn_file_reads_in_the_senders_language_and_opens_in_any() -> None:
    link = "https://example.org/#v=1&turn=AbC_d-9"
    found = in_languages(
        f'(() => {{ const file = files.turnFile({{href: "{link}", friend: "Zoe", revision: 7}}, t);'
        " return {...file, payload: files.turnInText(file.text),"
        " kind: files.fileKind(file.filename, file.text)}; })()"
    )
    assert found["english"]["text"] == (
        "Backgammon: a turn of your match with Zoe (message 7).\n"
        "Open the link below, or open this file in the game (Save / load, Open a match).\n"
        f"\n{link}\n"
    )
    for language in LANGUAGES:
        title = said(language, "remote.turnFileTitle", friend="Zoe", revision=7)
        assert found[language]["text"] == f"{title}\n{said(language, 'remote.turnFileHow')}\n\n{link}\n"
        # The same name, and the game finds the link whatever the language of the lines around it.
        assert found[language]["filename"] == "backgammon-turn-Zoe-7.txt"
        assert found[language]["payload"] == "AbC_d-9" and found[language]["kind"] == "turn"
