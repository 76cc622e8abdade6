// @ts-check
// Drives web/remote/transport.js (as built into dist/, trystero joined in) for the tests and the benchmark: each
// callback is recorded in `window.events` with its time, and the state in <html data-state>, the count of
// messages in <html data-messages> (the page's Content-Security-Policy is enforced: the tests wait on attributes).
import { connect } from "../web/remote/transport.js";
import { pageRelays } from "../web/relays.js";

const root = document.documentElement;
/** @type {Array<Record<string, unknown>>} */
const events = [];
/** @type {string[]} */
const messages = [];
/** @type {import("../../../web/remote/transport.js").Connection | null} */
let connection = null;
/** @type {Array<() => void>} */
let waiting = [];
const now = () => performance.timeOrigin + performance.now();

/** @param {Record<string, unknown>} event */
function record(event) {
  events.push({ ...event, at: now() });
}

const harness = {
  events,
  messages,
  /** @param {{roomId: string, secret: string, relays?: string[], rtcConfig?: RTCConfiguration, expectPeer?: boolean, timeoutMs?: number, maxChars?: number, echo?: boolean}} options */
  connect(options) {
    const { echo = false, ...rest } = options;
    connection = connect({
      ...rest,
      relays: options.relays ?? pageRelays(document),
      onMessage: (text, peerId) => {
        messages.push(text);
        record({ type: "message", text: text.length > 200 ? `${text.slice(0, 200)}…` : text, length: text.length, peerId });
        root.dataset.messages = String(messages.length);
        const woken = waiting;
        waiting = [];
        for (const wake of woken) wake();
        if (echo) void connection?.send(text);
      },
      onPeer: (peerId) => record({ type: "peer", peerId }),
      onLeave: (peerId) => {
        record({ type: "leave", peerId });
        root.dataset.leaves = String(Number(root.dataset.leaves ?? 0) + 1);
      },
      onStatus: ({ state, text }) => {
        record({ type: "status", state, text });
        root.dataset.state = state;
      },
      onRefused: (refusal) => {
        record({ type: "refused", ...refusal });
        root.dataset.refused = String(Number(root.dataset.refused ?? 0) + 1);
      },
    });
    return connection.status();
  },
  /** @param {string} text */
  send: (text) => (connection ? connection.send(text) : Promise.resolve({ ok: false, reason: "closed", text: "" })),
  /** A message of `length` characters made here (not carried over from the test). @param {number} length */
  sendLong: (length) => harness.send("x".repeat(length)),
  /** `count` messages, each its index and the time it was sent, as JSON; one at a time, each sent when the last
   * one came back (the other side echoes), so that no queue builds up. @param {number} count */
  async pingPong(count) {
    /** @type {Array<{sent: number, back: number}>} */
    const trips = [];
    for (let i = 0; i < count; i += 1) {
      const before = messages.length;
      const sent = now();
      await harness.send(JSON.stringify({ i, sent }));
      while (messages.length === before) await new Promise((resolve) => waiting.push(() => resolve(undefined)));
      trips.push({ sent, back: now() });
    }
    return trips;
  },
  close: () => connection?.close(),
};
/** @type {any} */ (window).harness = harness;
root.dataset.harness = "ready";
