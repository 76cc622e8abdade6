// @ts-check
/// <reference lib="webworker" />
/**
 * The offline copy of the site. build.py writes this file into dist/ with BUILD_ID (a hash of every
 * file it serves) and PRECACHE (every file of dist/) filled in.
 *
 * - install: the whole build goes into one cache named after BUILD_ID, so two versions never mix, and
 *   the WebAssembly runtime is compiled once from it (Chromium keeps that code for the next start);
 * - a new version installs in the background and then WAITS: the open page keeps running the version
 *   it started with (a match in progress is never switched under it) and is told an update is ready
 *   (web/pwa.js); it takes over when the page asks ({type: "skip-waiting"}) or once every tab is closed;
 * - activate: older builds' caches are deleted;
 * - fetch: cache first for the files of this build (query strings ignored: ?test-dice=, ?embed=1, yet
 *   kept as the URL the page or script runs at), the network for anything else.
 */

const BUILD_ID = "__BUILD_ID__";
/** @type {string[]} */
const PRECACHE = JSON.parse("__PRECACHE__");
const CACHE_PREFIX = "backgammon-";
const CACHE_NAME = CACHE_PREFIX + BUILD_ID;

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // cache: "no-cache" revalidates with the server: never a stale file from an older build, yet
      // nothing is downloaded twice when the first visit has just fetched it (a 304 answers).
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
      await compileWasmOnce(cache);
    })(),
  );
});

/**
 * Compile the runtime's WebAssembly once from the new cache, while nothing waits for it. Chromium
 * keeps compiled code alongside the cached file it came from, so the first start served from this
 * cache loads Pyodide's 9.6 MB of WebAssembly already compiled instead of compiling it on the spot
 * (and again in the background as its code warms up). Only an optimisation: a failure is ignored.
 * @param {Cache} cache
 */
async function compileWasmOnce(cache) {
  if (typeof WebAssembly === "undefined" || typeof WebAssembly.compileStreaming !== "function") return;
  for (const url of PRECACHE.filter((name) => name.endsWith(".wasm"))) {
    try {
      const response = await cache.match(url);
      if (response) await WebAssembly.compileStreaming(response);
    } catch {
      // the offline copy works without it
    }
  }
}

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
      );
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.type === "skip-waiting") {
    sw.skipWaiting();
  } else if (data.type === "build-id" && event.ports[0]) {
    event.ports[0].postMessage({ buildId: BUILD_ID });
  }
});

/** This build's cache, opened once per run of the service worker. @type {Promise<Cache> | null} */
let openCache = null;

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== sw.location.origin) return;
  event.respondWith(
    (async () => {
      openCache ??= caches.open(CACHE_NAME);
      const cache = await openCache;
      // Looked up by the URL without its query: an exact key is an indexed lookup, where
      // `ignoreSearch` scans every entry of the cache (slow, on every file of a start).
      const cached = await cache.match(url.search === "" ? request : url.origin + url.pathname);
      if (!cached) return fetch(request);
      if (url.search === "") return cached;
      // A copy without the cached URL: a script's own URL (a worker's `import.meta.url`, its
      // `location`) is the URL of the response it ran from, and `worker.js?test-dice=…` must keep
      // its query, as it does online.
      return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers: cached.headers });
    })(),
  );
});
