// @ts-check
/**
 * The languages the page is offered in, and which one a device gets: no catalogue here, so that
 * web/preferences.js can check a stored choice without loading any.
 */

/**
 * @typedef {object} Language
 * @property {string} name  the language's name in itself (the switch in Preferences shows each so)
 * @property {"ltr" | "rtl"} dir
 * @property {boolean} [pseudo]  generated from English for testing (scripts/i18n_pseudo.py): offered only once chosen
 */

/** @type {Readonly<Record<string, Language>>} */
export const LANGUAGES = Object.freeze({
  en: { name: "English", dir: "ltr" },
  de: { name: "Deutsch", dir: "ltr" },
  el: { name: "Ελληνικά", dir: "ltr" },
  es: { name: "Español", dir: "ltr" },
  fr: { name: "Français", dir: "ltr" },
  tr: { name: "Türkçe", dir: "ltr" },
  ar: { name: "العربية", dir: "rtl" },
  // Accented, 40% longer and bracketed: text cut, overflowing or left in English shows at a glance.
  "en-XA": { name: "[Ƥšéûđö]", dir: "ltr", pseudo: true },
});

/** The preference's value for "the device's language". */
export const DEVICE_LANGUAGE = "auto";

/**
 * A stored choice made valid: a language offered, or "auto".
 * @param {unknown} value
 * @returns {string}
 */
export function checkLanguage(value) {
  return typeof value === "string" && Object.hasOwn(LANGUAGES, value) ? value : DEVICE_LANGUAGE;
}

/**
 * The language to show: the player's choice, else the first of the device's languages that is offered (by its
 * whole tag, then by its language alone: "ar-EG" gets "ar"), else English.
 * @param {string} choice  the preference (`checkLanguage`)
 * @param {readonly string[]} device  navigator.languages
 * @returns {string}
 */
export function chooseLanguage(choice, device) {
  if (choice !== DEVICE_LANGUAGE && Object.hasOwn(LANGUAGES, choice)) return choice;
  const offered = Object.keys(LANGUAGES).filter((code) => !LANGUAGES[code].pseudo);
  for (const tag of device) {
    const exact = offered.find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split("-")[0].toLowerCase();
    const byBase = offered.find((code) => code === base);
    if (byBase) return byBase;
  }
  return "en";
}
