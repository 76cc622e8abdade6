// @ts-check
/**
 * The pool's size as a player chooses it, in the rollout panel: the device's own count ("Automatic (3)"), or a
 * number of engines fixed, kept where the pool reads it whenever a rollout, a deep analysis or world class's helpers
 * start (web/engine/pool.js `chooseWorkers`).
 */
import { t } from "../i18n/i18n.js";
import { chooseWorkers, chosenWorkers, deviceFacts, poolSize } from "./pool.js";

/** The sizes offered besides the device's own. */
const SIZES = [1, 2, 3, 4, 6, 8];

/**
 * Fill `select` with the sizes, the one in force chosen (a size set by hand outside the list is offered too),
 * and keep the player's pick.
 * @param {HTMLSelectElement} select
 */
export function offerWorkers(select) {
  const chosen = chosenWorkers();
  const own = poolSize({ ...deviceFacts(), asked: 0 });
  select.replaceChildren(new Option(t("engines.auto", { count: own }), "0"));
  const sizes = !chosen || SIZES.includes(chosen) ? SIZES : [...SIZES, chosen].sort((a, b) => a - b);
  for (const size of sizes) select.add(new Option(t("engines.count", { count: size }), String(size)));
  select.value = String(chosen);
  select.onchange = () => void chooseWorkers(Number(select.value));
}
