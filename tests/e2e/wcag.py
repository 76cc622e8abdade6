"""WCAG 2.x colour contrast, written once for the theme tests: relative luminance, the contrast ratio, CSS
colour text as getComputedStyle gives it, and a translucent colour laid over what is behind it.

    contrast("#777", "#fff")                          # 4.48 (WCAG's example of a grey just short of 4.5:1)
    contrast(over("rgba(0, 0, 0, 0.5)", "#fff"), "#fff")

Definitions: https://www.w3.org/TR/WCAG21/#dfn-relative-luminance and #dfn-contrast-ratio (sRGB, the 0.03928
threshold as WCAG 2.1 writes it)."""

from __future__ import annotations

import re

RGBA = tuple[float, float, float, float]  # 0-255 channels, alpha 0-1

# Thresholds of WCAG 2.1: 1.4.3 (AA text), 1.4.6 (AAA text, asked of the high-contrast theme), 1.4.11
# (non-text).
TEXT_AA = 4.5
LARGE_TEXT_AA = 3.0
TEXT_AAA = 7.0
LARGE_TEXT_AAA = 4.5
GRAPHIC = 3.0

_NUMBER = r"\s*([-+]?[0-9]*\.?[0-9]+)(%?)\s*"


def parse(color: str) -> RGBA:
    """`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`, `rgba(r, g, b, a)`, `rgb(r g b / a)`,
    `transparent`."""
    text = color.strip().lower()
    if text == "transparent":
        return (0.0, 0.0, 0.0, 0.0)
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) in (3, 4):
            digits = "".join(d * 2 for d in digits)
        if len(digits) not in (6, 8) or not re.fullmatch(r"[0-9a-f]+", digits):
            raise ValueError(f"not a colour: {color!r}")
        channels = [int(digits[i : i + 2], 16) for i in range(0, len(digits), 2)]
        alpha = channels[3] / 255 if len(channels) == 4 else 1.0
        return (float(channels[0]), float(channels[1]), float(channels[2]), alpha)
    match = re.fullmatch(r"rgba?\((.*)\)", text)
    if not match:
        raise ValueError(f"not a colour: {color!r}")
    parts = [p for p in re.split(r"[,/\s]+", match.group(1).strip()) if p]
    if len(parts) not in (3, 4):
        raise ValueError(f"not a colour: {color!r}")
    values: list[float] = []
    for i, part in enumerate(parts):
        number = re.fullmatch(_NUMBER, part)
        if not number:
            raise ValueError(f"not a colour: {color!r}")
        value = float(number.group(1))
        if number.group(2):
            value = value / 100 * (255 if i < 3 else 1)
        values.append(value)
    alpha = values[3] if len(values) == 4 else 1.0
    return (values[0], values[1], values[2], alpha)


def over(top: str | RGBA, below: str | RGBA, opacity: float = 1.0) -> RGBA:
    """`top` drawn with its own alpha times `opacity` over an opaque `below` (source-over compositing)."""
    t = parse(top) if isinstance(top, str) else top
    b = parse(below) if isinstance(below, str) else below
    if b[3] < 1:
        raise ValueError(f"the colour below must be opaque: {below!r}")
    a = t[3] * opacity
    return (t[0] * a + b[0] * (1 - a), t[1] * a + b[1] * (1 - a), t[2] * a + b[2] * (1 - a), 1.0)


def luminance(color: str | RGBA) -> float:
    """Relative luminance of an opaque colour: 0 for black, 1 for white."""
    r, g, b, a = parse(color) if isinstance(color, str) else color
    if a < 1:
        raise ValueError(
            f"a translucent colour has no luminance of its own: {color!r}; lay it over() its background"
        )

    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(first: str | RGBA, second: str | RGBA) -> float:
    """The contrast ratio (L1 + 0.05) / (L2 + 0.05), from 1 to 21, the same either way round."""
    a, b = luminance(first), luminance(second)
    light, dark = max(a, b), min(a, b)
    return (light + 0.05) / (dark + 0.05)


def hex_of(color: str | RGBA) -> str:
    """`#rrggbb` of an opaque colour, for messages."""
    r, g, b, _ = parse(color) if isinstance(color, str) else color
    return f"#{round(r):02x}{round(g):02x}{round(b):02x}"
