"""The bear-off database's first use in the page: a hint in a bear-off, when the worker must fetch and read
the database first, against a hint in another bear-off once it has.

    python3 -m benchmarks.bearoff_page [--rounds 5] [--no-build]

Builds the site (or serves dist/ as it is), opens it in the system Chromium with `?no-sw` (the file comes
from the local server), and in each round starts a new engine worker, asks for a hint at the start of a
game (the bot's code and networks are loaded), sets up a bear-off and asks for a hint (the database is
fetched and read), then sets up another and asks again. Prints each round's last two times (ms, the
worker round trip included) and their medians.
"""

from __future__ import annotations

import argparse
import json
import statistics

from playwright.sync_api import sync_playwright
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS, served_site

CONTACT = {"position_id": "4HPwATDgc/ABMA", "match_id": "cAkAAAAAAAAA"}
FIRST = {"position_id": "dwcAAGzbAAAAAA", "match_id": "cAkAAAAAAAAA"}
SECOND = {"position_id": "qy0AALRbAAAAAA", "match_id": "cAkAAAAAAAAA"}
ROUND = """
async ([contact, first, second]) => {
  const {createBridge} = await import("./web/engine/bridge.js");
  const bridge = createBridge();
  try {
    await bridge.ready;
    const times = [];
    for (const setup of [contact, first, second]) {
      await bridge.call("setup", setup);
      const began = performance.now();
      await bridge.call("hint", {});
      times.push(performance.now() - began);
    }
    return times.slice(1);
  } finally { bridge.terminate(); }
}
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    rounds = []
    with served_site(args.no_build) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url + "?no-sw&no-welcome")
        for _ in range(args.rounds):
            first, second = page.evaluate(ROUND, [CONTACT, FIRST, SECOND])
            rounds.append((round(first, 1), round(second, 1)))
            print(json.dumps({"first_hint_ms": rounds[-1][0], "second_hint_ms": rounds[-1][1]}), flush=True)
        browser.close()
    print(
        json.dumps(
            {
                "median_first_hint_ms": round(statistics.median(r[0] for r in rounds), 1),
                "median_second_hint_ms": round(statistics.median(r[1] for r in rounds), 1),
            }
        )
    )


if __name__ == "__main__":
    main()
