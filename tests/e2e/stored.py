"""What the page keeps in IndexedDB (web/keyval.js: database "backgammon", store "texts", texts by key), read
and written from a test as another script of the same origin would: the match, the analyses and the history
live there; the preferences stay in localStorage."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# Opens the page's database without creating it (a test must not make a database the page did not).
_OPEN = """
const openStore = (mode) => new Promise((resolve, reject) => {
  const request = indexedDB.open("backgammon");
  request.onupgradeneeded = () => request.transaction.abort();
  request.onerror = () => resolve(null);
  request.onsuccess = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains("texts")) { db.close(); resolve(null); return; }
    const tx = db.transaction("texts", mode);
    tx.oncomplete = () => db.close();
    resolve(tx.objectStore("texts"));
  };
});
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
"""

STORED_TEXT_JS = (
    "async (key) => {"
    + _OPEN
    + """
  const store = await openStore("readonly");
  if (!store) return null;
  const text = await done(store.get(key));
  return typeof text === "string" ? text : null;
}"""
)

STORED_ITEMS_JS = (
    "async (prefix) => {"
    + _OPEN
    + """
  const store = await openStore("readonly");
  if (!store) return {};
  const keys = (await done(store.getAllKeys())).filter((k) => String(k).startsWith(prefix));
  const items = {};
  for (const key of keys) items[key] = await done(store.get(key));
  return items;
}"""
)

STORE_TEXT_JS = """async ([key, text]) => {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("backgammon");
    request.onupgradeneeded = () => request.result.createObjectStore("texts");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction("texts", "readwrite");
    if (text === null) tx.objectStore("texts").delete(key);
    else tx.objectStore("texts").put(text, key);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  // Tabs of the page hear of a write on this channel (web/keyval.js).
  const channel = new BroadcastChannel("backgammon.storage");
  channel.postMessage({ key });
  channel.close();
}"""


def stored_text(page: Page, key: str) -> str | None:
    """The text the page keeps under `key`, or None."""
    text: str | None = page.evaluate(STORED_TEXT_JS, key)
    return text


def stored_items(page: Page, prefix: str) -> dict[str, Any]:
    """Every key the page keeps that starts with `prefix`, with its text (backups: `<key>.backup.<time>`)."""
    items: dict[str, Any] = page.evaluate(STORED_ITEMS_JS, prefix)
    return items


def store_text(page: Page, key: str, text: str | None) -> None:
    """Write `text` under `key` (None removes it) and tell the page's tabs, as another tab would."""
    page.evaluate(STORE_TEXT_JS, [key, text])
