// @ts-check
/**
 * The chart of a reviewed match: player 0's winning chance (of the match in a match, of the game in money play)
 * before each decision, game after game, in SVG; marked errors as coloured dots, big swings as thick segments, the
 * decision shown as a cursor. A click picks the nearest decision. A table under it says the same for screen readers
 * and keyboards (each row has a button to go there).
 *
 *   const chart = renderChart(container, steps, {match: true, names: ["White", "Black"], onPick: (at) => …});
 *   chart.setCurrent(12);
 */

import { decimal, t } from "../i18n/i18n.js";
import { chartPoints, decisionText, markWords } from "./analysis-data.js";

/**
 * A phone's screen, as the board's NARROW_MEDIA (web/board/geometry.js) and review.css name it. Written out here: an
 * import of the board's module from review would split it off the page's first files into a chunk of its own.
 */
const NARROW_MEDIA = "(max-width: 599px), (max-height: 499px)";

const NS = "http://www.w3.org/2000/svg";

/**
 * The chart's drawing size in viewBox units: 800 x 200 where it is shown wide; on a phone's screen (the board's
 * NARROW_MEDIA, where the chart is under 600 px wide) 360 x 190, about the width it is shown at, so that its text (12
 * and 13 units, review.css) is 11 px or more there. Read from the screen, not measured: measuring the container would
 * lay out the whole review, just filled, inside this task.
 */
function chartSize() {
  const narrow = typeof matchMedia === "function" && matchMedia(NARROW_MEDIA).matches;
  return narrow
    ? { W: 360, H: 190, PAD: { left: 40, right: 10, top: 24, bottom: 30 }, TICKS: 5 }
    : { W: 800, H: 200, PAD: { left: 44, right: 12, top: 22, bottom: 28 }, TICKS: 10 };
}

/**
 * @param {string} tag @param {Record<string, string | number>} attrs @param {Element} [parent]
 */
function el(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.append(node);
  return node;
}

/**
 * The decision numbers to write under the chart: 1, then every 2, 5, 10, 20, 50… so that at most `most` show.
 * @param {number} count  how many decisions @param {number} most
 */
export function decisionTicks(count, most) {
  if (count < 1) return [];
  let every = 1;
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]) {
    every = step;
    if (Math.floor(count / step) + 1 <= most) break;
  }
  const ticks = [1];
  for (let n = every; n <= count; n += every) if (n > 1) ticks.push(n);
  return ticks;
}

/** What the chart's marks mean: the dots, the thick segments, the cursor and the numbers along the bottom. */
function chartLegend() {
  const legend = document.createElement("p");
  legend.className = "chart-legend";
  /** @param {string} className @param {string} words */
  const item = (className, words) => {
    const span = document.createElement("span");
    span.className = "legend-item";
    const swatch = document.createElement("span");
    swatch.className = `legend-swatch ${className}`;
    span.append(swatch, ` ${words}`);
    return span;
  };
  legend.append(
    item("doubtful", t("review.chartDoubtful")), item("bad", t("review.chartBad")), item("very_bad", t("review.chartVeryBad")),
    item("swing", t("review.chartSwing", { swing: decimal(20, 0, { percent: true }) })), item("cursor", t("review.chartCursor")),
    t("review.chartBottom", { first: t("review.chartGame", { game: 1 }), second: t("review.chartGame", { game: 2 }) }),
  );
  return legend;
}

/**
 * The chart's plot: its size, and where a decision and a chance go on it.
 * @typedef {ReturnType<typeof chartSize> & {n: number, x: (i: number) => number, y: (v: number) => number}} Plot
 * @typedef {ReturnType<typeof chartPoints>[number]} Point
 * @typedef {import("./analysis-data.js").Step} Step
 */

/**
 * @param {HTMLElement} container  emptied and filled with the chart and its table
 * @param {Step[]} steps
 * @param {{match: boolean, names: string[], onPick: (at: number) => void}} options
 */
