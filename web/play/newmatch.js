// @ts-check
/**
 * The new-match form: read it into the `settings` and `players` of `new_match`, or fill it from a view or from the
 * last choices, which are remembered (in localStorage) for the next time.
 */
import { t } from "../i18n/i18n.js";
import { shownName, storedName } from "../i18n/player-names.js";
import { safeLocalStorage } from "../storage.js";
import { levelOr } from "../limits.js";

/** @typedef {import("../record.js").Settings} Settings */
/** @typedef {import("../record.js").Player} Player */

/** @type {{settings: Settings, players: Player[]}} */
export const DEFAULT_MATCH = Object.freeze({
  settings: { match_length: 5, crawford: true, jacoby: false, beavers: false, automatic_doubles: 0, strict_doubling: false },
  players: [
    { name: "White", kind: "human" },
    { name: "Black", kind: "human" },
  ],
});

/**
 * @param {HTMLFormElement} form
 * @returns {{ok: true, settings: Settings, players: Player[]} | {ok: false, error: string}}
 */
export function readNewMatchForm(form) {
  const data = new FormData(form);
  const text = (/** @type {string} */ k) => String(data.get(k) ?? "").trim();
  // The language's word for a side, or nothing, stores the English default (web/i18n/player-names.js).
  const name0 = storedName(text("name0"), 0, t("player.white"));
  const name1 = storedName(text("name1"), 1, t("player.black"));
  const money = text("kind") === "money";
  const length = Number(text("length"));
  if (!money && !(Number.isInteger(length) && length >= 1 && length <= 25)) {
    return { ok: false, error: t("newmatch.badLength") };
  }
  const autoDoubles = Number(text("automatic_doubles") || "0");
  if (!(Number.isInteger(autoDoubles) && autoDoubles >= 0 && autoDoubles <= 6)) {
    return { ok: false, error: t("newmatch.badAutoDoubles") };
  }
  if (name0 === name1) return { ok: false, error: t("newmatch.sameNames") };
  const computer = text("opponent") === "computer";
  /** @type {Player} */
  const second = computer ? { name: name1, kind: "computer", level: text("level") || "intermediate" } : { name: name1, kind: "human" };
  return {
    ok: true,
    settings: {
      match_length: money ? 0 : length,
      crawford: !money && data.get("crawford") !== null,
      jacoby: money && data.get("jacoby") !== null,
      beavers: money && data.get("beavers") !== null,
      automatic_doubles: money ? autoDoubles : 0,
      strict_doubling: data.get("strict_doubling") !== null,
    },
    players: [{ name: name0, kind: "human" }, second],
  };
}

/**
 * The rules of one kind of play only, turned off (greyed, and left out of the form's data) for the other kind: the
 * Crawford rule for a match; Jacoby, beavers and automatic doubles for money (the note beside them says why); the
 * computer's level when a person plays Black.
 * @param {HTMLFormElement} form
 */
export function matchKindRules(form) {
  const money = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=kind][value=money]"))?.checked ?? false;
  const computer = /** @type {HTMLSelectElement | null} */ (form.querySelector("select[name=opponent]"))?.value === "computer";
  const groups = /** @type {const} */ ([[".money-only input", money], [".match-only input", !money], [".computer-only select", computer]]);
  for (const [selector, on] of groups) {
    for (const field of form.querySelectorAll(selector)) /** @type {HTMLInputElement} */ (field).disabled = !on;
  }
}

/**
 * Fill the form from the current match so "New match" offers the same again.
 * @param {HTMLFormElement} form
 * @param {Pick<import("../types.js").PlayView, "settings" | "players"> | null} view  a match's view, or the last choice
 */
export function fillNewMatchForm(form, view) {
  const settings = view?.settings ?? DEFAULT_MATCH.settings;
  const players = view?.players ?? DEFAULT_MATCH.players;
  const el = (/** @type {string} */ name) => /** @type {any} */ (form.elements.namedItem(name));
  el("name0").value = shownName(players[0]?.name, 0, t("player.white"));
  el("name1").value = shownName(players[1]?.name, 1, t("player.black"));
  el("opponent").value = players[1]?.kind === "computer" ? "computer" : "human";
  if (players[1]?.level) el("level").value = players[1].level;
  const money = !settings.match_length;
  for (const radio of form.querySelectorAll("input[name=kind]")) {
    const r = /** @type {HTMLInputElement} */ (radio);
    r.checked = r.value === (money ? "money" : "match");
  }
  el("length").value = String(settings.match_length || 5);
  el("crawford").checked = settings.crawford !== false;
  el("jacoby").checked = Boolean(settings.jacoby);
  el("beavers").checked = Boolean(settings.beavers);
  el("automatic_doubles").value = String(settings.automatic_doubles ?? 0);
  el("strict_doubling").checked = Boolean(settings.strict_doubling);
  matchKindRules(form);
}

