// The public Nostr relays trystero (pinned in package.json) picks for our application id, as JSON. Used by
// build.py when the site names no relays of its own (remote.json, --relay): the page is then given exactly
// trystero's choice, and its Content-Security-Policy names exactly these.
//
//   node scripts/default_relays.mjs      # ["wss://…", …]
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = resolve(fileURLToPath(new URL("..", import.meta.url)));
const load = (path) => import(pathToFileURL(join(repoRoot, path)).href);
const { APP_ID } = await load("web/relays.js");
const { defaultRelayUrls } = await load("node_modules/@trystero-p2p/nostr/dist/index.mjs");
const { getRelays } = await load("node_modules/@trystero-p2p/core/dist/index.mjs");

// As trystero's Nostr strategy calls it: its default list, shuffled by the app id, its default redundancy (5).
const relays = getRelays({ appId: APP_ID }, defaultRelayUrls, 5, true);
process.stdout.write(JSON.stringify(relays));
