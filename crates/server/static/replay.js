// @ts-check
// The replay page, `/replay/{id}`: a game watched again, the table after
// each action drawn by the game page's renderer (table.js), with first /
// back / forward / last, play and pause at three speeds, the keyboard
// (arrows, Home, End, space) and the actions in words, each a jump there.
// The server sends the table of each step; the page keeps those it has.

import { api, el, OUTCOME_TEXT, profileLink, ready } from "./common.js";
import { drawTable, fitTable } from "./table.js";
import { t } from "./words.js";

/** @import { Outcome } from "./common.js" */

/**
 * A step of `GET /api/replays/{id}`.
 * @typedef {{number: number, action: string, words: string, at_ms: number, score: number, moves_made: number,
 *   outcome: Outcome}} Step
 */

/**
 * `GET /api/replays/{id}`.
 * @typedef {Object} Replay
 * @property {string} id
 * @property {string} rules
 * @property {string} name
 * @property {number | null} deal
 * @property {string | null} player
 * @property {Outcome} outcome
 * @property {boolean} yours
 * @property {string | null} contest
 * @property {string} record
 * @property {Step[]} steps
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

const GAME_ID = location.pathname.split("/").filter(Boolean).pop();

/**
 * `GET /api/replays/{id}/analysis` once done.
 * @typedef {{verdicts: ("won" | "lost" | "unknown")[], never_winnable: boolean, lost_at: number | null, words: string,
 *   line_from: number | null, line: {notation: string, words: string}[], solves: number, unknown: number,
 *   honest: {notation: string, words: string, confidence: string, same_as_played: boolean} | null,
 *   pars: {best: number, exact: boolean}[], total: number}} Analysis
 */

/** @type {{replay: Replay | null, at: number, views: Map<number, any>, opening: any, timer: number | undefined,
 *   scored: boolean, clockSecs: number | null, analysis: Analysis | null, lineAt: number | null,
 *   lineViews: Map<number, any>}} */
const state = {
  replay: null,
  at: 0,
  views: new Map(),
  opening: null,
  timer: undefined,
  scored: false,
  clockSecs: null,
  analysis: null,
  lineAt: null,
  lineViews: new Map(),
};

/** Stands for an argument that an element fills: see `withNode`. */
const SLOT = "\u0001";

/**
 * A sentence said with SLOT for one of its arguments, with `node` (a link)
 * in its place.
 * @param {string} text
 * @param {Node} node
 * @returns {(string | Node)[]}
 */
function withNode(text, node) {
  const at = text.indexOf(SLOT);
  return at < 0 ? [text] : [text.slice(0, at), node, text.slice(at + SLOT.length)];
}

/**
 * The clock as the game page showed it: whole seconds, rounded up.
 * @param {number} ms
 */
function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The table after step `n`, from the server once.
 * @param {number} n
 */
async function viewAt(n) {
  if (!state.views.has(n)) {
    const r = await api("GET", `/api/replays/${GAME_ID}/steps/${n}`);
    if (!r.ok) throw new Error(r.data.error || t("replayjs-table-not-loaded"));
    state.views.set(n, r.data.view);
  }
  return state.views.get(n);
}

function draw() {
  const view = state.lineAt === null ? state.views.get(state.at) : state.lineViews.get(state.lineAt);
  if (!view) return;
  const felt = $("felt");
  const top = felt.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(200, window.innerHeight - top - 6);
  const fit = fitTable(state.opening || view.table, felt.clientWidth, height, 26, 110, false);
  document.documentElement.style.setProperty("--cw", `${fit.cw}px`);
  const ch = fit.cw * 1.4;
  const topHeight = fit.twoRows ? 2 * ch + fit.cw * 0.2 : ch;
  drawTable(felt, view.table, {
    cw: fit.cw,
    twoRows: fit.twoRows,
    room: Math.max(ch * 3, height - topHeight - fit.cw * 0.25),
    interactive: false,
    shape: state.opening,
  });
}

/**
 * Shows step `n` (0: the deal).
 * @param {number} n
 */
