// @ts-check
// Draws the table of the latest view (with table.js), sized to the window,
// and slides the cards from where they were so that a move can be
// followed by eye. Called on every view and whenever the room changes.

import { drawTable, fitTable, tableauStretch } from "./table.js";
import { $, page, query, queryAll, reducedMotion } from "./game-page.js";
import { has, movableCounts } from "./game-moves.js";
import { markHint, markSelection } from "./game-marks.js";
import { motionScale, settings } from "./settings.js";

/** @import { GameView } from "./game-page.js" */

// The smallest and largest card widths, in pixels: 26 still holds a "10♥"
// corner (14 px type), and lets ten columns fit a 320 px phone.
const MIN_CW = 26;
const MAX_CW = 110;
// With larger cards the table takes the page's width, up to this, and the
// page scrolls down to the rest.
const LARGE_MAX_CW = 160;

/**
 * The card width and layout for the window, from the rules' opening.
 * @returns {{cw: number, twoRows: boolean, height: number}}
 */
function layout() {
  const felt = $("felt");
  const top = felt.getBoundingClientRect().top + window.scrollY;
  const large = settings().largeCards;
  const height = large ? 100_000 : Math.max(200, window.innerHeight - top - 6);
  const fit = fitTable(
    page.opening || /** @type {GameView} */ (page.view).table,
    felt.clientWidth,
    height,
    MIN_CW,
    large ? LARGE_MAX_CW : MAX_CW,
    false,
  );
  // Sized by the opening once it has arrived (until then by the table shown).
  felt.dataset.sizedBy = page.opening ? "opening" : "table";
  document.documentElement.style.setProperty("--cw", `${fit.cw}px`);
  return { ...fit, height };
}

/**
 * How much of the window's bottom the hint panel covers while it shows
 * (with a small margin), in pixels; 0 while it is hidden.
 * @returns {number}
 */
export function dockCover() {
  const panel = $("hint-panel");
  if (panel.hidden) return 0;
  return Math.max(0, window.innerHeight - panel.getBoundingClientRect().top + 6);
}

export function render() {
  const view = page.view;
  if (!view) return;
  const before = reducedMotion.matches ? null : cardRects();
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const focused = active && active.dataset ? active.dataset.pile : null;
  const { cw, twoRows, height } = layout();
  const ch = cw * 1.4;
  /** @type {Map<string, number[]>} */
  const counts = new Map();
  /** @param {string} pile */
  const movable = (pile) => {
    if (!counts.has(pile)) counts.set(pile, movableCounts(pile));
    return /** @type {number[]} */ (counts.get(pile));
  };
  const topHeight = twoRows ? 2 * ch + cw * 0.2 : ch;
  const room = Math.max(ch * 3, height - topHeight - cw * 0.25);
  drawTable($("felt"), view.table, {
    cw,
    twoRows,
    // Long columns end above a hint, which floats over the table's bottom;
    // the spread of the others stays as it was.
    room: Math.max(ch * 3, room - dockCover()),
    stretch: settings().largeCards ? 1 : tableauStretch(page.opening || view.table, cw, room),
    movable,
    interactive: true,
    shape: page.opening,
    has,
  });
  assignKeys();
  markSelection();
  markHint();
  if (before) animateFrom(before);
  if (focused) {
    const again = query(`#felt [data-pile="${focused}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** Keys the face-up cards by card and occurrence, to animate them from where they were. */
function assignKeys() {
  /** @type {Record<string, number>} */
  const seen = {};
  for (const c of queryAll("#felt .card.face")) {
    const code = /** @type {string} */ (c.dataset.card);
    seen[code] = (seen[code] || 0) + 1;
    c.dataset.key = `${code}#${seen[code]}`;
  }
}

/** Where each keyed card (and the stock) is now. */
function cardRects() {
  /** @type {Map<string, DOMRect>} */
  const rects = new Map();
  for (const c of queryAll("#felt .card[data-key]")) rects.set(/** @type {string} */ (c.dataset.key), c.getBoundingClientRect());
  const stock = query('#felt [data-pile="s"]');
  if (stock) rects.set("stock", stock.getBoundingClientRect());
  return rects;
}

/**
 * Slides each card from where it was (`before`) to where it is drawn now;
 * a card new to the waste comes from the stock.
 * @param {Map<string, DOMRect>} before
 * @param {number} [duration]
 */
function animateFrom(before, duration) {
  for (const c of queryAll("#felt .card[data-key]")) {
    let old = before.get(/** @type {string} */ (c.dataset.key));
    if (!old && c.closest('[data-pile="w"]')) old = before.get("stock");
    if (!old) continue;
    const now = c.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    c.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 10 }, { transform: "none", zIndex: 10 }], {
      duration: (duration || 160) * motionScale(),
      easing: "ease-out",
    });
  }
}
