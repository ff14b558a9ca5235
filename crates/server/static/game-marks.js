// @ts-check
// The marks over the drawn cards: the cards picked up and the move a hint
// suggests. They live apart from the drawing because the table is drawn
// afresh on every view, and each mark must be put back from the state.

import { $, page, query, queryAll, say } from "./game-page.js";
import { moveList, movingCard } from "./game-moves.js";
import { t } from "./words.js";

export function markSelection() {
  const selected = page.selected;
  for (const c of queryAll("#felt .card.selected")) c.classList.remove("selected");
  if (!selected) return;
  for (const c of queryAll(`#felt .card[data-src="${selected.pile}"]`)) {
    if (Number(c.dataset.count) <= selected.count) c.classList.add("selected");
  }
}

/**
 * @param {string} pile
 * @param {number} count
 */
export function select(pile, count) {
  page.selected = { pile, count };
  markSelection();
  say(t("game-marks-picked-up", { card: movingCard(pile, count), more: count - 1 }));
}

export function clearSelection() {
  page.selected = null;
  markSelection();
}

/** Marks the hinted cards and their target on the table. */
export function markHint() {
  for (const e of queryAll("#felt .hint-from, #felt .hint-to")) e.classList.remove("hint-from", "hint-to");
  if (!page.hintShown || !page.hintShown.move) return;
  const move = page.hintShown.move;
  // The view's own listing of the move says its piles and count; a hint
  // that is no longer legal (the table changed meanwhile) marks nothing.
  const mv = moveList().find((m) => m.notation === move);
  if (!mv) return;
  if (mv.from === null || mv.to === null) {
    // A draw or a redeal: the stock is where it is played.
    const stock = query('#felt [data-pile="s"]');
    if (stock) stock.classList.add("hint-to");
    return;
  }
  const { from: src, to: dst, count } = mv;
  for (const c of queryAll(`#felt .card[data-src="${src}"]`)) {
    if (Number(c.dataset.count) <= count) c.classList.add("hint-from");
  }
  let target = null;
  if (dst === "f") {
    // The engine picks the slot: mark the slots the card could go to.
    target = query("#felt .foundations");
  } else target = query(`#felt [data-pile="${dst}"]`);
  if (target) target.classList.add("hint-to");
}

export function clearHint() {
  page.hintShown = null;
  const panel = $("hint-panel");
  const hadFocus = panel.contains(document.activeElement);
  panel.hidden = true;
  markHint();
  // The focus goes back to where the player was, not to the page's start.
  if (hadFocus) {
    const back = (page.hintFrom && query(`#felt [data-pile="${page.hintFrom}"]`)) || $("felt");
    back.focus({ preventScroll: true });
  }
}
