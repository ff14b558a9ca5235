// @ts-check
// A profile's rating history: a line a game, the rating after each rated
// duel over time (SVG drawn here), with the 1500 start marked.

import { el, when } from "./common.js";
import { svg } from "./stats-view.js";
import { t } from "./words.js";

/**
 * A rating as a rated duel left it (`rating_history` of a profile).
 * @typedef {Object} RatingPoint
 * @property {string} game
 * @property {number} at_ms
 * @property {number} rating
 * @property {number} deviation
 */

// A colour a game, in the order games first appear (the legend says which).
const COLOURS = ["#0b57a4", "#2d7a4f", "#a3501d", "#6b3fa0", "#8a1a1a"];

/**
 * Draws `points` into `box`; `names` gives each game's name.
 * @param {HTMLElement} box
 * @param {RatingPoint[]} points
 * @param {Record<string, string>} names
 */
export function drawRatingHistory(box, points, names) {
  if (!points.length) {
    box.replaceChildren(el("p", { class: "muted", text: t("ratingchartjs-none") }));
    return;
  }
  const W = 640;
  const H = 200;
  const [left, right, top, bottom] = [48, 10, 10, 28];
  const times = points.map((p) => p.at_ms);
  const ratings = points.map((p) => p.rating).concat([1500]);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const lo = Math.floor(Math.min(...ratings) / 50) * 50 - 50;
  const hi = Math.ceil(Math.max(...ratings) / 50) * 50 + 50;
  const x = (/** @type {number} */ t) => left + (t1 === t0 ? (W - left - right) / 2 : ((t - t0) / (t1 - t0)) * (W - left - right));
  const y = (/** @type {number} */ r) => top + (1 - (r - lo) / (hi - lo)) * (H - top - bottom);
  const games = [...new Set(points.map((p) => p.game))];
  const last = (/** @type {string} */ game) => points.filter((p) => p.game === game).pop();
  const summary = games.map((g) => `${names[g] || g} ${Math.round(/** @type {RatingPoint} */ (last(g)).rating)}`).join(", ");
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "rating-title rating-desc", class: "chart-svg" });
  chart.append(
    svg("title", { id: "rating-title", text: t("ratingchartjs-title") }),
    svg("desc", { id: "rating-desc", text: t("ratingchartjs-desc", { count: points.length, summary }) }),
  );
  for (const r of [lo, 1500, hi]) {
    chart.append(
      svg("line", { x1: left, x2: W - right, y1: y(r), y2: y(r), stroke: r === 1500 ? "#9c927d" : "#cfc8b8", "stroke-width": 1 }),
      svg("text", { x: left - 6, y: y(r) + 4, "text-anchor": "end", "font-size": 11, fill: "#444", text: String(r) }),
    );
  }
  const legend = el("figcaption", { class: "legend" });
  games.forEach((game, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const mine = points.filter((p) => p.game === game);
    chart.append(
      svg("polyline", {
        points: mine.map((p) => `${x(p.at_ms).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "),
        fill: "none",
        stroke: colour,
        "stroke-width": 2,
      }),
    );
    for (const p of mine) {
      const dot = svg("circle", { cx: x(p.at_ms), cy: y(p.rating), r: 3, fill: colour });
      dot.append(svg("title", { text: `${names[game] || game}: ${Math.round(p.rating)}, ${when(p.at_ms)}` }));
      chart.append(dot);
    }
    const swatch = el("i", { class: "swatch" });
    swatch.style.background = colour;
    legend.append(el("span", {}, swatch, names[game] || game));
  });
  legend.append(el("span", { class: "muted", text: t("ratingchartjs-now", { summary }) }));
  box.replaceChildren(chart, legend);
}