export function renderChart(container, steps, { match, names, onPick }) {
  const size = chartSize();
  const { W, H, PAD } = size;
  const points = chartPoints(steps, match);
  const n = Math.max(points.length, 1);
  /** @type {Plot} */
  const plot = {
    ...size,
    n,
    x: (i) => PAD.left + ((W - PAD.left - PAD.right) * (n === 1 ? 0.5 : i / (n - 1))),
    y: (v) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - Math.min(1, Math.max(0, v))),
  };
  const what = match ? "match" : "game";
  const who = names[0] ?? t("moves.player", { number: 1 });

  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chances-chart", role: "img" });
  const marked = points.filter((p) => p.mark).length;
  const swings = points.filter((p) => p.swing).length;
  svg.setAttribute(
    "aria-label",
    t("review.chartLabel", { name: who, what, n: points.length, marked, swings }),
  );
  drawFrame(svg, plot, t("review.chartTitle", { name: who, what }));
  drawGames(svg, plot, points, steps);
  drawMarks(svg, plot, points, steps, names);
  drawTicks(svg, plot, points.length);
  const cursor = el("line", { x1: 0, x2: 0, y1: PAD.top, y2: H - PAD.bottom, class: "cursor" }, svg);
  const cursorDot = el("circle", { cx: 0, cy: 0, r: 4, class: "cursor-dot" }, svg);

  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    if (box.width === 0 || points.length === 0) return;
    const vx = ((/** @type {MouseEvent} */ (event).clientX - box.left) / box.width) * W;
    const i = Math.round(((vx - PAD.left) / (W - PAD.left - PAD.right)) * (n - 1));
    onPick(Math.min(points.length - 1, Math.max(0, i)));
  });

  const { details, tbody } = chartTable(points, steps, { names, who, what, onPick });
  container.replaceChildren(svg, chartLegend(), details);

  return {
    /** @param {number} at */
    setCurrent(at) {
      const p = points[at];
      if (!p) return;
      cursor.setAttribute("x1", String(plot.x(at)));
      cursor.setAttribute("x2", String(plot.x(at)));
      cursorDot.setAttribute("cx", String(plot.x(at)));
      cursorDot.setAttribute("cy", String(plot.y(p.value)));
      tbody.querySelector("tr[aria-current]")?.removeAttribute("aria-current");
      tbody.children[at]?.setAttribute("aria-current", "true");
    },
  };
}

/** The plot's area, its lines at every 25%, and its title. @param {Element} svg @param {Plot} plot @param {string} titleText */
function drawFrame(svg, { W, H, PAD, y }, titleText) {
  el("rect", { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom, class: "plot" }, svg);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    el("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: v === 0.5 ? "even-line" : "grid" }, svg);
    const label = el("text", { x: PAD.left - 6, y: y(v), class: "axis", "text-anchor": "end", "dominant-baseline": "central" }, svg);
    label.textContent = decimal(v * 100, 0, { percent: true });
  }
  const title = el("text", { x: PAD.left, y: PAD.top - 10, class: "chart-title" }, svg);
  title.textContent = titleText;
}

/**
 * One line per game, with the game's number where it starts, and its big swings.
 * @param {Element} svg @param {Plot} plot @param {Point[]} points @param {Step[]} steps
 */
function drawGames(svg, { H, PAD, x, y }, points, steps) {
  const games = [...new Set(points.map((p) => p.game))];
  for (const g of games) {
    const inGame = points.filter((p) => p.game === g);
    const first = inGame[0];
    if (first.at > 0) el("line", { x1: x(first.at - 0.5), x2: x(first.at - 0.5), y1: PAD.top, y2: H - PAD.bottom, class: "game-line" }, svg);
    const label = el("text", { x: x(first.at) + 3, y: PAD.top + 12, class: "game-label" }, svg);
    label.textContent = t("review.chartGame", { game: steps[first.at]?.gameNumber ?? g + 1 });
    el("polyline", { points: inGame.map((p) => `${x(p.at)},${y(p.value)}`).join(" "), class: "chance-line" }, svg);
    for (const p of inGame) {
      if (!p.swing || p.at === first.at) continue;
      const before = points[p.at - 1];
      el("line", { x1: x(before.at), y1: y(before.value), x2: x(p.at), y2: y(p.value), class: "swing" }, svg);
    }
  }
}

