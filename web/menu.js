// @ts-check
/**
 * The page's menu on a phone: one button that opens the menu's items as a sheet (a disclosure: the button says
 * whether it is open, `aria-expanded`, and names the sheet, `aria-controls`). On a wider screen the items are a row
 * in the header and the button is not shown (web/app.css decides, under the board's NARROW_MEDIA).
 *
 * An item is any button or link inside the sheet: a new one is one more element in index.html's nav. Choosing an
 * item closes the sheet first, with the focus on the menu button, so that a dialog the item opens gives the focus
 * back there; Escape and a tap outside close it too.
 *
 *   const unbind = bindMenu(document.getElementById("menu-button"), document.getElementById("menu"));
 */

/**
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} sheet
 * @returns {() => void} unbind
 */
export function bindMenu(button, sheet) {
  const isOpen = () => button.getAttribute("aria-expanded") === "true";

  /** @param {boolean} open @param {boolean} [focusButton] */
  function setOpen(open, focusButton = false) {
    button.setAttribute("aria-expanded", String(open));
    sheet.classList.toggle("open", open);
    if (open) {
      const first = /** @type {HTMLElement | null} */ (sheet.querySelector("button:not(:disabled), a[href]"));
      first?.focus();
    } else if (focusButton) {
      button.focus();
    }
  }

  const onButton = () => setOpen(!isOpen());
  /** @param {MouseEvent} ev */
  const onChoose = (ev) => {
    if (!isOpen()) return;
    const item = ev.target instanceof Element ? ev.target.closest("button, a[href]") : null;
    if (item && !(item instanceof HTMLButtonElement && item.disabled)) setOpen(false, true);
  };
  /** @param {KeyboardEvent} ev */
  const onKey = (ev) => {
    if (ev.key === "Escape" && isOpen()) {
      ev.preventDefault();
      ev.stopPropagation();
      setOpen(false, true);
    }
  };
  /** @param {PointerEvent} ev */
  const onOutside = (ev) => {
    if (!isOpen() || !(ev.target instanceof Node)) return;
    if (!sheet.contains(ev.target) && !button.contains(ev.target)) setOpen(false);
  };
  /** @param {FocusEvent} ev */
  const onFocusOut = (ev) => {
    // the focus left the sheet for something else on the page (Tab past the last item): the sheet closes
    const to = ev.relatedTarget;
    if (isOpen() && to instanceof Node && !sheet.contains(to) && !button.contains(to)) setOpen(false);
  };

  button.addEventListener("click", onButton);
  // capture: the sheet closes (and the focus is on the menu button) before the item's own handler runs
  sheet.addEventListener("click", onChoose, true);
  sheet.addEventListener("keydown", onKey);
  button.addEventListener("keydown", onKey);
  sheet.addEventListener("focusout", onFocusOut);
  document.addEventListener("pointerdown", onOutside, true);
  return () => {
    button.removeEventListener("click", onButton);
    sheet.removeEventListener("click", onChoose, true);
    sheet.removeEventListener("keydown", onKey);
    button.removeEventListener("keydown", onKey);
    sheet.removeEventListener("focusout", onFocusOut);
    document.removeEventListener("pointerdown", onOutside, true);
  };
}
