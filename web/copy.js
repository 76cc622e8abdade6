// @ts-check
/**
 * Copying for the player: the *Copy* buttons beside the IDs (`data-copy="ELEMENT-ID"`) and `copyText` for links in a
 * field. The text goes to the clipboard or, where that is refused, is selected to copy by hand; either way a sign
 * beside the button says which, on screen ("Copied", or "Not copied" and what to do), as the announcer says it. A Copy
 * button is off, its title saying why, while its ID reads "—" (no game yet, a position not ready): a dash is nothing
 * to copy.
 */

/**
 * The page's words: web/i18n/i18n.js's `t` and its event, handed in by `bindCopyButtons` at the start (the areas
 * loaded on first use share this module: importing the catalogues here would give the start one more file).
 * @typedef {{t: typeof import("./i18n/i18n.js").t, changed: string}} Words
 */
/** @type {Words} */
let words = { t: (id) => id, changed: "" };

const SIGN_MS = 5000;

/** @type {WeakMap<Element, ReturnType<typeof setTimeout>>} */
const signTimers = new WeakMap();

/**
 * Show beside `button` whether the copy worked, for a few seconds (the text copied may change after: a new move).
 * @param {Element} button @param {boolean} copied
 */
export function showCopySign(button, copied) {
  let sign = button.nextElementSibling;
  if (!sign?.classList.contains("copy-sign")) {
    sign = document.createElement("span");
    sign.className = "copy-sign";
    button.after(sign);
  }
  sign.textContent = words.t(copied ? "copy.copied" : "copy.notCopied");
  sign.classList.toggle("failed", !copied);
  clearTimeout(signTimers.get(button));
  const shown = sign;
  signTimers.set(button, setTimeout(() => shown.remove(), SIGN_MS));
}

/** The button that was just pressed, where the browser gives it the focus. */
function pressedButton() {
  const active = document.activeElement;
  return active instanceof HTMLButtonElement ? active : null;
}

/** What the page shows in place of an ID it does not have. */
const NO_ID = "—";

/** Why a Copy button is off: its ID reads "—". @param {Element} button */
function nothingToCopy(button) {
  return words.t(button.closest(".setup-ids") ? "copy.positionNotReady" : "copy.noGame");
}

/**
 * Keep `button` off while `source` shows no ID, with the reason in its title; on again when an ID is shown. The IDs
 * are written by several modules (the play panel, the XGID shower, the position editor): the button follows the text.
 * @param {HTMLButtonElement} button @param {HTMLElement} source
 */
function followSource(button, source) {
  const update = () => {
    const text = source.textContent?.trim() ?? "";
    const nothing = text === "" || text === NO_ID;
    button.disabled = nothing;
    if (nothing) button.title = nothingToCopy(button);
    else button.removeAttribute("title");
  };
  new MutationObserver(update).observe(source, { childList: true, characterData: true, subtree: true });
  document.addEventListener(words.changed, update);
  update();
}

/** @param {(text: string) => void} say @param {Words} pageWords */
export function bindCopyButtons(say, pageWords) {
  words = pageWords;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button[data-copy]"))) {
    const source = /** @type {HTMLElement} */ (document.getElementById(button.dataset.copy ?? ""));
    followSource(button, source);
    button.addEventListener("click", async () => {
      const text = source.textContent ?? "";
      try {
        await navigator.clipboard.writeText(text);
        showCopySign(button, true);
        say(words.t("copy.copiedSaid", { text }));
      } catch {
        // No clipboard permission: select the text so the player can copy it by hand.
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        showCopySign(button, false);
        say(words.t("copy.notCopiedSaid", { text }));
      }
    });
  }
}
/**
 * Put text on the clipboard; where that is refused, select it in `field` so the player can copy it by hand. The
 * sign goes beside `button` (by default the button just pressed; null: the caller shows the result itself).
 * @param {string} text @param {HTMLInputElement} field @param {{button?: Element | null}} [options]
 * @returns {Promise<boolean>} copied
 */
export async function copyText(text, field, { button = pressedButton() } = {}) {
  let copied = true;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    field.focus();
    field.select();
    copied = false;
  }
  if (button) showCopySign(button, copied);
  return copied;
}
