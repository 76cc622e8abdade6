// @ts-check
/**
 * The player's identity in this browser: a Nostr key pair made here at first use, the name they choose, and the
 * mark derived from the public key (web/lobby/mark.js). Kept in the page's storage (web/keyval.js) under
 * `<namespace>.identity.v1` as `{"version": 1, "secret": "<64 hex digits>", "name": "Alex", "created": "<ISO time>"}`;
 * the public key, npub and mark are derived from the secret each time, so they can never disagree with it.
 *
 * Made once: the first page to need it reads, makes and writes in one storage transaction, so two tabs opening it at
 * once end with the same key (the second finds the first's). The secret key leaves this module only when the player
 * exports it; nothing here sends anything anywhere (docs/identity.md).
 *
 *   const { identity, notice } = await loadIdentity({ namespace, defaultName: "Alex" });
 *   await renameIdentity(namespace, "Alexandra");
 *   const read = await readIdentityText(pastedOrFileText);   // {ok: true, secret, name} or {ok: false, error}
 *   await replaceIdentity(namespace, read);
 */
import { openKeyval } from "../keyval.js";
import { markOfKey } from "./mark.js";
import { checkName } from "./name.js";
import { t } from "../i18n/i18n.js";

const VERSION = 1;
/** What an identity file says it is (its `kind`). */
export const IDENTITY_FILE_KIND = "backgammon identity";
/** An identity file is a few hundred bytes: anything much larger is something else, refused before it is read. */
export const MAX_IDENTITY_FILE_BYTES = 4096;

/**
 * @typedef {object} Identity
 * @property {string} publicKey  64 hex digits
 * @property {string} npub  the public key as Nostr writes it (`npub1…`)
 * @property {string} name  "" until the player chooses one (and no default was known)
 * @property {import("./mark.js").Mark} mark
 */

/** @typedef {{version: number, secret: string, name: string, created: string}} Kept */

/** nostr-tools, joined into web/lobby/keys.js, loaded the first time an identity is needed. */
const keysModule = () => import("./keys.js");

/** @param {string} namespace */
const storageKey = (namespace) => `${namespace}.identity.v1`;

/**
 * @param {string | null} text  what storage holds
 * @param {(secret: string) => string} publicKeyOf
 * @returns {Kept | null} the kept identity, or null when there is none or it is damaged
 */
function parseKept(text, publicKeyOf) {
  if (text === null) return null;
  try {
    const data = JSON.parse(text);
    if (data?.version !== VERSION || typeof data.secret !== "string" || typeof data.name !== "string") return null;
    publicKeyOf(data.secret); // throws for anything that is not a usable secret key
    const name = data.name === "" ? "" : checkName(data.name);
    if (typeof name !== "string" && !(name.ok && name.name === data.name)) return null;
    return { version: VERSION, secret: data.secret, name: data.name, created: String(data.created ?? "") };
  } catch {
    return null;
  }
}

/**
 * @param {Kept} kept @param {typeof import("./keys.js")} keys
 * @returns {Promise<Identity>}
 */
async function identityOf(kept, keys) {
  const publicKey = keys.publicKeyOf(kept.secret);
  return { publicKey, npub: keys.npubOf(publicKey), name: kept.name, mark: await markOfKey(publicKey) };
}

/**
 * The identity of this browser, made now if there is none.
 * @param {{namespace: string, defaultName?: string}} options  defaultName: the name the page already knows the
 *   player by (kept if it passes the checks of a name)
 * @returns {Promise<{identity: Identity, notice: string | null}>}  notice: what the player should know (a damaged
 *   identity set aside and a new one made)
 */
export async function loadIdentity({ namespace, defaultName = "" }) {
  const keys = await keysModule();
  const keyval = await openKeyval(namespace);
  const key = storageKey(namespace);
  const checkedDefault = checkName(defaultName);
  const { kept, notice } = await keyval.update(key, madeOrFound);
  return { identity: await identityOf(kept, keys), notice };

  /** @param {string | null} text @returns {import("../keyval.js").Change<{kept: Kept, notice: string | null}>} */
  function madeOrFound(text) {
    const found = parseKept(text, keys.publicKeyOf);
    if (found) return { value: { kept: found, notice: null } };
    /** @type {Kept} */
    const made = {
      version: VERSION,
      secret: keys.newSecretKey(),
      name: checkedDefault.ok ? checkedDefault.name : "",
      created: new Date().toISOString(),
    };
    const fresh = JSON.stringify(made);
    if (text === null) return { text: fresh, value: { kept: made, notice: null } };
    // Damaged: set aside (never trusted, never thrown away) and replaced by a new identity.
    return {
      text: fresh,
      also: { [`${key}.damaged`]: text },
      value: { kept: made, notice: t("identity.damaged") },
    };
  }
}

/**
 * Change the name (checked as web/lobby/name.js says) of the identity kept, whatever another tab did meanwhile.
 * @param {string} namespace @param {string} name  already checked
 * @returns {Promise<Identity>}
 */
