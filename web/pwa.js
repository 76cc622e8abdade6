// @ts-check
/**
 * Installs the site as an offline app (the service worker dist/sw.js) and tells the page when a new
 * version is ready.
 *
 *   import("./pwa.js")   (all a page needs; the game's page does it once started: web/offline-later.js)
 *
 * When a new build has been downloaded in the background, `<html data-update="ready">` is set, a
 * `backgammon:update-ready` event fires on `window`, and the player is offered a reload (a bar with
 * "Reload" and "Later", `#update-offer`). Nothing changes under the running page until
 * `offlineApp.applyUpdate()` is called (the "Reload" button): it activates the new version and
 * reloads (the match is in localStorage, so the reload restores it). Loaded on its own by each page (the game
 * and the tutorial), after their start: build.py keeps it one file that both import.
 */

/** Set before the page loads as `?no-sw` to keep the service worker out (tests that need the network). */
const DISABLED = new URL(location.href).searchParams.has("no-sw");

/**
 * @typedef {object} OfflineApp
 * @property {Promise<ServiceWorkerRegistration | null>} registration null where service workers are unavailable
 * @property {() => Promise<void>} applyUpdate switch to the waiting new version and reload
 * @property {() => Promise<boolean>} checkForUpdate ask the server for a new version now
 */

/**
 * Resolves once the page has started: the rules engine is ready (or failed) on a page that has one,
 * the load event elsewhere. Until then the first visit's downloads are left to the game; the offline
 * copy is made afterwards, mostly from what the browser has just fetched.
 * @returns {Promise<void>}
 */
function startupSettled() {
  const root = document.documentElement;
  const loaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve(undefined);
    else addEventListener("load", () => resolve(undefined), { once: true });
  });
  return loaded.then(
    () =>
      new Promise((resolve) => {
        const settled = () => !root.dataset.engine || root.dataset.engine !== "loading";
        if (settled()) return resolve(undefined);
        const observer = new MutationObserver(() => {
          if (settled()) {
            observer.disconnect();
            resolve(undefined);
          }
        });
        observer.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
      }),
  );
}

/** @param {ServiceWorker} worker */
function announceWhenInstalled(worker) {
  const notify = () => {
    // A waiting worker while another one controls the page is an update, not the first install.
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      document.documentElement.dataset.update = "ready";
      window.dispatchEvent(new CustomEvent("backgammon:update-ready"));
    }
  };
  if (worker.state === "installed") notify();
  else worker.addEventListener("statechange", notify);
}

/**
 * @param {string | URL} [scriptUrl] the service worker, at the site's root (its scope is that folder)
 * @returns {OfflineApp}
 */
export function registerOfflineApp(scriptUrl = new URL("../sw.js", import.meta.url)) {
  if (!("serviceWorker" in navigator) || DISABLED) {
    return {
      registration: Promise.resolve(null),
      applyUpdate: async () => location.reload(),
      checkForUpdate: async () => false,
    };
  }
  const registration = startupSettled()
    .then(() => navigator.serviceWorker.register(scriptUrl, { type: "classic" }))
    .then((reg) => {
      // A new version may already wait, or still be installing with its updatefound past (the browser's own update
      // check can come before this page registers).
      const found = reg.waiting ?? reg.installing;
      if (found) announceWhenInstalled(found);
      reg.addEventListener("updatefound", () => {
        if (reg.installing) announceWhenInstalled(reg.installing);
      });
      document.documentElement.dataset.offline = "registered";
      return reg;
    })
    .catch((error) => {
      // No offline copy (private mode, file://): the game itself still works online.
      console.warn("offline copy not installed:", error);
      return null;
    });

  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || document.documentElement.dataset.update !== "applying") return;
    reloading = true;
    location.reload();
  });

  return {
    registration,
    async applyUpdate() {
      const reg = await registration;
      if (!reg?.waiting) {
        location.reload();
        return;
      }
      document.documentElement.dataset.update = "applying";
      reg.waiting.postMessage({ type: "skip-waiting" });
    },
    async checkForUpdate() {
      const reg = await registration;
      if (!reg) return false;
      await reg.update();
      return Boolean(reg.installing || reg.waiting);
    },
  };
}

/**
 * Offer the player the new version: a small bar at the foot of the page with "Reload" and "Later".
 * Nothing reloads without the click, so a match in progress is never cut off (and a reload restores
 * it from localStorage). Styled through the CSSOM: the pages' CSP allows no inline style markup.
 * @param {OfflineApp} app
 * @returns {HTMLElement}
 */
export function showUpdateOffer(app) {
  const existing = document.getElementById("update-offer");
  if (existing) return existing;
  const bar = document.createElement("div");
  bar.id = "update-offer";
  bar.setAttribute("role", "status");
  Object.assign(bar.style, {
    position: "fixed", left: "50%", bottom: "1rem", transform: "translateX(-50%)", zIndex: "1000",
    display: "flex", gap: "0.75rem", alignItems: "center", flexWrap: "wrap", maxWidth: "calc(100vw - 2rem)",
    padding: "0.6rem 0.9rem", borderRadius: "0.5rem", background: "#1d1b18", color: "#fffdf8",
    boxShadow: "0 2px 10px rgb(0 0 0 / 0.3)", font: "inherit",
  });
  const text = document.createElement("span");
  text.textContent = "A new version of the game is ready.";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.dataset.action = "apply-update";
  reload.textContent = "Reload";
  reload.addEventListener("click", () => {
    reload.disabled = true;
    app.applyUpdate();
  });
  const later = document.createElement("button");
  later.type = "button";
  later.textContent = "Later";
  later.addEventListener("click", () => bar.remove());
  bar.append(text, reload, later);
  document.body.append(bar);
  return bar;
}

/** The app's one registration, made when a page loads this module. */
export const offlineApp = registerOfflineApp();
addEventListener("backgammon:update-ready", () => showUpdateOffer(offlineApp));
