// @ts-check
/**
 * Where the page keeps what it saves (the match, the analyses, the history): texts by key in one IndexedDB object
 * store, because there a read and the write that follows it are one transaction, atomic across every tab of the
 * origin. localStorage is not: Chromium gives each tab its own copy and tells the others of a write later, so two
 * tabs that each read, check and write lose one of the writes, with or without a Web Lock around the steps
 * (benchmarks/storage_atomicity.py measured it; docs/architecture.md, "Saving across tabs").
 *
 * Where IndexedDB cannot be opened (some privacy modes, sandboxed frames), the same interface runs on localStorage:
 * saving works as it did before, one tab at a time, without the guarantee across tabs.
 *
 * Other tabs hear of a write through a BroadcastChannel (storage events on localStorage), by key.
 */

const DB_NAME = "backgammon";
const STORE = "texts";
const CHANNEL = "backgammon.storage";

/**
 * A change made inside one transaction: `text` is written (null removes the key); `value` is what update returns.
 * Without `text`, nothing is written. `also`: other keys written in the same transaction (a copy set aside).
 * @template T
 * @typedef {{text?: string | null, also?: Record<string, string>, value: T}} Change
 */

/**
 * @typedef {object} Keyval
 * @property {"indexeddb" | "localstorage" | "none"} kind
 * @property {(key: string) => Promise<string | null>} get
 * @property {<T>(key: string, change: (text: string | null) => Change<T>) => Promise<T>} update
 *   read `key`, decide, write: one step that no other tab's write can come between (on IndexedDB)
 * @property {(key: string, text: string | null) => Promise<void>} put  null removes the key
 * @property {(prefix: string) => Promise<string[]>} keys  the keys that start with `prefix`, in order
 * @property {(key: string, heard: () => void) => () => void} listen  call back when another tab writes `key`
 *   (or may have: a page that opens the store asks the others to look again)
 */

