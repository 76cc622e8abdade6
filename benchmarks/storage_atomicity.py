"""Whether a read-then-write of shared storage is atomic across two tabs, in the system Chromium.

Two pages of one origin each add 1 to a shared counter N times as fast as they can, by one of three methods:
`plain` (localStorage: read, write, yield a task), `lock` (the same read and write inside
`navigator.locks.request`, the Web Locks API, one lock for the origin) and `idb` (IndexedDB: the read and
the write in one readwrite transaction). A method is atomic across tabs when the counter ends at 2 N; every
missing count is an update lost because the other tab's write landed between a read and its write.

    python3 -m benchmarks.storage_atomicity                 # 500 steps a tab, 3 rounds
    python3 -m benchmarks.storage_atomicity --steps 2000 --rounds 5

Why it matters: the match page saves its record in localStorage and checks the stored revision first (issue
"Two tabs lose an action"). Chromium gives each renderer its own cached copy of localStorage and tells the
others of a write later, so a Web Lock orders the tabs' steps but not what each tab's copy holds.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, serving

PAGE = """<!doctype html><meta charset="utf-8"><title>storage atomicity</title>
<script>
const db = new Promise((resolve, reject) => {
  const open = indexedDB.open("atomicity", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("counter");
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});
function idb(mode, body) {
  return db.then((d) => new Promise((resolve, reject) => {
    const tx = d.transaction("counter", mode);
    const result = body(tx.objectStore("counter"));
    tx.oncomplete = () => resolve(result.value);
    tx.onerror = () => reject(tx.error);
  }));
}
function idbAdd() {
  return idb("readwrite", (store) => {
    const read = store.get("n");
    read.onsuccess = () => store.put((read.result ?? 0) + 1, "n");
    return {};
  });
}
function idbRead() {
  return idb("readonly", (store) => {
    const out = {};
    const read = store.get("n");
    read.onsuccess = () => { out.value = read.result ?? 0; };
    return out;
  });
}
const idbReset = () => idb("readwrite", (store) => (store.put(0, "n"), {}));
function localAdd() {
  localStorage.setItem("n", String(Number(localStorage.getItem("n") ?? "0") + 1));
}
async function count(steps, method) {
  for (let i = 0; i < steps; i += 1) {
    if (method === "idb") await idbAdd();
    else if (method === "lock") await navigator.locks.request("n", async () => localAdd());
    else { localAdd(); await new Promise((resolve) => setTimeout(resolve, 0)); }
  }
}
</script>
"""

METHODS = ("plain", "lock", "idb")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=500, help="additions by each tab in a round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder)) as server:
        (Path(folder) / "index.html").write_text(PAGE, encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            expected = 2 * args.steps
            print(f"{browser.version}: two tabs, {args.steps} additions each a round, expected {expected}")
            context = browser.new_context()
            tabs = [context.new_page(), context.new_page()]
            for tab in tabs:
                tab.goto(f"{server.url}index.html")
            for method in METHODS:
                totals = []
                for _ in range(args.rounds):
                    tabs[0].evaluate("localStorage.setItem('n', '0')")
                    tabs[0].evaluate("idbReset()")
                    tabs[0].wait_for_timeout(200)  # the reset reaches the other tab's copy
                    for tab in tabs:  # both start before either is awaited
                        tab.evaluate(f"void (window.done = count({args.steps}, '{method}'))")
                    for tab in tabs:
                        tab.evaluate("window.done")
                    tabs[0].wait_for_timeout(300)
                    read = "idbRead()" if method == "idb" else "Number(localStorage.getItem('n'))"
                    totals.append(int(tabs[0].evaluate(read)))
                lost = [2 * args.steps - total for total in totals]
                print(f"{method:5}  final counts {totals}  lost {lost}")
            browser.close()


if __name__ == "__main__":
    main()
