// @ts-check
// The table's renderer, shared by the game page and the home page's
// drawings of each game's opening: it draws a view's `table` (columns,
// foundations, stock, waste, reserve) into a felt, and works out the card
// width that makes a table fit a box. It knows no rules.

import { el } from "./common.js";
import { t } from "./words.js";

/**
 * A card as the server writes it: rank then suit, "7H", "TS".
 * @typedef {string} Card
 */

/**
 * A tableau column: how many cards lie face down, then the face-up ones.
 * @typedef {Object} ColumnView
 * @property {number} face_down
 * @property {Card[]} face_up bottom first
 */

/**
 * A foundation slot: its top card and how many cards it holds.
 * @typedef {Object} FoundationView
 * @property {Card | null} top
 * @property {number} count
 */

/**
 * A legal move: in notation, as actions send it back ("t3-t5:2"), in words
 * ("7♥ from column 3 onto 8♠"), and as the piles and cards it moves, the
 * piles named as the table's `data-pile` and `data-src` name them.
 * @typedef {Object} MoveView
 * @property {string} notation
 * @property {string} words
 * @property {string | null} from the pile the cards come from ("t3", "w", "res", "f2"); null for a draw or a redeal
 * @property {string | null} to where they go: a column ("t5") or the foundations ("f", the engine picks the slot); null for a draw or a redeal
 * @property {number} count how many cards move (a run between columns moves several); 0 for a draw or a redeal
 */

/**
 * A table as the view's `table` writes it, less its moves: what this file
 * draws, and what `/static/openings.json` holds for each rules id.
 * @typedef {Object} TableShape
 * @property {string} rules
 * @property {ColumnView[]} columns
 * @property {FoundationView[]} foundations
 * @property {number} stock cards left in the stock (their order is hidden)
 * @property {Card[]} waste bottom first
 * @property {Card[]} reserve bottom first
 * @property {number | null} base the foundations' base rank once known (1 = ace)
 * @property {number} pass the current pass through the stock, from 1
 * @property {number | null} passes passes allowed, null when unlimited
 */

/**
 * The view's `table`: the table and its legal moves.
 * @typedef {TableShape & {moves: MoveView[]}} TableView
 */

/** @typedef {"S" | "H" | "D" | "C"} Suit */

/** Each suit's symbol, name (as the catalogue selects it), and whether it is red. @type {Record<string, [string, string, boolean]>} */
const SUITS = { S: ["♠", "spades", false], H: ["♥", "hearts", true], D: ["♦", "diamonds", true], C: ["♣", "clubs", false] };
/** @type {Suit[]} */
const SUIT_ORDER = ["S", "H", "D", "C"];
/** The ranks the server writes as letters, as numbers (1 = ace). @type {Record<string, number>} */
const RANK_NUMBERS = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

/**
 * A card's rank as a number, 1 (ace) to 13 (king).
 * @param {Card} code
 */
function rankOf(code) {
  return RANK_NUMBERS[code[0]] || Number(code[0]);
}

/** Each rank (1 to 13) as a card's corner shows it in the page's language: "A", "10", "J" (German "B"). */
const RANK_SHOWN = Array.from({ length: 14 }, (_, rank) => (rank ? t("table-rank", { rank }) : ""));

/** The cards named so far, by code. @type {Map<Card, string>} */
const NAMES = new Map();

/**
 * A card as words, for screen readers: "7 of hearts" (German "Herz 7").
 * @param {Card} code
 */
function cardName(code) {
  let name = NAMES.get(code);
  if (name === undefined) {
    name = t("table-card-name", { rank: rankOf(code), suit: SUITS[code[1]][1] });
    NAMES.set(code, name);
  }
  return name;
}

/**
 * A card as a player writes it: "7♥", "10♠" (German "B♥" for the jack).
 * @param {Card} code
 */
export function cardShort(code) {
  return `${RANK_SHOWN[rankOf(code)]}${SUITS[code[1]][0]}`;
}

// Sizes in card widths (cw); a card is 1.4 cw high.
const GAP = 0.12; // between piles
const ROW_GAP = 0.25; // under the top row
const WASTE_SHOWN = 3;

/**
 * The corner's font size in pixels (the stylesheet's `.card .corner`).
 * @param {number} cw
 * @param {boolean} [mini]
 */
function cornerFont(cw, mini) {
  return mini ? 0 : Math.max(14, cw * 0.24);
}

/**
 * The height of the strip of a covered card that shows its corner.
 * @param {number} cw
 * @param {boolean} mini
 */
function cornerStrip(cw, mini) {
  if (mini) return cw * 0.32;
  return cornerFont(cw) * 1.15 + 3;
}