async function show(n) {
  const replay = state.replay;
  if (!replay) return;
  n = Math.max(0, Math.min(replay.steps.length, n));
  try {
    await viewAt(n);
  } catch (e) {
    $("replay-error").textContent = /** @type {Error} */ (e).message;
    pause();
    return;
  }
  state.at = n;
  state.lineAt = null;
  $("analysis-back").hidden = true;
  const view = state.views.get(n);
  draw();
  const step = n > 0 ? replay.steps[n - 1] : null;
  $("step-stat").textContent = t("replayjs-step", { n, steps: replay.steps.length });
  $("moves-made").textContent = t("replayjs-moves", { moves: view.moves_made });
  $("score").textContent = t("replayjs-score", { score: view.score });
  // The time left as the game's view gives it (a practice clock starts with
  // the first action).
  if (state.clockSecs !== null) {
    const left = view.ms_left ?? state.clockSecs * 1000 - (step ? step.at_ms : 0);
    $("clock").textContent = t("replayjs-clock", { time: clockText(left) });
  }
  $("status").textContent = step ? `${step.number}. ${step.words}` : t("replayjs-the-deal-status");
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#steps li"))) {
    const current = Number(li.dataset.step) === n;
    li.classList.toggle("current", current);
    if (current) li.querySelector("button")?.setAttribute("aria-current", "step");
    else li.querySelector("button")?.removeAttribute("aria-current");
  }
  button("first").disabled = button("back").disabled = n === 0;
  button("forward").disabled = button("last").disabled = n === replay.steps.length;
  for (const mark of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#analysis-bar span"))) {
    mark.classList.toggle("current", Number(mark.dataset.step) === n);
  }
  // The next step's table, ahead of the click.
  if (n < replay.steps.length) viewAt(n + 1).catch(() => {});
}

/**
 * Shows move `i` of the analysis's winning line on the board.
 * @param {number} i
 */
async function showLine(i) {
  const analysis = state.analysis;
  if (!analysis || analysis.line_from === null) return;
  i = Math.max(0, Math.min(analysis.line.length, i));
  if (!state.lineViews.has(i)) {
    const r = await api("GET", `/api/replays/${GAME_ID}/line/${i}`);
    if (!r.ok) {
      $("replay-error").textContent = r.data.error || t("replayjs-line-not-shown");
      return;
    }
    state.lineViews.set(i, r.data.view);
  }
  state.lineAt = i;
  $("analysis-back").hidden = false;
  draw();
  const view = state.lineViews.get(i);
  $("moves-made").textContent = t("replayjs-moves", { moves: view.moves_made });
  // The line's own score and clock: it is played on from the game's table.
  $("score").textContent = t("replayjs-score", { score: view.score });
  if (state.clockSecs !== null && view.ms_left !== null && view.ms_left !== undefined) {
    $("clock").textContent = t("replayjs-clock", { time: clockText(view.ms_left) });
  }
  $("step-stat").textContent = t("replayjs-line-step", { from: analysis.line_from, n: i, moves: analysis.line.length });
  button("first").disabled = button("back").disabled = i === 0;
  button("forward").disabled = button("last").disabled = i === analysis.line.length;
  $("status").textContent = i > 0 ? `${i}. ${analysis.line[i - 1].words}` : t("replayjs-line-start");
}

/** Plays the winning line through at the chosen speed. */
async function playLine() {
  const analysis = state.analysis;
  if (!analysis || analysis.line_from === null) return;
  pause();
  await showLine(0);
  $("play").textContent = t("replayjs-pause");
  const next = async () => {
    if (state.lineAt === null || state.lineAt >= analysis.line.length) return pause();
    await showLine(state.lineAt + 1);
    if (state.lineAt >= analysis.line.length) return pause();
    state.timer = window.setTimeout(next, Number(/** @type {HTMLSelectElement} */ ($("speed")).value));
  };
  state.timer = window.setTimeout(next, Number(/** @type {HTMLSelectElement} */ ($("speed")).value));
}

