// @ts-check
/** The *Copy* buttons beside the IDs (`data-copy="ELEMENT-ID"`): the text to the clipboard, or selected to copy by hand. */

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
