// @ts-check
// Help from the server: a hint (the honest player's move, shown in a panel
// and marked on the table, played only if the player says so) and Finish
// (once no decision is left, every card up, move by move like the
// player's own).

import { api } from "./common.js";
import { $, GAME_ID, page, reducedMotion, say } from "./game-page.js";
import { has } from "./game-moves.js";
import { clearHint, markHint } from "./game-marks.js";
import { parAnswered } from "./game-par.js";
import { setView } from "./game-view.js";
import { play, send } from "./game-server.js";
import { t } from "./words.js";

/** @import { GameView, Hint } from "./game-page.js" */

export async function hint() {
  if (!page.view || page.busy || page.finishing || $("hint").hidden || page.view.over) return;
  say(t("game-hints-thinking"));
  const at = document.activeElement && /** @type {HTMLElement | null} */ (document.activeElement.closest("#felt [data-pile]"));
  page.hintFrom = at ? at.dataset.pile : null;
  await parAnswered();
  const r = await api("GET", `/api/games/${GAME_ID}/hint`);
  if (!r.ok) {
    say(r.data.error || t("game-hints-none-now"), true);
    return;
  }
  say("");
  /** @type {Hint} */
  const h = r.data;
  page.hintShown = h;
  const sure = h.confidence || "";
  if (h.move) {
    $("hint-text").textContent = t("game-hints-hint", { words: /** @type {string} */ (h.words) });
    $("hint-confidence").textContent = sure;
  } else {
    // No move worth making (every one leads back where the game has been).
    $("hint-text").textContent = sure || t("game-hints-nowhere-new");
    $("hint-confidence").textContent = "";
  }
  // With no hope left, the way out is offered beside the move.
  const stuck = h.hopeless || !h.move;
  $("hint-play").hidden = !h.move || !has(h.move);
  $("hint-undo").hidden = !stuck || !/** @type {GameView} */ (page.view).can_undo;
  $("hint-quit").hidden = !stuck;
  $("hint-panel").dataset.move = h.move || "";
  $("hint-panel").hidden = false;
  markHint();
  const first = /** @type {HTMLElement} */ ([$("hint-play"), $("hint-undo"), $("hint-close")].find((b) => !b.hidden));
  first.focus({ preventScroll: true });
}

export function playHint() {
  if (!page.hintShown) return;
  const mv = page.hintShown.move;
  clearHint();
  play(/** @type {string} */ (mv));
}

/**
 * Shows a winning line: the server records that it was shown, then gives
 * it, and the page plays it like Finish (a click on Finish's place skips).
 */
export async function showLine() {
  if (!page.view || page.busy || page.finishing) return;
  page.finishing = true;
  skipToTheEnd = false;
  setView(page.view);
  say(t("game-hints-looking"));
  await parAnswered();
  const r = await api("POST", `/api/games/${GAME_ID}/line`, { action_number: page.view.action_number });
  if (!r.ok || !Array.isArray(r.data.moves) || !r.data.moves.length) {
    page.finishing = false;
    if (r.ok && r.data.view) setView(r.data.view);
    else setView(page.view);
    say((!r.ok && r.data.error) || t("game-hints-no-line"), true);
    return;
  }
  setView(r.data.view);
  await playUp(r.data.moves, t("game-hints-playing-line"));
}

/** Set by a click on Finish while it plays: the rest goes up at once. */
let skipToTheEnd = false;

/**
 * Finish: every card left goes up, one after another (the server gives the
 * moves only when no decision is left), quickly; a second click skips to
 * the end.
 */
export async function finish() {
  if (!page.view) return;
  if (page.finishing) {
    skipToTheEnd = true;
    return;
  }
  if (page.busy) return;
  page.finishing = true;
  skipToTheEnd = false;
  setView(page.view);
  await parAnswered();
  const r = await api("GET", `/api/games/${GAME_ID}/finish`);
  if (!r.ok || !Array.isArray(r.data.moves) || !r.data.moves.length) {
    page.finishing = false;
    setView(page.view);
    say((!r.ok && r.data.error) || t("game-hints-nothing-to-finish"), true);
    return;
  }
  await playUp(r.data.moves, t("game-hints-finishing"));
}

/**
 * Plays `moves` one after another like the player's own, quickly, or at
 * once after a click on "Skip to the end".
 * @param {{notation: string}[]} moves
 * @param {string} saying
 */
async function playUp(moves, saying) {
  say(saying);
  for (const m of moves) {
    if (!has(m.notation) || !(await send({ move: m.notation }))) break;
    if (!skipToTheEnd && !reducedMotion.matches) await new Promise((done) => setTimeout(done, 90));
  }
  page.finishing = false;
  say("");
  if (page.view) setView(page.view);
}
