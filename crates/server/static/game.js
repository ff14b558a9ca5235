// @ts-check
// The game page: draws the player view the server sends (with table.js)
// and turns drags, clicks and keys into moves. It knows no rules: a gesture
// becomes a move only if that move is in the view's list of legal moves,
// and every sentence about a move (what it did, why it was refused, what a
// hint suggests) is the server's.

import { api, el } from "./common.js";
import { cardShort, drawTable, fitTable } from "./table.js";

/** @import { Outcome } from "./common.js" */
/** @import { TableShape, TableView } from "./table.js" */

/**
 * The player view (`view` in `GET /api/games/{id}` and in an action's
 * answer): patience-core's GameView with what only the server knows
 * (`hints`, `clock_started`).
 * @typedef {Object} GameView
 * @property {string} game the rules id
 * @property {string} name
 * @property {number | null} deal null for a game of a duel still open
 * @property {number} action_number the number the next action must carry
 * @property {number} moves_made
 * @property {Outcome} outcome
 * @property {string} outcome_words the outcome as a player reads it
 * @property {boolean} over closed for good: won, given up or out of time
 * @property {boolean} scored the rules keep a score (else `score` is the cards on the foundations)
 * @property {number} cards how many cards the game has in all
 * @property {number} score
 * @property {number} undos
 * @property {number} undo_cost points one undo costs (0 in games without scoring)
 * @property {boolean} can_undo
 * @property {boolean} can_redo
 * @property {boolean} restart_offered the rules offer Restart (never in scored games)
 * @property {boolean} can_restart offered and possible now
 * @property {boolean} has_stock the rules deal a stock
 * @property {boolean} deal_shows_every_card every card dealt face up, no stock: par from the start
 * @property {boolean} finishable every card left is known: Finish may be offered
 * @property {boolean} safe_auto_moves
 * @property {number | null} ms_left milliseconds left on the clock, for timed games
 * @property {number | null} clock_secs the clock's length in seconds, for timed games
 * @property {boolean} hints false in duel games: no hint and no Finish
 * @property {boolean} clock_started
 * @property {TableView} table
 */

/**
 * `GET /api/games/{id}/hint`: the honest player's move, or none (`move`
 * and `words` null) when every move leads back.
 * @typedef {Object} Hint
 * @property {string | null} move
 * @property {string | null} words
 * @property {string} [confidence]
 * @property {boolean} [hopeless]
 */

/**
 * `GET /api/games/{id}/par`, of which the page shows the words.
 * @typedef {{words: string}} Par
 */

/**
 * `GET /api/games/{id}/duel`: the duel a game belongs to.
 * @typedef {{id: string, link: string, rules: string, name: string, status: "open" | "closed"}} GameDuel
 */

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

const GAME_ID = location.pathname.split("/").filter(Boolean).pop();
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
// The smallest and largest card widths, in pixels: 26 still holds a "10♥"
// corner (12 px type), and lets ten columns fit a 320 px phone.
const MIN_CW = 26;
const MAX_CW = 110;

/** @type {GameView | null} */
let view = null; // the latest GameView
/** @type {TableShape | null} */
let opening = null; // the opening table of the game's rules (its shape sizes the cards)
/** @type {{pile: string, count: number} | null} */
let selected = null; // {pile, count}: cards picked up by click or keyboard
let busy = false; // a request is on its way
/** @type {Drag | null} */
let drag = null; // the pointer gesture in progress
let suppressClick = false;
/** @type {number | null} */
let clockDeadline = null;
let clockExpired = false;
/** @type {Hint | null} */
let hintShown = null; // the hint on the table: {move, ...}
let finishing = false; // a winning line is being played
/** @type {Record<string, number>} */
const kbDepth = {}; // column -> how many cards the keyboard has picked

// The page's elements, typed for the checker: by id (every id asked for is
// in game.html), by selector (the felt holds HTML elements only).
/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
/** @param {string} id */
const link = (id) => /** @type {HTMLAnchorElement} */ (document.getElementById(id));
/**
 * The first element `css` selects (on this page, an HTML element).
 * @param {string} css
 */
const query = (css) => /** @type {HTMLElement | null} */ (document.querySelector(css));
/**
 * Every element `css` selects (on this page, HTML elements).
 * @param {string} css
 */
const queryAll = (css) => /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(css));
/**
 * The element an event happened on, or its nearest ancestor that matches `css`.
 * @param {Event} e
 * @param {string} css
 */
