// @ts-check
/**
 * The page's ties to the player's own records: a finished match joins the history, *Statistics* opens, the history
 * is downloaded and taken back (*Save / load*). The modules behind them (history.js, statsview.js) load on first use.
 */
import { openDialog } from "../dialogs.js";
import { downloadText } from "../matchfile.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @template {{entries: () => Promise<any[]>, save: (entry: any, replaces?: any) => any}} Analyses
 * @param {{
 *   namespace: string,
 *   analyses: Analyses,
 *   holdIdle: () => () => void,
 *   notice: (text: string) => void,
 *   say: (text: string) => void,
 *   t: typeof import("../i18n/i18n.js").t,
 * }} ctx namespace: the storage namespace of the history (test mode has its own); analyses: the analyses kept
 *   (web/review/analyses.js, handed by web/app.js); t: the page's words
 */
export function bindHome({ namespace, analyses, holdIdle, notice, say, t }) {
  $("stats-button").addEventListener("click", async () => {
    const { openStatistics } = await import("./statsview.js");
    const dialog = /** @type {HTMLDialogElement} */ ($("stats-dialog"));
    await openStatistics({ dialog, namespace, analyses, openDialog, download: downloadText });
  });

  $("export-history").addEventListener("click", async () => {
    const { openHistory } = await import("./history.js");
    downloadText(await openHistory(namespace).exportText(), "backgammon-history.json", "application/json");
    say(t("history.downloaded"));
  });

  $("import-history").addEventListener("change", async (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const { openHistory } = await import("./history.js");
    $("import-history-result").textContent = (await openHistory(namespace).importFile(file)).message; // measured first
  });

  /**
   * A match just ended: add it to the history. The page is not idle until the entry is written (history.js may
   * still have to load).
   * @param {object} finished the record @param {import("../types.js").PlayView} view its view
   */
  async function addToHistory(finished, view) {
    const release = holdIdle();
    try {
      const { openHistory } = await import("./history.js");
      const problem = await openHistory(namespace).addMatch(finished, view);
      if (problem) notice(problem);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      notice(t("history.notAdded", { why }));
    } finally {
      release();
    }
  }

  /** The analyses storage as review uses it: an analysis of a finished match joins its history entry. */
  async function watchedAnalyses() {
    const { watchAnalyses } = await import("./history.js");
    return watchAnalyses(analyses, namespace);
  }

  /**
   * This player's rating now (rating.js, over the history kept here), in whole points as the protocol carries it:
   * what a rated match with a friend offers.
   */
  async function currentRating() {
    const [{ openHistory }, { ratingSeries, START_RATING }] = await Promise.all([import("./history.js"), import("./rating.js")]);
    const { entries } = await openHistory(namespace).read();
    return Math.round(ratingSeries(entries).at(-1)?.rating ?? START_RATING);
  }

  return { addToHistory, watchedAnalyses, currentRating };
}
