// @ts-check
/**
 * The page's words in the player's language (docs/i18n.md). `t(id, args)` gives a message of the catalogue in
 * force; elements of the page marked `data-i18n="id"` (their text), `data-i18n-label` (aria-label) and
 * `data-i18n-title` (title) are filled by `translatePage` (`data-i18n-args`: the text's arguments, as JSON). English is the source, joined into the page's own code;
 * another language's catalogue is loaded on first use (a file of its own), and a message it lacks falls back to
 * English.
 */
import en from "./en.js";
import { dateText, decimalText, formatMessage, momentText } from "./format.js";
import { LANGUAGES } from "./languages.js";

/** @typedef {import("./format.js").MessageArgs} MessageArgs */
/** @typedef {Readonly<Record<string, string>>} Catalogue */

/** Each catalogue but English's, loaded when its language is chosen. */
const LOADERS = /** @type {Record<string, () => Promise<{default: Catalogue}>>} */ ({
  ar: () => import("./ar.js"),
  de: () => import("./de.js"),
  el: () => import("./el.js"),
  es: () => import("./es.js"),
  fr: () => import("./fr.js"),
  tr: () => import("./tr.js"),
  "en-XA": () => import("./en-XA.js"),
});

/** The event `document` hears once another language is in force: words written outside the marked elements follow. */
export const LANGUAGE_CHANGED = "backgammon-language";

/** @typedef {Record<string, () => Promise<{default: Catalogue}>>} Loaders */

/** A page's own family of catalogues beside these (the rules tutorial's lessons): its English, its loaders. */
let family = /** @type {{english: Catalogue, loaders: Loaders}} */ ({ english: {}, loaders: {} });
/** @type {Catalogue} */
let english = en;
/** @type {Catalogue} */
let messages = en;
let locale = "en";

/**
 * A message in the language in force.
 * @param {keyof typeof en} id
 * @param {MessageArgs} [args]
 */
export function t(id, args = {}) {
  return message(id, args);
}

/**
 * A message of any family joined (`joinCatalogues`), by an id the page does not know statically (one Python
 * gave). An id no catalogue holds is shown as it is.
 * @param {string} id
 * @param {MessageArgs} [args]
 */
export function message(id, args = {}) {
  return formatMessage(messages[id] ?? english[id] ?? id, args, locale);
}

/**
 * Whether a message is in the catalogues (an id that came from elsewhere, such as the rules core, before it is said).
 * @param {string} id
 */
export function knows(id) {
  return Object.hasOwn(english, id);
}

/**
 * A sentence Python gave as a message id, in the page's language: an argument that is a sentence or clause of its
 * own (a file's fault inside the sentence that says where) is said first. Null when the catalogues lack one of
 * its ids: then the whole is said in Python's English, never half of it.
 * @param {import("../types.js").Words} words
 * @returns {string | null}
 */
export function saidText(words) {
  if (!knows(words.id)) return null;
  /** @type {Record<string, string | number>} */
  const args = {};
  for (const [name, value] of Object.entries(words.args)) {
    // A text Python quotes (a file's line, an ID, a name) keeps its own direction inside a sentence written right
    // to left (the first strong letter's: U+2068 … U+2069); a word alone may be a select's case and stays as it is.
    if (typeof value === "string") args[name] = LANGUAGES[locale]?.dir === "rtl" && !/^[\w-]*$/.test(value) ? `\u2068${value}\u2069` : value;
    else if (typeof value !== "object") args[name] = value;
    else {
      const inner = saidText(value);
      if (inner === null) return null;
      args[name] = inner;
    }
  }
  return message(words.id, args);
}

/**
 * Join a page's own catalogues to these, before its first `useLanguage`: its marked elements and `message`
 * then find its words too, each language's loaded with the page's.
 * @param {Catalogue} own  its English
 * @param {Loaders} loaders  its other languages
 */
export function joinCatalogues(own, loaders) {
  family = { english: own, loaders };
  english = { ...en, ...own };
  if (locale === "en") messages = english;
}