const closest = (e, css) => /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest(css));

// ----- Moves in the view ------------------------------------------------------
// The view lists the legal moves as {notation, words, from, to, count}: the
// piles named as the table names them (t3, w, res, f2; f for the
// foundations as a destination), from and to null for a draw or a redeal.

function moveList() {
  return view ? view.table.moves : [];
}

/**
 * Whether `move` (in notation) is legal now; null never is.
 * @param {string | null} move
 */
function has(move) {
  return moveList().some((m) => m.notation === move);
}

/**
 * @param {string} from
 * @param {string} to
 * @param {number} count
 */
function moveText(from, to, count) {
  return `${from}-${to}` + (count > 1 ? `:${count}` : "");
}

/**
 * The counts of cards that can move from `pile` (a column may offer several).
 * @param {string} pile
 */
function movableCounts(pile) {
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
function destOf(pile) {
  if (/^t\d+$/.test(pile)) return pile;
  if (pile === "f" || /^f\d+$/.test(pile)) return "f";
  return null;
}

/**
 * The card a move out of `pile` of `count` cards starts with, as "7♥".
 * @param {string} pile
 * @param {number} count
 */
function movingCard(pile, count) {
  const t = /** @type {GameView} */ (view).table;
  /** @type {string[]} */
  let cards = [];
  if (/^t\d+$/.test(pile)) cards = t.columns[Number(pile.slice(1)) - 1].face_up;
  else if (pile === "w") cards = t.waste;
  else if (pile === "res") cards = t.reserve;
  else if (/^f\d+$/.test(pile)) {
    const top = t.foundations[Number(pile.slice(1)) - 1].top;
    cards = top ? [top] : [];
  }
  const card = cards[cards.length - count];
  return card ? cardShort(card) : "That card";
}

// ----- Talking to the server -------------------------------------------------

async function loadOpening() {
  if (opening) return;
  const r = await api("GET", "/static/openings.json");
  if (r.ok && view && r.data[view.game]) {
    opening = r.data[view.game];
    setView(view);
  }
}

async function load() {
  const r = await api("GET", `/api/games/${GAME_ID}`);
  if (!r.ok) {
    $("title").textContent = r.status === 404 ? "Game not found" : "Cannot load the game";
    say(r.status === 404 ? "There is no such game, or it belongs to someone else." : "The game cannot be loaded.", true);
    return;
  }
  setView(r.data.view);
  if (!opening) loadOpening();
  if (duel === undefined) loadDuel();
}

/** Catches up with a change made elsewhere (another tab): quietly. */
async function catchUp() {
  if (busy || !view) return;
  const r = await api("GET", `/api/games/${GAME_ID}`);
  const v = r.ok ? r.data.view : null;
  // A finished clock changes the outcome without an action.
  if (v && (v.action_number !== view.action_number || v.outcome !== view.outcome)) {
    clearSelection();
    clearHint();
    setView(v);
  }
}

/** @type {GameDuel | null | undefined} */
let duel; // the duel this game belongs to: undefined until asked, then null or {id, link, name, status}

/** Says on the page that the game is part of a duel, with a link back to it. */
async function loadDuel() {
  duel = null;
  const r = await api("GET", `/api/games/${GAME_ID}/duel`);
  if (!r.ok || !r.data.duel) return;
  /** @type {GameDuel} */
  const d = r.data.duel;
  duel = d;
  $("duel-name").textContent = `${d.name} duel${d.status === "closed" ? " (closed)" : ""}`;
  link("duel-back").href = d.link;
  $("duel-note").hidden = false;
  link("banner-duel").href = d.link;
  $("banner-duel").hidden = false;
  // The duel's game is the one that counts: a new game is a secondary choice here.
  $("banner-new").classList.remove("primary");
  if (view) setView(view);
}

/**
 * Sends an action. Resolves to true when the server applied it. A refusal
 * is shown as the server words it; a stale action number means another tab
 * moved first: the page then catches up without alarm.
 * @param {{move?: string, action?: string, action_number?: number}} body
 * @returns {Promise<boolean>}
 */
async function send(body) {
  if (busy || !view) return false;
  busy = true;
  body.action_number = view.action_number;
  const r = await api("POST", `/api/games/${GAME_ID}/actions`, body);
  busy = false;
  if (r.ok) {
    say("");
    clearHint();
    setView(r.data.view);
    announce(r.data.announcement);
    return true;
  }
  /** @type {HTMLInputElement} */ ($("auto")).checked = !!view.safe_auto_moves;
  if (r.status === 409) {
    await catchUp();
    if (view.outcome === "playing") say("");
  } else {
    say(r.data.error || "That is not possible now.", true);
  }
  return false;
}

/** @param {string} move */
function play(move) {
  if (!has(move)) return false;
  clearSelection();
  send({ move });
  return true;
}

/**
 * Plays `move` if it is legal; otherwise asks the server, which refuses it
 * and says why in words ("7♥ needs a black 8; column 5 ends in 8♦.").
 * @param {string} move
 */
function attempt(move) {
  if (play(move)) return;
  clearSelection();
  send({ move });
}

/** @type {number | undefined} */
let statusTimer;

/**
 * Shows a short message over the table (and reads it to screen readers).
 * @param {string} text
 * @param {boolean} [bad]
 */
function say(text, bad) {
  const s = $("status");
  clearTimeout(statusTimer);
  s.textContent = text;
  s.classList.toggle("bad", !!bad);
  s.classList.toggle("shown", !!text);
  if (text) statusTimer = setTimeout(() => s.classList.remove("shown"), bad ? 7000 : 4000);
}

/**
 * Tells screen readers what a move did (the live region is not shown).
 * @param {string} [text]
 */
function announce(text) {
  const a = $("announce");
  a.textContent = text || "";
}

function draw() {
  if (play("s") || play("r")) return;
  say("The stock is empty and cannot be turned over again.", true);
}

// ----- Drawing the table -----------------------------------------------------

/**
 * The card width and layout for the window, from the rules' opening.
 * @returns {{cw: number, twoRows: boolean, height: number}}
 */
function layout() {
  const felt = $("felt");
  const top = felt.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(200, window.innerHeight - top - 6);
  const fit = fitTable(opening || /** @type {GameView} */ (view).table, felt.clientWidth, height, MIN_CW, MAX_CW, false);
  // Sized by the opening once it has arrived (until then by the table shown).
  felt.dataset.sizedBy = opening ? "opening" : "table";
  document.documentElement.style.setProperty("--cw", `${fit.cw}px`);
  return { ...fit, height };
}

function render() {
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
  drawTable($("felt"), view.table, {
    cw,
    twoRows,
    room: Math.max(ch * 3, height - topHeight - cw * 0.25),
    movable,
    interactive: true,
    shape: opening,
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
      duration: duration || 160,
      easing: "ease-out",
    });
  }
}

