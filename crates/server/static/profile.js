// @ts-check
// A player's public profile, `/@/NAME`: the statistics and chart of their
// finished games (drawn by stats-view.js), their closed duels with their
// place in each, and their finished games with their records. The server
// shows no game in progress, nor one of a duel still open.

import { api, el, ready, resultWords, when } from "./common.js";
import { drawChart, showTallies } from "./stats-view.js";
import { drawRatingHistory } from "./rating-chart.js";
import { lang, number, t } from "./words.js";

/** @import { Outcome } from "./common.js" */
/** @import { Stats } from "./stats-view.js" */
/** @import { RatingPoint } from "./rating-chart.js" */

/**
 * A finished game of a profile.
 * @typedef {Object} ProfileGame
 * @property {string} id
 * @property {string} rules
 * @property {string} name
 * @property {number} deal
 * @property {number} created_ms
 * @property {number} updated_ms
 * @property {number} moves_made
 * @property {Outcome} outcome
 * @property {number} score
 */

/**
 * A closed duel of a profile, with the player's place in it.
 * @typedef {Object} ProfileDuel
 * @property {string} id
 * @property {string} link
 * @property {string} rules
 * @property {string} name
 * @property {number | null} closed_ms
 * @property {number} participants
 * @property {number | null} rank
 * @property {number} score
 * @property {number} foundations
 */

/**
 * A rating of a profile, as it stands now.
 * @typedef {Object} ProfileRating
 * @property {string} game
 * @property {string} name
 * @property {string} shown "1500?" while provisional
 * @property {boolean} provisional
 * @property {number} rating
 * @property {number} deviation
 * @property {number} duels
 */

/**
 * `GET /api/players/{name}`.
 * @typedef {Object} Profile
 * @property {string} name
 * @property {number} created_ms
 * @property {boolean} yours
 * @property {Stats} stats
 * @property {ProfileRating[]} ratings
 * @property {{current: number, longest: number, days: number, played_today: boolean}} daily its daily streaks
 * @property {RatingPoint[]} rating_history oldest first
 * @property {ProfileGame[]} games
 * @property {ProfileDuel[]} duels
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {ProfileRating[]} ratings */
function showRatings(ratings) {
  const body = /** @type {HTMLElement} */ (document.querySelector("#ratings-table tbody"));
  body.replaceChildren();
  if (!ratings.length) {
    body.append(el("tr", {}, el("td", { colspan: 3, text: t("profilejs-no-rated-duels") })));
    return;
  }
  for (const r of ratings) {
    const title = r.provisional ? t("profilejs-provisional") : null;
    body.append(
      el("tr", {}, el("td", { text: r.name }), el("td", { text: r.shown, title }), el("td", { text: number(r.duels) })),
    );
  }
}

/** @param {ProfileDuel[]} duels */
function showDuels(duels) {
  const body = /** @type {HTMLElement} */ (document.querySelector("#duels-table tbody"));
  body.replaceChildren();
  if (!duels.length) {
    body.append(el("tr", {}, el("td", { colspan: 4, text: t("profilejs-no-duels") })));
    return;
  }
  for (const d of duels) {
    const place = d.rank === null ? "–" : t("profilejs-place", { rank: d.rank, participants: d.participants });
    const result =
      d.rules === "harmony" ? t("profilejs-points", { score: d.score }) : t("profilejs-cards-up", { count: d.foundations });
    body.append(
      el(
        "tr",
        {},
        el("td", {}, el("a", { href: d.link }, d.name)),
        el("td", { text: d.closed_ms === null ? "" : when(d.closed_ms) }),
        el("td", { text: place }),
        el("td", { text: result }),
      ),
    );
  }
}

/**
 * @param {string} name
 * @param {ProfileGame[]} games
 */
function showFinished(name, games) {
  const body = /** @type {HTMLElement} */ (document.querySelector("#finished-table tbody"));
  body.replaceChildren();
  const finished = games.slice(0, 50);
  if (!finished.length) {
    body.append(el("tr", {}, el("td", { colspan: 7, text: t("profilejs-no-finished-games") })));
    return;
  }
  for (const g of finished) {
    const record = `/api/players/${encodeURIComponent(name)}/games/${g.id}/record`;
    body.append(
      el(
        "tr",
        {},
        // A profile lists no game whose deal is still secret, and anyone may
        // watch a finished game again.
        el("td", {}, el("a", { href: `/replay/${g.id}` }, g.name)),
        el("td", { text: g.deal }),
        el("td", { text: when(g.updated_ms) }),
        el("td", { text: number(g.moves_made) }),
        el("td", { text: resultWords(g) }),
        el("td", { text: number(g.score) }),
        el("td", {}, el("a", { href: record, download: `patience-${g.rules.replace("/", "-")}-${g.deal}.txt` }, t("profilejs-download"))),
      ),
    );
  }
}

async function show() {
  const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const r = await api("GET", `/api/players/${encodeURIComponent(name)}`);
  if (!r.ok) {
    $("profile-error").textContent = r.data.error || t("profilejs-not-loaded");
    return;
  }
  /** @type {Profile} */
  const p = r.data;
  document.title = `${p.name} · patience`;
  $("profile-name").textContent = p.name;
  $("profile-since").textContent = t("profilejs-since", { date: new Date(p.created_ms).toLocaleDateString(lang) });
  $("profile-yours").hidden = !p.yours;
  showTallies(p.stats, $("summary"), /** @type {HTMLElement} */ (document.querySelector("#stats-table tbody")));
  drawChart($("chart"), p.games, t("profilejs-no-finished-games"));
  showRatings(p.ratings);
  $("daily-streaks").textContent = p.daily.days
    ? t("profilejs-streaks", {
        current: p.daily.current,
        today: p.daily.played_today ? "yes" : "no",
        longest: p.daily.longest,
        days: p.daily.days,
      })
    : t("profilejs-no-daily");
  /** @type {Record<string, string>} */
  const names = {};
  for (const r of p.ratings) names[r.game] = r.name;
  // Without a rated duel the ratings table says so already.
  $("rating-chart").hidden = !p.rating_history.length;
  drawRatingHistory($("rating-chart"), p.rating_history, names);
  showDuels(p.duels);
  showFinished(p.name, p.games);
}

ready(show);
