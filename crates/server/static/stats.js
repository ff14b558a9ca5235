// @ts-check
// The statistics page: the player's numbers, a chart of results over time
// and recent games (stats-view.js draws the first two).

import { api, el, ready, resultWords, when } from "./common.js";
import { drawChart, showTallies } from "./stats-view.js";
import { number, t } from "./words.js";

/** @import { GameRow } from "./common.js" */
/** @import { Stats } from "./stats-view.js" */

async function showStats() {
  const error = /** @type {HTMLElement} */ (document.getElementById("stats-error"));
  const r = await api("GET", "/api/stats");
  if (!r.ok) {
    error.textContent = r.data.error || t("statsjs-not-loaded");
    return;
  }
  /** @type {Stats} */
  const s = r.data;
  const summary = /** @type {HTMLElement} */ (document.getElementById("summary"));
  const body = /** @type {HTMLElement} */ (document.querySelector("#stats-table tbody"));
  showTallies(s, summary, body);
}

/** The outcomes of a game over for good: its replay can be watched. */
const FINAL = ["won", "quit", "time_up"];

async function showGames() {
  const r = await api("GET", "/api/games");
  const body = /** @type {HTMLElement} */ (document.querySelector("#recent-table tbody"));
  if (!r.ok) return;
  const chart = /** @type {HTMLElement} */ (document.getElementById("chart"));
  drawChart(chart, r.data.games, t("statsjs-chart-empty"));
  body.replaceChildren();
  const games = /** @type {GameRow[]} */ (r.data.games).filter((g) => g.moves_made > 0).slice(0, 50);
  if (!games.length) {
    body.append(el("tr", {}, el("td", { colspan: 7, text: t("statsjs-no-games") })));
    return;
  }
  for (const g of games) {
    const open = g.continuable;
    body.append(
      el(
        "tr",
        {},
        el("td", {}, el("a", { href: `/game/${g.id}` }, g.name)),
        el("td", g.deal === null ? { text: t("statsjs-duel"), title: t("statsjs-duel-title") } : { text: g.deal }),
        el("td", { text: when(g.created_ms) }),
        el("td", { text: number(g.moves_made) }),
        el("td", { text: open ? t("statsjs-continuable", { result: resultWords(g) }) : resultWords(g) }),
        el("td", { text: number(g.score) }),
        el(
          "td",
          {},
          // A game over for good can be gone through again with its analysis.
          FINAL.includes(g.outcome) ? [el("a", { href: `/replay/${g.id}` }, t("statsjs-review")), " · "] : "",
          el(
            "a",
            { href: `/api/games/${g.id}/record`, download: `patience-${g.rules.replace("/", "-")}-${g.deal ?? "duel"}.txt` },
            t("statsjs-download"),
          ),
        ),
      ),
    );
  }
}

ready(() => {
  showStats();
  showGames();
});
