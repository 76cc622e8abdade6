// @ts-check
/**
 * Modal dialogs on the native <dialog> element: it traps focus and closes on Escape; we add what it lacks: focus on
 * the first useful control, focus given back to what had it, and a promise for the button the player chose.
 */

/**
 * Open a dialog and resolve with the `value` of the button that closed it ("" when closed by Escape).
 * Buttons inside a `<form method="dialog">` close it by themselves; their `value` becomes the dialog's returnValue.
 * @param {HTMLDialogElement} dialog
 * @param {{focus?: string}} [options] focus: a selector for the element to focus first
 * @returns {Promise<string>}
 */
export function openDialog(dialog, { focus } = {}) {
  const opener = /** @type {HTMLElement | null} */ (document.activeElement);
  dialog.returnValue = "";
  if (!dialog.open) dialog.showModal();
  const first = /** @type {HTMLElement | null} */ (
    (focus && dialog.querySelector(focus)) || dialog.querySelector("[autofocus], input, select, button")
  );
  first?.focus();
  return new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        // Give focus back unless the opener has gone (a control hidden meanwhile): then the board keeps it.
        if (opener && opener.isConnected && !opener.closest("[hidden]") && typeof opener.focus === "function") {
          opener.focus();
        }
        resolve(dialog.returnValue);
      },
      { once: true },
    );
  });
}

/**
 * A message in plain words with one or more choices.
 * @param {HTMLDialogElement} dialog the page's message dialog (title, body, a form of buttons)
 * @param {{title: string, text: string, choices?: {value: string, label: string}[]}} message
 * @returns {Promise<string>}
 */
export function showMessage(dialog, { title, text, choices = [{ value: "ok", label: "OK" }] }) {
  const heading = /** @type {HTMLElement} */ (dialog.querySelector("[data-role=title]"));
  const body = /** @type {HTMLElement} */ (dialog.querySelector("[data-role=text]"));
  const actions = /** @type {HTMLElement} */ (dialog.querySelector("[data-role=choices]"));
  heading.textContent = title;
  body.textContent = text;
  actions.replaceChildren(
    ...choices.map((choice) => {
      const button = document.createElement("button");
      button.type = "submit";
      button.value = choice.value;
      button.textContent = choice.label;
      return button;
    }),
  );
  return openDialog(dialog, { focus: "[data-role=choices] button" });
}
