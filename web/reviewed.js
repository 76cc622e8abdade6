// @ts-check
/**
 * The match from a file or a link that this tab is reviewing, kept in sessionStorage so that a reload opens its review
 * again (its analysis is in the analyses kept, so it shows at once). Only one, for this tab; forgotten when review
 * ends. The match in progress needs none of this: it is saved anyway.
 */

const KEY = "backgammon.review.shown";

/**
 * @typedef {{record: Record<string, any>, imported: {name: string, summary: Record<string, any>}}} Reviewed
 */

/**
 * Remember the imported match reviewed, or forget it (null). A match too large for sessionStorage is not remembered.
 * @param {Reviewed | null} reviewed
 */
export function rememberReviewed(reviewed) {
  try {
    if (reviewed) sessionStorage.setItem(KEY, JSON.stringify(reviewed));
    else sessionStorage.removeItem(KEY);
  } catch {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // no sessionStorage here: nothing is restored after a reload
    }
  }
}

/**
 * The imported match this tab was reviewing before a reload, if any.
 * @returns {Reviewed | null}
 */
export function reviewedBefore() {
  try {
    const text = sessionStorage.getItem(KEY);
    const data = text ? JSON.parse(text) : null;
    return data && typeof data.record === "object" && data.record && typeof data.imported?.name === "string" ? data : null;
  } catch {
    return null;
  }
}