export async function renameIdentity(namespace, name) {
  const checked = checkName(name);
  if (!checked.ok) throw new Error(checked.error);
  const keys = await keysModule();
  const keyval = await openKeyval(namespace);
  const kept = await keyval.update(storageKey(namespace), (text) => {
    const found = parseKept(text, keys.publicKeyOf);
    if (!found) throw new Error(t("identity.gone"));
    const renamed = { ...found, name: checked.name };
    return { text: JSON.stringify(renamed), value: renamed };
  });
  return identityOf(kept, keys);
}

/**
 * Put an imported identity in the place of the one kept (the player has confirmed it).
 * @param {string} namespace @param {{secret: string, name: string | null}} imported  name null: keep this browser's
 * @returns {Promise<Identity>}
 */
export async function replaceIdentity(namespace, { secret, name }) {
  const keys = await keysModule();
  keys.publicKeyOf(secret);
  const keyval = await openKeyval(namespace);
  const kept = await keyval.update(storageKey(namespace), (text) => {
    const current = parseKept(text, keys.publicKeyOf);
    /** @type {Kept} */
    const next = { version: VERSION, secret, name: name ?? current?.name ?? "", created: new Date().toISOString() };
    return { text: JSON.stringify(next), value: next };
  });
  return identityOf(kept, keys);
}

/**
 * The secret key of the identity kept, as the player exports it: the `nsec1…` text and an identity file's text.
 * @param {string} namespace
 * @returns {Promise<{nsec: string, fileText: string}>}
 */
export async function exportIdentity(namespace) {
  const keys = await keysModule();
  const keyval = await openKeyval(namespace);
  const kept = parseKept(await keyval.get(storageKey(namespace)), keys.publicKeyOf);
  if (!kept) throw new Error(t("identity.noneToExport"));
  const nsec = keys.nsecOf(kept.secret);
  const file = { kind: IDENTITY_FILE_KIND, version: VERSION, name: kept.name, nsec };
  return { nsec, fileText: `${JSON.stringify(file, null, 2)}\n` };
}

/**
 * Read what the player gives to import: a secret key (`nsec1…`) pasted, or an identity file's text (its name comes
 * with it). Anything else is refused in plain words.
 * @param {string} text
 * @returns {Promise<{ok: true, secret: string, name: string | null, npub: string, mark: import("./mark.js").Mark} | {ok: false, error: string}>}
 */
export async function readIdentityText(text) {
  const keys = await keysModule();
  const typed = text.trim();
  let nsecText = typed;
  /** @type {string | null} */
  let name = null;
  if (typed.startsWith("{")) {
    /** @type {any} */
    let data;
    try {
      data = JSON.parse(typed);
    } catch {
      return { ok: false, error: t("identity.fileDamaged") };
    }
    if (data?.kind !== IDENTITY_FILE_KIND || typeof data.nsec !== "string") {
      return { ok: false, error: t("identity.fileOther") };
    }
    nsecText = data.nsec;
    const checked = typeof data.name === "string" && data.name !== "" ? checkName(data.name) : null;
    name = checked?.ok ? checked.name : null;
  }
  const read = keys.readNsec(nsecText);
  if (!read.ok) return read;
  const publicKey = keys.publicKeyOf(read.secret);
  return { ok: true, secret: read.secret, name, npub: keys.npubOf(publicKey), mark: await markOfKey(publicKey) };
}

/**
 * Call back when another tab changes the identity kept.
 * @param {string} namespace @param {() => void} heard
 * @returns {Promise<() => void>} unbind
 */
export async function listenIdentity(namespace, heard) {
  const keyval = await openKeyval(namespace);
  return keyval.listen(storageKey(namespace), heard);
}

/**
 * @typedef {object} Signer  what the lobby does with the identity's secret key, without holding it
 * @property {string} publicKey
 * @property {string} name
 * @property {(template: {kind: number, created_at: number, tags: string[][], content: string}) => import("nostr-tools/pure").VerifiedEvent} sign
 * @property {(publicKey: string, text: string) => string} encryptTo  NIP-44, to that key alone
 * @property {(publicKey: string, payload: string) => string} decryptFrom
 */

/**
 * The identity kept (made now if there is none) as a signer: the secret key stays inside these functions.
 * @param {{namespace: string, defaultName?: string}} options
 * @returns {Promise<Signer>}
 */
export async function loadSigner(options) {
  const { identity } = await loadIdentity(options);
  const keys = await keysModule();
  const keyval = await openKeyval(options.namespace);
  const kept = parseKept(await keyval.get(storageKey(options.namespace)), keys.publicKeyOf);
  if (!kept || keys.publicKeyOf(kept.secret) !== identity.publicKey) throw new Error(t("identity.changed"));
  const { secret } = kept;
  return {
    publicKey: identity.publicKey,
    name: identity.name,
    sign: (template) => keys.signEvent(template, secret),
    encryptTo: (publicKey, text) => keys.encryptTo(secret, publicKey, text),
    decryptFrom: (publicKey, payload) => keys.decryptFrom(secret, publicKey, payload),
  };
}
