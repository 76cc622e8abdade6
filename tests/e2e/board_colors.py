"""The board's colours as the browser paints them, read in the page, and WCAG's contrast checks on them (axe
does not look into SVG): each text against what lies behind it, each checker, point, die, cube and borne-off
checker against what it stands on, and the two sides' checkers against each other.

    failures, measured = check_board(page, "#board svg", high_contrast=False)   # failures: [] when all pass

The page gives each element's colours with getComputedStyle (every stop of a gradient fill) and its opacity
(its own times its ancestors'); Python lays translucent layers over the page's background and measures
(tests/e2e/wcag.py). Rules: text 4.5:1, large text (24 px, or 18.66 px bold, as drawn on screen) 3:1, and 7:1
for all text in the high-contrast theme; a graphical object 3:1 against each colour it lies on, by its fill
(every stop) or by its outline (WCAG 2.1, 1.4.3, 1.4.6 and 1.4.11). Inactive things are left out as WCAG
leaves them out: used dice."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

from .wcag import GRAPHIC, LARGE_TEXT_AA, RGBA, TEXT_AA, TEXT_AAA, contrast, hex_of, over, parse

# Runs in the page: for each named role, the painted colours of the first element found (or of each, `all`).
READ_COLORS = """
(selector) => {
  const svg = document.querySelector(selector);
  if (!svg) throw new Error(`no board at ${selector}`);
  const cs = (el) => getComputedStyle(el);
  const scale = svg.getScreenCTM().a;
  const base = (() => {
    for (let el = svg.parentElement; el; el = el.parentElement) {
      const c = cs(el).backgroundColor;
      if (c && c !== "transparent" && !/rgba\\(.*,\\s*0\\)$/.test(c)) return c;
    }
    return "rgb(255, 255, 255)";
  })();
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e && e !== svg; e = e.parentElement) o *= parseFloat(cs(e).opacity);
    return o;
  };
  // one paint: a list of colours (each stop of a gradient, with its stop-opacity)
  const paint = (el, prop) => {
    const value = cs(el)[prop];
    if (!value || value === "none") return [];
    const url = /url\\("?#([^")]+)"?\\)/.exec(value);
    if (!url) return [value];
    const gradient = svg.querySelector("#" + CSS.escape(url[1]));
    return [...gradient.querySelectorAll("stop")].map((s) => {
      const st = cs(s);
      const m = /rgba?\\(([^)]*)\\)/.exec(st.stopColor);
      const parts = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
      const alpha = (parts.length > 3 ? parts[3] : 1) * parseFloat(st.stopOpacity || "1");
      return `rgba(${parts[0]}, ${parts[1]}, ${parts[2]}, ${alpha})`;
    });
  };
  const describe = (el) => {
    const st = cs(el);
    const stroke = parseFloat(st.strokeWidth) || 0;
    return {
      fill: paint(el, "fill"), fillOpacity: parseFloat(st.fillOpacity || "1"),
      stroke: stroke > 0 ? paint(el, "stroke") : [], strokeWidth: stroke * scale,
      opacity: opacity(el), fontPx: parseFloat(st.fontSize) * scale,
      fontWeight: parseInt(st.fontWeight, 10) || 400,
      text: el.textContent,
    };
  };
  const one = (css) => {
    const el = svg.querySelector(css);
    return el ? describe(el) : null;
  };
  return {
    base,
    wood: one(".wood"), felt: one(".felt"), bar: one(".bar-wood"),
    sideWell: one(".side-well"), trayWell: one(".tray-well"),
    pointNumber: one(".point-number"),
    pointOdd: one(".triangle.odd"), pointEven: one(".triangle.even"),
    checker0: one(".checker.p0:not(.selected) .checker-body"),
    checker1: one(".checker.p1:not(.selected) .checker-body"),
    count0: one(".checker.p0 .count"), count1: one(".checker.p1 .count"),
    borneOff0: one(".borne-off.p0"), borneOff1: one(".borne-off.p1"),
    offCount0: one(".off-count.p0"), offCount1: one(".off-count.p1"),
    dieFace0: one(".dice.current .die.p0:not(.used) .die-face"),
    diePip0: one(".dice.current .die.p0:not(.used) .die-pip"),
    dieFace1: one(".dice.current .die.p1:not(.used) .die-face"),
    diePip1: one(".dice.current .die.p1:not(.used) .die-pip"),
    prevFace: one(".dice.previous .die-face"), prevPip: one(".dice.previous .die-pip"),
    cubeFace: one(".cube:not(.dead) .cube-face"), cubeValue: one(".cube:not(.dead) .cube-value"),
    matchLength: one(".match-length"), matchWord: one(".match-word"),
    crawfordBadge: one(".crawford-badge"), crawfordText: one(".crawford-text"),
    rollButton: one(".roll-button"), rollText: one(".roll-text"),
    strips: [...svg.querySelectorAll(".player-info")].map((g) => ({
      turn: g.classList.contains("turn"),
      strip: describe(g.querySelector(".strip")),
      name: g.querySelector(".name") && describe(g.querySelector(".name")),
      pips: g.querySelector(".pips") && describe(g.querySelector(".pips")),
      scoreBox: g.querySelector(".score-box") && describe(g.querySelector(".score-box")),
      score: g.querySelector(".score") && describe(g.querySelector(".score")),
    })),
  };
}
"""


@dataclass
class Pair:
    what: str
    ratio: float
    needed: float
    fg: str
    bg: str

    def __str__(self) -> str:
        return f"{self.what}: {self.ratio:.2f}:1 < {self.needed}:1 ({self.fg} on {self.bg})"


def layer(colors: list[str], opacity: float, below: list[RGBA]) -> list[RGBA]:
    """Every colour of `colors` (each stop) at `opacity` laid over every colour of `below`."""
    return [over(parse(c), b, opacity) for c, b in itertools.product(colors, below)]


def fills(part: dict[str, Any], below: list[RGBA]) -> list[RGBA]:
    return layer(part["fill"], part["opacity"] * part["fillOpacity"], below)


def strokes(part: dict[str, Any], below: list[RGBA]) -> list[RGBA]:
    return layer(part["stroke"], part["opacity"], below)


class BoardCheck:
    def __init__(self, colors: dict[str, Any], high_contrast: bool, full: bool) -> None:
        self.c = colors
        self.high_contrast = high_contrast
        self.full = full  # the position shows tall stacks, borne-off checkers and the cube: each is required
        self.base = [parse(colors["base"])]
        self.checked: list[Pair] = []
        self.failures: list[Pair] = []

    def surface(self, name: str, below: list[RGBA] | None = None) -> list[RGBA]:
        part = self.c[name]
        assert part is not None, f"the board has no {name}"
        return fills(part, below or self.base)

    def measure(self, what: str, fg: list[RGBA], bg: list[RGBA], needed: float) -> float:
        """The worst pair of `fg` against `bg`; recorded, and a failure when under `needed`."""
        worst: Pair | None = None
        for f, b in itertools.product(fg, bg):
            pair = Pair(what, contrast(f, b), needed, hex_of(f), hex_of(b))
            if worst is None or pair.ratio < worst.ratio:
                worst = pair
        assert worst is not None, f"nothing to measure for {what}"
        self.checked.append(worst)
        if worst.ratio < needed - 1e-9:
            self.failures.append(worst)
        return worst.ratio

    def text(self, what: str, part: dict[str, Any] | None, bg: list[RGBA], required: bool = True) -> None:
        if part is None:
            assert not required, f"the board shows no {what}"
            return
        large = part["fontPx"] >= 24 or (part["fontPx"] >= 18.66 and part["fontWeight"] >= 700)
        needed = TEXT_AAA if self.high_contrast else (LARGE_TEXT_AA if large else TEXT_AA)
        self.measure(f"{what} {part['text']!r} ({part['fontPx']:.1f} px)", fills(part, bg), bg, needed)

    def graphic(self, what: str, part: dict[str, Any] | None, bg: list[RGBA], required: bool = True) -> None:
        """A graphical object against what it lies on: its fill (every stop) or else its outline."""
        if part is None:
            assert not required, f"the board shows no {what}"
            return
        for one in bg:
            by_fill = min(contrast(f, one) for f in fills(part, [one]))
            outline = strokes(part, [one]) if part["strokeWidth"] >= 1 else []
            by_edge = min((contrast(s, one) for s in outline), default=0.0)
            if by_fill >= GRAPHIC or by_edge >= GRAPHIC:
                self.checked.append(Pair(what, max(by_fill, by_edge), GRAPHIC, "", hex_of(one)))
                continue
            self.failures.append(
                Pair(
                    f"{what} (fill {by_fill:.2f}, outline {by_edge:.2f})",
                    max(by_fill, by_edge),
                    GRAPHIC,
                    "/".join(part["fill"] + part["stroke"]),
                    hex_of(one),
                )
            )

    def run(self) -> list[Pair]:
        c = self.c
        wood = self.surface("wood")
        felt = self.surface("felt")
        tray, bar = self.surface("trayWell", wood), self.surface("bar", wood)
        # The narrow board (phones) has no side column: its cube lies on the bar, its match length in the
        # trays.
        narrow = c["sideWell"] is None
        side = bar if narrow else self.surface("sideWell", wood)
        match_ground = tray if narrow else side
        odd, even = self.surface("pointOdd", felt), self.surface("pointEven", felt)
        # Text
        self.text("point number", c["pointNumber"], wood)
        for player in (0, 1):
            checker = c[f"checker{player}"]
            assert checker is not None, f"the board shows no checker of player {player}"
            self.text(
                f"count on a tall stack of player {player}",
                c[f"count{player}"],
                fills(checker, felt),
                self.full,
            )
            self.text(f"borne-off count of player {player}", c[f"offCount{player}"], tray, self.full)
            face = c[f"dieFace{player}"]
            if face is not None:
                self.text(
                    f"pips of player {player}'s die",
                    {**c[f"diePip{player}"], "text": "pip"},
                    fills(face, felt),
                )
                self.graphic(f"player {player}'s die on the felt", face, felt)
        if c["prevFace"] is not None:
            self.text(
                "pips of the previous roll", {**c["prevPip"], "text": "pip"}, fills(c["prevFace"], felt)
            )
        cube = c["cubeFace"]
        assert cube is not None or not self.full, "the board shows no cube"
        if cube is not None:
            self.text("cube numeral", c["cubeValue"], fills(cube, side + felt))
            self.graphic("cube in its column", cube, side)
        if narrow and c["crawfordBadge"] is not None:
            self.text("match length on the Crawford badge", c["matchLength"], fills(c["crawfordBadge"], tray))
        else:
            self.text("match length", c["matchLength"], match_ground, required=False)
        self.text("match words", c["matchWord"], match_ground, required=False)
        if c["crawfordBadge"] is not None and c["crawfordText"] is not None:
            self.text("Crawford", c["crawfordText"], fills(c["crawfordBadge"], side))
        if c["rollButton"] is not None:
            self.text("Roll", c["rollText"], fills(c["rollButton"], felt))
        for strip in c["strips"]:
            who = "on roll" if strip["turn"] else "waiting"
            behind = fills(strip["strip"], self.base)
            self.text(f"name of the player {who}", strip["name"], behind, required=False)
            self.text(f"pip count of the player {who}", strip["pips"], behind, required=False)
            if strip["scoreBox"] is not None:
                self.text(f"score of the player {who}", strip["score"], fills(strip["scoreBox"], behind))
        # Graphical objects
        self.graphic("odd point on the felt", c["pointOdd"], felt)
        self.graphic("even point on the felt", c["pointEven"], felt)
        for player in (0, 1):
            checker = c[f"checker{player}"]
            self.graphic(f"checker of player {player}", checker, odd + even + felt + bar)
            self.graphic(f"borne-off checker of player {player}", c[f"borneOff{player}"], tray, self.full)
        # The two sides: their checkers' own colours (each stop) against each other.
        self.measure(
            "player 0's checkers against player 1's",
            fills(c["checker0"], felt),
            fills(c["checker1"], felt),
            GRAPHIC,
        )
        return self.failures


def check_board(
    page: Page, selector: str, high_contrast: bool, full: bool = True
) -> tuple[list[Pair], list[Pair]]:
    """(failures, every pair measured) for the board at `selector` as painted now; `full`: the position shows
    tall stacks (count labels), borne-off checkers and the cube, and a board without them fails."""
    colors: dict[str, Any] = page.evaluate(READ_COLORS, selector)
    check = BoardCheck(colors, high_contrast, full)
    failures = check.run()
    return failures, check.checked
