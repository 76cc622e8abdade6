// @ts-check
/**
 * Sets the page's colour theme before its first paint: `<html data-theme="classic" | "dark" | "contrast">`, which
 * web/board/board.css, web/app.css, web/review/review.css and web/tutorial/tutorial.css read (custom properties), and the
 * `<meta name="theme-color">` to match.
 *
 *   <script src="web/theme-start.js">   (a classic script in <head>, after the theme-color meta and before
 *                                                 the style sheets)
 *
 * A classic script, so that the theme is known before anything is drawn: a returning player with the dark theme
 * sees no light frame first. It is tiny and reads one localStorage key synchronously (the only read of the preferences
 * outside web/preferences.js: a module runs too late for the first frame).
 *
 * The choice is the preference `theme` (web/preferences.js validates it the same way): "auto" (the default)
 * follows the device, live: `prefers-contrast: more` or `forced-colors: active` → "contrast", else
 * `prefers-color-scheme: dark` → "dark", else "classic". An embedded tutorial (`?embed=1`) never touches storage:
 * it follows the device only. Another tab's change of the preference applies here too (the `storage` event).
 *
 * `globalThis.backgammonTheme.set(choice)` applies a new choice (the Preferences dialog, after saving it);
 * `.choice` and `.theme` say what is chosen and what is shown.
 */
(() => {
  const KEY = "backgammon.preferences.v1";
  const THEMES = ["classic", "dark", "contrast"];
  /** Browser colours for each theme: the page's background, for the browser's own bars. */
  const THEME_COLORS = /** @type {Record<string, string>} */ ({ classic: "#2f6b3f", dark: "#15181c", contrast: "#000000" });
  const root = document.documentElement;
  const embedded = new URL(location.href).searchParams.has("embed");
  /** @param {unknown} value */
  const valid = (value) => (typeof value === "string" && THEMES.includes(value) ? value : "auto");
  const stored = () => {
    if (embedded) return "auto";
    try {
      const data = JSON.parse(localStorage.getItem(KEY) ?? "null");
      return valid(data && typeof data === "object" ? data.theme : undefined);
    } catch {
      return "auto"; // no storage, or unreadable: web/preferences.js deals with that
    }
  };
  /**
   * `<html lang dir>` of the language the page will show, before the first paint: a right-to-left page is laid
   * out so from its first frame (its words follow when its catalogue has loaded). The same choice as
   * web/i18n/languages.js chooseLanguage, over the same languages (tests/units/test_i18n_start_units.py holds
   * the two together): the preference `language` (an embedded tutorial's `?lang=`), else the first of the device's
   * languages offered, else English.
   * Only on a page whose words come from the catalogues (`<html data-i18n-page>`).
   */
  const setLanguage = () => {
    const DIRECTIONS = /** @type {Record<string, string>} */ ({
      en: "ltr", de: "ltr", el: "ltr", es: "ltr", fr: "ltr", tr: "ltr", ar: "rtl", "en-XA": "ltr",
    });
    const PSEUDO = "en-XA"; // never the device's
    // An embedded lesson: the language its page asks for (`?lang=`), else the visitor's device's.
    let choice = embedded ? (new URL(location.href).searchParams.get("lang") ?? "auto") : "auto";
    if (!embedded) {
      try {
        const data = JSON.parse(localStorage.getItem(KEY) ?? "null");
        if (data && typeof data === "object" && typeof data.language === "string") choice = data.language;
      } catch {
        // no storage, or unreadable: the device's language
      }
    }
    let chosen = Object.hasOwn(DIRECTIONS, choice) ? choice : "";
    const offered = Object.keys(DIRECTIONS).filter((code) => code !== PSEUDO);
    for (const tag of chosen ? [] : navigator.languages ?? [navigator.language]) {
      const lower = String(tag).toLowerCase();
      chosen = offered.find((code) => code.toLowerCase() === lower) ?? offered.find((c) => c === lower.split("-")[0]) ?? "";
      if (chosen) break;
    }
    chosen ||= "en";
    root.lang = chosen;
    root.dir = DIRECTIONS[chosen];
  };
  const media = ["(prefers-contrast: more)", "(forced-colors: active)", "(prefers-color-scheme: dark)"].map((q) =>
    matchMedia(q));
  let choice = stored();
  const resolve = () => {
    if (choice !== "auto") return choice;
    if (media[0].matches || media[1].matches) return "contrast";
    return media[2].matches ? "dark" : "classic";
  };
  const apply = () => {
    const theme = resolve();
    root.dataset.theme = theme;
    root.dataset.themeChoice = choice;
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
      meta.setAttribute("content", THEME_COLORS[theme]);
    }
  };
  for (const query of media) query.addEventListener("change", apply);
  if (!embedded) {
    addEventListener("storage", (event) => {
      if (event.key !== KEY && event.key !== null) return;
      choice = stored();
      apply();
      // The language too: a page's modules follow `<html lang>` (the tutorial's do; the game's read the preference).
      if (root.hasAttribute("data-i18n-page")) setLanguage();
    });
  }
  apply();
  if (root.hasAttribute("data-i18n-page")) setLanguage();
  /** @type {any} */ (globalThis).backgammonTheme = {
    /** @param {unknown} next */
    set(next) {
      choice = valid(next);
      apply();
    },
    get choice() {
      return choice;
    },
    get theme() {
      return resolve();
    },
  };
})();