/** @returns {Storage | null} localStorage, or null where the browser refuses it */
export function safeLocalStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** @param {unknown} error @returns {Error} an error whose message can be shown to a player */
function plainError(error) {
  if (error instanceof DOMException && error.name === "QuotaExceededError") {
    return new Error("the browser's storage for this site is full (its quota is used up)");
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * @param {number} [version] a version above the one found, when the store is missing from it (none: the version there
 *   is, or a new database)
 * @returns {Promise<IDBDatabase | null>} the database, or null where IndexedDB cannot be used
 */
function openDatabase(version) {
  return new Promise((resolve) => {
    let request;
    try {
      request = globalThis.indexedDB?.open(DB_NAME, version);
    } catch {
      resolve(null);
      return;
    }
    if (!request) return resolve(null);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        // Created empty by someone else (a tool, a test): add the store in a version of its own.
        db.close();
        resolve(version ? null : openDatabase(db.version + 1));
        return;
      }
      // A newer version of the page wants the database: let it (this page then reports that it cannot save).
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/**
 * The IndexedDB store's ties to the other tabs: who listens to which key here, and the channel writes are told on.
 * @typedef {object} Tabs
 * @property {Map<string, Set<() => void>>} listeners  by key
 * @property {BroadcastChannel | null} channel  null while the page is in the back/forward cache
 */

/**
 * @param {IDBDatabase} db
 * @returns {Keyval}
 */
function indexedDbKeyval(db) {
  /** @type {Tabs} */
  const tabs = { listeners: new Map(), channel: null };
  hearOtherTabs(tabs);
  /** @type {Keyval["update"]} */
  const update = (key, change) => updateInDatabase(db, tabs, key, change);
  return {
    kind: "indexeddb",
    get: (key) => getFromDatabase(db, key),
    keys: (prefix) => keysInDatabase(db, prefix),
    update,
    put: (key, text) => update(key, () => ({ text, value: undefined })),
    listen(key, heard) {
      const set = tabs.listeners.get(key) ?? new Set();
      tabs.listeners.set(key, set);
      set.add(heard);
      return () => set.delete(heard);
    },
  };
}

/**
 * Call back this page's listeners of a key another tab wrote, for as long as the page lives.
 * @param {Tabs} tabs
 */
function hearOtherTabs(tabs) {
  const openChannel = () => {
    if (typeof BroadcastChannel !== "function") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event) => {
      const keys = event.data?.again ? [...tabs.listeners.keys()] : [String(event.data?.key)];
      for (const key of keys) for (const heard of tabs.listeners.get(key) ?? []) heard();
    };
    tabs.channel = channel;
    // A page that goes away (a reload, a closed tab) as its write is kept never tells of it: the write is kept, its
    // notice is not. So a page that opens the store asks the others to look again at every key they listen to.
    channel.postMessage({ again: true });
  };
  openChannel();
  // A page in the back/forward cache that a message reaches is thrown out of it (Chromium): the channel is closed
  // while the page is hidden there, and the page looks for what it missed when it is shown again (app.js).
  addEventListener("pagehide", (event) => {
    if (!event.persisted) return;
    tabs.channel?.close();
    tabs.channel = null;
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted && !tabs.channel) openChannel();
  });
}

/**
 * Read `key`, decide, write, in one readwrite transaction; the other tabs are told of a write once it is kept.
 * @template T
 * @param {IDBDatabase} db @param {Tabs} tabs @param {string} key
 * @param {(text: string | null) => Change<T>} change
 * @returns {Promise<T>}
 */
function updateInDatabase(db, tabs, key, change) {
  return new Promise((resolve, reject) => {
    /** @type {IDBTransaction} */
    let tx;
    try {
      tx = db.transaction(STORE, "readwrite");
    } catch (error) {
      reject(plainError(error));
      return;
    }
    const store = tx.objectStore(STORE);
    /** @type {any} */
    let outcome;
    let wrote = false;
    const read = store.get(key);
    read.onsuccess = () => {
      const text = typeof read.result === "string" ? read.result : null;
      try {
        outcome = change(text);
      } catch (error) {
        tx.abort();
        reject(error);
        return;
      }
      try {
        for (const [other, text] of Object.entries(outcome.also ?? {})) store.put(text, other);
        if (!("text" in outcome)) return;
        wrote = true;
        if (outcome.text === null) store.delete(key);
        else store.put(outcome.text, key);
      } catch (error) {
        // A write refused at once (the storage full, a closed database): nothing of the step is kept.
        tx.abort();
        reject(plainError(error));
      }
    };
    tx.oncomplete = () => {
      if (wrote) tabs.channel?.postMessage({ key });
      resolve(outcome.value);
    };
    // After a rejection above, this second one changes nothing.
    tx.onabort = () => reject(plainError(tx.error ?? new Error("the browser's storage refused the write")));
  });
}

/** @param {IDBDatabase} db @param {string} key @returns {Promise<string | null>} */
function getFromDatabase(db, key) {
  return new Promise((resolve, reject) => {
    try {
      const read = db.transaction(STORE, "readonly").objectStore(STORE).get(key);
      read.onsuccess = () => resolve(typeof read.result === "string" ? read.result : null);
      read.onerror = () => reject(plainError(read.error));
    } catch (error) {
      reject(plainError(error));
    }
  });
}

/**
 * @param {IDBDatabase} db @param {string} prefix
 * @returns {Promise<string[]>} the keys that start with `prefix`, in order
 */
function keysInDatabase(db, prefix) {
  return new Promise((resolve, reject) => {
    try {
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      const read = db.transaction(STORE, "readonly").objectStore(STORE).getAllKeys(range);
      read.onsuccess = () => resolve(read.result.map(String));
      read.onerror = () => reject(plainError(read.error));
    } catch (error) {
      reject(plainError(error));
    }
  });
}

/**
 * The same interface on localStorage (or on nothing: every write fails, every read is empty).
 * @param {Storage | null} store
 * @returns {Keyval}
 */
function localStorageKeyval(store) {
  /** @type {Keyval["update"]} */
  async function update(key, change) {
    if (!store) throw new Error("this browser does not allow saving (its storage is switched off for this site)");
    const outcome = change(store.getItem(key));
    try {
      for (const [other, text] of Object.entries(outcome.also ?? {})) store.setItem(other, text);
      if (outcome.text === null) store.removeItem(key);
      else if (typeof outcome.text === "string") store.setItem(key, outcome.text);
    } catch (error) {
      throw plainError(error);
    }
    return outcome.value;
  }
  return {
    kind: store ? "localstorage" : "none",
    get: async (key) => {
      try {
        return store?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    keys: async (prefix) => {
      try {
        const found = store ? Array.from({ length: store.length }, (_, i) => store.key(i) ?? "") : [];
        return found.filter((key) => key.startsWith(prefix)).sort();
      } catch {
        return [];
      }
    },
    update,
    put: (key, text) => update(key, () => ({ text, value: undefined })),
    listen(key, heard) {
      /** @param {StorageEvent} event */
      const listener = (event) => {
        if (event.storageArea === store && event.key === key) heard();
      };
      window.addEventListener("storage", listener);
      return () => window.removeEventListener("storage", listener);
    },
  };
}

/**
 * Move what earlier versions of the page kept in localStorage under the namespace's keys into IndexedDB (the first
 * page of the new version to open it moves them; a key IndexedDB already holds is not overwritten; backups stay
 * where they are). A match marked as a study position (the old `….match.v1.study` key) keeps the mark inside.
 * @param {Keyval} keyval @param {Storage} store @param {string} namespace
 */
async function moveLegacyKeys(keyval, store, namespace) {
  const keys = ["match.v1", "match.v1.previous", "analysis.v1", "history.v1"].map((name) => `${namespace}.${name}`);
  for (const key of keys) {
    let text;
    try {
      text = store.getItem(key);
    } catch {
      return;
    }
    if (text === null) continue;
    if (store.getItem(`${key}.study`) === "1") text = markedStudy(text);
    const legacy = text;
    try {
      await keyval.update(key, (current) => (current === null ? { text: legacy, value: undefined } : { value: undefined }));
      store.removeItem(key);
      store.removeItem(`${key}.study`);
    } catch {
      return; // left in localStorage; moved on a later visit
    }
  }
}

/** @param {string} text a saved match's envelope @returns {string} the same, marked as a study position */
function markedStudy(text) {
  try {
    return JSON.stringify({ ...JSON.parse(text), study: true });
  } catch {
    return text;
  }
}

/** @type {Promise<Keyval> | null} */
let opened = null;

/**
 * The page's storage, opened once (a page keeps one namespace: "backgammon", or "backgammon-test" in test mode).
 * @param {string} namespace whose keys an earlier version kept in localStorage are moved in on opening
 * @returns {Promise<Keyval>}
 */
export function openKeyval(namespace) {
  opened ??= (async () => {
    const db = await openDatabase();
    const local = safeLocalStorage();
    if (!db) return localStorageKeyval(local);
    const keyval = indexedDbKeyval(db);
    if (local) await moveLegacyKeys(keyval, local, namespace);
    return keyval;
  })();
  return opened;
}
