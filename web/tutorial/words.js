// @ts-check
/**
 * The rules tutorial's words (docs/i18n.md): its own family of catalogues (web/i18n/tutorial/CODE.js, the
 * lessons' English written from their Python by scripts/i18n_tutorial.py) joined to the game's, and the language
 * the tutorial is shown in. Python gives the lessons' words as ids; the page says them in the language in force.
 */
import english from "../i18n/tutorial/en.js";
import { joinCatalogues, message } from "../i18n/i18n.js";
import { LANGUAGES } from "../i18n/languages.js";

joinCatalogues(english, {
  ar: () => import("../i18n/tutorial/ar.js"),
  de: () => import("../i18n/tutorial/de.js"),
  el: () => import("../i18n/tutorial/el.js"),
  es: () => import("../i18n/tutorial/es.js"),
  fr: () => import("../i18n/tutorial/fr.js"),
  tr: () => import("../i18n/tutorial/tr.js"),
  "en-XA": () => import("../i18n/tutorial/en-XA.js"),
});

/** @typedef {import("../i18n/format.js").MessageArgs} MessageArgs */

/**
 * One of the tutorial page's own messages.
 * @param {keyof typeof english} id
 * @param {MessageArgs} [args]
 */
export const tr = (id, args) => message(id, args);

/**
 * What Python said, by its ids (one sentence or more), in the language in force; its English `text` where it
 * gave no ids (a sentence of the rules core that the catalogues lack).
 * @param {{text: string, words?: string[]}} said
 */
export function saidText(said) {
  return said.words?.length ? said.words.map((id) => message(id)).join(" ") : said.text;
}

/**
 * The language to show the tutorial in: the one web/theme-start.js gave `<html lang>` before the first paint, by
 * the game's rule (on the site the game's preference, else the device's; embedded, the `?lang=` the embedding
 * page asks for, else the visitor's device's), and again when another tab changes the preference. Read there
 * rather than from web/preferences.js, which the game's first code would then share in a file of its own.
 */
export function tutorialLanguage() {
  const lang = document.documentElement.lang;
  return Object.hasOwn(LANGUAGES, lang) ? lang : "en";
}
