// @ts-check
/**
 * A pasted position: an XGID, `POSITION_ID:MATCH_ID` or a Position ID alone (the checkers only), read by the rules
 * core (`read_position`) into the editor.
 */

import { saidText, t } from "../i18n/i18n.js";
import { MAX_POSITION_CHARS } from "../limits.js";
import { check } from "./draw.js";
import { field, loadPosition } from "./form.js";

/** @typedef {import("./state.js").SetupState} SetupState */

/** An XGID or gnubg's two IDs take fewer characters than this. */
const ID_CHARS = 100;

/**
 * Say under the paste field what is wrong with the text pasted (none: nothing), in the language in force.
 * @param {SetupState} state @param {import("./state.js").Words | null} words
 */
export function showPasteError(state, words) {
  state.pasteError = words;
  state.dom.pasteError.textContent = words?.() ?? "";
}

/**
 * A text's size as the page says it, a thousand characters and more: in KB or MB.
 * @param {number} chars
 */
function size(chars) {
  return chars >= 1_000_000
    ? { unit: "mb", size: Math.round(chars / 100_000) / 10 }
    : { unit: "kb", size: Math.round(chars / 100) / 10 };
}

/**
 * Read the pasted text into the editor, or say in the field what is wrong with it.
 * @param {SetupState} state
 */
export async function readPasted(state) {
  const { pasteField, pasteError } = state.dom;
  const { announcer } = state.ctx;
  const text = pasteField.value.trim();
  if (!text) {
    showPasteError(state, () => t("setup.pasteFirst"));
    return;
  }
  showPasteError(state, null);
  if (text.length > MAX_POSITION_CHARS) {
    const measured = size(text.length);
    showPasteError(state, () => t("setup.tooLong", { ...measured, idChars: ID_CHARS, max: MAX_POSITION_CHARS }));
    pasteField.value = ""; // a megabyte left in the field would slow every redraw of it
    pasteField.setAttribute("aria-invalid", "true");
    announcer.say(pasteError.textContent ?? "");
    return;
  }
  let answer;
  try {
    answer = await state.ctx.call("read_position", { text, on_roll: Number(field(state, "turn").value) === 1 ? 1 : 0 });
  } catch (e) {
    const failed = /** @type {{type?: string}} */ (e)?.type === "InternalError" || !(e instanceof Error);
    // The rules core says what is wrong with the text, in the language in force when it gave its words.
    const why = failed ? null : /** @type {Error & {words?: import("../types.js").Words}} */ (e);
    showPasteError(state, () => (why ? (why.words && saidText(why.words)) ?? why.message : t("setup.unreadable")));
    pasteField.setAttribute("aria-invalid", "true");
    return;
  }
  pasteField.removeAttribute("aria-invalid");
  loadPosition(state, answer.state, answer.position_only);
  announcer.say(t(answer.position_only ? "setup.readPositionId" : "setup.readIds"));
  await check(state);
}
