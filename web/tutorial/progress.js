// @ts-check
/**
 * Which lessons the learner has finished. On the site it is kept in localStorage under its own key;
 * in embed mode it lives in memory only, so an embedding page never reads or changes the site's
 * progress (nor the saved matches, which this module never touches).
 */

export const PROGRESS_KEY = "backgammon.tutorial.v1";
const SCHEMA = 1;

/**
 * @typedef {{schema: number, done: string[], last: string | null}} ProgressData
 * @typedef {{
 *   isDone(id: string): boolean,
 *   markDone(id: string): void,
 *   setLast(id: string): void,
 *   last(): string | null,
 *   count(): number,
 *   reset(): void,
 * }} Progress
 */

/** @returns {ProgressData} */
function empty() {
  return { schema: SCHEMA, done: [], last: null };
}

/**
 * @param {Storage | null} storage where to keep progress, or null to keep it in memory only
 * @returns {ProgressData}
 */
function load(storage) {
  if (!storage) return empty();
  let text;
  try {
    text = storage.getItem(PROGRESS_KEY);
  } catch {
    return empty();
  }
  if (text === null) return empty();
  try {
    const data = JSON.parse(text);
    if (data && data.schema === SCHEMA && Array.isArray(data.done)) {
      return {
        schema: SCHEMA,
        done: data.done.filter((/** @type {unknown} */ id) => typeof id === "string"),
        last: typeof data.last === "string" ? data.last : null,
      };
    }
  } catch {
    // fall through: unreadable data is kept aside below, never silently thrown away
  }
  try {
    storage.setItem(`${PROGRESS_KEY}.backup`, text);
  } catch {
    // storage full or denied: the backup is best effort
  }
  return empty();
}

/**
 * @param {{persist: boolean, storage?: Storage | null}} options
 * @returns {Progress}
 */
export function createProgress({ persist, storage = null }) {
  const store = persist ? (storage ?? safeLocalStorage()) : null;
  const data = load(store);
  const save = () => {
    if (!store) return;
    try {
      store.setItem(PROGRESS_KEY, JSON.stringify(data));
    } catch {
      // private mode or quota: progress simply is not kept
    }
  };
  return {
    isDone: (id) => data.done.includes(id),
    markDone(id) {
      if (!data.done.includes(id)) data.done.push(id);
      save();
    },
    setLast(id) {
      data.last = id;
      save();
    },
    last: () => data.last,
    count: () => data.done.length,
    reset() {
      data.done = [];
      data.last = null;
      save();
    },
  };
}

/** @returns {Storage | null} */
function safeLocalStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // e.g. a sandboxed iframe without storage access
  }
}