/**
 * The last choices made in the new-match dialog or the welcome, checked, or null when none are kept.
 * @returns {{settings: Settings, players: Player[]} | null}
 */
export function lastMatchChoice() {
  return normalizeMatchChoice(loadLastMatchChoice());
}

/** @param {{settings: Settings, players: Player[]}} choice */
export function rememberMatchChoice(choice) {
  return saveLastMatchChoice({ settings: choice.settings, players: choice.players });
}

/**
 * Stored choices as the form can take them, or null when they are not a match's settings and players.
 * @param {any} data
 * @returns {{settings: Settings, players: Player[]} | null}
 */
export function normalizeMatchChoice(data) {
  const s = data?.settings;
  const p = data?.players;
  if (!s || typeof s !== "object" || !Array.isArray(p) || p.length !== 2) return null;
  const length = Number(s.match_length);
  if (!(Number.isInteger(length) && length >= 0 && length <= 25)) return null;
  const autoDoubles = Number(s.automatic_doubles ?? 0);
  /** @type {(x: any, i: number) => Player | null} */
  const player = (x, i) => {
    if (!x || typeof x.name !== "string" || !x.name.trim()) return null;
    const name = x.name.slice(0, 30);
    if (i === 1 && x.kind === "computer") {
      return { name, kind: "computer", level: levelOr(x.level, "intermediate") };
    }
    return { name, kind: "human" };
  };
  const players = p.map(player);
  if (!players[0] || !players[1]) return null;
  return {
    settings: {
      match_length: length,
      crawford: s.crawford !== false,
      jacoby: Boolean(s.jacoby),
      beavers: Boolean(s.beavers),
      automatic_doubles: Number.isInteger(autoDoubles) && autoDoubles >= 0 && autoDoubles <= 6 ? autoDoubles : 0,
      strict_doubling: Boolean(s.strict_doubling),
    },
    players: /** @type {Player[]} */ (players),
  };
}

/**
 * *New match…*: the dialog, filled with the last choices (or the match in progress); a choice the form refuses is
 * said in the dialog, which stays open.
 * @param {{
 *   ask: (dialog: HTMLDialogElement) => Promise<{choice: string, done: () => void}>,
 *   enqueue: (step: () => Promise<unknown>) => Promise<unknown>,
 *   start: (match: {settings: Settings, players: Player[]}) => Promise<void>,
 *   current: import("../types.js").PlayView | null,
 * }} ctx current: the view of the match in progress, if any
 */
export async function openNewMatchDialog({ ask, enqueue, start, current }) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("new-match-dialog"));
  const form = /** @type {HTMLFormElement} */ (document.getElementById("new-match-form"));
  fillNewMatchForm(form, lastMatchChoice() ?? current);
  if (!form.dataset.kindBound) {
    form.dataset.kindBound = "yes";
    form.addEventListener("change", (ev) => {
      const name = ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement ? ev.target.name : "";
      if (name === "kind" || name === "opponent") matchKindRules(form);
    });
  }
  const error = /** @type {HTMLElement} */ (form.querySelector("[data-role=error]"));
  error.textContent = "";
  for (;;) {
    const { choice, done } = await ask(dialog);
    if (choice !== "start") return done();
    const read = readNewMatchForm(form);
    if (read.ok) {
      rememberMatchChoice(read);
      const started = enqueue(() => start({ settings: read.settings, players: read.players }));
      done();
      await started;
      return;
    }
    done();
    error.textContent = read.error;
  }
}

const LAST_MATCH_KEY = "backgammon.new-match.v1";

/**
 * The last choices of the new-match dialog (or of the welcome's *Play the computer*), as `{settings, players}`: the
 * caller checks the values (normalizeMatchChoice); unreadable data is not trusted and counts as none.
 * @returns {unknown}
 */
function loadLastMatchChoice() {
  try {
    const text = safeLocalStorage()?.getItem(LAST_MATCH_KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** @param {object} choice */
function saveLastMatchChoice(choice) {
  try {
    safeLocalStorage()?.setItem(LAST_MATCH_KEY, JSON.stringify(choice));
    return true;
  } catch {
    return false;
  }
}
