"""The rules core's sentences that reach the page as message ids (an analysis refused, a rollout's plies
out of range, a tournament that cannot go on, a watched match that cannot be followed) are said from the
catalogues: each id is a key of every catalogue, and English's message is the core's own sentence once
formatted. The web app manifest of each language is English's with the catalogue's name, short name and
description (build.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import build
import pytest
from scripts.i18n_messages import catalogue_path, languages, parse, read_catalogue, render_english

from backgammon.analysis.job import WORDS
from backgammon.bot.rollout import SETTINGS_WORDS
from backgammon.lobby.watch import NOT_BEGUN, STOPPED
from backgammon.tournament.state import BROKEN

ROOT = Path(__file__).resolve().parents[2]
SENTENCES = {**WORDS, **SETTINGS_WORDS, **BROKEN, **STOPPED, **NOT_BEGUN}


@pytest.mark.parametrize("code", languages())
def test_every_sentence_has_its_message_in_every_language(code: str) -> None:
    assert set(SENTENCES) <= set(read_catalogue(catalogue_path(code)))


def test_englishs_messages_are_the_cores_sentences() -> None:
    english = read_catalogue(catalogue_path("en"))
    for key, sentence in SENTENCES.items():
        # The same text, and the same words once made with arguments by the page's formatter and by Python.
        assert english[key] == sentence
        args = {name: f"<{name}>" for name in re.findall(r"\{(\w+)\}", sentence)}
        assert render_english(parse(english[key]), args) == sentence.format(**args)


def test_each_languages_manifest_is_englishs_in_its_words() -> None:
    english = json.loads((ROOT / "pwa" / "manifest.webmanifest").read_text(encoding="utf-8"))
    words = read_catalogue(catalogue_path("en"))
    # English's catalogue says what pwa/manifest.webmanifest says.
    assert (words["app.name"], words["app.shortName"], words["app.description"]) == (
        english["name"],
        english["short_name"],
        english["description"],
    )
    manifests = build.language_manifests()
    assert set(manifests) == set(languages()) - {"en"}
    for code, text in manifests.items():
        manifest = json.loads(text)
        catalogue = read_catalogue(catalogue_path(code))
        assert manifest["name"] == catalogue["app.name"]
        assert manifest["short_name"] == catalogue["app.shortName"]
        assert manifest["description"] == catalogue["app.description"]
        assert manifest["lang"] == code and manifest["dir"] == ("rtl" if code == "ar" else "ltr")
        rest = {
            k: v for k, v in manifest.items() if k not in ("name", "short_name", "description", "lang", "dir")
        }
        assert rest == {k: v for k, v in english.items() if k not in ("name", "short_name", "description")}
