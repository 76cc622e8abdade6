// @ts-check
/**
 * A message of a catalogue made into text: a small subset of ICU MessageFormat, read the same way by
 * scripts/i18n_messages.py (the build's check and the pseudo-language's generator).
 *
 *   "{name} to roll."                                         an argument
 *   "{n, plural, one {# point} other {# points}}"             the language's plural rules (Intl.PluralRules);
 *                                                             `=0`-style exact cases first; `#` is the number
 *   "{kind, select, gammon {a gammon} other {the game}}"      one text per value, `other` for the rest
 *
 * Numbers are written by the language's rules (Intl.NumberFormat). No quoting: a message never holds a literal
 * brace. Pure functions, checked under Node (tests/units/test_i18n_units.py).
 */

/** @typedef {Record<string, string | number>} MessageArgs */

/** @type {Map<string, Intl.NumberFormat>} */
const numbersByLocale = new Map();
/** @type {Map<string, Intl.PluralRules>} */
const pluralsByLocale = new Map();

/**
 * A number written by the language's rules. English integers are written as JavaScript writes them, which is what
 * Intl.NumberFormat("en") writes too: the first Intl object a page makes costs about 200 ms at a phone's speed
 * (the browser loads the language's data), and the start's messages need no more than that.
 * @param {number} value @param {string} locale
 */
function numberText(value, locale) {
  if (locale === "en" && Number.isSafeInteger(value) && !Object.is(value, -0)) return String(value);
  let numbers = numbersByLocale.get(locale);
  if (!numbers) numbersByLocale.set(locale, (numbers = new Intl.NumberFormat(locale, { useGrouping: false })));
  return numbers.format(value);
}

/** @type {Map<string, Intl.NumberFormat>} */
const decimalsByKind = new Map();

/**
 * A figure with `digits` decimals, as review and the rollout write equities, rates and chances: `0.042`, `+0.081`
 * (`signed`: a plus before a figure above zero), `54.3%` (`percent`: the value in per cent). English keeps the page's
 * own writing (a minus sign U+2212, never "-0.000": a figure that rounds to zero has no sign); another language's
 * is Intl.NumberFormat's (its digits, separators, signs and per cent sign), no grouping.
 * @param {number} value @param {number} digits @param {string} locale
 * @param {{signed?: boolean, percent?: boolean}} [how]
 */
export function decimalText(value, digits, locale, { signed = false, percent = false } = {}) {
  const text = Math.abs(value).toFixed(digits);
  const zero = Number(text) === 0;
  if (locale === "en") {
    const sign = zero ? "" : value < 0 ? "\u2212" : signed ? "+" : "";
    return `${sign}${text}${percent ? "%" : ""}`;
  }
  const key = `${locale} ${digits} ${signed} ${percent}`;
  let numbers = decimalsByKind.get(key);
  if (!numbers) {
    numbers = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false,
      signDisplay: signed ? "exceptZero" : "auto", style: percent ? "percent" : "decimal",
    });
    decimalsByKind.set(key, numbers);
  }
  const shown = zero ? 0 : value;
  return numbers.format(percent ? shown / 100 : shown);
}

/** @type {Map<string, Intl.DateTimeFormat>} */
const datesByKind = new Map();

/**
 * One writing of dates and times for the whole page. English and the pseudo-language take the device's own
 * order (a British device writes "1 Dec 2026, 14:05", an American "Dec 1, 2026, 2:05 PM"); another language its
 * own. Minutes, never seconds. The pseudo-language writes days in figures: Intl does not know it, and a month's
 * English name would read as words its catalogue left out.
 * @param {string} locale @param {"date" | "clock" | "both"} kind
 */
function datesFor(locale, kind) {
  const key = `${locale} ${kind}`;
  let dates = datesByKind.get(key);
  if (!dates) {
    const locales = locale === "en" || locale === "en-XA" ? [] : [locale];
    const dateStyle = locale === "en-XA" ? "short" : "medium";
    /** @type {Intl.DateTimeFormatOptions} */
    const style = kind === "date" ? { dateStyle } : kind === "clock" ? { timeStyle: "short" } : { dateStyle, timeStyle: "short" };
    datesByKind.set(key, (dates = new Intl.DateTimeFormat(locales, style)));
  }
  return dates;
}

