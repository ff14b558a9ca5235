// @ts-check
// The one way a view reaches the page: every answer of the server goes
// through setView, so the table, the bar above it, the buttons, the banner,
// the par and the clock never disagree about where the game stands.

import { api, el } from "./common.js";
import { $, button, GAME_ID, link, page, reducedMotion } from "./game-page.js";
import { movableCounts } from "./game-moves.js";
import { clearHint } from "./game-marks.js";
import { render } from "./game-render.js";
import { showPar } from "./game-par.js";
import { startClock } from "./game-clock.js";
import { loadVotes, starPicker } from "./votes.js";
import { number, t } from "./words.js";

/** @import { GameView } from "./game-page.js" */

/**
 * Shows view `v`: the table and everything about the game around it.
 * @param {GameView} v
 */
export function setView(v) {
  const before = page.view;
  const first = before === null;
  const dealChanged = before === null || before.deal !== v.deal;
  const wasWon = before !== null && before.outcome === "won";
  page.view = v;
  // A duel's game has no deal number (null) until the duel closes: it would
  // let the player practise the same deal beside the duel. No number, no
  // share link, no "same deal again".
  const hidden = v.deal === null || v.deal === undefined;
  if (dealChanged) {
    // A deal number is a name: written without separators.
    document.title = hidden ? t("game-view-title-duel", { name: v.name }) : t("game-view-title", { name: v.name, deal: String(v.deal) });
  }
  if (page.selected && !movableCounts(page.selected.pile).includes(page.selected.count)) page.selected = null;
  $("title").textContent = v.name;
  $("deal-stat").hidden = hidden;
  $("deal-winnable").hidden = hidden || !v.dealt_as_winnable;
  $("duel-deal").hidden = !hidden;
  $("banner-again").hidden = hidden;
  const share = hidden ? "/" : `/?rules=${encodeURIComponent(v.game)}&deal=${v.deal}`;
  $("deal-link").textContent = hidden ? "–" : String(v.deal);
  link("deal-link").href = share;
  link("banner-again").href = share;
  // A game over for good can be watched again (a dead end that Undo can
  // leave is not over: its analysis would tell whether to undo).
  $("banner-replay").hidden = !v.over;
  link("banner-replay").href = `/replay/${GAME_ID}`;
  link("new-game").href = `/?rules=${encodeURIComponent(v.game)}`;
  link("banner-new").href = `/?rules=${encodeURIComponent(v.game)}`;
  $("moves-made").textContent = t("game-view-moves-made", { moves: v.moves_made });
  const rec = link("record");
  rec.href = `/api/games/${GAME_ID}/record`;
  rec.setAttribute("download", `patience-${v.game.replace("/", "-")}-${hidden ? "duel" : v.deal}.txt`);
  const timed = v.ms_left !== null && v.ms_left !== undefined;
  const score = $("score");
  score.hidden = false;
  score.textContent = v.scored ? t("game-view-score", { score: v.score }) : t("game-view-on-foundations", { up: v.score, cards: v.cards });
  const passes = $("passes");
  passes.hidden = !v.has_stock;
  passes.textContent = v.table.passes
    ? t("game-view-pass-of", { pass: v.table.pass, passes: v.table.passes })
    : t("game-view-pass", { pass: v.table.pass });

  const over = v.over;
  // A hint left open when the game ended (the clock ran out while the
  // player read it) offers moves no longer to be made.
  if (over && page.hintShown) clearHint();
  const cost = v.undo_cost || 0;
  $("undo").textContent = cost ? t("game-view-undo-cost", { cost }) : t("game-view-undo");
  $("undo").title = cost ? t("game-view-undo-cost-title", { cost }) : t("game-view-undo-title");
  button("undo").disabled = !v.can_undo;
  button("redo").disabled = !v.can_redo;
  $("restart").hidden = !v.restart_offered;
  button("restart").disabled = !v.can_restart;
  button("quit").disabled = over;
  const hints = v.hints;
  $("hint").hidden = !hints;
  button("hint").disabled = over || page.finishing;
  // Finish only saves the clicks of a game that needs no decision any
  // more; it is still help, off in duels and daily deals like a hint.
  // While it plays, the same button skips to the end.
  $("finish").hidden = (!v.finishable && !page.finishing) || over || !hints;
  $("finish").textContent = page.finishing ? t("game-view-skip") : t("game-view-finish");
  // Every card known and decisions left: the solver's line may be shown,
  // except where the library finds the rules' deals never won.
  $("show-line").hidden = !v.line_offered || over || !hints || page.neverWon !== false || page.finishing;
  const auto = /** @type {HTMLInputElement} */ ($("auto"));
  auto.checked = !!v.safe_auto_moves;
  auto.disabled = over;

  const banner = $("banner");
  if (v.outcome !== "playing") {
    banner.hidden = false;
    // The server's words for a win are "Won"; the page says a little more.
    $("banner-text").textContent =
      v.outcome === "won"
        ? v.helped
          ? t("game-view-won-with-help")
          : t("game-view-won")
        : t("game-view-outcome", { outcome: v.outcome_words });
    showFacts(v);
    $("banner-undo").hidden = over || !v.can_undo;
  } else {
    banner.hidden = true;
  }
  showPar(v);
  showVote(v);
  if (v.outcome === "won" && !wasWon && !first) celebrate();

  // Before the first move of a timed game, say when its clock starts.
  const note = $("clock-note");
  if (timed && v.action_number === 0 && v.outcome === "playing") {
    note.hidden = false;
    note.textContent = !v.clock_started
      ? t("game-view-clock-starts", { minutes: Math.round(/** @type {number} */ (v.clock_secs) / 60) })
      : t("game-view-clock-started");
  } else {
    note.hidden = true;
  }
  if (timed) startClock(/** @type {number} */ (v.ms_left));
  render();
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

/** The game whose stars the banner shows, once drawn (a game is voted for by its default rules' id). */
let voteShownFor = "";

/**
 * Under the banner of a game over for good (not a duel's or a daily
 * deal's, where the page offers no help either): five stars to rate the game.
 * @param {GameView} v
 */
function showVote(v) {
  const box = $("banner-vote");
  const game = v.game.split("/")[0];
  if (!v.over || !v.hints) {
    box.hidden = true;
    return;
  }
  if (voteShownFor === game) {
    box.hidden = false;
    return;
  }
  voteShownFor = game;
  loadVotes().then((votes) => {
    const mine = votes.find((g) => g.game === game);
    if (!mine || !page.view || !page.view.over) return;
    box.replaceChildren(starPicker(mine));
    box.hidden = false;
  });
}

/** @param {number} ms */
function duration(ms) {
  // Whole seconds, as the clock beside it counts down the rest: the two add up.
  const secs = Math.floor(ms / 1000);
  const m = Math.floor(secs / 60);
  return m
    ? t("game-view-duration-minutes", { minutes: m, seconds: String(secs % 60).padStart(2, "0") })
    : t("game-view-duration-seconds", { seconds: secs });
}

/** The game the figures below were asked for, and at which action. */
let factsFor = "";

/**
 * The summary's figures: time, moves, score or cards up; then, for a game
 * over for good, the player's win rate and streak for these rules and
 * their best score, from their statistics.
 * @param {GameView} v
 */
function showFacts(v) {
  const up = v.table.foundations.reduce((n, f) => n + f.count, 0);
  /** @type {[string, string][]} */
  const facts = [];
  if (v.played_ms !== null && v.played_ms !== undefined) facts.push([t("game-view-fact-time"), duration(v.played_ms)]);
  facts.push([t("game-view-fact-moves"), number(v.moves_made)]);
  if (v.scored) {
    facts.push([t("game-view-fact-score"), number(v.score)]);
    if (v.time_bonus) facts.push([t("game-view-fact-time-bonus"), `+${number(v.time_bonus)}`]);
  } else {
    facts.push([t("game-view-fact-cards-up"), t("game-view-cards-up", { up, cards: v.cards })]);
  }
  const list = $("banner-facts");
  list.replaceChildren(...facts.map(([name, value]) => el("div", {}, el("dt", { text: name }), " ", el("dd", { text: value }))));
  const key = `${v.action_number}:${v.outcome}`;
  if (!v.over || !v.hints || factsFor === key) return;
  factsFor = key;
  $("banner-best").hidden = true;
  api("GET", "/api/stats").then((r) => {
    if (!r.ok || !page.view || `${page.view.action_number}:${page.view.outcome}` !== key) return;
    /** @type {{rules: string, played: number, win_percent: number, reached_par: number, current_streak: number, best_score: number | null}[]} */
    const variants = r.data.games.flatMap((/** @type {{variants: any[]}} */ g) => g.variants);
    const mine = variants.find((row) => row.rules === v.game);
    if (!mine || !mine.played) return;
    // Where deals are never won, the par is the result to count.
    const parts = page.neverWon
      ? [t("game-view-best-par", { name: v.name, reached: mine.reached_par, played: mine.played })]
      : [
          t("game-view-best-won", { name: v.name, percent: mine.win_percent, played: mine.played }),
          t("game-view-best-streak", { streak: mine.current_streak }),
        ];
    // A first game is a best of one: no news.
    const best = v.scored && mine.best_score !== null && mine.played > 1;
    if (best && v.score >= /** @type {number} */ (mine.best_score)) {
      parts.push(t("game-view-best-personal"));
      $("banner-best").textContent = parts.join(" · ");
    } else {
      if (best) parts.push(t("game-view-best-score", { best: /** @type {number} */ (mine.best_score) }));
      $("banner-best").textContent = t("game-view-best-line", { parts: parts.join(" · ") });
    }
    $("banner-best").hidden = false;
    // The summary grew: the table under it fits itself again.
    render();
  });
}
