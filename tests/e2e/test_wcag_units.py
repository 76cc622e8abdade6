"""The WCAG contrast helper (tests/e2e/wcag.py) on known pairs, with no browser."""

from __future__ import annotations

import pytest

from .wcag import contrast, hex_of, luminance, over, parse


def test_black_on_white_is_21_to_1_either_way_round() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


def test_known_greys_and_colours() -> None:
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)  # just short of AA's 4.5:1
    assert contrast("#767676", "#fff") == pytest.approx(4.54, abs=0.01)  # the lightest grey that passes
    assert contrast("#595959", "#fff") == pytest.approx(7.0, abs=0.01)  # about AAA's 7:1
    assert contrast("#ff0000", "#fff") == pytest.approx(4.0, abs=0.01)
    assert luminance("#fff") == pytest.approx(1.0) and luminance("#000") == 0.0
    assert luminance("#ff0000") == pytest.approx(0.2126)


def test_css_colour_text_as_getcomputedstyle_gives_it() -> None:
    assert parse("rgb(21, 24, 28)") == (21.0, 24.0, 28.0, 1.0)
    assert parse("rgba(255, 255, 255, 0.5)") == (255.0, 255.0, 255.0, 0.5)
    assert parse("rgb(0 128 255 / 25%)") == (0.0, 128.0, 255.0, 0.25)
    assert parse("#11223380")[3] == pytest.approx(128 / 255)
    assert parse("transparent")[3] == 0.0
    with pytest.raises(ValueError):
        parse("url(#gradient)")


def test_translucent_colours_are_laid_over_what_is_behind() -> None:
    assert hex_of(over("rgba(0, 0, 0, 0.5)", "#ffffff")) == "#808080"
    assert hex_of(over("#000000", "#ffffff", opacity=0.25)) == "#bfbfbf"
    with pytest.raises(ValueError):
        luminance("rgba(0, 0, 0, 0.5)")  # a translucent colour must be laid over its background first
