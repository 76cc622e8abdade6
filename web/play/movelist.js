// @ts-check
/**
 * The move list: the current game in standard notation (cube actions and passes included, as Python writes them in
 * view.notation), with the earlier games of the match folded away above it.
 */
import { currentLanguage, t } from "../i18n/i18n.js";

/**
 * @typedef {{winner: number, kind: string, points: number}} GameResult
 * @typedef {{number: number, lines: string[], by?: number[], result?: GameResult | null}} NotatedGame
 */

/**
 * @param {HTMLElement} container
 * @param {{games?: NotatedGame[]} | null | undefined} notation
 * @param {string[]} names the players' names: who played each line, who won the earlier games
 */
export function renderMoveList(container, notation, names) {
  const games = notation?.games ?? [];
  const key = JSON.stringify([games, names, currentLanguage()]);
  if (container.dataset.key === key) return; // unchanged: keep the scroll position and open folds
  container.dataset.key = key;
  const fragment = document.createDocumentFragment();
  games.forEach((game, index) => {
    const current = index === games.length - 1;
    const list = document.createElement("ol");
    list.className = "moves";
    (game.lines ?? []).forEach((line, i) => {
      const item = document.createElement("li");
      // Who played each line: a roll, a cube action or a result alone does not say.
      const player = game.by?.[i];
      if (player === 0 || player === 1) {
        const who = document.createElement("span");
        who.className = `who p${player}`;
        who.textContent = names[player] ?? t("moves.player", { number: player + 1 });
        item.append(who, " ");
      }
      item.append(line.trim());
      list.append(item);
    });
    if (current) {
      const heading = document.createElement("h3");
      heading.textContent = t("moves.game", { number: game.number });
      fragment.append(heading, list);
    } else {
      const fold = document.createElement("details");
      const summary = document.createElement("summary");
      const r = game.result;
      const winner = r ? (names[r.winner] ?? t("moves.player", { number: r.winner + 1 })) : "";
      summary.textContent = r
        ? t("moves.gameWon", { number: game.number, name: winner, points: r.points })
        : t("moves.game", { number: game.number });
      fold.append(summary, list);
      fragment.append(fold);
    }
  });
  if (games.length === 0) {
    const empty = document.createElement("p");
    empty.textContent = t("moves.none");
    fragment.append(empty);
  }
  container.replaceChildren(fragment);
  // The latest move in sight, without scrolling the page. Read in the next frame, where the browser lays the page
  // out anyway: read here, scrollHeight would lay it out once more in the middle of a render (a forced layout,
  // tens of ms on a phone when the engine's first answer redraws the panel and the board).
  if (games.length > 0) requestAnimationFrame(() => (container.scrollTop = container.scrollHeight));
}
