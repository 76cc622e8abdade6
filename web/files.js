// @ts-check
/**
 * *Save / load*: the match downloaded as our JSON record, as `.mat` or as `.sgf`; a file opened — a saved record
 * becomes the match in progress, a `.mat` or `.sgf` file from any program opens for review beside it — and the match
 * left for another brought back. Files the installed app is launched with open for review. Python reads and checks
 * every file; a refused one is said in plain words and changes nothing.
 */
import { openDialog, showMessage } from "./dialogs.js";
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

/** @param {FilesContext} ctx */
export function bindFiles(ctx) {
  const dialog = /** @type {HTMLDialogElement} */ ($("file-dialog"));
  const errorLine = /** @type {HTMLElement} */ (dialog.querySelector("[data-role=error]"));
  const messageDialog = /** @type {HTMLDialogElement} */ ($("message-dialog"));

  async function open() {
    errorLine.textContent = "";
    /** @type {HTMLInputElement} */ ($("import-file")).value = "";
    $("import-history-result").textContent = "";
    $("restore-previous").hidden = !(await ctx.storage.loadPrevious());
    return openDialog(dialog);
  }

  /** @param {HTMLElement} where @param {string} text */
  function refuse(where, text) {
    where.textContent = text;
    ctx.say(text);
  }

  /**
   * A .mat or .sgf file: read and checked by Python, then opened for review beside the match in progress, which it
   * replaces only if the player chooses to play it on.
   * @param {string} name @param {string} text @param {HTMLElement} error @param {"mat" | "sgf"} kind
   */
  async function openMatchFile(name, text, error, kind) {
    await ctx.enqueue(async () => {
      let result;
      try {
        result = await ctx.call(kind === "sgf" ? "import_sgf" : "import_mat", { text });
      } catch (e) {
        if (!ctx.isRulesError(e)) throw e;
        return refuse(error, `This file could not be opened: ${reason(e)} Your current match is unchanged.`);
      }
      dialog.close("opened");
      await ctx.review({ record: result.record, imported: { name, summary: result.summary } });
    });
  }

  $("restore-previous").addEventListener("click", () => {
    dialog.close("restored");
    // Queued at once, storage read inside: the page is busy from the click until the match is back.
    ctx.enqueue(async () => {
      const kept = await ctx.storage.loadPrevious();
      if (kept) await ctx.play.replaceMatch(kept.record, "The match you left is back. The one you were playing is kept in its place (Save / load).");
    });
  });

  $("export-json").addEventListener("click", async () => {
    const record = await ctx.play.match().record();
    if (!record) return;
    downloadText(JSON.stringify(record, null, 2), recordFilename(), "application/json");
    ctx.say("The match file is downloaded.");
  });

  /**
   * Download the match as a file Python writes; a refusal (a match from a set-up position as .mat) is said in the
   * dialog in plain words.
   * @param {"export_mat" | "export_sgf"} method @param {string} extension @param {string} type
   */
  function exportMatch(method, extension, type) {
    return ctx.enqueue(async () => {
      errorLine.textContent = "";
      try {
        // The match shown: the match in progress is the worker's own; a match with a friend is written from its record.
        const match = ctx.play.match();
        const { text, filename } = await ctx.call(method, match.kind === "local" ? {} : { record: await match.record() });
        downloadText(text, filename || `match.${extension}`, type);
        ctx.say(`The .${extension} file is downloaded.`);
      } catch (e) {
        if (!ctx.isRulesError(e)) throw e;
        refuse(errorLine, /** @type {Error} */ (e).message);
      }
    });
  }

  $("export-mat").addEventListener("click", () => exportMatch("export_mat", "mat", "text/plain"));
  $("export-sgf").addEventListener("click", () => exportMatch("export_sgf", "sgf", "application/x-go-sgf"));

  $("import-file").addEventListener("change", async (event) => {
    // Busy from the file's choice: reading it comes before the step that opens it is queued.
    const release = ctx.holdIdle();
    try {
      await openChosenFile(/** @type {HTMLInputElement} */ (event.target).files?.[0]);
    } finally {
      release();
    }
  });

  /** @param {File | undefined} file */
  async function openChosenFile(file) {
    errorLine.textContent = "";
    if (!file) return;
    const read = await readMatchFile(file);
    if (!read.ok) return refuse(errorLine, `${read.error} Your current match is unchanged.`);
    const { text, kind } = read;
    if (kind === "turn") {
      dialog.close("opened");
      return void (await ctx.openTurn(/** @type {string} */ (turnInText(text))));
    }
    if (kind !== "json") return void (await openMatchFile(file.name, text, errorLine, kind));
    const parsed = recordFromFileText(text);
    if (!parsed.ok) return refuse(errorLine, `${parsed.error} Your current match is unchanged.`);
    await ctx.enqueue(async () => {
      try {
        await ctx.play.openRecordFile(parsed.record, file.name);
        dialog.close("opened");
      } catch (e) {
        refuse(errorLine, `This file could not be opened: ${reason(e)} Your current match is unchanged.`);
      }
    });
  }

  /**
   * A file the installed app was opened with (manifest file_handlers): opened for review, whatever its kind; the
   * match in progress is untouched. The file is measured before it is read.
   * @param {File} file
   */
  async function openLaunchedFile(file) {
    const error = document.createElement("p");
    const name = file.name;
    const read = await readMatchFile(file);
    if (!read.ok) {
      error.textContent = `${read.error} Your current match is unchanged.`;
    } else if (read.kind === "turn") {
      await ctx.openTurn(/** @type {string} */ (turnInText(read.text)));
    } else if (read.kind !== "json") {
      await openMatchFile(name, read.text, error, read.kind);
    } else {
      const parsed = recordFromFileText(read.text);
      if (!parsed.ok) error.textContent = `${parsed.error} Your current match is unchanged.`;
      else {
        await ctx.enqueue(async () => {
          try {
            const result = await ctx.call("read_record", { record: parsed.record });
            await ctx.review({ record: result.record, imported: { name, summary: result.summary } });
          } catch (e) {
            if (!ctx.isRulesError(e)) throw e;
            error.textContent = `This file could not be opened: ${reason(e)} Your current match is unchanged.`;
          }
        });
      }
    }
    if (error.textContent) void showMessage(messageDialog, { title: "File not opened", text: error.textContent });
  }

  return { open, openLaunchedFile };
}
