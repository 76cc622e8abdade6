// @ts-check
/**
 * *Save / load*: the match downloaded as our JSON record, as `.mat` or as `.sgf`; a file opened — a saved record
 * becomes the match in progress, a `.mat` or `.sgf` file from any program opens for review beside it — and the match
 * left for another brought back. Files the installed app is launched with open for review. Python reads and checks
 * every file; a refused one is said in plain words and changes nothing.
 */
import { openDialog, showMessage } from "./dialogs.js";
import { t } from "./i18n/i18n.js";
import { refusalText as reason } from "./engine/page-engine.js";
import { downloadText, readMatchFile, recordFilename, recordFromFileText, turnInText } from "./matchfile.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {object} FilesContext
 * @property {import("./types.js").Call} call
 * @property {(error: unknown) => boolean} isRulesError
 * @property {(step: () => Promise<unknown>) => Promise<unknown>} enqueue
 * @property {() => () => void} holdIdle keep the page busy (released by the returned function)
 * @property {(text: string) => void} say
 * @property {ReturnType<typeof import("./storage.js").createMatchStorage>} storage
 * @property {import("./play/play.js").Play} play
 * @property {(what: {record: object, imported: {name: string, summary: import("./types.js").MatSummary}}) => Promise<void>} review
 *   open a match for review beside the one in progress
 * @property {(payload: string) => Promise<void>} openTurn a turn of a match with a friend, sent as a file: taken in
 *   as its link would be (web/remote/friends.js)
 */

/**
 * The Save / load dialog's state: what the page gave, and the dialog's elements.
 * @typedef {object} Files
 * @property {FilesContext} ctx
 * @property {HTMLDialogElement} dialog
 * @property {HTMLElement} errorLine  the dialog's line for what went wrong
 * @property {HTMLDialogElement} messageDialog
 */

/** @param {FilesContext} ctx */
export function bindFiles(ctx) {
  const dialog = /** @type {HTMLDialogElement} */ ($("file-dialog"));
  /** @type {Files} */
  const f = {
    ctx,
    dialog,
    errorLine: /** @type {HTMLElement} */ (dialog.querySelector("[data-role=error]")),
    messageDialog: /** @type {HTMLDialogElement} */ ($("message-dialog")),
  };
  $("restore-previous").addEventListener("click", () => restorePrevious(f));
  $("export-json").addEventListener("click", () => exportRecord(f));
  $("export-mat").addEventListener("click", () => exportMatch(f, "export_mat", "mat", "text/plain"));
  $("export-sgf").addEventListener("click", () => exportMatch(f, "export_sgf", "sgf", "application/x-go-sgf"));
  $("import-file").addEventListener("change", async (event) => {
    // Busy from the file's choice: reading it comes before the step that opens it is queued.
    const release = ctx.holdIdle();
    try {
      await openChosenFile(f, /** @type {HTMLInputElement} */ (event.target).files?.[0]);
    } finally {
      release();
    }
  });
  return {
    open: () => open(f),
    /** @param {File} file */
    openLaunchedFile: (file) => openLaunchedFile(f, file),
  };
}

/** @param {Files} f */
async function open(f) {
  f.errorLine.textContent = "";
  /** @type {HTMLInputElement} */ ($("import-file")).value = "";
  $("import-history-result").textContent = "";
  $("restore-previous").hidden = !(await f.ctx.storage.loadPrevious());
  return openDialog(f.dialog);
}

/** @param {Files} f @param {HTMLElement} where @param {string} text */
function refuse(f, where, text) {
  where.textContent = text;
  f.ctx.say(text);
}

/**
 * A .mat or .sgf file: read and checked by Python, then opened for review beside the match in progress, which it
 * replaces only if the player chooses to play it on.
 * @param {Files} f @param {string} name @param {string} text @param {HTMLElement} error @param {"mat" | "sgf"} kind
 */
async function openMatchFile(f, name, text, error, kind) {
  const { ctx } = f;
  await ctx.enqueue(async () => {
    let result;
    try {
      result = await ctx.call(kind === "sgf" ? "import_sgf" : "import_mat", { text });
    } catch (e) {
      if (!ctx.isRulesError(e)) throw e;
      return refuse(f, error, `${t("file.notOpened", { why: reason(e) })} ${t("file.unchanged")}`);
    }
    f.dialog.close("opened");
    await ctx.review({ record: result.record, imported: { name, summary: result.summary } });
  });
}