/** @param {Analysis} a */
function showAnalysis(a) {
  state.analysis = a;
  $("analysis-words").textContent = a.words;
  const honest = $("analysis-honest");
  honest.hidden = !a.honest;
  if (a.honest) {
    honest.textContent = a.honest.same_as_played
      ? t("replayjs-honest-same", { move: a.honest.words, confidence: a.honest.confidence })
      : t("replayjs-honest-other", { move: a.honest.words, confidence: a.honest.confidence });
  }
  const bar = $("analysis-bar");
  const pars = a.pars.length > 0;
  bar.classList.toggle("pars", pars);
  bar.replaceChildren(
    ...a.verdicts.map((v, n) => {
      const step = n === 0 ? t("replayjs-the-deal") : t("replayjs-after-action", { n });
      const par = a.pars[n];
      const mark = el("span", {
        class: `${pars ? `par${par.exact ? "" : " bound"}` : v}${n === a.lost_at ? " mark" : ""}${n === state.at ? " current" : ""}`,
        "data-step": n,
        title: pars
          ? t("replayjs-par-title", { step, exact: par.exact ? "yes" : "no", best: par.best, total: a.total })
          : t("replayjs-verdict", { step, verdict: v }),
        onclick: () => (pause(), show(n)),
      });
      // The par's height, set through the style object (the page's
      // security policy refuses style attributes).
      if (pars) mark.style.height = `${Math.max(4, (100 * par.best) / a.total)}%`;
      return mark;
    }),
  );
  bar.setAttribute(
    "aria-label",
    pars
      ? t("replayjs-pars-label", { first: a.pars[0].best, total: a.total, last: a.pars[a.pars.length - 1].best })
      : t("replayjs-verdicts-label", {
          won: a.verdicts.filter((v) => v === "won").length,
          lost: a.verdicts.filter((v) => v === "lost").length,
          unknown: a.unknown,
        }),
  );
  $("analysis-mark").hidden = a.lost_at === null;
  if (a.lost_at !== null) $("analysis-mark").textContent = t("replayjs-go-to-action", { n: a.lost_at });
  $("analysis-line").hidden = a.line_from === null;
  if (a.line_from !== null) $("analysis-line").textContent = t("replayjs-play-line", { n: a.line_from });
}

async function loadAnalysis() {
  const r = await api("GET", `/api/replays/${GAME_ID}/analysis`);
  if (r.status === 202) {
    $("analysis-words").textContent = t("replayjs-analysing", { count: r.data.solves });
    window.setTimeout(loadAnalysis, 700);
  } else if (r.ok) {
    showAnalysis(r.data);
  } else {
    $("analysis-words").textContent = r.data.error || t("replayjs-analysis-not-loaded");
  }
}

function pause() {
  clearTimeout(state.timer);
  state.timer = undefined;
  $("play").textContent = t("replayjs-play");
}

function play() {
  const replay = state.replay;
  if (!replay) return;
  if (state.at >= replay.steps.length) show(0);
  $("play").textContent = t("replayjs-pause");
  const next = async () => {
    if (!state.replay || state.at >= state.replay.steps.length) return pause();
    await show(state.at + 1);
    if (state.at >= state.replay.steps.length) return pause();
    state.timer = window.setTimeout(next, Number(/** @type {HTMLSelectElement} */ ($("speed")).value));
  };
  state.timer = window.setTimeout(next, Number(/** @type {HTMLSelectElement} */ ($("speed")).value));
}

/**
 * Steps `by` (±Infinity: to the first or last) through what is on the
 * board: the winning line while it is shown, else the game. The buttons
 * and the arrow keys alike.
 * @param {number} by
 */
function step(by) {
  const to = (/** @type {number} */ at) => (Math.abs(by) === Infinity ? (by < 0 ? 0 : Infinity) : at + by);
  return state.lineAt !== null ? showLine(to(state.lineAt)) : show(to(state.at));
}

function toggle() {
  if (state.timer !== undefined) pause();
  else play();
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  const target = /** @type {HTMLElement} */ (e.target);
  if (e.altKey || e.ctrlKey || e.metaKey || target.closest("select, input, summary")) return;
  const keys = {
    ArrowLeft: () => step(-1),
    ArrowRight: () => step(1),
    Home: () => step(-Infinity),
    End: () => step(Infinity),
    " ": toggle,
  };
  const act = keys[/** @type {keyof keys} */ (e.key)];
  if (!act || (e.key === " " && target.closest("button"))) return;
  e.preventDefault();
  if (e.key !== " ") pause();
  act();
}

