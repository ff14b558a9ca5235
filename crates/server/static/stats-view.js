// @ts-check
// The statistics as two pages show them, the player's own (/stats) and a
// public profile (/@/NAME): the totals in a line, the table by game and
// variant, and a chart of results over time (SVG drawn here).

import { el, resultWords, when } from "./common.js";

/** @import { Outcome } from "./common.js" */

/**
 * A player's figures for all games, a game or a variant (`GET /api/stats`).
 * @typedef {Object} Tally
 * @property {number} played
 * @property {number} won
 * @property {number} won_with_help won after a winning line was shown: apart from `won`
 * @property {number} reached_par over for good, not won, the deal's par brought up
 * @property {number} win_percent
 * @property {number} current_streak
 * @property {number} best_streak
 * @property {number | null} [best_score]
 */

/**
 * `GET /api/stats`: the totals, then each game with its variants.
 * @typedef {Object} Stats
 * @property {Tally} total
 * @property {number | null} best_harmony_score
 * @property {(Tally & {game: string, name: string, variants: (Tally & {rules: string, name: string})[]})[]} games
 */

/**
 * A game as the chart draws it: a game of `GET /api/games`, or of a
 * profile.
 * @typedef {Object} ChartGame
 * @property {string} name
 * @property {number | null} deal
 * @property {number} created_ms
 * @property {number} moves_made
 * @property {Outcome} outcome
 * @property {boolean} [helped] a winning line was shown: a win is a win with help
 */

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element with attributes (`text`: its text) and children.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {...(Node | null)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** @param {Tally} t */
function statCells(t) {
  return [
    el("td", { text: t.played }),
    el("td", { text: t.won }),
    el("td", { text: t.played ? `${t.win_percent}%` : "–" }),
    el("td", { text: t.current_streak }),
    el("td", { text: t.best_streak }),
    el("td", { text: t.best_score === null || t.best_score === undefined ? "–" : t.best_score.toLocaleString("en") }),
    el("td", { text: t.won_with_help }),
    el("td", { text: t.reached_par }),
  ];
}

/**
 * Writes the totals' line into `summary` and a row per game (and per played
 * variant, where several were) into `body`.
 * @param {Stats} s
 * @param {HTMLElement} summary
 * @param {HTMLElement} body
 */
export function showTallies(s, summary, body) {
  const parts = [
    `${s.total.played} game${s.total.played === 1 ? "" : "s"} played`,
    `${s.total.won} won (${s.total.win_percent}%)`,
    ...(s.total.won_with_help ? [`${s.total.won_with_help} won with help`] : []),
    ...(s.total.reached_par ? [`${s.total.reached_par} reached the par`] : []),
    `current streak ${s.total.current_streak}`,
    `best streak ${s.total.best_streak}`,
  ];
  if (s.best_harmony_score !== null) parts.push(`best Harmony score ${s.best_harmony_score.toLocaleString("en")}`);
  summary.replaceChildren(el("p", { class: "lead", text: parts.join(" · ") }));
  body.replaceChildren();
  for (const g of s.games) {
    // A row per variant only when several were played: one played variant
    // is the game's row already.
    const played = g.variants.filter((v) => v.played);
    const split = played.length > 1;
    body.append(el("tr", { class: "game-row" }, el("th", { scope: "row", text: split ? `${g.name}, all variants` : g.name }), statCells(g)));
    if (!split) continue;
    for (const v of played) {
      const name = v.name === g.name ? `${g.name} (default rules)` : v.name;
      body.append(el("tr", { class: "variant-row" }, el("th", { scope: "row", text: name }), statCells(v)));
    }
  }
}

/**
 * Played games (a move standing), oldest first.
 * @param {ChartGame[]} games
 */
function playedGames(games) {
  return games.filter((g) => g.moves_made > 0).sort((a, b) => a.created_ms - b.created_ms);
}

// The marks' colours (the legend's swatches in style.css match them).
/** @type {Record<"won" | "open" | "other", [string, string]>} */
const RESULT = {
  won: ["won", "#2d7a4f"],
  open: ["in progress", "#767676"],
  other: ["not won", "#c0392b"],
};

/** @param {ChartGame} g */
function resultOf(g) {
  if (g.outcome === "won" && !g.helped) return "won";
  if (g.outcome === "playing") return "open";
  return "other";
}

/**
 * The chart: one bar a game in the order they were started (won up, not
 * won down, in progress a dot on the line) and the share won so far as a
 * line, 0 to 100%, into `box`; `empty` says why there is none.
 * @param {HTMLElement} box
 * @param {ChartGame[]} games
 * @param {string} empty
 */
export function drawChart(box, games, empty) {
  const list = playedGames(games);
  if (!list.length) {
    box.replaceChildren(el("p", { class: "muted", text: empty }));
    return;
  }
  const W = 640;
  const H = 220;
  const left = 40;
  const right = 10;
  const top = 10;
  const bottom = 30;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const mid = top + plotH / 2;
  const step = plotW / list.length;
  const barW = Math.max(1, Math.min(18, step * 0.7));
  const y = (/** @type {number} */ share) => top + plotH * (1 - share);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "chart-title chart-desc", class: "chart-svg" });
  const won = list.filter((g) => resultOf(g) === "won").length;
  const open = list.filter((g) => g.outcome === "playing").length;
  const description =
    `${list.length} game${list.length === 1 ? "" : "s"}, oldest first: ${won} won, ${list.length - won - open} not won, ` +
    `${open} in progress; ${Math.round((won * 100) / list.length)}% won.`;
  chart.append(svg("title", { id: "chart-title", text: "Results over time" }), svg("desc", { id: "chart-desc", text: description }));
  // Grid: 0, 50 and 100% of games won so far.
  for (const share of [0, 0.5, 1]) {
    chart.append(
      svg("line", { x1: left, x2: W - right, y1: y(share), y2: y(share), stroke: "#cfc8b8", "stroke-width": 1 }),
      svg("text", { x: left - 6, y: y(share) + 4, "text-anchor": "end", "font-size": 11, fill: "#444", text: `${share * 100}%` }),
    );
  }
  let wins = 0;
  /** @type {string[]} */
  const points = [];
  list.forEach((g, i) => {
    const kind = resultOf(g);
    const x = left + step * (i + 0.5);
    if (resultOf(g) === "won") wins++;
    points.push(`${x.toFixed(1)},${y(wins / (i + 1)).toFixed(1)}`);
    const h = plotH * 0.22;
    const bar =
      kind === "won"
        ? svg("rect", { x: x - barW / 2, y: mid - h, width: barW, height: h, fill: RESULT.won[1] })
        : kind === "other"
          ? svg("rect", { x: x - barW / 2, y: mid, width: barW, height: h, fill: RESULT.other[1] })
          : svg("circle", { cx: x, cy: mid, r: Math.max(1.5, Math.min(4, barW / 2)), fill: RESULT.open[1] });
    bar.append(svg("title", { text: `${g.name}${g.deal === null ? "" : `, deal ${g.deal}`}: ${resultWords(g)}, ${when(g.created_ms)}` }));
    chart.append(bar);
  });
  chart.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: "#0b57a4", "stroke-width": 2 }));
  // Dates, or times when every game is of one day.
  const [a, b] = [new Date(list[0].created_ms), new Date(list[list.length - 1].created_ms)];
  const oneDay = a.toDateString() === b.toDateString();
  const label = (/** @type {Date} */ d) => (oneDay ? d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : d.toLocaleDateString());
  const first = label(a);
  const last = label(b);
  chart.append(
    svg("text", { x: left, y: H - 8, "font-size": 11, fill: "#444", text: first }),
    svg("text", { x: W - right, y: H - 8, "text-anchor": "end", "font-size": 11, fill: "#444", text: last }),
  );
  const legend = el(
    "figcaption",
    { class: "legend" },
    el("span", {}, el("i", { class: "swatch won" }), "won (up)"),
    el("span", {}, el("i", { class: "swatch other" }), "not won (down)"),
    el("span", {}, el("i", { class: "swatch dot" }), "in progress"),
    el("span", {}, el("i", { class: "swatch line" }), "share won so far"),
    el("span", { class: "muted", text: description }),
  );
  box.replaceChildren(chart, legend);
}

