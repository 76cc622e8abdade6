// @ts-check
/**
 * The statistics view (`#stats-dialog`, from the page's *Statistics* button): results against each computer level
 * and against people, gammons and backgammons, the average error rate of the analysed matches, and the rating on
 * the FIBS formula drawn as a small SVG chart over time, with a table of the same figures. Loaded on first use;
 * it reads the history only (web/home/history.js), never the engine, so it opens while the engine loads or is down.
 */
import { openHistory } from "./history.js";
import { LEVEL_RATINGS, START_RATING } from "./rating.js";
import { summarize } from "./stats.js";

const SVG = "http://www.w3.org/2000/svg";

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, string>} [attrs] @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** @param {string} tag @param {Record<string, string | number>} [attrs] @param {(Node | string)[]} [children] */
function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** @param {number} x */
const fixed1 = (x) => x.toFixed(1);

/** @param {string} iso */
function dateText(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** @param {Record<string, any>} entry */
function opponentText(entry) {
  if (entry.opponent?.kind === "computer") return `computer, ${entry.opponent.level}`;
  if (entry.opponent?.kind !== "human") return "—";
  if (entry.opponent.remote !== true) return "a person";
  const name = entry.players?.[1 - entry.you]?.name;
  const friend = name ? `${name}, a friend` : "a friend";
  return Number.isFinite(entry.opponent.rating) ? `${friend} rated ${entry.opponent.rating}` : friend;
}

/**
 * The rating after each rated match as a line over the match number.
 * @param {ReturnType<typeof summarize>["series"]} series
 */
function ratingChart(series) {
  const width = 480;
  const height = 170;
  const left = 44;
  const right = 12;
  const top = 12;
  const bottom = 26;
  const values = [START_RATING, ...series.map((s) => s.rating)];
  const low = Math.floor((Math.min(...values) - 5) / 10) * 10;
  const high = Math.ceil((Math.max(...values) + 5) / 10) * 10;
  const x = (/** @type {number} */ i) => left + (values.length === 1 ? 0 : (i * (width - left - right)) / (values.length - 1));
  const y = (/** @type {number} */ v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const last = values[values.length - 1];
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": "stats-chart-title", class: "stats-chart" }, [
    svg("title", { id: "stats-chart-title" }, [
      `Your rating after each of ${series.length} rated ${series.length === 1 ? "match" : "matches"}, from ${START_RATING} to ${fixed1(last)}. The table below gives each value.`,
    ]),
  ]);
  for (const v of [low, START_RATING, high]) {
    if (v < low || v > high) continue;
    chart.append(
      svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === START_RATING ? "base" : "grid" }),
      svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, [String(v)]),
    );
  }
  chart.append(
    svg("text", { x: left, y: height - 6 }, ["start"]),
    svg("text", { x: width - right, y: height - 6, "text-anchor": "end" }, [`match ${series.length}`]),
    svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }),
  );
  values.forEach((v, i) => chart.append(svg("circle", { cx: x(i), cy: y(v), r: 3.5, class: i === 0 ? "dot start" : "dot" })));
  return chart;
}

/** @param {string[]} heads @param {(string | number)[][]} rows @param {string} caption */
function table(heads, rows, caption) {
  return el("table", { class: "stats-table" }, [
    el("caption", {}, [caption]),
    el("thead", {}, [el("tr", {}, heads.map((h, i) => el("th", { scope: "col", ...(i ? {} : { class: "name" }) }, [h])))]),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c, i) => (i ? el("td", {}, [String(c)]) : el("th", { scope: "row" }, [String(c)])))))),
  ]);
}

/**
 * Draw the statistics of a history into a container.
 * @param {HTMLElement} body
 * @param {Awaited<ReturnType<ReturnType<typeof openHistory>["read"]>>} read
 */