/** A day ("Dec 1, 2026"). @param {number} ms since 1970 @param {string} locale */
export function dateText(ms, locale) {
  return datesFor(locale, "date").format(ms);
}

/** A time of day ("14:05", "2:05 PM"). @param {number} ms since 1970 @param {string} locale */
export function clockText(ms, locale) {
  return datesFor(locale, "clock").format(ms);
}

/**
 * A moment: its time of day alone when it falls on the day `now` does, else its day and time.
 * @param {number} ms since 1970 @param {string} locale @param {number} now  ms since 1970
 */
export function momentText(ms, locale, now) {
  return new Date(ms).toDateString() === new Date(now).toDateString() ? clockText(ms, locale) : datesFor(locale, "both").format(ms);
}

/**
 * A number's plural category by the language's rules; English's for integers without Intl (as above): "one" is 1
 * alone (CLDR: i = 1 and v = 0), "other" the rest.
 * @param {number} value @param {string} locale
 */
function pluralOf(value, locale) {
  if (locale === "en" && Number.isInteger(value)) return Math.abs(value) === 1 ? "one" : "other";
  let plurals = pluralsByLocale.get(locale);
  if (!plurals) pluralsByLocale.set(locale, (plurals = new Intl.PluralRules(locale)));
  return plurals.select(value);
}

/**
 * @param {string} message  the catalogue's text
 * @param {MessageArgs} args
 * @param {string} locale  a BCP 47 tag for Intl
 * @returns {string}
 */
export function formatMessage(message, args, locale) {
  if (!message.includes("{")) return message;
  /** @param {string | number | undefined} value */
  const show = (value) => (typeof value === "number" ? numberText(value, locale) : (value ?? ""));
  /**
   * Text up to the closing brace that ends this level (or the end).
   * @param {number} start @param {number | null} hash  the number `#` stands for, inside a plural
   * @returns {[string, number]} the text and where it stopped
   */
  const text = (start, hash) => {
    let out = "";
    let i = start;
    while (i < message.length) {
      const c = message[i];
      if (c === "}") return [out, i];
      if (c === "#" && hash !== null) {
        out += show(hash);
        i += 1;
      } else if (c === "{") {
        const [part, end] = argument(i + 1);
        out += part;
        i = end + 1;
      } else {
        out += c;
        i += 1;
      }
    }
    return [out, i];
  };
  /**
   * An argument after its opening brace: `name}`, or `name, plural|select, key {text} ...}`.
   * @param {number} start
   * @returns {[string, number]} its text and the index of its closing brace
   */
  const argument = (start) => {
    const close = message.indexOf("}", start);
    const comma = message.indexOf(",", start);
    if (comma < 0 || comma > close) return [show(args[message.slice(start, close).trim()]), close];
    const name = message.slice(start, comma).trim();
    const second = message.indexOf(",", comma + 1);
    const kind = message.slice(comma + 1, second).trim();
    const value = args[name];
    const wanted = kind === "plural"
      ? [`=${value}`, pluralOf(Number(value), locale)]
      : [String(value)];
    /** @type {Record<string, string>} */
    const branches = {};
    let i = second + 1;
    for (;;) {
      while (/\s/.test(message[i] ?? "")) i += 1;
      if (message[i] === "}" || i >= message.length) break;
      const open = message.indexOf("{", i);
      const [branch, end] = text(open + 1, kind === "plural" ? Number(value) : null);
      branches[message.slice(i, open).trim()] = branch;
      i = end + 1;
    }
    // An exact case (`=0`) wins over the plural category, and `other` takes the rest.
    const key = wanted.find((k) => k in branches) ?? "other";
    return [branches[key] ?? "", i];
  };
  return text(0, null)[0];
}
