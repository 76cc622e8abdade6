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

/** @type {Map<string, {numbers: Intl.NumberFormat, plurals: Intl.PluralRules}>} */
const rulesByLocale = new Map();

/**
 * A language's number and plural rules, made once: making them is what a message's formatting cost at start-up.
 * @param {string} locale
 */
function rulesOf(locale) {
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = { numbers: new Intl.NumberFormat(locale, { useGrouping: false }), plurals: new Intl.PluralRules(locale) };
    rulesByLocale.set(locale, rules);
  }
  return rules;
}

/**
 * @param {string} message  the catalogue's text
 * @param {MessageArgs} args
 * @param {string} locale  a BCP 47 tag for Intl
 * @returns {string}
 */
export function formatMessage(message, args, locale) {
  if (!message.includes("{")) return message;
  const { numbers, plurals } = rulesOf(locale);
  /** @param {string | number | undefined} value */
  const show = (value) => (typeof value === "number" ? numbers.format(value) : (value ?? ""));
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
      ? [`=${value}`, plurals.select(Number(value))]
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
