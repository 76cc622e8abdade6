// @ts-check
/**
 * Copying for the player: the *Copy* buttons beside the IDs (`data-copy="ELEMENT-ID"`) and `copyText` for links in a
 * field. The text goes to the clipboard or, where that is refused, is selected to copy by hand.
 */

/** @param {(text: string) => void} say */
export function bindCopyButtons(say) {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.addEventListener("click", async () => {
      const source = /** @type {HTMLElement} */ (document.getElementById(/** @type {HTMLElement} */ (button).dataset.copy ?? ""));
      const text = source.textContent ?? "";
      try {
        await navigator.clipboard.writeText(text);
        say(`Copied ${text}.`);
      } catch {
        // No clipboard permission: select the text so the player can copy it by hand.
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        say(`Selected ${text}; press Ctrl+C to copy.`);
      }
    });
  }
}
/**
 * Put text on the clipboard; where that is refused, select it in `field` so the player can copy it by hand.
 * @param {string} text @param {HTMLInputElement} field
 * @returns {Promise<boolean>} copied
 */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.focus();
    field.select();
    return false;
  }
}
