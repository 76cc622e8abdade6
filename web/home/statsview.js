// @ts-check
/**
 * The statistics view (`#stats-dialog`, from the page's *Statistics* button): results against each computer level
 * and against people, gammons and backgammons, the average error rate of the analysed matches, and the rating on
 * the FIBS formula drawn as a small SVG chart over time, with a table of the same figures. Loaded on first use;
 * it reads the history only (web/home/history.js), never the engine, so it opens while the engine loads or is down.
 */
import { decimal, t, writtenDate } from "../i18n/i18n.js";
import { LEVEL_WORDS } from "../limits.js";
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
const fixed1 = (x) => decimal(x, 1);

/** @typedef {keyof typeof import("../i18n/en.js").default} MessageId */

/** @param {string} iso */
function dateText(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return writtenDate(d.getTime());
}

/** A computer's level in the language's words (as the board names it). @param {string} level */
function levelText(level) {
  return Object.hasOwn(LEVEL_WORDS, level) ? t(LEVEL_WORDS[level]) : level;
}

/** @param {Record<string, any>} entry */
function opponentText(entry) {
  if (entry.opponent?.kind === "computer") return t("stats.computer", { level: levelText(entry.opponent.level) });
  if (entry.opponent?.kind !== "human") return "—";
  if (entry.opponent.remote !== true) return t("stats.person");
  const name = entry.players?.[1 - entry.you]?.name ?? "";
  const rating = Number.isFinite(entry.opponent.rating) ? entry.opponent.rating : "";
  return t("stats.friend", { name, named: name ? "yes" : "no", rating, rated: rating === "" ? "no" : "yes" });
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
      t("stats.chartTitle", { n: series.length, start: START_RATING, last: fixed1(last) }),
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
    svg("text", { x: left, y: height - 6 }, [t("stats.chartStart")]),
    svg("text", { x: width - right, y: height - 6, "text-anchor": "end" }, [t("stats.chartEnd", { n: series.length })]),
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
  if (unreadable) nodes.push(el("p", { class: "note" }, [t("stats.unreadable", { n: unreadable })]));
  if (entries.length === 0) {
    nodes.push(el("p", {}, [t("stats.none")]));
    body.replaceChildren(...nodes);
    return;
  }
  const rated = stats.series.length;
  nodes.push(
    el("p", { class: "stats-rating", id: "stats-rating" }, [
      t("stats.rating", { rating: fixed1(stats.rating) }),
      el("span", { class: "note" }, [t("stats.ratingNote", { n: rated, experience: stats.experience })]),
    ]),
    el("p", { class: "note" }, [
      t("stats.ratingRules", {
        start: START_RATING,
        beginner: LEVEL_RATINGS.beginner,
        intermediate: LEVEL_RATINGS.intermediate,
        expert: LEVEL_RATINGS.expert,
        worldClass: LEVEL_RATINGS.world_class,
      }),
    ]),
  );
  if (rated) {
    nodes.push(ratingChart(stats.series));
    nodes.push(
      el("details", { class: "stats-details" }, [
        el("summary", {}, [t("stats.ratingTable")]),
        // Seven columns: on a phone the table scrolls sideways inside the dialog, as the results' table does.
        el("div", { class: "table-scroll", role: "region", "aria-label": t("stats.ratingTable"), tabindex: "0" }, [table(
          [t("stats.headMatch"), t("stats.headDate"), t("stats.headOpponent"), t("stats.headLength"), t("stats.headResult"), t("stats.headChange"), t("stats.headRating")],
          stats.series.map((s, i) => [
            i + 1,
            dateText(s.entry.finishedAt),
            opponentText(s.entry),
            t("stats.points", { n: s.entry.matchLength }),
            t(s.entry.winner === s.entry.you ? "stats.won" : "stats.lost", { mine: s.entry.score[s.entry.you], theirs: s.entry.score[1 - s.entry.you] }),
            decimal(s.change, 1, { signed: true }),
            fixed1(s.rating),
          ]),
          t("stats.ratingCaption"),
        )]),
      ]),
    );
  }
  const rows = [...stats.rows.filter((r) => r.matchesWon + r.matchesLost > 0), stats.total];
  nodes.push(
    el("div", { class: "table-scroll", role: "region", "aria-label": t("stats.results"), tabindex: "0" }, [table(
      [t("stats.headOpponent"), t("stats.matchesWon"), t("stats.matchesLost"), t("stats.gamesWon"), t("stats.gamesLost"), t("stats.gammonsWon"), t("stats.gammonsLost"), t("stats.backgammonsWon"), t("stats.backgammonsLost")],
      rows.map((r) => [t(/** @type {MessageId} */ (r.words)), r.matchesWon, r.matchesLost, r.gamesWon, r.gamesLost, r.gammonsWon, r.gammonsLost, r.backgammonsWon, r.backgammonsLost]),
      t("stats.resultsCaption"),
    )]),
  );
  nodes.push(
    el("p", { id: "stats-errors" }, [
      stats.averageErrorRate === null
        ? t("stats.noAnalysis")
        : t("stats.errors", { n: stats.analysed, rate: fixed1(stats.averageErrorRate), pr: fixed1(stats.averagePr ?? 0) }),
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
