// @ts-check
/**
 * *Your identity…*: the player's mark, name and public key (web/lobby/identity.js), with the name to change, the
 * public key to copy, the secret key to export (shown with a warning, to copy or save as a file) and another
 * device's identity to import in its place (after the player confirms). Loaded on first use from the page's menu.
 *
 *   await openIdentityDialog({ namespace, defaultName, say });
 */
import { copyText } from "../copy.js";
import { openDialog } from "../dialogs.js";
import { downloadText } from "../matchfile.js";
import {
  MAX_IDENTITY_FILE_BYTES, exportIdentity, listenIdentity, loadIdentity, readIdentityText, renameIdentity, replaceIdentity,
} from "./identity.js";
import { drawMark } from "./mark-view.js";
import { checkName } from "./name.js";

/** The file an exported identity is saved as. */
export const IDENTITY_FILENAME = "backgammon-identity.json";

/**
 * @typedef {object} Options
 * @property {string} namespace  the page's storage namespace
 * @property {string} [defaultName]  the name the page already knows the player by, for a new identity
 * @property {(text: string) => void} say  the page's announcer
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/**
 * What the open dialog acts on: set each time it opens.
 * @type {{options: Options, pending: {secret: string, name: string | null} | null} | null}
 */
let current = null;

/** @param {import("./identity.js").Identity} identity @param {{keepTypedName?: boolean}} [how] */
function render(identity, { keepTypedName = false } = {}) {
  $("identity-mark-picture").replaceChildren(drawMark(identity.mark));
  $("identity-mark-words").textContent = identity.mark.text;
  $("identity-npub").textContent = identity.npub;
  $("identity-dialog").dataset.publicKey = identity.publicKey;
  if (!keepTypedName) input("identity-name").value = identity.name;
}

/** @param {string} id @param {string} text */
function show(id, text) {
  $(id).textContent = text;
}

/** @param {unknown} error */
const reason = (error) => (error instanceof Error ? error.message : String(error));

/** Close the export and import sections and forget the secret key shown. */
function closeSections() {
  for (const which of ["export", "import"]) {
    $(`identity-${which}`).hidden = true;
    $(`identity-${which}-button`).setAttribute("aria-expanded", "false");
  }
  input("identity-nsec").value = "";
  input("identity-import-text").value = "";
  input("identity-import-file").value = "";
  show("identity-import-error", "");
  $("identity-import-confirm").hidden = true;
  if (current) current.pending = null;
}

/** @param {"export" | "import"} which @returns {boolean} whether it is now open */
function toggleSection(which) {
  const open = $(`identity-${which}`).hidden;
  closeSections();
  $(`identity-${which}`).hidden = !open;
  $(`identity-${which}-button`).setAttribute("aria-expanded", String(open));
  return open;
}

async function saveName() {
  if (!current) return;
  const { namespace, say } = current.options;
  show("identity-name-saved", "");
  const checked = checkName(input("identity-name").value);
  if (!checked.ok) {
    show("identity-name-error", `${checked.error} Your name is unchanged.`);
    return;
  }
  try {
    render(await renameIdentity(namespace, checked.name));
    show("identity-name-error", "");
    show("identity-name-saved", `Saved: other players will see ${checked.name}.`);
    say(`Name saved: ${checked.name}.`);
  } catch (error) {
    show("identity-name-error", `Your name could not be saved: ${reason(error)}`);
  }
}

async function openExport() {
  if (!current || !toggleSection("export")) return;
  try {
    input("identity-nsec").value = (await exportIdentity(current.options.namespace)).nsec;
  } catch (error) {
    show("identity-problem", reason(error));
  }
}

