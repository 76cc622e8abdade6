// @ts-check
/** The friend's invitation as it comes over a live line, before anyone has joined (docs/remote-protocol.md). */

/**
 * The invitation in a message of the friend's: a `sync` holding the `hello` alone (what a device sends when the
 * friend connects before anyone has joined).
 * @param {string} text
 * @returns {import("../types.js").Message | null}
 */
export function helloIn(text) {
  if (text.length > 20_000 || !text.includes('"hello"')) return null;
  try {
    const data = JSON.parse(text);
    const messages = data?.type === "sync" && Array.isArray(data.messages) ? data.messages : null;
    return messages?.length === 1 && messages[0]?.type === "hello" ? messages[0] : null;
  } catch {
    return null;
  }
}