/**
 * The step of a horizontal fan (waste, reserve), in pixels: there the
 * corner shows rank over suit, and a step this wide shows a "10" whole.
 * @param {number} cw
 * @param {boolean} mini
 */
function fanStep(cw, mini) {
  if (mini) return cw * 0.3;
  return Math.max(cw * 0.4, cornerFont(cw) * 1.15 + cw * 0.05 + 3);
}

/**
 * @param {number} cw
 * @param {boolean} mini
 */
function downGap(cw, mini) {
  return mini ? cw * 0.14 : Math.max(5, cw * 0.16);
}

/**
 * @param {number} cw
 * @param {boolean} mini
 */
function upGap(cw, mini) {
  return Math.max(cw * 0.32, cornerStrip(cw, mini));
}

/**
 * Which piles of the top row a table has (the shape, not the cards): a
 * stock (and waste), a reserve of how many cards, how many foundations.
 * @param {TableShape} table
 * @returns {{stock: boolean, reserve: number, slots: number}}
 */
export function topPiles(table) {
  return {
    stock: table.stock > 0 || table.waste.length > 0 || table.pass > 1,
    reserve: table.reserve.length,
    slots: table.foundations.length,
  };
}

/**
 * @param {number} cw
 * @param {number} n
 * @param {boolean} mini
 */
function fanWidth(cw, n, mini) {
  return cw + Math.max(0, n - 1) * fanStep(cw, mini);
}

/**
 * The width `shape` takes with cards `cw` wide, `perRow` foundations a row.
 * @param {TableShape} shape
 * @param {number} cw
 * @param {number} perRow
 * @param {boolean} mini
 */
function tableWidth(shape, cw, perRow, mini) {
  const n = shape.columns.length;
  const top = topPiles(shape);
  // The top row: [stock, waste], [reserve], a spacer, the foundations.
  const items = [0.4 * cw, perRow * cw + (perRow - 1) * GAP * cw];
  if (top.stock) items.push(cw, fanWidth(cw, WASTE_SHOWN, mini));
  if (top.reserve) items.push(fanWidth(cw, top.reserve, mini));
  const row = items.reduce((a, b) => a + b, 0) + (items.length - 1) * GAP * cw;
  // One pixel to spare for rounding.
  return Math.max(n * cw + (n - 1) * GAP * cw, row) + 1;
}

/**
 * The height `table` takes with cards `cw` wide, its columns unsqueezed.
 * @param {TableShape} table
 * @param {number} cw
 * @param {boolean} twoRows
 * @param {boolean} mini
 */
function tableHeight(table, cw, twoRows, mini) {
  const ch = cw * 1.4;
  const top = twoRows ? 2 * ch + cw * 0.2 : ch;
  let tallest = ch;
  for (const col of table.columns) {
    const ups = col.face_up.length;
    const h = col.face_down * downGap(cw, mini) + Math.max(0, ups - 1) * upGap(cw, mini) + ch;
    tallest = Math.max(tallest, h);
  }
  return top + cw * ROW_GAP + tallest;
}

/** Face-up cards a column is expected to gain in play, beyond its opening. */
const GROWTH = 6;

/** The most a tall room spreads the columns' cards apart; a spread gap
 * stays under a share of the card's height (STRETCHED_DOWN, STRETCHED_UP). */
const MOST_STRETCH = 4;
const STRETCHED_DOWN = 0.5;
const STRETCHED_UP = 0.7;

/**
 * How much the columns' cards may be spread apart in a room `room` high
 * (from 1, the normal gaps, to MOST_STRETCH): the tallest column of `shape`
 * (the opening), with GROWTH face-up cards more, still fits. On a phone
 * held upright the cards are as wide as the columns allow, and the height
 * left would otherwise stay empty.
 * @param {TableShape} shape
 * @param {number} cw
 * @param {number} room
 */
export function tableauStretch(shape, cw, room) {
  const ch = cw * 1.4;
  let natural = ch;
  for (const col of shape.columns) {
    const gaps = col.face_down * downGap(cw, false) + (col.face_up.length - 1 + GROWTH) * upGap(cw, false);
    natural = Math.max(natural, ch + gaps);
  }
  return Math.min(MOST_STRETCH, Math.max(1, (room - ch) / (natural - ch)));
}

/**
 * The largest card width (whole pixels, from `max` down to `min`) at which
 * `shape` (a table, normally the opening of the game's rules) fits `width` x
 * `height`, and whether more than four foundations go in two rows: only
 * when that makes the cards clearly bigger (on a narrow screen).
 * @param {TableShape} shape
 * @param {number} width
 * @param {number} height
 * @param {number} min
 * @param {number} max
 * @param {boolean} mini
 * @returns {{cw: number, twoRows: boolean}}
 */
