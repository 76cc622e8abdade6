// @ts-check
/** The new-match form: read it into the `settings` and `players` of `new_match`, or fill it from a view. */

/**
 * @typedef {{match_length: number, crawford: boolean, jacoby: boolean, beavers: boolean,
 *   automatic_doubles: number, strict_doubling: boolean}} Settings
 * @typedef {{name: string, kind: "human" | "computer", level?: string}} Player
 */

/** @type {{settings: Settings, players: Player[]}} */
export const DEFAULT_MATCH = Object.freeze({
  settings: { match_length: 5, crawford: true, jacoby: false, beavers: false, automatic_doubles: 0, strict_doubling: false },
  players: [
    { name: "White", kind: "human" },
    { name: "Black", kind: "human" },
  ],
});

/**
 * @param {HTMLFormElement} form
 * @returns {{ok: true, settings: Settings, players: Player[]} | {ok: false, error: string}}
 */
export function readNewMatchForm(form) {
  const data = new FormData(form);
  const text = (/** @type {string} */ k) => String(data.get(k) ?? "").trim();
  const name0 = text("name0") || "White";
  const name1 = text("name1") || "Black";
  const money = text("kind") === "money";
  const length = Number(text("length"));
  if (!money && !(Number.isInteger(length) && length >= 1 && length <= 25)) {
    return { ok: false, error: "The match length must be a whole number of points from 1 to 25." };
  }
  const autoDoubles = Number(text("automatic_doubles") || "0");
  if (!(Number.isInteger(autoDoubles) && autoDoubles >= 0 && autoDoubles <= 6)) {
    return { ok: false, error: "Automatic doubles must be a whole number from 0 to 6." };
  }
  if (name0 === name1) return { ok: false, error: "Give the two players different names." };
  const computer = text("opponent") === "computer";
  /** @type {Player} */
  const second = computer ? { name: name1, kind: "computer", level: text("level") || "intermediate" } : { name: name1, kind: "human" };
  return {
    ok: true,
    settings: {
      match_length: money ? 0 : length,
      crawford: !money && data.get("crawford") !== null,
      jacoby: money && data.get("jacoby") !== null,
      beavers: money && data.get("beavers") !== null,
      automatic_doubles: money ? autoDoubles : 0,
      strict_doubling: data.get("strict_doubling") !== null,
    },
    players: [{ name: name0, kind: "human" }, second],
  };
}

/**
 * Fill the form from the current match so "New match" offers the same again.
 * @param {HTMLFormElement} form
 * @param {Record<string, any> | null} view
 */
export function fillNewMatchForm(form, view) {
  const settings = view?.settings ?? DEFAULT_MATCH.settings;
  const players = view?.players ?? DEFAULT_MATCH.players;
  const el = (/** @type {string} */ name) => /** @type {any} */ (form.elements.namedItem(name));
  el("name0").value = players[0]?.name ?? "White";
  el("name1").value = players[1]?.name ?? "Black";
  el("opponent").value = players[1]?.kind === "computer" ? "computer" : "human";
  if (players[1]?.level) el("level").value = players[1].level;
  const money = !settings.match_length;
  for (const radio of form.querySelectorAll("input[name=kind]")) {
    const r = /** @type {HTMLInputElement} */ (radio);
    r.checked = r.value === (money ? "money" : "match");
  }
  el("length").value = String(settings.match_length || 5);
  el("crawford").checked = settings.crawford !== false;
  el("jacoby").checked = Boolean(settings.jacoby);
  el("beavers").checked = Boolean(settings.beavers);
  el("automatic_doubles").value = String(settings.automatic_doubles ?? 0);
  el("strict_doubling").checked = Boolean(settings.strict_doubling);
}
