// @ts-check
// The replay page, `/replay/{id}`: a game watched again, the table after
// each action drawn by the game page's renderer (table.js), with first /
// back / forward / last, play and pause at three speeds, the keyboard
// (arrows, Home, End, space) and the actions in words, each a jump there.
// The server sends the table of each step; the page keeps those it has.

import { api, el, OUTCOME_TEXT, profileLink } from "./common.js";
import { drawTable, fitTable } from "./table.js";

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

/** @type {{replay: Replay | null, at: number, views: Map<number, any>, opening: any, timer: number | undefined,
 *   scored: boolean, clockSecs: number | null}} */
const state = { replay: null, at: 0, views: new Map(), opening: null, timer: undefined, scored: false, clockSecs: null };

/** @param {number} ms */
function clockText(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The table after step `n`, from the server once.
 * @param {number} n
 */
async function viewAt(n) {
  if (!state.views.has(n)) {
    const r = await api("GET", `/api/replays/${GAME_ID}/steps/${n}`);
    if (!r.ok) throw new Error(r.data.error || "The table cannot be loaded.");
    state.views.set(n, r.data.view);
  }
  return state.views.get(n);
}

function draw() {
  const view = state.views.get(state.at);
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
  const view = state.views.get(n);
  draw();
  const step = n > 0 ? replay.steps[n - 1] : null;
  $("step-stat").textContent = `Step ${n} of ${replay.steps.length}`;
  $("moves-made").textContent = `Moves: ${view.moves_made}`;
  $("score").textContent = `Score: ${view.score}`;
  if (state.clockSecs !== null) $("clock").textContent = `Clock ${clockText(state.clockSecs * 1000 - (step ? step.at_ms : 0))}`;
  $("status").textContent = step ? `${step.number}. ${step.words}` : "The deal.";
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#steps li"))) {
    const current = Number(li.dataset.step) === n;
    li.classList.toggle("current", current);
    if (current) li.querySelector("button")?.setAttribute("aria-current", "step");
    else li.querySelector("button")?.removeAttribute("aria-current");
  }
  button("first").disabled = button("back").disabled = n === 0;
  button("forward").disabled = button("last").disabled = n === replay.steps.length;
  // The next step's table, ahead of the click.
  if (n < replay.steps.length) viewAt(n + 1).catch(() => {});
}

function pause() {
  clearTimeout(state.timer);
  state.timer = undefined;
  $("play").textContent = "▶ Play";
}

function play() {
  const replay = state.replay;
  if (!replay) return;
  if (state.at >= replay.steps.length) show(0);
  $("play").textContent = "⏸ Pause";
  const next = async () => {
    if (!state.replay || state.at >= state.replay.steps.length) return pause();
    await show(state.at + 1);
    if (state.at >= state.replay.steps.length) return pause();
    state.timer = window.setTimeout(next, Number(/** @type {HTMLSelectElement} */ ($("speed")).value));
  };
  state.timer = window.setTimeout(next, Number(/** @type {HTMLSelectElement} */ ($("speed")).value));
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
    ArrowLeft: () => show(state.at - 1),
    ArrowRight: () => show(state.at + 1),
    Home: () => show(0),
    End: () => show(Infinity),
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
    $("title").textContent = r.status === 404 ? "Replay not found" : "No replay yet";
    $("replay-error").textContent = r.data.error || "The replay cannot be loaded.";
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
  $("title").textContent = `${replay.name}: replay`;
  document.title = `${replay.name} replay · patience`;
  $("deal-stat").textContent = replay.deal === null ? "Deal secret until the contest is over" : `Deal ${replay.deal}`;
  const info = $("replay-info");
  info.replaceChildren(
    el(
      "span",
      null,
      replay.yours ? "Your game" : replay.player ? "Played by " : "Played by a player without an account",
    replay.player && !replay.yours ? el("a", { href: profileLink(replay.player) }, replay.player) : "",
    `, ${OUTCOME_TEXT[replay.outcome]}. `,
    el("a", { href: replay.record, download: "" }, "Download the record"),
      replay.contest ? [" · ", el("a", { href: replay.contest }, replay.contest.startsWith("/duel/") ? "The duel" : "The daily deal")] : "",
    ),
  );
  $("steps").replaceChildren(
    el("li", { "data-step": 0 }, el("button", { type: "button", onclick: () => (pause(), show(0)) }, "The deal")),
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
}

document.addEventListener("DOMContentLoaded", () => {
  $("first").addEventListener("click", () => (pause(), show(0)));
  $("back").addEventListener("click", () => (pause(), show(state.at - 1)));
  $("forward").addEventListener("click", () => (pause(), show(state.at + 1)));
  $("last").addEventListener("click", () => (pause(), show(Infinity)));
  $("play").addEventListener("click", toggle);
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", draw);
  load();
});
