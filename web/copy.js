// @ts-check
/**
 * Copying for the player: the *Copy* buttons beside the IDs (`data-copy="ELEMENT-ID"`) and `copyText` for links in a
 * field. The text goes to the clipboard or, where that is refused, is selected to copy by hand; either way a sign
 * beside the button says which, on screen ("Copied", or "Not copied" and what to do), as the announcer says it.
 */

const SIGN_MS = 5000;
const COPIED = "Copied";
const NOT_COPIED = "Not copied: it is selected, press Ctrl+C (⌘C on a Mac) to copy it";

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
  sign.textContent = copied ? COPIED : NOT_COPIED;
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

/** @param {(text: string) => void} say */
export function bindCopyButtons(say) {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.addEventListener("click", async () => {
      const source = /** @type {HTMLElement} */ (document.getElementById(/** @type {HTMLElement} */ (button).dataset.copy ?? ""));
      const text = source.textContent ?? "";
      try {
        await navigator.clipboard.writeText(text);
        showCopySign(button, true);
        say(`Copied ${text}.`);
      } catch {
        // No clipboard permission: select the text so the player can copy it by hand.
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        showCopySign(button, false);
        say(`Not copied: ${text} is selected; press Ctrl+C to copy it.`);
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
