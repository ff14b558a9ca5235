// @ts-check
// What every part of the game page shares: the latest view and the little
// state kept around it, the page's elements, and the message line over the
// table. ES modules cannot reassign each other's bindings, so the state
// lives in one object that every part reads and writes.

import { motionScale } from "./settings.js";

/** @import { Outcome } from "./common.js" */
/** @import { TableShape, TableView } from "./table.js" */

/**
 * The player view (`view` in `GET /api/games/{id}` and in an action's
 * answer): patience-core's GameView with what only the server knows
 * (`hints`, `clock_started`, `dealt_as_winnable`).
 * @typedef {Object} GameView
 * @property {string} game the rules id
 * @property {string} name
 * @property {number | null} deal null for a game of a duel still open or a daily deal whose day runs
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
 * @property {boolean} finishable no decision is left: Finish moves every card up
 * @property {boolean} line_offered every card left is known and decisions remain: a winning line may be shown
 * @property {boolean} helped a winning line was shown: a win is a win with help
 * @property {{pile: string, words: string}[]} blocked the piles whose top card has no move, and why
 * @property {boolean} safe_auto_moves
 * @property {number | null} ms_left milliseconds left on the clock, for timed games
 * @property {number | null} clock_secs the clock's length in seconds, for timed games
 * @property {number | null} played_ms how long the game was played, from its clock's start
 * @property {number | null} [time_bonus] the part of the score earned by the time left
 * @property {boolean} hints false in a duel's or a daily deal's games: no hint and no Finish
 * @property {boolean} clock_started
 * @property {boolean} dealt_as_winnable the player asked for a winnable deal and got one
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
 * The state more than one part of the page reads.
 * @typedef {Object} PageState
 * @property {GameView | null} view the latest GameView
 * @property {TableShape | null} opening the opening table of the game's rules (its shape sizes the cards)
 * @property {{pile: string, count: number} | null} selected cards picked up by click or keyboard
 * @property {boolean} busy a request is on its way
 * @property {Hint | null} hintShown the hint on the table
 * @property {string | null | undefined} hintFrom the pile that had the focus when the hint was asked for
 * @property {boolean} finishing Finish or a winning line is playing the cards
 * @property {boolean | null} neverWon the library finds these rules' deals never won (null until it answers)
 */

/** @type {PageState} */
export const page = {
  view: null,
  opening: null,
  selected: null,
  busy: false,
  hintShown: null,
  hintFrom: null,
  finishing: false,
  neverWon: null,
};

export const GAME_ID = location.pathname.split("/").filter(Boolean).pop();
const prefersLessMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Whether cards keep still: the system asks for less motion, or the player turned animation off. */
export const reducedMotion = {
  get matches() {
    return prefersLessMotion.matches || motionScale() === 0;
  },
};

// The page's elements, typed for the checker: by id (every id asked for is
// in game.html), by selector (the felt holds HTML elements only).
/** @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
export const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
/** @param {string} id */
export const link = (id) => /** @type {HTMLAnchorElement} */ (document.getElementById(id));
/**
 * The first element `css` selects (on this page, an HTML element).
 * @param {string} css
 */
export const query = (css) => /** @type {HTMLElement | null} */ (document.querySelector(css));
/**
 * Every element `css` selects (on this page, HTML elements).
 * @param {string} css
 */
export const queryAll = (css) => /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(css));
/**
 * The element an event happened on, or its nearest ancestor that matches `css`.
 * @param {Event} e
 * @param {string} css
 */
export const closest = (e, css) => /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest(css));

export function closeMenu() {
  /** @type {HTMLDetailsElement} */ ($("menu")).open = false;
}

/** @type {number | undefined} */
let statusTimer;

/**
 * Shows a short message over the table (and reads it to screen readers).
 * @param {string} text
 * @param {boolean} [bad]
 */
export function say(text, bad) {
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
export function announce(text) {
  const a = $("announce");
  a.textContent = text || "";
}
