// @ts-check
// The pointer's gestures on the felt: a click picks cards up or puts them
// down, a double-click sends a card to the foundations, a drag carries
// cards to a pile. A gesture becomes a move only through the view's list
// of legal moves, or a request the server refuses in words.

import { el } from "./common.js";
import { announce, closest, page, say } from "./game-page.js";
import { destOf, has, moveText } from "./game-moves.js";
import { clearSelection, select } from "./game-marks.js";
import { attempt, draw, play } from "./game-server.js";

/**
 * A pointer gesture on a movable card: pressed at (x0, y0), `started` once
 * it has moved far enough to be a drag; then the ghost that follows the
 * pointer, the cards it lifted and the pile under it.
 * @typedef {Object} Drag
 * @property {HTMLElement} card
 * @property {string} pile
 * @property {number} count
 * @property {number} x0
 * @property {number} y0
 * @property {number} id the pointer's
 * @property {boolean} started
 * @property {HTMLElement} [ghost]
 * @property {HTMLElement[]} [cards]
 * @property {number} [dx]
 * @property {number} [dy]
 * @property {HTMLElement | null} [target]
 */

/** @type {Drag | null} */
let drag = null; // the pointer gesture in progress
let suppressClick = false;

/**
 * A click (or Enter) on `pile`, on a movable card of it that would take
 * `count` cards along (null: on the pile, not on a movable card): picks the
 * cards up, or puts those picked up there.
 * @param {string} pile
 * @param {number | null} count
 */
export function activate(pile, count) {
  if (!page.view) return;
  if (pile === "s") {
    clearSelection();
    draw();
    return;
  }
  const selected = page.selected;
  if (selected) {
    if (pile === selected.pile) {
      clearSelection();
      say("");
      return;
    }
    const dest = destOf(pile);
    if (dest) {
      const mv = moveText(selected.pile, dest, selected.count);
      if (has(mv)) {
        play(mv);
        return;
      }
      if (count) {
        select(pile, count);
        return;
      }
      attempt(mv);
      return;
    }
    if (count) {
      select(pile, count);
      return;
    }
    clearSelection();
    return;
  }
  if (count) select(pile, count);
}

/**
 * A face-up card that cannot move was clicked or dragged: it shakes (not
 * under reduced motion) and the page says why, in the server's words when
 * its pile's top card has no move at all.
 * @param {string} pile
 * @param {HTMLElement} card
 */
function staysPut(pile, card) {
  // The class stays until the next try (or the next drawing), which
  // restarts the animation.
  card.classList.remove("shake");
  void card.offsetWidth;
  card.classList.add("shake");
  const blocked = page.view && page.view.blocked.find((b) => b.pile === pile);
  if (blocked) {
    say(blocked.words, true);
    announce(blocked.words);
  }
}

/**
 * Listens to the pointer on the felt (and on the window, where a drag may
 * wander off the felt).
 * @param {HTMLElement} felt
 */
export function setupPointer(felt) {
  felt.addEventListener("click", (e) => {
    if (suppressClick) return;
    const card = closest(e, ".card.movable");
    const pileEl = closest(e, "[data-pile]");
    if (!pileEl) {
      clearSelection();
      return;
    }
    const still = closest(e, ".card.face:not(.movable)");
    if (!card && still && !page.selected) {
      staysPut(/** @type {string} */ (pileEl.dataset.pile), still);
      return;
    }
    activate(/** @type {string} */ (card ? card.dataset.src : pileEl.dataset.pile), card ? Number(card.dataset.count) : null);
  });

  felt.addEventListener("dblclick", (e) => {
    const card = closest(e, ".card.movable");
    if (!card) return;
    clearSelection();
    const src = /** @type {string} */ (card.dataset.src);
    if (destOf(src) === "f") return;
    attempt(`${src}-f`);
  });

  felt.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || page.busy) return;
    const card = closest(e, ".card.movable");
    if (!card) return;
    drag = {
      card,
      pile: /** @type {string} */ (card.dataset.src),
      count: Number(card.dataset.count),
      x0: e.clientX,
      y0: e.clientY,
      id: e.pointerId,
      started: false,
    };
  });

  window.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 6) return;
      startDrag();
    }
    e.preventDefault();
    const { ghost, dx, dy } = /** @type {Required<Drag>} */ (drag);
    ghost.style.transform = `translate(${e.clientX - dx}px, ${e.clientY - dy}px)`;
    const target = dropTarget(e.clientX, e.clientY);
    if (target !== drag.target) {
      if (drag.target) drag.target.classList.remove("drop-target");
      drag.target = target;
      if (target) target.classList.add("drop-target");
    }
  });

  window.addEventListener("pointerup", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.started) return;
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    endDrag(d);
    const target = dropTarget(e.clientX, e.clientY);
    const dest = target ? destOf(/** @type {string} */ (target.dataset.pile)) : null;
    if (!dest || /** @type {HTMLElement} */ (target).dataset.pile === d.pile) return;
    attempt(moveText(d.pile, dest, d.count));
  });

  window.addEventListener("pointercancel", () => {
    if (drag && drag.started) endDrag(drag);
    drag = null;
  });
}

/** Lifts the cards of the gesture in progress into a ghost that follows the pointer. */
function startDrag() {
  const d = /** @type {Drag} */ (drag);
  d.started = true;
  clearSelection();
  const pileEl = /** @type {HTMLElement} */ (d.card.parentElement);
  const cards = [.../** @type {NodeListOf<HTMLElement>} */ (pileEl.querySelectorAll(`.card[data-src="${d.pile}"]`))].filter(
    (c) => Number(c.dataset.count) <= d.count,
  );
  const first = cards[0].getBoundingClientRect();
  const ghost = el("div", { class: "ghost" });
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    const copy = /** @type {HTMLElement} */ (c.cloneNode(true));
    copy.style.left = "0px";
    copy.style.top = `${r.top - first.top}px`;
    ghost.append(copy);
    c.classList.add("dragging-source");
  }
  document.body.append(ghost);
  d.cards = cards;
  d.ghost = ghost;
  d.dx = d.x0 - first.left;
  d.dy = d.y0 - first.top;
  ghost.style.transform = `translate(${first.left}px, ${first.top}px)`;
}

/** @param {Drag} d */
function endDrag(d) {
  if (d.ghost) d.ghost.remove();
  if (d.target) d.target.classList.remove("drop-target");
  for (const c of d.cards || []) c.classList.remove("dragging-source");
}

/**
 * The pile under (x, y) that cards can be dropped on, if any.
 * @param {number} x
 * @param {number} y
 */
function dropTarget(x, y) {
  const under = document.elementFromPoint(x, y);
  if (!under) return null;
  const pile = /** @type {HTMLElement | null} */ (under.closest("#felt [data-pile]"));
  if (!pile || !destOf(/** @type {string} */ (pile.dataset.pile))) return null;
  return pile;
}
