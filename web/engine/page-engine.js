// @ts-check
/**
 * The rules engine as the match page uses it: `call(method, params)` answers a method of backgammon.api in the worker;
 * a rules error (Python said no) is thrown as `ApiError`, a failure of the engine itself as it came. The engine's
 * state is shown on the page (`<html data-engine>`, the status line): loading, ready, restarting after a worker
 * failed (web/engine/engine.js gives the new worker the match back from its record), or given up.
 */
import { ENGINE_FAILURES, createBridge } from "./bridge.js";
import { createEngine } from "./engine.js";
import { saidText, t } from "../i18n/i18n.js";

/** Python refused a request: `type` is its error class (IllegalMoveError, MatImportError, …), `rule` the rule's
 * stable code when the error has one (IllegalMoveError's "must-use-both-dice", …): branch on it, not on the words;
 * `words` its sentence as a message id with its arguments, when Python gave one (`refusalText` says it). */
export class ApiError extends Error {
  /**
   * @param {string} type @param {string} message @param {string} [rule]
   * @param {import("../types.js").Words} [words]
   */
  constructor(type, message, rule, words) {
    super(message);
    this.type = type;
    this.rule = rule;
    this.words = words;
  }
}

/**
 * Why Python refused a request, in the player's words: its sentence in the page's language when Python gave it as
 * a message id the catalogues hold, else its English; never the text of a failure inside the engine (an
 * InternalError carries Python's own exception text).
 * @param {unknown} error
 */
export function refusalText(error) {
  const e = /** @type {{type?: string, message?: string, words?: import("../types.js").Words} | null} */ (error);
  if (e?.type === "InternalError" || !e?.message) return t("refusal.unreadable");
  return (e.words && saidText(e.words)) ?? e.message;
}

/**
 * A failure of the engine in the player's words (web/engine/bridge.js gives each its message id); the technical
 * detail goes to the console, for bug reports.
 * @param {Translate} t
 * @param {unknown} error
 */
export function failureText(t, error) {
  const words = /** @type {{words?: import("./bridge.js").FailureWords} | null} */ (error)?.words;
  console.warn("The rules engine failed:", error);
  return t(/** @type {MessageId} */ (words?.id ?? "failure.unknown"), words?.args ?? {});
}

/**
 * Why long work (an analysis, a rollout, a hint) failed, in the player's words, to go inside the page's sentence
 * ("The analysis failed: …"): a failure of the engine as a whole by its words (`failureText`); a rules error's
 * sentence in the page's language when Python gave it as a message id the catalogues hold, else its English; an
 * error inside the engine or the page as such (its text to the console, for a bug report).
 * @param {unknown} error
 */
export function failureDetail(error) {
  const e = /** @type {{type?: unknown, message?: string, said?: Words, words?: Words} | null} */ (error);
  const type = e?.type;
  if (typeof type === "string" && ENGINE_FAILURES.has(type)) return failureText(t, error);
  if (typeof type !== "string" || type === "InternalError") {
    console.warn("The rules engine failed:", error);
    return t("failure.internal");
  }
  // A rules error: the page's own ApiError keeps Python's words as `words`; the bridge's error, as `said`.
  const said = error instanceof ApiError ? e?.words : e?.said;
  return (said && saidText(said)) || e?.message || t("failure.unknown");
}

/**
 * @param {{
 *   record: () => object | null,
 *   status: HTMLElement,
 *   say: (text: string) => void,
 *   notice: (text: string) => void,
 *   t: Translate,
 * }} page record: the match a new worker is given back; status: the engine's status line; t: the page's words
 */
export function connectEngine({ record, status, say, notice, t }) {
  const root = document.documentElement;
  let ready = false;
  /** What must hear of a new worker once it holds the match again (the lobby gives it what it had heard). */
  /** @type {Set<() => void>} */
  const restoredListeners = new Set();

  /** @param {string} text */
  function showStatus(text) {
    status.hidden = false;
    status.textContent = text;
    say(text);
  }

  /**
   * The first start's progress on the status line: the download's share so far, then Python starting. Only
   * the stage's words are in the live region; the share beside them is not read out at every step.
   * @param {import("./bridge.js").EngineProgress} progress
   */
  function showProgress({ stage, received, total }) {
    if (ready || root.dataset.engine !== "loading") return;
    const words = t(stage === "download" ? "engine.downloading" : "engine.starting");
    let share = status.querySelector(".engine-share");
    if (status.hidden || status.firstChild?.textContent !== words) {
      status.hidden = false;
      share = document.createElement("span");
      share.className = "engine-share";
      share.setAttribute("aria-hidden", "true");
      status.replaceChildren(words, share);
    }
    if (share) share.textContent = stage === "download" && total > 0 ? ` ${Math.min(99, Math.floor((received * 100) / total))}%` : "";
  }

  // The bridge reads ?test-dice= from the page URL itself and hands it to the worker.
  const engine = createEngine({
    makeBridge: () => createBridge(undefined, { onProgress: showProgress }),
    restore: async (call) => {
      const current = record();
      if (current) await call("load", { record: current });
    },
    onDown: (error) => {
      root.dataset.engine = "restarting";
      showStatus(t("engine.restarting", { reason: failureText(t, error) }));
    },
    onBack: (error) => {
      root.dataset.engine = "ready";
      root.dataset.engineRestarts = String(Number(root.dataset.engineRestarts ?? 0) + 1);
      status.hidden = true;
      notice(t("engine.restarted", { reason: failureText(t, error) }));
      for (const listener of restoredListeners) listener();
    },
    onGiveUp: (error) => {
      root.dataset.engine = "failed";
      const reason = failureText(t, error);
      showStatus(ready ? t("engine.keepsFailing", { reason }) : t("engine.notStarted", { reason }));
    },
  });

  function markReady() {
    if (ready) return;
    ready = true;
    root.dataset.engine = "ready";
    status.hidden = true;
  }

  /** @type {Call} */
  async function call(method, params = {}) {
    try {
      const result = await engine.call(method, params);
      markReady();
      return result;
    } catch (error) {
      const e = /** @type {{type?: string, message?: string, rule?: string, said?: import("../types.js").Words}} */ (error);
      if (e && typeof e.type === "string" && !ENGINE_FAILURES.has(e.type)) {
        markReady();
        throw new ApiError(e.type, e.message ?? "", e.rule, e.said);
      }
      throw error;
    }
  }

  return {
    call,
    isReady: () => ready,
    /** @param {() => void} listener  called each time a new worker has taken over */
    onRestored: (listener) => void restoredListeners.add(listener),
  };
}

/** @typedef {import("../types.js").Call} Call */
/** @typedef {import("../types.js").Words} Words */
/** @typedef {typeof import("../i18n/i18n.js").t} Translate */
/** @typedef {Parameters<Translate>[0]} MessageId */
