// @ts-check
// Par: the most cards the deal can bring up. The server tells it once the
// game is over (never while its duel is open or its daily deal's day runs:
// the deal is secret until then), and from the start where every card shows from the deal
// (Lasker, whose default rules lose every deal, so its par is the goal). A
// refusal shows nothing.

import { api } from "./common.js";
import { $, GAME_ID, page } from "./game-page.js";
import { render } from "./game-render.js";

/** @import { GameView } from "./game-page.js" */

/**
 * `GET /api/games/{id}/par`, of which the page shows the words.
 * @typedef {{words: string}} Par
 */

/** @type {number | null} */
let parAsked = null; // the action number the end-of-game par was asked for
let startParAsked = false;

/**
 * The par under the banner of a game that ended, or from the start where
 * every card shows from the deal.
 * @param {GameView} v
 */
export function showPar(v) {
  const line = $("banner-par");
  // Over for good: a dead end that Undo can leave is not told its par,
  // unless every card of the deal shows anyway (Lasker).
  const ended = v.outcome !== "playing" && v.outcome !== "won" && (v.over || v.deal_shows_every_card);
  // A contest's game shows its deal number only once the contest is over.
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
      // The summary above the table grew: the table fits itself again.
      render();
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
      note.hidden = !page.view || page.view.outcome !== "playing";
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

export async function parAnswered() {
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
  if (r.ok && page.view && page.view.action_number === number) show(r.data);
}
