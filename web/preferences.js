// @ts-check
/** Player preferences: defaults, validation of stored values, and persistence through storage.js. */
import { loadPreferences, savePreferences } from "./storage.js";

/**
 * @typedef {object} Preferences
 * @property {boolean} noAutoRolls  every turn starts with a choice to roll or double; every play is confirmed
 * @property {boolean} autoForced   play a forced play by itself (view.forced_play)
 * @property {boolean} autoBearOff  bear off by itself when no contact remains (view.contact false)
 * @property {number} animationMs   0 = no animation
 * @property {boolean} showPips
 * @property {"right" | "left"} orientation  where player 0's home board is
 * @property {0 | 1 | 2} analysisDepth  the depth of a match analysis (0 quick, 1 one ply deeper, 2 deep)
 * @property {boolean} sound  sound effects (web/sound.js); off unless the player turns them on, whatever the
 *   system's settings (`prefers-reduced-motion` included)
 */

/** @type {Preferences} */
export const DEFAULT_PREFERENCES = Object.freeze({
  noAutoRolls: false,
  autoForced: false,
  autoBearOff: false,
  animationMs: 200,
  showPips: true,
  orientation: "right",
  analysisDepth: 1,
  sound: false,
});

/** Animation speeds offered to the player (ms per checker). */
export const ANIMATION_SPEEDS = Object.freeze({ off: 0, fast: 120, normal: 200, slow: 450 });

/**
 * Keep only known keys with values of the right type; anything else takes the default.
 * @param {Record<string, unknown>} data
 * @returns {Preferences}
 */
export function normalizePreferences(data) {
  const d = DEFAULT_PREFERENCES;
  const bool = (/** @type {string} */ k, /** @type {boolean} */ fallback) =>
    typeof data[k] === "boolean" ? /** @type {boolean} */ (data[k]) : fallback;
  const ms = data.animationMs;
  return {
    noAutoRolls: bool("noAutoRolls", d.noAutoRolls),
    autoForced: bool("autoForced", d.autoForced),
    autoBearOff: bool("autoBearOff", d.autoBearOff),
    animationMs: typeof ms === "number" && ms >= 0 && ms <= 2000 ? ms : d.animationMs,
    showPips: bool("showPips", d.showPips),
    orientation: data.orientation === "left" ? "left" : "right",
    analysisDepth: checkDepth(data.analysisDepth),
    sound: data.sound === true,
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

/** @param {Preferences} preferences */
export function writePreferences(preferences) {
  return savePreferences({ ...preferences });
}
