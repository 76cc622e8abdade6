// @ts-check
/**
 * What names a match record (docs/architecture.md): how many actions it holds and a fingerprint of them, by which
 * a finished match's history entry and a match's saved analyses are found, and the types of its settings and players.
 * Pure functions, checked under Node.
 */

/** @typedef {Record<string, any>} MatchRecord  the match record of docs/architecture.md */
/**
 * A match's rules and its two players, as a record and `new_match` hold them.
 * @typedef {{match_length: number, crawford: boolean, jacoby: boolean, beavers: boolean,
 *   automatic_doubles: number, strict_doubling: boolean}} Settings
 * @typedef {{name: string, kind: "human" | "computer", level?: string}} Player
 */

/**
 * How many actions a record holds, all games together (what `analysis.actions` counts).
 * @param {MatchRecord | null | undefined} record
 */
export function countActions(record) {
  const games = Array.isArray(record?.games) ? record.games : [];
  return games.reduce((n, game) => n + (Array.isArray(game?.actions) ? game.actions.length : 0), 0);
}

/**
 * The record cut after its first `actions` actions (games after the cut dropped).
 * @param {MatchRecord} record @param {number} actions
 */
function recordPrefix(record, actions) {
  let left = actions;
  const games = [];
  for (const game of Array.isArray(record?.games) ? record.games : []) {
    if (left <= 0) break;
    const list = Array.isArray(game?.actions) ? game.actions : [];
    games.push(list.slice(0, left));
    left -= list.length;
  }
  return { settings: record?.settings ?? null, players: record?.players ?? null, setup: record?.setup ?? null, games };
}

/**
 * A short text that names a record's first `actions` actions: two records share it when one continues the other (or
 * they are the same). 53-bit string hash (cyrb53) of the JSON of that part.
 * @param {MatchRecord} record @param {number} [actions] default: all of them
 */
export function recordFingerprint(record, actions = countActions(record)) {
  const text = JSON.stringify(recordPrefix(record, actions));
  let h1 = 0xdeadbeef ^ text.length;
  let h2 = 0x41c6ce57 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${actions}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}