/**
 * A figure with `digits` decimals in the language in force: `+0.081`, `54.3%` (format.js `decimalText`).
 * @param {number} value @param {number} digits @param {{signed?: boolean, percent?: boolean}} [how]
 */
export function decimal(value, digits, how = {}) {
  return decimalText(value, digits, locale, how);
}

/** A day in the language in force (format.js `dateText`). @param {number} ms since 1970 */
export function writtenDate(ms) {
  return dateText(ms, locale);
}

/** A moment in the language in force: the time alone if today, else the day and time. @param {number} ms since 1970 */
export function writtenMoment(ms) {
  return momentText(ms, locale, Date.now());
}

/** @type {Map<string, Intl.ListFormat>} */
const listsByLocale = new Map();

/**
 * Items joined as the language joins a list ("a and b"). English's two are joined without Intl (its first use
 * costs a phone a few hundred ms: web/i18n/format.js).
 * @param {string[]} items
 */
export function listText(items) {
  if (locale === "en" && items.length <= 2) return items.join(" and ");
  let lists = listsByLocale.get(locale);
  if (!lists) listsByLocale.set(locale, (lists = new Intl.ListFormat(locale, { type: "conjunction" })));
  return lists.format(items);
}

/**
 * Text that reads left to right whatever surrounds it (move notation, `8/2* 7/2`): isolated (U+2066 … U+2069) in a
 * language written right to left, where the bidirectional algorithm would otherwise reorder its moves and marks;
 * as it is in the others.
 * @param {string} text
 */
export function isolated(text) {
  return LANGUAGES[locale]?.dir === "rtl" ? `\u2066${text}\u2069` : text;
}

/** The language in force (a key of LANGUAGES). */
export function currentLanguage() {
  return locale;
}

/**
 * Load a language's catalogue and put it in force: `<html lang dir>` and the page's marked elements follow.
 * A catalogue that cannot load leaves English in force (and says so on the console).
 * @param {string} code  a key of LANGUAGES
 * @returns {Promise<string>} the language in force
 */
export async function useLanguage(code) {
  let chosen = english;
  let tag = "en";
  if (code !== "en" && LOADERS[code]) {
    try {
      const own = family.loaders[code];
      const [main, extra] = await Promise.all([LOADERS[code](), own ? own() : { default: {} }]);
      chosen = { ...main.default, ...extra.default };
      tag = code;
    } catch (error) {
      console.warn(`The ${code} catalogue did not load; the page stays in English.`, error);
    }
  }
  messages = chosen;
  locale = tag;
  const root = document.documentElement;
  root.lang = tag;
  root.dir = LANGUAGES[tag]?.dir ?? "ltr";
  translatePage(document);
  document.dispatchEvent(new Event(LANGUAGE_CHANGED));
  return tag;
}

/**
 * Fill the marked elements under `root` from the catalogue in force.
 * @param {ParentNode} root
 */
export function translatePage(root) {
  const id = (/** @type {string | undefined} */ key) => /** @type {keyof typeof en} */ (key ?? "");
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const data = /** @type {HTMLElement} */ (el).dataset;
    el.textContent = t(id(data.i18n), data.i18nArgs ? JSON.parse(data.i18nArgs) : {});
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(id(/** @type {HTMLElement} */ (el).dataset.i18nLabel)));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    el.setAttribute("title", t(id(/** @type {HTMLElement} */ (el).dataset.i18nTitle)));
  }
  // The page's <meta name="description">: what a bookmark or a shared page shows of it.
  for (const el of root.querySelectorAll("[data-i18n-content]")) {
    el.setAttribute("content", t(id(/** @type {HTMLElement} */ (el).dataset.i18nContent)));
  }
  // The web app manifest in the language (build.py writes one per language): Chromium reads the one linked when it
  // asks for it, so an app installed now is named in the page's language.
  for (const link of root.querySelectorAll('link[rel="manifest"]')) {
    link.setAttribute("href", locale === "en" ? "manifest.webmanifest" : `manifest.${locale}.webmanifest`);
  }
}
