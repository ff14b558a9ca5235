// @ts-check
// The legal moves as the view lists them: the page knows no rules, so
// every question "can these cards go there?" is answered from this list.
// The view lists them as {notation, words, from, to, count}: the piles
// named as the table names them (t3, w, res, f2; f for the foundations as
// a destination), from and to null for a draw or a redeal.

import { cardShort } from "./table.js";
import { page } from "./game-page.js";
import { t } from "./words.js";

/** @import { GameView } from "./game-page.js" */

export function moveList() {
  return page.view ? page.view.table.moves : [];
}

/**
 * Whether `move` (in notation) is legal now; null never is.
 * @param {string | null} move
 */
export function has(move) {
  return moveList().some((m) => m.notation === move);
}

/**
 * @param {string} from
 * @param {string} to
 * @param {number} count
 */
export function moveText(from, to, count) {
  return `${from}-${to}` + (count > 1 ? `:${count}` : "");
}

/**
 * The counts of cards that can move from `pile` (a column may offer several).
 * @param {string} pile
 */
export function movableCounts(pile) {
  /** @type {Set<number>} */
  const counts = new Set();
  for (const m of moveList()) if (m.from === pile) counts.add(m.count);
  return [...counts].sort((a, b) => a - b);
}

/**
 * Where a drop on `pile` moves cards to, named as a move's `to`: a column,
 * the foundations (the engine picks the slot), or nowhere.
 * @param {string} pile
 */
export function destOf(pile) {
  if (/^t\d+$/.test(pile)) return pile;
  if (pile === "f" || /^f\d+$/.test(pile)) return "f";
  return null;
}

/**
 * The card a move out of `pile` of `count` cards starts with, as "7♥".
 * @param {string} pile
 * @param {number} count
 */
export function movingCard(pile, count) {
  const table = /** @type {GameView} */ (page.view).table;
  /** @type {string[]} */
  let cards = [];
  if (/^t\d+$/.test(pile)) cards = table.columns[Number(pile.slice(1)) - 1].face_up;
  else if (pile === "w") cards = table.waste;
  else if (pile === "res") cards = table.reserve;
  else if (/^f\d+$/.test(pile)) {
    const top = table.foundations[Number(pile.slice(1)) - 1].top;
    cards = top ? [top] : [];
  }
  const card = cards[cards.length - count];
  return card ? cardShort(card) : t("game-moves-that-card");
}