/** @param {string} text what the player pasted or the file holds */
async function offerImport(text) {
  if (!current) return;
  show("identity-import-error", "");
  $("identity-import-confirm").hidden = true;
  current.pending = null;
  const read = await readIdentityText(text);
  if (!read.ok) {
    show("identity-import-error", `${read.error} Your identity is unchanged.`);
    return;
  }
  if (read.npub === $("identity-npub").textContent) {
    show("identity-import-error", "This is already your identity here: nothing to change.");
    return;
  }
  current.pending = { secret: read.secret, name: read.name };
  const named = read.name ? `, named ${read.name}` : ", keeping your name";
  show(
    "identity-import-what",
    `This replaces your identity here (${$("identity-mark-words").textContent}) with the imported one (${read.mark.text}${named}). ` +
      "Your current key is lost unless you have exported it.",
  );
  $("identity-import-confirm").hidden = false;
  $("identity-import-replace").focus();
}

async function importFile() {
  const file = input("identity-import-file").files?.[0];
  if (!file) return;
  if (file.size > MAX_IDENTITY_FILE_BYTES) {
    show("identity-import-error", "This file is not an identity file (it is far too large for one). Your identity is unchanged.");
    return;
  }
  await offerImport(await file.text());
}

async function confirmImport() {
  if (!current?.pending) return;
  const { namespace, say } = current.options;
  try {
    const identity = await replaceIdentity(namespace, current.pending);
    render(identity);
    closeSections();
    show("identity-name-saved", `Imported: your mark is now ${identity.mark.text}.`);
    say(`Identity imported: your mark is now ${identity.mark.text}.`);
    $("identity-import-button").focus();
  } catch (error) {
    show("identity-import-error", `The identity could not be imported: ${reason(error)} Your identity is unchanged.`);
  }
}

function bindOnce() {
  const dialog = $("identity-dialog");
  if (dialog.dataset.bound) return;
  dialog.dataset.bound = "1";
  $("identity-save-name").addEventListener("click", () => void saveName());
  input("identity-name").addEventListener("keydown", (event) => {
    // Enter saves the name (it would otherwise submit the form, closing the dialog).
    if (event.key !== "Enter") return;
    event.preventDefault();
    void saveName();
  });
  $("identity-export-button").addEventListener("click", () => void openExport());
  $("identity-import-button").addEventListener("click", () => {
    if (toggleSection("import")) input("identity-import-text").focus();
  });
  $("identity-copy-nsec").addEventListener("click", () => void copyText(input("identity-nsec").value, input("identity-nsec")));
  $("identity-save-file").addEventListener("click", () => {
    if (!current) return;
    void exportIdentity(current.options.namespace).then(({ fileText }) => downloadText(fileText, IDENTITY_FILENAME, "application/json"));
  });
  $("identity-import-key").addEventListener("click", () => void offerImport(input("identity-import-text").value));
  input("identity-import-text").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void offerImport(input("identity-import-text").value);
  });
  input("identity-import-file").addEventListener("change", () => void importFile());
  $("identity-import-replace").addEventListener("click", () => void confirmImport());
  $("identity-import-cancel").addEventListener("click", () => {
    if (current) current.pending = null;
    $("identity-import-confirm").hidden = true;
    show("identity-import-error", "");
    input("identity-import-text").focus();
  });
}

/**
 * Open the dialog on this browser's identity (made now if there is none), until the player closes it.
 * @param {Options} options
 */
export async function openIdentityDialog(options) {
  bindOnce();
  current = { options, pending: null };
  const dialog = /** @type {HTMLDialogElement} */ ($("identity-dialog"));
  closeSections();
  for (const id of ["identity-problem", "identity-name-error", "identity-name-saved"]) show(id, "");
  let unlisten = () => {};
  try {
    const { identity, notice } = await loadIdentity({ namespace: options.namespace, defaultName: options.defaultName });
    render(identity);
    if (notice) show("identity-problem", notice);
    dialog.dataset.state = "ready";
    // Another tab that renames or imports: show what is kept now (a name being typed here stays as typed).
    unlisten = await listenIdentity(options.namespace, () => {
      void loadIdentity({ namespace: options.namespace }).then(({ identity }) => {
        render(identity, { keepTypedName: document.activeElement === input("identity-name") });
      });
    });
  } catch (error) {
    dialog.dataset.state = "failed";
    show("identity-problem", `Your identity cannot be kept in this browser: ${reason(error)}`);
  }
  await openDialog(dialog);
  unlisten();
  closeSections();
  current = null;
}
