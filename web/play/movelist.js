// @ts-check
/**
 * The move list: the current game in standard notation (cube actions and passes included, as Python writes them in
 * view.notation), with the earlier games of the match folded away above it. Its lines carry the move numbers of the
 * game's .mat file ("1)", as GNU Backgammon numbers them), not a count of lines that reads as a point's number.
 */
import { currentLanguage, isolated, t } from "../i18n/i18n.js";
import { rowNumbers } from "../move-numbers.js";

/**
 * @typedef {{winner: number, kind: string, points: number, ending?: string}} GameResult
 * @typedef {{number: number, lines: string[], by?: number[], kinds?: string[], values?: number[], result?: GameResult | null}} NotatedGame
 */

/**
 * A line of the move list in the language's words: the cube's actions and the result as messages, a play in the
 * standard notation (the same in every language, left to right) but a roll that could not be played ("52: pass").
 * @param {string} line Python's, in English @param {string | undefined} kind @param {number | undefined} value
 */
function lineText(line, kind, value) {
  if (kind === "double") return t("moves.doubles", { value: value ?? 0 });
  if (kind === "beaver") return t("moves.beavers", { value: value ?? 0 });
  if (kind === "take") return t("moves.takes");
  if (kind === "drop") return t("moves.drops");
  if (kind === "win") return t("moves.wins", { points: value ?? 0 });
  const text = line.trim();
  if (kind !== "play" && kind !== "roll") return text;
  // "65: 6/off 5/off": the roll and the play each read left to right, as review writes them; in a language written
  // right to left the bidirectional algorithm would otherwise turn "6/off 5/off" into "off/5 off/6" on screen.
  const [roll, play] = text.split(/: ?/, 2);
  if (play === undefined) return isolated(text);
  return `${isolated(roll)}: ${play === "pass" ? t("moves.pass") : play ? isolated(play) : ""}`.trimEnd();
}

/**
 * Each line's move number, the row of the game's .mat file it is in (web/move-numbers.js). The result and a take
 * after a beaver are no cell of the file, and have no number.
 * @param {NotatedGame} game @returns {(number | null)[]}
 */
export function moveNumbers(game) {
  return rowNumbers((game.lines ?? []).map((_, i) => {
    const kind = game.kinds?.[i];
    const numbered = kind !== "win" && !(kind === "take" && game.kinds?.[i - 1] === "beaver");
    return { player: numbered ? game.by?.[i] : undefined, cell: true };
  }));
}

/**
 * A line's number cell: "1)" on the first line of a row, empty on the second (the columns stay aligned).
 * @param {number | null} number
 */
function numberCell(number) {
  const cell = document.createElement("span");
  cell.className = "move-number";
  cell.textContent = number === null ? "" : `${number})`;
  return cell;
}

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
    const numbers = moveNumbers(game);
    let lastNumber = /** @type {number | null} */ (null);
    /** @param {number | undefined} player @param {string} text @param {number | null} number */
    const addLine = (player, text, number) => {
      const item = document.createElement("li");
      const shown = number === lastNumber ? null : number;
      item.append(numberCell(shown));
      if (shown !== null) item.append(" "); // a line without a number reads as its words alone
      if (number !== null) lastNumber = number;
      // Who played each line: a roll, a cube action or a result alone does not say.
      if (player === 0 || player === 1) {
        const who = document.createElement("span");
        who.className = `who p${player}`;
        who.textContent = names[player] ?? t("moves.player", { number: player + 1 });
        item.append(who, " ");
      }
      item.append(text);
      list.append(item);
    };
    const lines = game.lines ?? [];
    // A game given up: the notation has the resigner's roll alone ("64:"), or nothing when they resigned before
    // rolling; the list says the resignation where it happened.
    const resigned = game.result?.ending === "resigned" ? t("review.resigns", { size: game.result.kind }) : "";
    lines.forEach((line, i) => {
      const kind = game.kinds?.[i];
      if (resigned && kind === "win" && game.kinds?.[i - 1] !== "roll") addLine(1 - (game.result?.winner ?? 0), resigned, null);
      const text = lineText(line, kind, game.values?.[i]);
      addLine(game.by?.[i], resigned && kind === "roll" ? `${text} ${resigned}` : text, numbers[i]);
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
