// @ts-check
/** Player preferences: defaults, validation of stored values, and persistence in localStorage. */
import { checkLanguage } from "./i18n/languages.js";
import { safeLocalStorage } from "./storage.js";

const PREFERENCES_KEY = "backgammon.preferences.v1";

/**
 * @typedef {object} Preferences
 * @property {boolean} noAutoRolls  every turn starts with a choice to roll or double (never rolled by itself)
 * @property {EndTurn} endTurn  what happens once a play is complete (or a roll cannot be played): "wait" for the
 *   player's *Done* (the default: the last checker can still be taken back), end the turn after END_TURN_DELAY_MS
 *   ("delay", Undo still works meanwhile), or at once ("now")
 * @property {boolean} autoForced   play a forced play by itself (view.forced_play)
 * @property {boolean} autoBearOff  bear off by itself when no contact remains (view.contact false)
 * @property {number} animationMs   0 = no animation
 * @property {boolean} animationAuto  the player has not picked a speed: animationMs is the default, or 0 when the
 *   device asks for less motion (`prefers-reduced-motion: reduce`); a speed the player picks wins
 * @property {boolean} showPips
 * @property {boolean} oneTap  a tap on a checker plays it at once, by the die shown first (tapping the dice swaps
 *   them); off by default: a tap picks the checker up and a second tap puts it down (drags work either way)
 * @property {"right" | "left"} orientation  where player 0's home board is
 * @property {0 | 1 | 2} analysisDepth  the depth of a match analysis (0 quick, 1 one ply deeper, 2 deep)
 * @property {"emg" | "mwc"} reviewUnit  the unit review shows a match's figures in: EMG or match winning chance
 * @property {boolean} sound  sound effects (web/sound.js); off unless the player turns them on, whatever the
 *   system's settings (`prefers-reduced-motion` included)
 * @property {Theme} theme  the colours: "auto" follows the device (web/theme-start.js applies it before the first paint)
 * @property {string} language  the page's language (a key of web/i18n/languages.js LANGUAGES), or "auto": the
 *   device's (navigator.languages)
 */

/** @typedef {"auto" | "classic" | "dark" | "contrast"} Theme */
/** @typedef {"wait" | "delay" | "now"} EndTurn */

/** The ways a complete play may end the turn, the default first. */
export const END_TURNS = Object.freeze(/** @type {EndTurn[]} */ (["wait", "delay", "now"]));

/** With `endTurn` "delay": how long a complete play waits before the turn ends by itself (Undo works meanwhile). */
export const END_TURN_DELAY_MS = 2000;

/** The themes offered, "auto" first (web/theme-start.js reads the saved choice by the same rule). */
export const THEMES = Object.freeze(/** @type {Theme[]} */ (["auto", "classic", "dark", "contrast"]));

/** @type {Preferences} */
export const DEFAULT_PREFERENCES = Object.freeze({
  noAutoRolls: false,
  endTurn: "wait",
  autoForced: false,
  autoBearOff: false,
  animationMs: 200,
  animationAuto: true,
  showPips: true,
  oneTap: false,
  orientation: "right",
  analysisDepth: 1,
  reviewUnit: "emg",
  sound: false,
  theme: "auto",
  language: "auto",
});

/** Whether the device asks for less motion. */
export function reducedMotionWanted() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Animation speeds offered to the player (ms per checker). */
export const ANIMATION_SPEEDS = Object.freeze({ off: 0, fast: 120, normal: 200, slow: 450 });

/**
 * Keep only known keys with values of the right type; anything else takes the default.
 * @param {Record<string, unknown>} data
 * @param {boolean} reducedMotion  the device asks for less motion (the default animation is then none)
 * @returns {Preferences}
 */
