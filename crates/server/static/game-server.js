// @ts-check
// The page's conversation with the server: the game, its rules' opening
// and its duel on load, and every action. The server is the only judge of
// a move, so a gesture ends here as a request, and every sentence about a
// move (what it did, why it was refused) is the server's.

import { api } from "./common.js";
import { $, announce, GAME_ID, link, page, say } from "./game-page.js";
import { has } from "./game-moves.js";
import { clearHint, clearSelection } from "./game-marks.js";
import { setView } from "./game-view.js";
import { playSound } from "./settings.js";
import { t } from "./words.js";

/**
 * `GET /api/games/{id}/duel`: the duel a game belongs to.
 * @typedef {{id: string, link: string, rules: string, name: string, status: "open" | "closed"}} GameDuel
 */

/**
 * The same answer's daily deal a game is an attempt at.
 * @typedef {{game: string, name: string, day: string, link: string, over: boolean}} GameDaily
 */

async function loadOpening() {
  if (page.opening) return;
  const r = await api("GET", "/static/openings.json");
  if (r.ok && page.view && r.data[page.view.game]) {
    page.opening = r.data[page.view.game];
    setView(page.view);
  }
}

export async function load() {
  const r = await api("GET", `/api/games/${GAME_ID}`);
  if (!r.ok) {
    $("title").textContent = r.status === 404 ? t("game-server-not-found-title") : t("game-server-load-failed-title");
    say(r.status === 404 ? t("game-server-not-found") : t("game-server-load-failed"), true);
    return;
  }
  setView(r.data.view);
  if (!page.opening) loadOpening();
  loadShelf();
  if (duel === undefined) loadDuel();
}

/** Whether the library finds the rules' deals never won: no winning line is offered then. */
async function loadShelf() {
  const r = await api("GET", "/api/library");
  const rules = page.view && page.view.game;
  const shelf = r.ok && r.data.library.find((/** @type {{rules: string}} */ s) => s.rules === rules);
  page.neverWon = !!(shelf && shelf.never_won);
  document.body.dataset.neverWon = String(page.neverWon); // for tests, and styles if wanted
  if (page.view) setView(page.view);
}

/** Catches up with a change made elsewhere (another tab): quietly. */
export async function catchUp() {
  if (page.busy || !page.view) return;
  const r = await api("GET", `/api/games/${GAME_ID}`);
  const v = r.ok ? r.data.view : null;
  // A finished clock changes the outcome without an action.
  if (v && (v.action_number !== page.view.action_number || v.outcome !== page.view.outcome)) {
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
  if (r.ok && r.data.daily) return showDaily(r.data.daily);
  if (!r.ok || !r.data.duel) return;
  /** @type {GameDuel} */
  const d = r.data.duel;
  duel = d;
  showNote(t("game-server-duel-note", { name: d.name, closed: d.status === "closed" ? "yes" : "no" }), t("game-server-duel-back"), d.link);
  link("banner-duel").href = d.link;
  $("banner-duel").hidden = false;
  // The duel's game is the one that counts: a new game is a secondary choice here.
  $("banner-new").classList.remove("primary");
  if (page.view) setView(page.view);
}

/**
 * Shows the note over the table that names the contest the game belongs
 * to: `words`, then a link `back` to `href`.
 * @param {string} words
 * @param {string} back
 * @param {string} href
 */
function showNote(words, back, href) {
  const a = link("duel-back");
  a.href = href;
  a.textContent = back;
  const note = $("duel-note");
  note.replaceChildren(`${words} `, a);
  note.hidden = false;
}

/**
 * Says on the page that the game is the player's one attempt at a daily
 * deal, with a link to its board.
 * @param {GameDaily} d
 */
function showDaily(d) {
  // The day as the daily pages name it (and their links): 2025-06-01.
  showNote(t("game-server-daily-note", { name: d.name, day: d.day, over: d.over ? "yes" : "no" }), t("game-server-daily-back"), d.link);
  // Where the deal number stands until the day ends: no duel here.
  $("duel-deal").textContent = t("game-server-daily-deal");
  $("duel-deal").title = t("game-server-daily-deal.title");
  link("banner-duel").href = d.link;
  $("banner-duel").textContent = t("game-server-daily-board");
  $("banner-duel").hidden = false;
  $("banner-new").classList.remove("primary");
}

/**
 * Sends an action. Resolves to true when the server applied it. A refusal
 * is shown as the server words it; a stale action number means another tab
 * moved first: the page then catches up without alarm.
 * @param {{move?: string, action?: string, action_number?: number}} body
 * @returns {Promise<boolean>}
 */
export async function send(body) {
  if (page.busy || !page.view) return false;
  page.busy = true;
  body.action_number = page.view.action_number;
  const r = await api("POST", `/api/games/${GAME_ID}/actions`, body);
  page.busy = false;
  if (r.ok) {
    // Finish and a winning line say what they do until they end.
    if (!page.finishing) say("");
    clearHint();
    // Finish and a winning line play many moves: only their end is heard.
    if (body.move && (r.data.view.outcome === "won" || !page.finishing)) {
      playSound(r.data.view.outcome === "won" ? "win" : "place");
    }
    setView(r.data.view);
    announce(r.data.announcement);
    return true;
  }
  /** @type {HTMLInputElement} */ ($("auto")).checked = !!page.view.safe_auto_moves;
  if (r.status === 409) {
    await catchUp();
    if (page.view.outcome === "playing") say("");
  } else {
    say(r.data.error || t("game-server-refused"), true);
  }
  return false;
}

/** @param {string} move */
export function play(move) {
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
export function attempt(move) {
  if (play(move)) return;
  clearSelection();
  send({ move });
}

export function draw() {
  if (play("s") || play("r")) return;
  say(t("game-server-stock-done"), true);
}
