// @ts-check
/** Fair dice for the browser, from the platform's cryptographic random source (never Math.random). */

/**
 * A die from 1 to 6 without modulo bias: bytes 252..255 are rejected and drawn again, so that 0..251 (42 × 6) map
 * evenly onto the six faces.
 * @param {{getRandomValues(array: Uint8Array): Uint8Array}} [source] `crypto` unless a test passes its own bytes
 * @returns {number}
 */
export function cryptoDie(source = globalThis.crypto) {
  const byte = new Uint8Array(1);
  for (;;) {
    source.getRandomValues(byte);
    if (byte[0] < 252) return (byte[0] % 6) + 1;
  }
}
