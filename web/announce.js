// @ts-check
/**
 * Screen-reader announcements through an aria-live region. Each message replaces the previous one; a message
 * repeated on purpose (a key pressed twice) is still read because the text node is replaced.
 */

/**
 * @param {HTMLElement} region an element with aria-live (polite) and role="status" or "log"
 */
export function createAnnouncer(region) {
  /** @type {string[]} */
  const history = [];
  let pending = /** @type {string[]} */ ([]);
  let scheduled = false;

  function flush() {
    scheduled = false;
    const text = pending.join(" ");
    pending = [];
    if (!text) return;
    // Replace the node so assistive technology reads the same sentence again when it repeats.
    region.textContent = "";
    const p = document.createElement("p");
    p.textContent = text;
    region.append(p);
  }

  /**
   * Queue a sentence; sentences said in the same task are read together.
   * @param {string | null | undefined} text
   */
  function say(text) {
    if (!text) return;
    history.push(text);
    if (history.length > 200) history.shift();
    pending.push(text);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
  }

  return { say, history };
}