export function fitTable(shape, width, height, min, max, mini) {
  const slots = topPiles(shape).slots;
  /** @param {boolean} twoRows */
  const best = (twoRows) => {
    const perRow = twoRows ? Math.ceil(slots / 2) : slots;
    let cw = max;
    while (cw > min && !(tableWidth(shape, cw, perRow, mini) <= width && tableHeight(shape, cw, twoRows, mini) <= height)) cw--;
    return cw;
  };
  const one = best(false);
  // Two rows only where one row would make the cards small (phones).
  if (slots > 4 && one < 60 && !mini) {
    const two = best(true);
    if (two > one) return { cw: two, twoRows: true };
  }
  return { cw: one, twoRows: false };
}

/**
 * A face-up card; `src` (the pile it would move from) and `count` (the
 * cards that move with it, itself included) only where it could move.
 * @param {Card} code
 * @param {string | null} src
 * @param {number} count
 * @param {boolean} movable
 */
function cardEl(code, src, count, movable) {
  const [symbol, , red] = SUITS[code[1]];
  const rank = RANK_SHOWN[rankOf(code)];
  /** @type {Record<string, string | number>} */
  const attrs = {
    class: "card face" + (red ? " red" : "") + (movable ? " movable" : ""),
    role: "img",
    "aria-label": cardName(code),
    "data-card": code,
  };
  if (src) {
    attrs["data-src"] = src;
    attrs["data-count"] = count;
  }
  return el(
    "div",
    attrs,
    el("span", { class: "corner", "aria-hidden": "true" }, el("span", { class: "r", text: rank }), el("span", { class: "s", text: symbol })),
    el("span", { class: "pip", "aria-hidden": "true", text: symbol }),
  );
}

const FACE_DOWN = t("table-face-down-card");

function backEl() {
  return el("div", { class: "card back", role: "img", "aria-label": FACE_DOWN });
}

/**
 * @param {string} cls
 * @param {string} pile
 * @param {string} label
 * @param {boolean} interactive
 */
function pileAttrs(cls, pile, label, interactive) {
  /** @type {Record<string, string | number>} */
  const attrs = { class: `pile ${cls}`, "data-pile": pile, role: "group", "aria-label": label };
  if (interactive) attrs.tabindex = 0;
  return attrs;
}

/**
 * How `drawTable` draws a table.
 * @typedef {Object} DrawOptions
 * @property {number} cw
 * @property {boolean} [twoRows]
 * @property {number} [room]
 * @property {(pile: string) => number[]} [movable]
 * @property {boolean} [interactive]
 * @property {TableShape | null} [shape]
 * @property {boolean} [mini]
 * @property {(move: string) => boolean} [has] whether a move is legal (the stock's label says when it turns the waste over)
 * @property {number} [stretch] how far apart the columns' cards are spread (1: the normal gaps; see `tableauStretch`)
 */

/**
 * Draws table `table` into `felt` (which holds a `.top-row` and a `.tableau`).
 * Options: `cw` the card width, `twoRows` for the foundations, `room` the
 * height the tableau may take (long columns are squeezed to fit, down to
 * most of a card's corner), `movable(pile)` the counts of cards that can
 * move from a pile (marks them), `interactive` (piles take the focus),
 * `shape` the table whose top row sets the piles drawn (so that a stock
 * once emptied keeps its place), `mini` for a small drawing.
 * @param {HTMLElement} felt
 * @param {TableShape} table
 * @param {DrawOptions} opts
 */
