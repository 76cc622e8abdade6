// @ts-check
/**
 * The lobby's connections to the site's relays (web/relays.js), with nostr-tools' pool (pinned in package.json,
 * joined into this file by build.py: VENDORED_ENTRIES), loaded on first use. The pool checks no signature: every
 * event goes to the worker, whose Python core checks it (docs/lobby-events.md), so what the page shows never rests
 * on a check made here.
 *
 *   const pool = openPool(relays);
 *   const sub = pool.subscribe({kinds: [31660], "#t": ["backgammon-lobby"]}, (event) => …);
 *   await pool.publish(signedEvent);
 *   sub.close(); pool.close();
 */
import { AbstractSimplePool } from "nostr-tools/abstract-pool";

/** How long a relay that does not answer is waited for, in milliseconds. */
const CONNECT_WAIT_MS = 8000;

/**
 * @param {string[]} relays
 */
export function openPool(relays) {
  const pool = new AbstractSimplePool({ verifyEvent: () => true, maxWaitForConnection: CONNECT_WAIT_MS });
  /** The subscriptions open, each with what it was made of, to be asked again (`again`). */
  /** @type {Set<{filter: import("nostr-tools/filter").Filter, onEvent: (event: Record<string, any>) => void, onStored?: () => void, sub: {close: () => void}}>} */
  const open = new Set();
  return {
    /**
     * @param {import("nostr-tools/filter").Filter} filter
     * @param {(event: Record<string, any>) => void} onEvent
     * @param {() => void} [onStored]  every relay sent what it had stored (or was waited for long enough)
     * @returns {{close: () => void}}
     */
    subscribe(filter, onEvent, onStored) {
      const made = { filter, onEvent, onStored, sub: pool.subscribe(relays, filter, { onevent: onEvent, oneose: onStored }) };
      open.add(made);
      return {
        close() {
          open.delete(made);
          made.sub.close();
        },
      };
    },
    /**
     * Every subscription open asked again from the start: the relays send all they hold once more (a new engine
     * worker holds none of what the old one heard).
     */
    again() {
      for (const made of open) {
        made.sub.close();
        made.sub = pool.subscribe(relays, made.filter, { onevent: made.onEvent, oneose: made.onStored });
      }
    },
    /**
     * Publish to every relay; resolves when at least one took it (rejects when none did).
     * @param {import("nostr-tools/pure").VerifiedEvent} event
     */
    async publish(event) {
      await Promise.any(pool.publish(relays, event));
    },
    close() {
      pool.close(relays);
    },
  };
}

/** @typedef {ReturnType<typeof openPool>} Pool */