async function load() {
  const r = await api("GET", `/api/replays/${GAME_ID}`);
  if (!r.ok) {
    $("title").textContent = r.status === 404 ? t("replayjs-not-found") : t("replayjs-not-yet");
    $("replay-error").textContent = r.data.error || t("replayjs-not-loaded");
    for (const id of ["first", "back", "play", "forward", "last"]) button(id).disabled = true;
    return;
  }
  /** @type {Replay} */
  const replay = r.data;
  state.replay = replay;
  const rules = await api("GET", "/api/rules");
  const mine = (rules.data.rules || []).find((/** @type {{id: string}} */ x) => x.id === replay.rules);
  state.scored = !!(mine && mine.scored);
  state.clockSecs = mine ? mine.clock_secs : null;
  $("score").hidden = !state.scored;
  $("clock").hidden = state.clockSecs === null;
  $("title").textContent = t("replayjs-title", { name: replay.name });
  document.title = t("replayjs-document-title", { name: replay.name });
  $("deal-stat").textContent =
    replay.deal === null ? t("replayjs-deal-secret") : t("replayjs-deal", { deal: String(replay.deal) });
  const outcome = OUTCOME_TEXT[replay.outcome];
  const whose = replay.yours
    ? t("replayjs-yours", { outcome })
    : replay.player
      ? withNode(
          t("replayjs-played-by", { player: SLOT, outcome }),
          el("a", { href: profileLink(replay.player) }, replay.player),
        )
      : t("replayjs-played-anonymously", { outcome });
  const contest = replay.contest
    ? el("a", { href: replay.contest }, replay.contest.startsWith("/duel/") ? t("replayjs-the-duel") : t("replayjs-the-daily-deal"))
    : null;
  $("replay-info").replaceChildren(
    el(
      "span",
      null,
      whose,
      " ",
      el("a", { href: replay.record, download: "" }, t("replayjs-download")),
      contest ? [" · ", contest] : "",
    ),
  );
  $("steps").replaceChildren(
    el("li", { "data-step": 0 }, el("button", { type: "button", onclick: () => (pause(), show(0)) }, t("replayjs-the-deal"))),
    ...replay.steps.map((s) =>
      el(
        "li",
        { "data-step": s.number },
        el("button", { type: "button", onclick: () => (pause(), show(s.number)) }, `${s.number}. ${s.words}`),
      ),
    ),
  );
  const openings = await api("GET", "/static/openings.json");
  if (openings.ok) state.opening = openings.data[replay.rules] || null;
  await show(0);
  loadAnalysis();
}

/** The page without a game: a record pasted or opened, kept and shown. */
function importPage() {
  $("title").textContent = t("replayjs-watch-a-record");
  $("import").hidden = false;
  for (const id of ["analysis", "felt", "status"]) $(id).hidden = true;
  // Nothing to step through yet: no controls, figures or list of actions.
  for (const part of document.querySelectorAll(".replay-controls, .title-block .figures, .replay-moves")) {
    /** @type {HTMLElement} */ (part).hidden = true;
  }
  const text = /** @type {HTMLTextAreaElement} */ ($("import-text"));
  $("import-file").addEventListener("change", async () => {
    const file = /** @type {HTMLInputElement} */ ($("import-file")).files?.[0];
    if (file) text.value = await file.text();
  });
  $("import-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const r = await api("POST", "/api/replays/import", { record: text.value });
    if (r.ok) location.href = r.data.link;
    else $("replay-error").textContent = r.data.error || t("replayjs-record-unreadable");
  });
}

ready(() => {
  if (location.pathname.replace(/\/$/, "") === "/replay") {
    importPage();
    return;
  }
  $("first").addEventListener("click", () => (pause(), step(-Infinity)));
  $("back").addEventListener("click", () => (pause(), step(-1)));
  $("forward").addEventListener("click", () => (pause(), step(1)));
  $("last").addEventListener("click", () => (pause(), step(Infinity)));
  $("play").addEventListener("click", toggle);
  $("analysis-mark").addEventListener("click", () => {
    pause();
    if (state.analysis && state.analysis.lost_at !== null) show(state.analysis.lost_at);
  });
  $("analysis-line").addEventListener("click", playLine);
  $("analysis-back").addEventListener("click", () => (pause(), show(state.at)));
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", draw);
  load();
});