export function drawTable(felt, table, opts) {
  const cw = opts.cw;
  const ch = cw * 1.4;
  const mini = !!opts.mini;
  const interactive = !!opts.interactive;
  const movable = opts.movable || (() => []);
  const shape = topPiles(opts.shape || table);
  felt.style.setProperty("--cw", `${cw}px`);

  const top = /** @type {HTMLElement} */ (felt.querySelector(".top-row"));
  top.classList.toggle("two-rows", !!opts.twoRows);
  top.replaceChildren();
  if (shape.stock || table.stock > 0 || table.waste.length > 0) {
    const redeal = opts.has ? opts.has("r") : false;
    const stock = el("div", {
      ...pileAttrs("stock", "s", t("table-stock", { count: table.stock, redeal: redeal ? "yes" : "no" }), interactive),
      role: interactive ? "button" : "group",
    });
    if (table.stock > 0) {
      stock.append(backEl());
      if (!mini) stock.append(el("span", { class: "stock-count", "aria-hidden": "true", text: table.stock }));
    } else if (!mini) {
      stock.append(el("span", { class: "label", "aria-hidden": "true", text: redeal ? "↻" : "∅" }));
    }
    const shown = table.waste.slice(-WASTE_SHOWN);
    const waste = el(
      "div",
      pileAttrs(
        "waste fan-x",
        "w",
        table.waste.length ? t("table-waste", { card: cardName(table.waste[table.waste.length - 1]) }) : t("table-waste-empty"),
        interactive,
      ),
    );
    waste.style.width = `${fanWidth(cw, WASTE_SHOWN, mini)}px`;
    shown.forEach((code, i) => {
      const isTop = i === shown.length - 1;
      const c = cardEl(code, isTop ? "w" : null, 1, isTop && movable("w").length > 0);
      c.style.left = `${i * fanStep(cw, mini)}px`;
      waste.append(c);
    });
    top.append(stock, waste);
  }
  if (shape.reserve || table.reserve.length) {
    const n = Math.max(shape.reserve, table.reserve.length);
    const reserve = el(
      "div",
      pileAttrs(
        "reserve fan-x",
        "res",
        table.reserve.length ? t("table-reserve", { cards: table.reserve.map(cardName).join(", ") }) : t("table-reserve-empty"),
        interactive,
      ),
    );
    reserve.style.width = `${fanWidth(cw, n, mini)}px`;
    table.reserve.forEach((code, i) => {
      const isTop = i === table.reserve.length - 1;
      const c = cardEl(code, isTop ? "res" : null, 1, isTop && movable("res").length > 0);
      c.style.left = `${i * fanStep(cw, mini)}px`;
      reserve.append(c);
    });
    top.append(reserve);
  }
  top.append(el("div", { class: "spacer" }));
  const foundations = el("div", { class: "foundations", "data-pile": "f", role: "group", "aria-label": t("table-foundations") });
  table.foundations.forEach((f, i) => {
    const suit = SUIT_ORDER[i % 4];
    const slot = `f${i + 1}`;
    const label = f.top
      ? t("table-foundation", { number: i + 1, card: cardName(f.top), count: f.count })
      : t("table-foundation-empty", { number: i + 1 });
    const pile = el("div", pileAttrs("foundation", slot, label, interactive));
    if (f.top) pile.append(cardEl(f.top, slot, 1, movable(slot).length > 0));
    else if (!mini) {
      const mark = table.base && table.base !== 1 ? `${SUITS[suit][0]}${RANK_SHOWN[table.base]}` : SUITS[suit][0];
      pile.append(el("span", { class: "label", "aria-hidden": "true", text: mark }));
    }
    foundations.append(pile);
  });
  top.append(foundations);

  const tableau = /** @type {HTMLElement} */ (felt.querySelector(".tableau"));
  tableau.replaceChildren();
  const room = opts.room || Infinity;
  table.columns.forEach((col, i) => {
    const pile = `t${i + 1}`;
    const ups = col.face_up.length;
    const stretch = opts.stretch || 1;
    let down = Math.max(downGap(cw, mini), Math.min(downGap(cw, mini) * stretch, ch * STRETCHED_DOWN));
    // A column too tall for the room gives up its face-down cards' spread
    // first: they show nothing.
    if (col.face_down > 0) {
      const need = ch + col.face_down * down + Math.max(0, ups - 1) * upGap(cw, mini);
      if (need > room) down = Math.max(downGap(cw, mini), down - (need - room) / col.face_down);
    }
    // Covered face-up cards show their corner; a long column is squeezed
    // to fit the room, but never below the corner's own height, so that
    // every rank stays readable (the page scrolls instead).
    let gap = Math.max(upGap(cw, mini), Math.min(upGap(cw, mini) * stretch, ch * STRETCHED_UP));
    if (ups > 1) {
      const fit = (room - ch - col.face_down * down) / (ups - 1);
      const corner = mini ? cw * 0.2 : ch * 0.03 + cornerFont(cw) + 1;
      gap = Math.max(corner, Math.min(gap, fit));
    }
    const up = col.face_up.map(cardName).join(", ");
    const label =
      col.face_down && ups
        ? t("table-column-both", { column: i + 1, down: col.face_down, up })
        : col.face_down
          ? t("table-column-down", { column: i + 1, down: col.face_down })
          : ups
            ? t("table-column-up", { column: i + 1, up })
            : t("table-column-empty", { column: i + 1 });
    const colEl = el("div", pileAttrs("column" + (col.face_down + ups === 0 ? " empty" : ""), pile, label, interactive));
    let y = 0;
    for (let k = 0; k < col.face_down; k++) {
      const b = backEl();
      b.style.top = `${y}px`;
      colEl.append(b);
      y += down;
    }
    const can = movable(pile);
    col.face_up.forEach((code, j) => {
      const count = ups - j;
      const c = cardEl(code, pile, count, can.includes(count));
      c.style.top = `${y}px`;
      colEl.append(c);
      if (j < ups - 1) y += gap;
    });
    colEl.style.height = `${(col.face_down + ups ? y : 0) + ch}px`;
    tableau.append(colEl);
  });
}