function markSelection() {
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
function select(pile, count) {
  selected = { pile, count };
  markSelection();
  const card = movingCard(pile, count);
  const what = count > 1 ? `${card} and the ${count - 1 === 1 ? "card" : `${count - 1} cards`} on it` : card;
  say(`Picked up ${what}: now choose where it goes.`);
}

function clearSelection() {
  selected = null;
  markSelection();
}

// ----- Status, score, clock ---------------------------------------------------

// The server's words for a win are "Won"; the page says a little more.
const WON = "You won! Every card is on the foundations.";

/**
 * Shows view `v`: the table and everything about the game around it.
 * @param {GameView} v
 */
function setView(v) {
  const before = view;
  const first = before === null;
  const dealChanged = before === null || before.deal !== v.deal;
  const wasWon = before !== null && before.outcome === "won";
  view = v;
  // A duel's game has no deal number (null) until the duel closes: it would
  // let the player practise the same deal beside the duel. No number, no
  // share link, no "same deal again".
  const hidden = v.deal === null || v.deal === undefined;
  if (dealChanged) {
    document.title = hidden ? `${v.name} · duel deal · patience` : `${v.name} · deal ${v.deal} · patience`;
  }
  if (selected && !movableCounts(selected.pile).includes(selected.count)) selected = null;
  $("title").textContent = v.name;
  $("deal-stat").hidden = hidden;
  $("duel-deal").hidden = !hidden;
  $("banner-again").hidden = hidden;
  const share = hidden ? "/" : `/?rules=${encodeURIComponent(v.game)}&deal=${v.deal}`;
  $("deal-link").textContent = hidden ? "–" : String(v.deal);
  link("deal-link").href = share;
  link("banner-again").href = share;
  link("new-game").href = `/?rules=${encodeURIComponent(v.game)}`;
  link("banner-new").href = `/?rules=${encodeURIComponent(v.game)}`;
  $("moves-made").textContent = `Moves: ${v.moves_made}`;
  const rec = link("record");
  rec.href = `/api/games/${GAME_ID}/record`;
  rec.setAttribute("download", `patience-${v.game.replace("/", "-")}-${hidden ? "duel" : v.deal}.txt`);
  const timed = v.ms_left !== null && v.ms_left !== undefined;
  const score = $("score");
  score.hidden = false;
  score.textContent = v.scored ? `Score: ${v.score.toLocaleString("en")}` : `On foundations: ${v.score} / ${v.cards}`;
  const passes = $("passes");
  passes.hidden = !v.has_stock;
  passes.textContent = v.table.passes ? `Pass ${v.table.pass} of ${v.table.passes}` : `Pass ${v.table.pass}`;

  const over = v.over;
  const cost = v.undo_cost || 0;
  $("undo").textContent = cost ? `Undo (−${cost.toLocaleString("en")})` : "Undo";
  $("undo").title = cost ? `Undo (U): costs ${cost.toLocaleString("en")} points` : "Undo (U)";
  button("undo").disabled = !v.can_undo;
  button("redo").disabled = !v.can_redo;
  $("restart").hidden = !v.restart_offered;
  button("restart").disabled = !v.can_restart;
  button("quit").disabled = over;
  const hints = v.hints;
  $("hint").hidden = !hints;
  button("hint").disabled = over || finishing;
  // Finish asks the solver: outside help in a duel, like a hint.
  $("finish").hidden = !v.finishable || over || !hints;
  button("finish").disabled = finishing;
  const auto = /** @type {HTMLInputElement} */ ($("auto"));
  auto.checked = !!v.safe_auto_moves;
  auto.disabled = over;

  const banner = $("banner");
  if (v.outcome !== "playing") {
    banner.hidden = false;
    const text = v.outcome === "won" ? WON : `${v.outcome_words}.`;
    $("banner-text").textContent = text + (v.scored ? ` Score: ${v.score.toLocaleString("en")}.` : "");
    $("banner-undo").hidden = over || !v.can_undo;
  } else {
    banner.hidden = true;
  }
  showPar(v);
  if (v.outcome === "won" && !wasWon && !first) celebrate();

  // Before the first move of a timed game, say when its clock starts.
  const note = $("clock-note");
  if (timed && v.action_number === 0 && v.outcome === "playing") {
    note.hidden = false;
    note.textContent =
      !v.clock_started
        ? `The ${Math.round(/** @type {number} */ (v.clock_secs) / 60)}-minute clock starts with your first move.`
        : "The clock started when this game was opened.";
  } else {
    note.hidden = true;
  }
  if (timed) {
    const msLeft = /** @type {number} */ (v.ms_left);
    clockDeadline = performance.now() + msLeft;
    clockExpired = msLeft <= 0;
    $("clock").hidden = false;
    tick();
  }
  render();
}

// ----- Par: the most cards the deal can bring up -------------------------------
// The server tells it once the game is over (never while a duel is open: a
// duel's deal is secret until it closes), and from the start where every
// card shows from the deal (Lasker, whose default rules lose every deal, so
// its par is the goal). A refusal shows nothing.

/** @type {number | null} */
let parAsked = null; // the action number the end-of-game par was asked for
let startParAsked = false;

/**
 * The par under the banner of a game that ended, or from the start where
 * every card shows from the deal.
 * @param {GameView} v
 */
function showPar(v) {
  const line = $("banner-par");
  const ended = v.outcome !== "playing" && v.outcome !== "won";
  // A duel's game shows its deal number only once the duel closes.
  const secret = v.deal === null || v.deal === undefined;
  if (!ended || secret) {
    line.hidden = true;
    parAsked = null;
  } else if (parAsked !== v.action_number) {
    parAsked = v.action_number;
    line.hidden = true;
    loadPar(v.action_number, (par) => {
      line.textContent = par.words;
      line.hidden = false;
    });
  }
  const note = $("par-note");
  if (v.outcome !== "playing" || !v.hints) {
    note.hidden = true;
  } else if (!startParAsked && v.deal_shows_every_card) {
    startParAsked = true;
    // Busy until the answer: the line will move the table down, and a
    // pointer (or a test) aiming at a card waits for the table to settle.
    note.setAttribute("aria-busy", "true");
    loadPar(v.action_number, (par) => {
      note.textContent = par.words;
      note.hidden = !view || view.outcome !== "playing";
      // The line moves the table down: fit it again at once, before the
      // page is drawn.
      render();
    }).finally(() => note.removeAttribute("aria-busy"));
  }
}

// The server works out one search of a player's at a time and refuses a
// second (429): a hint or Finish waits for the par's answer first.
/** @type {Promise<unknown> | null} */
let parRequest = null;

async function parAnswered() {
  if (parRequest) await parRequest;
}

/**
 * Asks for the par; `show` gets it if the game is still where it was asked.
 * @param {number} number
 * @param {(par: Par) => void} show
 */
async function loadPar(number, show) {
  await parAnswered();
  const request = api("GET", `/api/games/${GAME_ID}/par`);
  parRequest = request;
  const r = await request;
  if (parRequest === request) parRequest = null;
  if (r.ok && view && view.action_number === number) show(r.data);
}

function tick() {
  if (!view || clockDeadline === null) return;
  const running = (view.outcome === "playing" || view.outcome === "lost" || view.outcome === "stuck") && view.clock_started;
  const left = running ? Math.max(0, clockDeadline - performance.now()) : /** @type {number} */ (view.ms_left);
  const secs = Math.ceil(left / 1000);
  const text = `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
  const clock = $("clock");
  if (clock.textContent !== text) clock.textContent = text;
  clock.classList.toggle("low", secs <= 30);
  clock.setAttribute("aria-label", `${Math.floor(secs / 60)} minutes ${secs % 60} seconds left`);
  if (running && left <= 0 && !clockExpired) {
    clockExpired = true;
    setTimeout(load, 250); // the server's clock decides
  }
}

/** A short shower of suits over the table on a win; none under reduced motion. */
function celebrate() {
  if (reducedMotion.matches) return;
  const layer = el("div", { class: "celebration", "aria-hidden": "true" });
  const suits = ["♠", "♥", "♦", "♣"];
  for (let i = 0; i < 36; i++) {
    const s = suits[i % 4];
    const span = el("span", { class: s === "♥" || s === "♦" ? "red" : "", text: s });
    span.style.left = `${(i * 37) % 100}%`;
    span.style.animationDelay = `${(i % 9) * 0.12}s`;
    span.style.fontSize = `${1.2 + (i % 5) * 0.35}rem`;
    layer.append(span);
  }
  document.body.append(layer);
  setTimeout(() => layer.remove(), 3200);
}

// ----- Hints and finishing -----------------------------------------------------

/** @type {string | null | undefined} */
let hintFrom = null; // the pile that had the focus when the hint was asked for

function clearHint() {
  hintShown = null;
  const panel = $("hint-panel");
  const hadFocus = panel.contains(document.activeElement);
  panel.hidden = true;
  markHint();
  // The focus goes back to where the player was, not to the page's start.
  if (hadFocus) {
    const back = (hintFrom && query(`#felt [data-pile="${hintFrom}"]`)) || $("felt");
    back.focus({ preventScroll: true });
  }
}

