// @ts-check
// The statistics as two pages show them, the player's own (/stats) and a
// public profile (/@/NAME): the totals in a line, the table by game and
// variant, and a chart of results over time (SVG drawn here).

import { el, resultWords, when } from "./common.js";
import { lang, number, t } from "./words.js";

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

/** @param {Tally} tally */
function statCells(tally) {
  return [
    el("td", { text: number(tally.played) }),
    el("td", { text: number(tally.won) }),
    el("td", { text: tally.played ? t("stats-view-percent", { percent: tally.win_percent }) : "–" }),
    el("td", { text: number(tally.current_streak) }),
    el("td", { text: number(tally.best_streak) }),
    el("td", { text: tally.best_score === null || tally.best_score === undefined ? "–" : number(tally.best_score) }),
    el("td", { text: number(tally.won_with_help) }),
    el("td", { text: number(tally.reached_par) }),
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
  const total = s.total;
  const parts = [
    t("stats-view-played", { played: total.played }),
    t("stats-view-won", { won: total.won, percent: total.win_percent }),
    ...(total.won_with_help ? [t("stats-view-won-with-help", { won: total.won_with_help })] : []),
    ...(total.reached_par ? [t("stats-view-reached-par", { reached: total.reached_par })] : []),
    t("stats-view-current-streak", { streak: total.current_streak }),
    t("stats-view-best-streak", { streak: total.best_streak }),
  ];
  if (s.best_harmony_score !== null) parts.push(t("stats-view-best-harmony", { score: s.best_harmony_score }));
  summary.replaceChildren(el("p", { class: "lead", text: parts.join(" · ") }));
  body.replaceChildren();
  for (const g of s.games) {
    // A row per variant only when several were played: one played variant
    // is the game's row already.
    const played = g.variants.filter((v) => v.played);
    const split = played.length > 1;
    body.append(el("tr", { class: "game-row" }, el("th", { scope: "row", text: split ? t("stats-view-all-variants", { name: g.name }) : g.name }), statCells(g)));
    if (!split) continue;
    for (const v of played) {
      const name = v.name === g.name ? t("stats-view-default-rules", { name: g.name }) : v.name;
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
/** @type {Record<"won" | "open" | "other", string>} */
const COLOUR = {
  won: "#2d7a4f",
  open: "#767676",
  other: "#c0392b",
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
  const description = t("stats-view-chart-description", {
    games: list.length,
    won,
    lost: list.length - won - open,
    open,
    percent: Math.round((won * 100) / list.length),
  });
  chart.append(svg("title", { id: "chart-title", text: t("stats-view-chart-title") }), svg("desc", { id: "chart-desc", text: description }));
  // Grid: 0, 50 and 100% of games won so far.
  for (const share of [0, 0.5, 1]) {
    chart.append(
      svg("line", { x1: left, x2: W - right, y1: y(share), y2: y(share), stroke: "#cfc8b8", "stroke-width": 1 }),
      svg("text", { x: left - 6, y: y(share) + 4, "text-anchor": "end", "font-size": 11, fill: "#444", text: number(share, { style: "percent" }) }),
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
        ? svg("rect", { x: x - barW / 2, y: mid - h, width: barW, height: h, fill: COLOUR.won })
        : kind === "other"
          ? svg("rect", { x: x - barW / 2, y: mid, width: barW, height: h, fill: COLOUR.other })
          : svg("circle", { cx: x, cy: mid, r: Math.max(1.5, Math.min(4, barW / 2)), fill: COLOUR.open });
    const words = { name: g.name, result: resultWords(g), when: when(g.created_ms) };
    // A deal number is a name: written without separators.
    const title = g.deal === null ? t("stats-view-bar", words) : t("stats-view-bar-deal", { ...words, deal: String(g.deal) });
    bar.append(svg("title", { text: title }));
    chart.append(bar);
  });
  chart.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: "#0b57a4", "stroke-width": 2 }));
  // Dates, or times when every game is of one day.
  const [a, b] = [new Date(list[0].created_ms), new Date(list[list.length - 1].created_ms)];
  const oneDay = a.toDateString() === b.toDateString();
  const label = (/** @type {Date} */ d) =>
    oneDay ? d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }) : d.toLocaleDateString(lang);
  const first = label(a);
  const last = label(b);
  chart.append(
    svg("text", { x: left, y: H - 8, "font-size": 11, fill: "#444", text: first }),
    svg("text", { x: W - right, y: H - 8, "text-anchor": "end", "font-size": 11, fill: "#444", text: last }),
  );
  const legend = el(
    "figcaption",
    { class: "legend" },
    el("span", {}, el("i", { class: "swatch won" }), t("stats-view-legend-won")),
    el("span", {}, el("i", { class: "swatch other" }), t("stats-view-legend-not-won")),
    el("span", {}, el("i", { class: "swatch dot" }), t("stats-view-legend-open")),
    el("span", {}, el("i", { class: "swatch line" }), t("stats-view-legend-share")),
    el("span", { class: "muted", text: description }),
  );
  box.replaceChildren(chart, legend);
}

