// @ts-check
/**
 * The one unit review shows its figures in, named wherever a figure stands: EMG (equity per game at the cube, money
 * points in money play) or, in a match, MWC (the match winning chance, in per cent), as the player chooses. Errors,
 * luck, the plays' and the cube's equities and the summary all follow the choice. Pure functions, checked under Node.
 *
 * An analysis gives equities in EMG for the side on turn; in a match each decision carries `mwc_scale` (docs/analysis.md),
 * the MWC of that side after losing and after winning a single game at its cube, which maps EMG to MWC linearly.
 */

import { decimal, t } from "../i18n/i18n.js";
import { formatNumber } from "./analysis-data.js";

/** @typedef {"emg" | "mwc"} Unit */

/**
 * The unit's short name, written after a figure.
 * @param {Unit} unit
 */
export function unitName(unit) {
  return unit === "mwc" ? t("review.unitMwc") : t("review.unitEmg");
}

/**
 * The heading of a column of equities in `unit`: "Equity (EMG)", or in a match's chances simply "MWC" (a match
 * winning chance is no equity).
 * @param {Unit} unit
 */
export function equityHeading(unit) {
  return unit === "mwc" ? t("review.unitMwc") : t("review.equityHeading");
}

/**
 * @param {unknown} unit
 * @returns {Unit}
 */
export function checkUnit(unit) {
  return unit === "mwc" ? "mwc" : "emg";
}

/**
 * The unit decision `d` is shown in: MWC only where the analysis says how EMG maps to it (a match, analysed by this
 * version), else EMG.
 * @param {Record<string, any>} d @param {Unit} unit
 * @returns {Unit}
 */
export function unitOf(d, unit) {
  const s = d?.mwc_scale;
  return unit === "mwc" && s && typeof s.win === "number" && typeof s.lose === "number" ? "mwc" : "emg";
}

/**
 * An equity (EMG, the side on turn's) in the unit of `d`: MWC in per cent.
 * @param {Record<string, any>} d @param {number} emg @param {Unit} unit
 */
export function equityIn(d, emg, unit) {
  if (unitOf(d, unit) === "emg") return emg;
  const { win, lose } = d.mwc_scale;
  return (lose + ((emg + 1) * (win - lose)) / 2) * 100;
}

/**
 * A difference of equities (EMG) in the unit of `d`: MWC in per cent.
 * @param {Record<string, any>} d @param {number} emg @param {Unit} unit
 */
export function differenceIn(d, emg, unit) {
  if (unitOf(d, unit) === "emg") return emg;
  const { win, lose } = d.mwc_scale;
  return ((emg * (win - lose)) / 2) * 100;
}

/**
 * A figure of `unit` as a table shows it, under a heading that names the unit: `+0.081`, `−0.057` (EMG, three
 * decimals) or `54.3%`, `−1.25%` (MWC; a difference gets two decimals).
 * @param {number | null | undefined} value @param {Unit} unit @param {{signed?: boolean}} [how]
 */
export function figure(value, unit, { signed = false } = {}) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  const digits = unit === "emg" ? 3 : signed ? 2 : 1;
  return decimal(value, digits, { signed: signed || unit === "emg", percent: unit === "mwc" });
}

/**
 * A figure with its unit named, for a sentence: `−0.042 EMG`, `−0.85% MWC`.
 * @param {number | null | undefined} value @param {Unit} unit @param {{signed?: boolean}} [how]
 */
export function amount(value, unit, how = { signed: true }) {
  const text = figure(value, unit, how);
  return text === "—" ? text : t("review.amount", { figure: text, unit: unitName(unit) });
}

/**
 * What the play or cube action made in `d` cost (never negative), negative-signed as gnubg writes it, in the unit.
 * @param {Record<string, any>} d @param {Unit} unit
 */
export function errorAmount(d, unit) {
  const shown = unitOf(d, unit);
  return amount(-errorIn(d, shown), shown);
}

/**
 * The error of `d` in `shown`, the unit it is shown in: MWC in per cent.
 * @param {Record<string, any>} d @param {Unit} shown
 */
function errorIn(d, shown) {
  return shown === "mwc" ? differenceIn(d, (Number(d.error) || 0) / 1000, "mwc") : (Number(d.error) || 0) / 1000;
}

/**
 * The same error as a size, for a sentence that says it cost something: `0.042 EMG`, `0.85% MWC`.
 * @param {Record<string, any>} d @param {Unit} unit
 */
export function costAmount(d, unit) {
  const shown = unitOf(d, unit);
  const figureText = decimal(errorIn(d, shown), shown === "emg" ? 3 : 2, { percent: shown === "mwc" });
  return t("review.amount", { figure: figureText, unit: unitName(shown) });
}

/**
 * The luck of the roll of `d`, signed (good luck positive), in the unit.
 * @param {Record<string, any>} d @param {Unit} unit
 */
export function luckAmount(d, unit) {
  const shown = unitOf(d, unit);
  const luck = (Number(d.luck) || 0) / 1000;
  return amount(shown === "mwc" ? differenceIn(d, luck, "mwc") : luck, shown);
}

/**
 * A player's error rate (or luck rate: `key` "luck") in the summary's unit: mEMG per decision, the thousandths of EMG
 * gnubg gives (`12.3`), or in MWC the per cent of match chance per decision (`0.214%`). The MWC rates are the
 * analysis's MWC totals over the same counts as the EMG rates.
 * @param {Record<string, any>} p one player's figures @param {"overall" | "chequer" | "cube" | "luck"} key
 * @param {Unit} unit  "mwc" only for a match
 */
export function rate(p, key, unit) {
  if (unit === "emg" || !p.mwc) return formatNumber(p[key === "luck" ? "luck_rate" : `${key}_error_rate`]);
  const m = p.mwc;
  const totals = {
    overall: [(m.chequer_error_total ?? 0) + (m.cube_error_total ?? 0), (p.unforced_moves ?? 0) + (p.close_cube_decisions ?? 0)],
    chequer: [m.chequer_error_total ?? 0, p.unforced_moves ?? 0],
    cube: [m.cube_error_total ?? 0, p.close_cube_decisions ?? 0],
    luck: [m.luck_total ?? 0, p.moves ?? 0],
  }[key];
  const [total, count] = totals;
  const value = count ? total / count : 0;
  return decimal(value, 3, { percent: true });
}