export function normalizePreferences(data, reducedMotion = reducedMotionWanted()) {
  const d = DEFAULT_PREFERENCES;
  const bool = (/** @type {string} */ k, /** @type {boolean} */ fallback) =>
    typeof data[k] === "boolean" ? /** @type {boolean} */ (data[k]) : fallback;
  const ms = data.animationMs;
  const msValid = typeof ms === "number" && ms >= 0 && ms <= 2000;
  // Saves from before `animationAuto` hold animationMs only: the default speed there was never a choice.
  const animationAuto = !msValid || (typeof data.animationAuto === "boolean" ? data.animationAuto : ms === d.animationMs);
  return {
    noAutoRolls: bool("noAutoRolls", d.noAutoRolls),
    endTurn: END_TURNS.find((how) => how === data.endTurn) ?? d.endTurn,
    autoForced: bool("autoForced", d.autoForced),
    autoBearOff: bool("autoBearOff", d.autoBearOff),
    animationMs: animationAuto ? (reducedMotion ? 0 : d.animationMs) : /** @type {number} */ (ms),
    animationAuto,
    showPips: bool("showPips", d.showPips),
    oneTap: bool("oneTap", d.oneTap),
    orientation: data.orientation === "left" ? "left" : "right",
    analysisDepth: checkDepth(data.analysisDepth),
    reviewUnit: data.reviewUnit === "mwc" ? "mwc" : "emg",
    sound: data.sound === true,
    theme: THEMES.find((theme) => theme === data.theme) ?? d.theme,
    language: checkLanguage(data.language),
  };
}

/**
 * An analysis depth: 0, 1 or 2; anything else is the default, 1.
 * @param {unknown} depth
 * @returns {0 | 1 | 2}
 */
export function checkDepth(depth) {
  return depth === 0 || depth === 2 ? depth : 1;
}

/** @returns {Preferences} */
export function readPreferences() {
  return normalizePreferences(loadPreferences());
}

/**
 * The changes this tab made lately, each with its time: kept until they are seen stored, so that a change another
 * tab wrote over at the same moment (each tab reads, then writes) is written again, unless the other tab's change of
 * the same preference is the later one. The newest change of each preference wins, in every tab.
 * @type {Map<string, {value: unknown, at: number}>}
 */
const unconfirmed = new Map();

/** How long a change is watched for (ms): far longer than a write takes to reach the other tabs. */
const WATCHED_MS = 10_000;

/**
 * Merge this tab's recent changes into what is stored now, and write the result if it differs.
 * @returns {Preferences} the preferences stored
 */
function mergeChanges() {
  const stored = loadPreferences();
  const stamps = /** @type {Record<string, number>} */ (
    stored.changedAt && typeof stored.changedAt === "object" ? { ...stored.changedAt } : {}
  );
  let changed = false;
  const now = Date.now();
  for (const [key, { value, at }] of unconfirmed) {
    if ((stamps[key] ?? 0) > at || now - at > WATCHED_MS) {
      unconfirmed.delete(key); // changed later elsewhere, or long since safe
      continue;
    }
    if (stored[key] !== value || stamps[key] !== at) {
      stored[key] = value;
      stamps[key] = at;
      changed = true;
    }
  }
  if (changed) savePreferences({ ...stored, changedAt: stamps });
  return normalizePreferences(stored);
}

/**
 * Change some preferences: they are merged into what is stored now (another tab may have changed others).
 * @param {Partial<Preferences>} changes
 * @returns {Preferences} all the preferences, as stored
 */
export function changePreferences(changes) {
  const at = Date.now();
  for (const [key, value] of Object.entries(changes)) unconfirmed.set(key, { value, at });
  return mergeChanges();
}

/**
 * The preferences that differ between two sets.
 * @param {Preferences} from @param {Preferences} to
 * @returns {Partial<Preferences>}
 */
export function changesBetween(from, to) {
  return Object.fromEntries(Object.entries(to).filter(([key, value]) => from[/** @type {keyof Preferences} */ (key)] !== value));
}

/**
 * Call back with the preferences when another tab changes them.
 * @param {(preferences: Preferences) => void} changed
 */
export function watchPreferences(changed) {
  watchStoredPreferences(() => changed(mergeChanges()));
}

/**
 * Preferences: a plain object of settings, versioned key; unreadable data falls back to defaults (the caller's).
 * @returns {Record<string, unknown>}
 */
function loadPreferences() {
  const store = safeLocalStorage();
  try {
    const text = store?.getItem(PREFERENCES_KEY);
    if (!text) return {};
    const data = JSON.parse(text);
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, unknown>} preferences */
function savePreferences(preferences) {
  try {
    safeLocalStorage()?.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
    return true;
  } catch {
    return false;
  }
}

/**
 * Call back when another tab saves the preferences.
 * @param {() => void} heard
 */
function watchStoredPreferences(heard) {
  window.addEventListener("storage", (event) => {
    if (event.key === PREFERENCES_KEY) heard();
  });
}
