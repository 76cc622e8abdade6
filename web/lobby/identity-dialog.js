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
import { LANGUAGE_CHANGED, t } from "../i18n/i18n.js";

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

/** What each line shows, as a function that writes it in the language in force (a switch writes it again). */
const shown = new Map();

/** @param {string} id @param {string | (() => string)} words */
function show(id, words) {
  if (id === "identity-import-error") importFault = null;
  const write = typeof words === "function" ? words : () => words;
  shown.set(id, write);
  $(id).textContent = write();
}

/** What is wrong with a name typed, in the language in force. @param {string} typed */
function reasonOfName(typed) {
  const checked = checkName(typed);
  return checked.ok ? "" : checked.error;
}

/**
 * What was offered to import is not a key: its fault, which a language switch has the text read again for (the
 * reader's words are in the language in force).
 * @param {string} error @param {string} text
 */
function showImportFault(error, text) {
  show("identity-import-error", () => t("identity.importUnchanged", { error }));
  importFault = text;
}

/** The text whose fault is shown (null: none). @type {string | null} */
let importFault = null;

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
  const typed = input("identity-name").value;
  const checked = checkName(typed);
  if (!checked.ok) {
    show("identity-name-error", () => t("identity.nameUnchanged", { error: reasonOfName(typed) }));
    return;
  }
  try {
    render(await renameIdentity(namespace, checked.name));
    show("identity-name-error", "");
    show("identity-name-saved", () => t("identity.nameSaved", { name: checked.name }));
    say(t("identity.nameSavedSaid", { name: checked.name }));
  } catch (error) {
    show("identity-name-error", () => t("identity.nameNotSaved", { reason: reason(error) }));
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
    showImportFault(read.error, text);
    return;
  }
  if (read.npub === $("identity-npub").textContent) {
    show("identity-import-error", () => t("identity.alreadyYours"));
    return;
  }
  current.pending = { secret: read.secret, name: read.name };
  const ours = $("identity-mark-words").textContent ?? "";
  const { name } = read;
  const theirs = read.mark.text;
  show("identity-import-what", () =>
    name ? t("identity.replaceNamed", { ours, theirs, name }) : t("identity.replaceKeeping", { ours, theirs }));
  $("identity-import-confirm").hidden = false;
  $("identity-import-replace").focus();
}

async function importFile() {
  const file = input("identity-import-file").files?.[0];
  if (!file) return;
  if (file.size > MAX_IDENTITY_FILE_BYTES) {
    show("identity-import-error", () => t("identity.fileTooLarge"));
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
    show("identity-name-saved", () => t("identity.imported", { mark: identity.mark.text }));
    say(t("identity.importedSaid", { mark: identity.mark.text }));
    $("identity-import-button").focus();
  } catch (error) {
    show("identity-import-error", () => t("identity.notImported", { reason: reason(error) }));
  }
}

function bindOnce() {
  const dialog = $("identity-dialog");
  if (dialog.dataset.bound) return;
  dialog.dataset.bound = "1";
  // A language switch: the lines written here follow at once (the marked words follow by themselves).
  document.addEventListener(LANGUAGE_CHANGED, () => {
    for (const [id, write] of shown) $(id).textContent = write();
    const faulty = importFault;
    if (faulty === null) return;
    void readIdentityText(faulty).then((read) => {
      if (!read.ok && importFault === faulty) showImportFault(read.error, faulty);
    });
  });
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
    if (notice) show("identity-problem", () => t("identity.damaged"));
    dialog.dataset.state = "ready";
    // Another tab that renames or imports: show what is kept now (a name being typed here stays as typed).
    unlisten = await listenIdentity(options.namespace, () => {
      void loadIdentity({ namespace: options.namespace }).then(({ identity }) => {
        render(identity, { keepTypedName: document.activeElement === input("identity-name") });
      });
    });
  } catch (error) {
    dialog.dataset.state = "failed";
    show("identity-problem", () => t("identity.cannotKeep", { reason: reason(error) }));
  }
  await openDialog(dialog);
  unlisten();
  closeSections();
  current = null;
}
