// @ts-check
/**
 * A tournament's events as this page writes them (docs/tournaments.md, *The events*): the announcement (kind 31663,
 * addressable, one per `d`), an entry (kind 1663) with its commitment, a leave (kind 1666), the organiser's closing (kind 1664) and a reveal
 * (kind 1665); a tournament's match's result is the lobby's (kind 1660) naming its tournament. Unsigned here: the
 * identity's signer (web/lobby/identity.js `loadSigner`) signs them; the worker checks them
 * (py/backgammon/tournament/events.py).
 */

import { RESULT_KIND, TOPIC, newInvitationId } from "./events.js";

export const ANNOUNCEMENT_KIND = 31663;
export const ENTRY_KIND = 1663;
export const CLOSING_KIND = 1664;
export const REVEAL_KIND = 1665;
export const LEAVE_KIND = 1666;
export const CLAIM_KIND = 1667;
export const ANSWER_KIND = 1668;

/** @returns {string} a new tournament id (`d`): 16 random symbols of 0-9 and a-z, as an invitation's */
export const newTournamentId = newInvitationId;

/**
 * A tournament's address, which every other event of it names ("31663:<organiser>:<d>").
 * @param {string} organiser
 * @param {string} d
 */
export const tournamentAddress = (organiser, d) => `${ANNOUNCEMENT_KIND}:${organiser}:${d}`;

/**
 * The announcement's event, unsigned. `organiserName`: the organiser's name in the lobby; `moveHours`: the hours a
 * player has to move in a tournament by links (null for a live one); `closes`: when registration closes (whole
 * seconds since 1970).
 * @param {{d: string, name: string, organiserName: string, format: "knockout" | "roundrobin", length: number,
 *   mode: "live" | "links", moveHours: number | null, places: number, rated: boolean, closes: number, createdAt: number}} terms
 */
export function announcementTemplate({ d, name, organiserName, format, length, mode, moveHours, places, rated, closes, createdAt }) {
  /** @type {Record<string, unknown>} */
  const content = { v: 1, name, organiser_name: organiserName, format, length, mode };
  if (mode === "links") content.move_hours = moveHours;
  Object.assign(content, { places, rated, closes });
  return { kind: ANNOUNCEMENT_KIND, created_at: createdAt, tags: [["d", d], ["t", TOPIC]], content: JSON.stringify(content) };
}

/**
 * An entry's event, unsigned: the entrant's name and the commitment to their secret value (the worker's
 * `tournament_commitment`).
 * @param {{address: string, name: string, commitment: string, createdAt: number}} entry
 */
export function entryTemplate({ address, name, commitment, createdAt }) {
  return { kind: ENTRY_KIND, created_at: createdAt, tags: [["a", address], ["t", TOPIC]], content: JSON.stringify({ v: 1, name, commitment }) };
}

/**
 * An entrant's leave, unsigned: the id of the entry taken back, before registration closes.
 * @param {{address: string, entry: string, createdAt: number}} leave
 */
export function leaveTemplate({ address, entry, createdAt }) {
  return { kind: LEAVE_KIND, created_at: createdAt, tags: [["a", address], ["t", TOPIC]], content: JSON.stringify({ v: 1, entry }) };
}

/**
 * The organiser's closing, unsigned: the ids of the entries taken and when the reveals close (the worker's
 * `tournament_closing`).
 * @param {{address: string, entries: string[], revealsUntil: number, createdAt: number}} closing
 */
export function closingTemplate({ address, entries, revealsUntil, createdAt }) {
  const content = JSON.stringify({ v: 1, entries, reveals_until: revealsUntil });
  return { kind: CLOSING_KIND, created_at: createdAt, tags: [["a", address], ["t", TOPIC]], content };
}

/**
 * A reveal's event, unsigned: the secret value behind the entry's commitment (64 hex digits).
 * @param {{address: string, value: string, createdAt: number}} reveal
 */
export function revealTemplate({ address, value, createdAt }) {
  return { kind: REVEAL_KIND, created_at: createdAt, tags: [["a", address], ["t", TOPIC]], content: JSON.stringify({ v: 1, value }) };
}

/**
 * A tournament's match's result, unsigned: the lobby's result (`content` as the worker's `lobby_result_statement`
 * states it with the tournament, round and table) with the tournament's address in an `a` tag too, so that a
 * subscription to the tournament's events brings it.
 * @param {{address: string, other: string, content: string, createdAt: number}} result
 */
export function tournamentResultTemplate({ address, other, content, createdAt }) {
  return { kind: RESULT_KIND, created_at: createdAt, tags: [["p", other], ["t", TOPIC], ["a", address]], content };
}

/**
 * A player's claim of their match (docs/tournaments.md, *Claims*), unsigned: their opponent has not started, or
 * has gone silent, for the time limit; it wins by forfeit unless the opponent answers within the window.
 * @param {{address: string, round: number, table: number, createdAt: number}} claim
 */
export function claimTemplate({ address, round, table, createdAt }) {
  return { kind: CLAIM_KIND, created_at: createdAt, tags: [["a", address], ["t", TOPIC]], content: JSON.stringify({ v: 1, round, table }) };
}

/**
 * The claimed player's answer, unsigned: they are there and play on, which voids the claim (its id).
 * @param {{address: string, round: number, table: number, claim: string, createdAt: number}} answer
 */
export function answerTemplate({ address, round, table, claim, createdAt }) {
  const content = JSON.stringify({ v: 1, round, table, claim });
  return { kind: ANSWER_KIND, created_at: createdAt, tags: [["a", address], ["t", TOPIC]], content };
}
