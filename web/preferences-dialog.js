// @ts-check
/** The *Preferences* dialog: the form filled from the preferences in force, and read back when saved. */
import { t } from "./i18n/i18n.js";
import { DEVICE_LANGUAGE, LANGUAGES, checkLanguage } from "./i18n/languages.js";
import { ANIMATION_SPEEDS, END_TURNS, END_TURN_DELAY_MS, normalizePreferences } from "./preferences.js";

/** @typedef {import("./preferences.js").Preferences} Preferences */

const TOGGLES = /** @type {const} */ (["noAutoRolls", "autoForced", "autoBearOff", "oneTap", "showPips", "sound"]);

/**
 * Open the dialog; resolves with the preferences chosen (normalized: an automatic speed is the one the device asks
 * for), or null when the player cancelled. `done` must be called once they are applied (web/queue.js `ask`).
 * @param {Preferences} current
 * @param {(dialog: HTMLDialogElement) => Promise<{choice: string, done: () => void}>} ask
 * @returns {Promise<{chosen: Preferences | null, done: () => void}>}
 */
export async function editPreferences(current, ask) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("preferences-dialog"));
  const form = /** @type {HTMLFormElement} */ (document.getElementById("preferences-form"));
  const el = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  for (const key of TOGGLES) el(key).checked = current[key];
  el("orientation").value = current.orientation;
  el("endTurn").value = current.endTurn;
  const delayed = form.querySelector("select[name=endTurn] option[value=delay]");
  if (delayed) delayed.textContent = t("prefs.endTurnDelay", { seconds: END_TURN_DELAY_MS / 1000 });
  offerLanguages(/** @type {HTMLSelectElement} */ (/** @type {unknown} */ (el("language"))), current.language);
  /** @type {Record<string, number>} */
  const speeds = ANIMATION_SPEEDS;
  el("theme").value = current.theme;
  el("animation").value = current.animationAuto ? "auto" : nearestSpeed(speeds, current.animationMs);
  const { choice, done } = await ask(dialog);
  if (choice !== "save") return { chosen: null, done };
  const chosen = normalizePreferences({
    ...current,
    noAutoRolls: el("noAutoRolls").checked,
    endTurn: END_TURNS.find((how) => how === el("endTurn").value) ?? current.endTurn,
    autoForced: el("autoForced").checked,
    autoBearOff: el("autoBearOff").checked,
    oneTap: el("oneTap").checked,
    showPips: el("showPips").checked,
    orientation: el("orientation").value === "left" ? "left" : "right",
    animationMs: speeds[el("animation").value] ?? current.animationMs,
    animationAuto: el("animation").value === "auto",
    theme: el("theme").value,
    sound: el("sound").checked,
    language: checkLanguage(el("language").value),
  });
  return { chosen, done };
}

/**
 * The language switch's options: the device's, then each language in its own words (with its `lang`, so that a
 * screen reader says it rightly); the pseudo-language only once it is chosen (a tester's, never a player's).
 * @param {HTMLSelectElement} select @param {string} chosen
 */
function offerLanguages(select, chosen) {
  for (const option of [...select.options]) if (option.value !== DEVICE_LANGUAGE) option.remove();
  for (const [code, language] of Object.entries(LANGUAGES)) {
    if (language.pseudo && code !== chosen) continue;
    const option = new Option(language.name, code);
    option.lang = code;
    option.dir = language.dir;
    select.add(option);
  }
  select.value = chosen;
}

/**
 * The named speed closest to `ms`.
 * @param {Record<string, number>} speeds @param {number} ms
 */
function nearestSpeed(speeds, ms) {
  return Object.entries(speeds).reduce((best, [name, value]) =>
    Math.abs(value - ms) < Math.abs(speeds[best] - ms) ? name : best, "normal");
}
