// @ts-check
/**
 * What this device keeps of its tournaments (`<namespace>.tournaments.v1`, web/keyval.js): the announcements it
 * signed as organiser (published again while registration is open, so a relay that lost one has it back; and
 * whether its closing is out), and the entries it made, each with the secret value behind its commitment
 * (docs/tournaments.md, *The draw*): a reload still reveals it once the closing lists the entry.
 *
 *   {"version": 1,
 *    "organised": [{"address": "31663:<key>:<d>", "announcement": <signed event>, "closing": <signed event> | null}],
 *    "entered": [{"address": "...", "value": "<64 hex>", "entry": <signed event>, "revealed": false,
 *                 "left": <signed event> | null, "earlier": [<signed event>, ...], "told": 2}]}
 *   left: the entrant's leave, once they took the entry back; earlier: the entry and leave before an entry made
 *   again (published again with it, so that a relay that lost the leave has it back); told: how far the player was
 *   told of where they stand (web/lobby/tournaments.js `progress`; -1 or absent: not yet), so that a reload, hearing
 *   the tournament again from its start, tells nothing old again
 *
 * Damaged data is set aside under `<key>.damaged` (never trusted, never thrown away) and the device goes on with
 * none. The page's storage (web/keyval.js `openKeyval`) is handed in: imported here, it would be split out of the
 * page's start into a file of its own.
 */

const VERSION = 1;

/** @param {string} namespace */
const storageKey = (namespace) => `${namespace}.tournaments.v1`;

/**
 * @typedef {Record<string, any>} SignedEvent
 * @typedef {{address: string, announcement: SignedEvent, closing: SignedEvent | null}} Organised
 * @typedef {{address: string, value: string, entry: SignedEvent, revealed: boolean, left?: SignedEvent | null, earlier?: SignedEvent[], told?: number}} Entered
 * @typedef {{version: number, organised: Organised[], entered: Entered[]}} Kept
 */

/** @returns {Kept} */
const empty = () => ({ version: VERSION, organised: [], entered: [] });

/** @param {string | null} text @returns {Kept | null} null: damaged */
function parsed(text) {
  if (text === null) return empty();
  try {
    const data = JSON.parse(text);
    if (data?.version !== VERSION || !Array.isArray(data.organised) || !Array.isArray(data.entered)) return null;
    /** @type {Organised[]} */
    const organised = data.organised.filter((/** @type {any} */ o) => typeof o?.address === "string" && o.announcement && typeof o.announcement === "object");
    /** @type {Entered[]} */
    const entered = data.entered.filter((/** @type {any} */ e) => typeof e?.address === "string" && /^[0-9a-f]{64}$/.test(e.value) && e.entry && typeof e.entry === "object");
    return {
      version: VERSION, organised,
      entered: entered.map((e) => ({
        ...e, revealed: e.revealed === true, left: e.left && typeof e.left === "object" ? e.left : null,
        earlier: Array.isArray(e.earlier) ? e.earlier.filter((/** @type {any} */ event) => event && typeof event === "object") : [],
        told: Number.isInteger(e.told) ? e.told : -1,
      })),
    };
  } catch {
    return null;
  }
}

/** @typedef {import("../keyval.js").Keyval} Keyval */

/** @param {Keyval} keyval @param {string} namespace @returns {Promise<Kept>} */
export async function readTournaments(keyval, namespace) {
  return (await keyval.update(storageKey(namespace), (text) => {
    const kept = parsed(text);
    if (kept) return { value: kept };
    return { text: JSON.stringify(empty()), also: { [`${storageKey(namespace)}.damaged`]: String(text) }, value: empty() };
  }));
}

/**
 * Change what is kept in one step no other tab's write comes between.
 * @param {Keyval} keyval @param {string} namespace @param {(kept: Kept) => void} change
 * @returns {Promise<Kept>}
 */
function changeKept(keyval, namespace, change) {
  return keyval.update(storageKey(namespace), (text) => {
    const kept = parsed(text) ?? empty();
    change(kept);
    return { text: JSON.stringify(kept), value: kept };
  });
}

/** Tournaments kept of each kind, at most: the oldest go first (a tournament runs for days or weeks). */
export const MAX_KEPT = 50;

/** @param {Keyval} keyval @param {string} namespace @param {Organised} organised */
export function keepOrganised(keyval, namespace, organised) {
  return changeKept(keyval, namespace, (kept) => {
    kept.organised = [...kept.organised.filter((o) => o.address !== organised.address), organised].slice(-MAX_KEPT);
  });
}

/** @param {Keyval} keyval @param {string} namespace @param {Entered} entered */
export function keepEntered(keyval, namespace, entered) {
  return changeKept(keyval, namespace, (kept) => {
    kept.entered = [...kept.entered.filter((e) => e.address !== entered.address), entered].slice(-MAX_KEPT);
  });
}

/**
 * How far the player was told of where they stand in a tournament they entered, changed in place (a whole entry
 * written back could undo a reveal noted meanwhile).
 * @param {Keyval} keyval @param {string} namespace @param {string} address @param {number} told
 */
export function keepTold(keyval, namespace, address, told) {
  return changeKept(keyval, namespace, (kept) => {
    for (const entered of kept.entered) if (entered.address === address && !entered.left) entered.told = told;
  });
}
