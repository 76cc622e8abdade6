// @ts-check
/**
 * The name a player shows others online: checked here before it is kept, and checked the same way again by whoever
 * reads it from a relay (py/backgammon/lobby/).
 *
 *   checkName("  Alex ")   // {ok: true, name: "Alex"}
 *   checkName("")          // {ok: false, error: "Choose a name: …"}
 */
import { t } from "../i18n/i18n.js";

/** The longest name, in characters (code points) after NFC. */
export const MAX_NAME_CHARS = 32;

// Control characters (C0, DEL, C1) and the invisible ones that reorder or hide text (bidirectional controls, zero
// widths, the line and paragraph separators): none belongs in a name shown to someone else.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

/**
 * @param {string} text  what the player typed
 * @returns {{ok: true, name: string} | {ok: false, error: string}}
 */
export function checkName(text) {
  const name = text.normalize("NFC").trim();
  if (!name) return { ok: false, error: t("identity.nameEmpty") };
  if (FORBIDDEN.test(name)) {
    return { ok: false, error: t("identity.nameControl") };
  }
  const length = [...name].length;
  if (length > MAX_NAME_CHARS) {
    return { ok: false, error: t("identity.nameLong", { max: MAX_NAME_CHARS, n: length }) };
  }
  return { ok: true, name };
}
