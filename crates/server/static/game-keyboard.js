// @ts-check
// The game played from the keyboard alone: the arrows walk the piles and
// choose how many cards to take, Enter does what a click does, and letters
// stand for the buttons. Keys meant for a form field, a button or a link
// are left to it.

import { announce, closeMenu, page, queryAll, say } from "./game-page.js";
import { destOf, has, movableCounts } from "./game-moves.js";
import { clearHint, clearSelection } from "./game-marks.js";
import { attempt, draw, send } from "./game-server.js";
import { hint, playHint } from "./game-hints.js";
import { activate } from "./game-pointer.js";

/** @type {Record<string, number>} */
const kbDepth = {}; // column -> how many cards the keyboard has picked

function focusables() {
  return [...queryAll("#felt [data-pile][tabindex]")];
}

/** @param {KeyboardEvent} e */
export function onKey(e) {
  const on = /** @type {Element} */ (e.target);
  // A question asked in the page takes the keys until it is answered.
  if (!page.view || on.closest("input, select, textarea, dialog") || document.querySelector("dialog[open]")) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key;
  if (ctrl && (key === "z" || key === "Z")) {
    e.preventDefault();
    send({ action: e.shiftKey ? "redo" : "undo" });
    return;
  }
  if (ctrl && (key === "y" || key === "Y")) {
    e.preventDefault();
    send({ action: "redo" });
    return;
  }
  if (ctrl || e.altKey) return;
  const focused = on.closest && /** @type {HTMLElement | null} */ (on.closest("#felt [data-pile][tabindex]"));
  const pile = focused ? /** @type {string} */ (focused.dataset.pile) : null;
  // Keys on buttons and links are theirs (Enter presses them), except Escape.
  if (!focused && on.closest("button, a, summary") && key !== "Escape") return;
  switch (key) {
    case "ArrowLeft":
    case "ArrowRight": {
      const all = focusables();
      if (!all.length) return;
      const i = focused ? all.indexOf(focused) : -1;
      const next = all[(i + (key === "ArrowRight" ? 1 : -1) + all.length) % all.length];
      next.focus();
      showDepth(next.dataset.pile);
      e.preventDefault();
      return;
    }
    case "ArrowUp":
    case "ArrowDown": {
      if (!pile || !pile.startsWith("t")) return;
      const can = movableCounts(pile);
      if (!can.length) return;
      const now = kbDepth[pile] && can.includes(kbDepth[pile]) ? kbDepth[pile] : can[0];
      const i = can.indexOf(now);
      kbDepth[pile] = can[Math.max(0, Math.min(can.length - 1, i + (key === "ArrowUp" ? 1 : -1)))];
      showDepth(pile);
      e.preventDefault();
      return;
    }
    case "Enter":
    case " ": {
      if (!pile) {
        // Enter plays the hint on the table.
        if (key === "Enter" && page.hintShown && has(page.hintShown.move)) {
          e.preventDefault();
          playHint();
        }
        return;
      }
      e.preventDefault();
      if (pile === "s") {
        draw();
        return;
      }
      const can = movableCounts(pile);
      const blocked = !page.selected && page.view.blocked.find((b) => b.pile === pile);
      if (blocked) {
        // Nothing to pick up: say why, as a click on the card does.
        say(blocked.words, true);
        announce(blocked.words);
        return;
      }
      const depth = kbDepth[pile] && can.includes(kbDepth[pile]) ? kbDepth[pile] : can[0] || null;
      activate(pile, page.selected ? (destOf(pile) && !can.length ? null : depth) : depth);
      return;
    }
    case "Escape":
      clearSelection();
      clearHint();
      closeMenu();
      say("");
      return;
    case "f":
    case "F": {
      const src = page.selected ? page.selected.pile : pile;
      if (!src) return;
      clearSelection();
      attempt(`${src}-f`);
      return;
    }
    case "d":
    case "D":
      draw();
      return;
    case "u":
    case "U":
      send({ action: "undo" });
      return;
    case "y":
    case "Y":
      send({ action: "redo" });
      return;
    case "h":
    case "H":
      hint();
      return;
    default:
  }
}

/**
 * Marks the cards the keyboard would pick up from `pile`.
 * @param {string | null | undefined} pile
 */
function showDepth(pile) {
  for (const c of queryAll("#felt .card.picking")) c.classList.remove("picking");
  if (!pile || !pile.startsWith("t")) return;
  const can = movableCounts(pile);
  if (!can.length) return;
  const depth = kbDepth[pile] && can.includes(kbDepth[pile]) ? kbDepth[pile] : can[0];
  for (const c of queryAll(`#felt .card[data-src="${pile}"]`)) {
    if (Number(c.dataset.count) <= depth) c.classList.add("picking");
  }
}