export function renderStatistics(body, { entries, unreadable, problem }) {
  const stats = summarize(entries);
  /** @type {Node[]} */
  const nodes = [];
  if (problem) nodes.push(el("p", { class: "form-error", role: "alert", id: "stats-problem" }, [problem]));
  if (unreadable) nodes.push(el("p", { class: "note" }, [`${unreadable} ${unreadable === 1 ? "entry" : "entries"} of the history could not be read; ${unreadable === 1 ? "it is" : "they are"} kept, and left out here.`]));
  if (entries.length === 0) {
    nodes.push(el("p", {}, ["No finished match yet. Every match you finish on this device is counted here."]));
    body.replaceChildren(...nodes);
    return;
  }
  const rated = stats.series.length;
  nodes.push(
    el("p", { class: "stats-rating", id: "stats-rating" }, [
      `Rating ${fixed1(stats.rating)}`,
      el("span", { class: "note" }, [` (FIBS formula; ${rated} rated ${rated === 1 ? "match" : "matches"}, experience ${stats.experience})`]),
    ]),
    el("p", { class: "note" }, [
      `Everyone starts at ${START_RATING}. Matches against the computer move it; the computer's levels are rated ${LEVEL_RATINGS.beginner} (beginner), ${LEVEL_RATINGS.intermediate} (intermediate), ${LEVEL_RATINGS.expert} (expert) and ${LEVEL_RATINGS.world_class} (world class). A match with a friend on another device moves it when you both agreed to rate it, at the rating your friend gave. Matches between two people on this device, and matches from a set-up position, are not rated.`,
    ]),
  );
  if (rated) {
    nodes.push(ratingChart(stats.series));
    nodes.push(
      el("details", { class: "stats-details" }, [
        el("summary", {}, ["The rating as a table"]),
        table(
          ["Match", "Date", "Opponent", "Length", "Result", "Change", "Rating"],
          stats.series.map((s, i) => [
            i + 1,
            dateText(s.entry.finishedAt),
            opponentText(s.entry),
            `${s.entry.matchLength} ${s.entry.matchLength === 1 ? "point" : "points"}`,
            `${s.entry.winner === s.entry.you ? "won" : "lost"} ${s.entry.score[s.entry.you]}–${s.entry.score[1 - s.entry.you]}`,
            `${s.change >= 0 ? "+" : "−"}${fixed1(Math.abs(s.change))}`,
            fixed1(s.rating),
          ]),
          "Your rating after each rated match",
        ),
      ]),
    );
  }
  const rows = [...stats.rows.filter((r) => r.matchesWon + r.matchesLost > 0), stats.total];
  nodes.push(
    el("div", { class: "table-scroll", role: "region", "aria-label": "Results against each opponent", tabindex: "0" }, [table(
      ["Opponent", "Matches won", "Matches lost", "Games won", "Games lost", "Gammons won", "Gammons lost", "Backgammons won", "Backgammons lost"],
      rows.map((r) => [r.label, r.matchesWon, r.matchesLost, r.gamesWon, r.gamesLost, r.gammonsWon, r.gammonsLost, r.backgammonsWon, r.backgammonsLost]),
      "Results against each opponent (against people: the first player's, White's by default)",
    )]),
  );
  nodes.push(
    el("p", { id: "stats-errors" }, [
      stats.averageErrorRate === null
        ? "No finished match analysed yet: after a match, Analyse the match gives your error rate."
        : `Average error rate in ${stats.analysed} analysed ${stats.analysed === 1 ? "match" : "matches"}: ${fixed1(stats.averageErrorRate)} mEMG per decision (PR ${fixed1(stats.averagePr ?? 0)}).`,
    ]),
  );
  body.replaceChildren(...nodes);
}

/**
 * Open the statistics dialog.
 * @param {{dialog: HTMLDialogElement, namespace: string, analyses: any, openDialog: (d: HTMLDialogElement) => Promise<string>,
 *   download: (text: string, name: string, type: string) => void}} page
 */
export async function openStatistics({ dialog, namespace, analyses, openDialog, download }) {
  const history = openHistory(namespace);
  const body = /** @type {HTMLElement} */ (dialog.querySelector("#stats-body"));
  renderStatistics(body, await history.read(analyses));
  const exportButton = /** @type {HTMLButtonElement} */ (dialog.querySelector("#stats-export"));
  const onExport = async () => download(await history.exportText(), "backgammon-history.json", "application/json");
  exportButton.addEventListener("click", onExport);
  const importInput = /** @type {HTMLInputElement} */ (dialog.querySelector("#stats-import"));
  const importResult = /** @type {HTMLElement} */ (dialog.querySelector("#stats-import-result"));
  importInput.value = "";
  importResult.textContent = "";
  // A history file from another device: its matches join this one's (web/home/history.js importText), and the figures
  // are drawn again.
  const onImport = async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (!file) return;
    const result = await history.importFile(file); // measured before it is read
    importResult.textContent = result.message;
    importResult.classList.toggle("form-error", !result.ok);
    if (result.ok) renderStatistics(body, await history.read(analyses));
  };
  importInput.addEventListener("change", onImport);
  try {
    await openDialog(dialog);
  } finally {
    exportButton.removeEventListener("click", onExport);
    importInput.removeEventListener("change", onImport);
  }
}