/**
 * A dot on each marked error, saying what it was.
 * @param {Element} svg @param {Plot} plot @param {Point[]} points @param {Step[]} steps @param {string[]} names
 */
function drawMarks(svg, { x, y }, points, steps, names) {
  for (const p of points) {
    if (!p.mark) continue;
    const dot = el("circle", { cx: x(p.at), cy: y(p.value), r: p.mark === "very_bad" ? 6 : 5, class: `mark-dot ${p.mark}` }, svg);
    const tip = el("title", {}, dot);
    const d = steps[p.at].decision;
    tip.textContent = t("review.chartTip", { name: names[d.player] ?? "", decision: decisionText(d), mark: markWords(p.mark) });
  }
}

/** The decision numbers of the move list along the bottom. @param {Element} svg @param {Plot} plot @param {number} count */
function drawTicks(svg, { H, PAD, TICKS, x }, count) {
  for (const number of decisionTicks(count, TICKS)) {
    const at = number - 1;
    el("line", { x1: x(at), x2: x(at), y1: H - PAD.bottom, y2: H - PAD.bottom + 4, class: "tick" }, svg);
    const tick = el("text", { x: x(at), y: H - PAD.bottom + 15, class: "axis", "text-anchor": "middle" }, svg);
    tick.textContent = decimal(number, 0);
  }
  const axisName = el("text", { x: PAD.left - 6, y: H - PAD.bottom + 15, class: "axis", "text-anchor": "end" }, svg);
  axisName.textContent = t("review.chartNumber");
}

/**
 * The same figures as a table: what a screen reader reads, and a way to jump there by keyboard.
 * @param {Point[]} points @param {Step[]} steps
 * @param {{names: string[], who: string, what: string, onPick: (at: number) => void}} words
 */
function chartTable(points, steps, { names, who, what, onPick }) {
  const details = document.createElement("details");
  details.className = "chart-table";
  const summary = document.createElement("summary");
  summary.textContent = t("review.chartTable");
  const table = document.createElement("table");
  const caption = document.createElement("caption");
  caption.textContent = t("review.chartCaption", { name: who, what });
  const head = document.createElement("tr");
  const columns = ["review.colDecision", "review.colGame", "review.colPlayer", "review.colPlay"].map((id) => t(/** @type {"review.colGame"} */ (id)));
  for (const text of [...columns, t("review.colWins", { name: who }), t("review.colChange"), t("review.colMark")]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  for (const p of points) tbody.append(chartRow(p, points, steps, names, onPick));
  table.append(caption, thead, tbody);
  details.append(summary, table);
  return { details, tbody };
}

/**
 * How much the chance changed since the decision before, in per cent like the chance itself: `+1.3%`, `−24.0% (big
 * swing)`.
 * @param {{change: number, swing: boolean}} p
 */
export function changeText(p) {
  const change = p.change * 100;
  // a change that rounds to zero keeps the plus of no loss
  const text = Number(Math.abs(change).toFixed(1)) === 0 ? `+${decimal(0, 1, { percent: true })}` : decimal(change, 1, { signed: true, percent: true });
  return p.swing ? t("review.bigSwing", { change: text }) : text;
}

/**
 * @param {Point} p @param {Point[]} points @param {Step[]} steps @param {string[]} names
 * @param {(at: number) => void} onPick
 */
function chartRow(p, points, steps, names, onPick) {
  const d = steps[p.at].decision;
  const row = document.createElement("tr");
  const go = document.createElement("button");
  go.type = "button";
  go.className = "small";
  go.textContent = decimal(p.at + 1, 0);
  go.setAttribute("aria-label", t("review.goTo", { n: p.at + 1 }));
  go.addEventListener("click", () => onPick(p.at));
  const cells = [
    go,
    decimal(steps[p.at].gameNumber, 0),
    names[d.player] ?? "",
    decisionText(d),
    decimal(p.value * 100, 1, { percent: true }),
    p.at > 0 && points[p.at - 1].game === p.game ? changeText(p) : "",
    p.mark ? markWords(p.mark) : "",
  ];
  for (const cell of cells) {
    const td = document.createElement("td");
    td.append(cell);
    row.append(td);
  }
  return row;
}