/** Marks the hinted cards and their target on the table. */
function markHint() {
  for (const e of queryAll("#felt .hint-from, #felt .hint-to")) e.classList.remove("hint-from", "hint-to");
  if (!hintShown || !hintShown.move) return;
  const move = hintShown.move;
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

async function hint() {
  if (!view || busy || finishing || $("hint").hidden || view.over) return;
  say("Thinking…");
  const at = document.activeElement && /** @type {HTMLElement | null} */ (document.activeElement.closest("#felt [data-pile]"));
  hintFrom = at ? at.dataset.pile : null;
  await parAnswered();
  const r = await api("GET", `/api/games/${GAME_ID}/hint`);
  if (!r.ok) {
    say(r.data.error || "No hint is available now.", true);
    return;
  }
  say("");
  /** @type {Hint} */
  const h = r.data;
  hintShown = h;
  const sure = h.confidence || "";
  if (h.move) {
    $("hint-text").textContent = `Hint: ${h.words}`;
    $("hint-confidence").textContent = sure;
  } else {
    // No move worth making (every one leads back where the game has been).
    $("hint-text").textContent = sure || "No move leads anywhere new.";
    $("hint-confidence").textContent = "";
  }
  // With no hope left, the way out is offered beside the move.
  const stuck = h.hopeless || !h.move;
  $("hint-play").hidden = !h.move || !has(h.move);
  $("hint-undo").hidden = !stuck || !/** @type {GameView} */ (view).can_undo;
  $("hint-quit").hidden = !stuck;
  $("hint-panel").dataset.move = h.move || "";
  $("hint-panel").hidden = false;
  markHint();
  const first = /** @type {HTMLElement} */ ([$("hint-play"), $("hint-undo"), $("hint-close")].find((b) => !b.hidden));
  first.focus({ preventScroll: true });
}

function playHint() {
  if (!hintShown) return;
  const mv = hintShown.move;
  clearHint();
  play(/** @type {string} */ (mv));
}

async function finish() {
  if (!view || busy || finishing) return;
  finishing = true;
  setView(view);
  say("Looking for a winning line…");
  await parAnswered();
  const r = await api("GET", `/api/games/${GAME_ID}/finish`);
  if (!r.ok || !Array.isArray(r.data.moves) || !r.data.moves.length) {
    finishing = false;
    setView(view);
    say(r.ok ? "No winning line was found from here." : r.data.error || "No winning line was found from here.", true);
    return;
  }
  say("Playing the winning line…");
  for (const m of /** @type {(string | {notation: string})[]} */ (r.data.moves)) {
    const notation = typeof m === "string" ? m : m.notation;
    if (!has(notation) || !(await send({ move: notation }))) break;
    await new Promise((done) => setTimeout(done, reducedMotion.matches ? 60 : 220));
  }
  finishing = false;
  setView(view);
}

// ----- Pointer: click, double-click, drag -------------------------------------

/**
 * A click (or Enter) on `pile`, on a movable card of it that would take
 * `count` cards along (null: on the pile, not on a movable card): picks the
 * cards up, or puts those picked up there.
 * @param {string} pile
 * @param {number | null} count
 */
function activate(pile, count) {
  if (!view) return;
  if (pile === "s") {
    clearSelection();
    draw();
    return;
  }
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

function closeMenu() {
  /** @type {HTMLDetailsElement} */ ($("menu")).open = false;
}

function setup() {
  const felt = $("felt");

  felt.addEventListener("click", (e) => {
    if (suppressClick) return;
    const card = closest(e, ".card.movable");
    const pileEl = closest(e, "[data-pile]");
    if (!pileEl) {
      clearSelection();
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
    if (e.button !== 0 || busy) return;
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

  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", () => send({ action: "undo" }));
  $("redo").addEventListener("click", () => send({ action: "redo" }));
  $("banner-undo").addEventListener("click", () => send({ action: "undo" }));
  $("hint-undo").addEventListener("click", () => send({ action: "undo" }));
  $("restart").addEventListener("click", () => {
    closeMenu();
    if (confirm("Take back every move and go back to the deal?")) send({ action: "restart" });
  });
  const giveUp = () => {
    closeMenu();
    if (confirm("Give up this game?")) send({ action: "quit" });
  };
  $("quit").addEventListener("click", giveUp);
  $("hint-quit").addEventListener("click", giveUp);
  $("hint").addEventListener("click", hint);
  $("hint-play").addEventListener("click", playHint);
  $("hint-close").addEventListener("click", clearHint);
  $("finish").addEventListener("click", finish);
  const auto = /** @type {HTMLInputElement} */ ($("auto"));
  auto.addEventListener("change", () => send({ action: auto.checked ? "auto-on" : "auto-off" }));
  // The menu closes when the player clicks elsewhere.
  document.addEventListener("click", (e) => {
    if (/** @type {HTMLDetailsElement} */ ($("menu")).open && !closest(e, "#menu")) closeMenu();
  });
  window.addEventListener("resize", () => view && render());
  // The felt's width can change without the window's (a scroll bar).
  let feltWidth = felt.clientWidth;
  new ResizeObserver(() => {
    if (felt.clientWidth !== feltWidth && view) {
      feltWidth = felt.clientWidth;
      render();
    }
  }).observe(felt);
  // Another tab may have moved: catch up when this one comes back.
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && catchUp());
  window.addEventListener("focus", catchUp);
  setInterval(tick, 250);
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

// ----- Keyboard -----------------------------------------------------------------

function focusables() {
  return [...queryAll("#felt [data-pile][tabindex]")];
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  const on = /** @type {Element} */ (e.target);
  if (!view || on.closest("input, select, textarea")) return;
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
        if (key === "Enter" && hintShown && has(hintShown.move)) {
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
      const depth = kbDepth[pile] && can.includes(kbDepth[pile]) ? kbDepth[pile] : can[0] || null;
      activate(pile, selected ? (destOf(pile) && !can.length ? null : depth) : depth);
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
      const src = selected ? selected.pile : pile;
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

document.addEventListener("DOMContentLoaded", () => {
  setup();
  load();
});