/** "Back to the match you left". @param {Files} f */
function restorePrevious(f) {
  const { ctx } = f;
  f.dialog.close("restored");
  // Queued at once, storage read inside: the page is busy from the click until the match is back.
  ctx.enqueue(async () => {
    const kept = await ctx.storage.loadPrevious();
    if (kept) await ctx.play.replaceMatch(kept.record, t("file.restored"));
  });
}

/** The match shown, downloaded as our JSON record. @param {Files} f */
async function exportRecord(f) {
  const record = await f.ctx.play.match().record();
  if (!record) return;
  downloadText(JSON.stringify(record, null, 2), recordFilename(), "application/json");
  f.ctx.say(t("file.downloaded"));
}

/**
 * Download the match as a file Python writes; a refusal (a match from a set-up position as .mat) is said in the
 * dialog in plain words.
 * @param {Files} f @param {"export_mat" | "export_sgf"} method @param {string} extension @param {string} type
 */
function exportMatch(f, method, extension, type) {
  const { ctx } = f;
  return ctx.enqueue(async () => {
    f.errorLine.textContent = "";
    try {
      // The match shown: the match in progress is the worker's own; a match with a friend is written from its record.
      const match = ctx.play.match();
      const { text, filename } = await ctx.call(method, match.kind === "local" ? {} : { record: await match.record() });
      downloadText(text, filename || `match.${extension}`, type);
      ctx.say(t("file.downloadedKind", { extension }));
    } catch (e) {
      if (!ctx.isRulesError(e)) throw e;
      refuse(f, f.errorLine, reason(e));
    }
  });
}

/** @param {Files} f @param {File | undefined} file */
async function openChosenFile(f, file) {
  const { ctx, errorLine } = f;
  errorLine.textContent = "";
  if (!file) return;
  const read = await readMatchFile(file, t);
  if (!read.ok) return refuse(f, errorLine, `${read.error} ${t("file.unchanged")}`);
  const { text, kind } = read;
  if (kind === "turn") {
    f.dialog.close("opened");
    return void (await ctx.openTurn(/** @type {string} */ (turnInText(text))));
  }
  if (kind !== "json") return void (await openMatchFile(f, file.name, text, errorLine, kind));
  const parsed = recordFromFileText(text, t);
  if (!parsed.ok) return refuse(f, errorLine, `${parsed.error} ${t("file.unchanged")}`);
  await ctx.enqueue(async () => {
    try {
      await ctx.play.openRecordFile(parsed.record, file.name);
      f.dialog.close("opened");
    } catch (e) {
      refuse(f, errorLine, `${t("file.notOpened", { why: reason(e) })} ${t("file.unchanged")}`);
    }
  });
}

/**
 * A file the installed app was opened with (manifest file_handlers): opened for review, whatever its kind; the
 * match in progress is untouched. The file is measured before it is read.
 * @param {Files} f @param {File} file
 */
async function openLaunchedFile(f, file) {
  const { ctx } = f;
  const error = document.createElement("p");
  const name = file.name;
  const read = await readMatchFile(file, t);
  if (!read.ok) {
    error.textContent = `${read.error} ${t("file.unchanged")}`;
  } else if (read.kind === "turn") {
    await ctx.openTurn(/** @type {string} */ (turnInText(read.text)));
  } else if (read.kind !== "json") {
    await openMatchFile(f, name, read.text, error, read.kind);
  } else {
    const parsed = recordFromFileText(read.text, t);
    if (!parsed.ok) error.textContent = `${parsed.error} ${t("file.unchanged")}`;
    else {
      await ctx.enqueue(async () => {
        try {
          const result = await ctx.call("read_record", { record: parsed.record });
          await ctx.review({ record: result.record, imported: { name, summary: result.summary } });
        } catch (e) {
          if (!ctx.isRulesError(e)) throw e;
          error.textContent = `${t("file.notOpened", { why: reason(e) })} ${t("file.unchanged")}`;
        }
      });
    }
  }
  if (error.textContent) {
    const ok = [{ value: "ok", label: t("panel.ok") }];
    void showMessage(f.messageDialog, { title: t("message.fileNotOpened"), text: error.textContent, choices: ok });
  }
}
