// @ts-check
// The leaderboards page, `/leaderboards`: a game's rating leaderboard, a
// page at a time, and the links to its daily deal's boards, day by day; `?game=harmony&page=2` in the address names the board.

import { api, el, profileLink, ready } from "./common.js";
import { number, t } from "./words.js";

/** @import { RulesRow } from "./common.js" */

/**
 * A page of `GET /api/leaderboards/{game}/{page}`.
 * @typedef {Object} Board
 * @property {string} game
 * @property {string} name
 * @property {number} page
 * @property {number} pages
 * @property {number} total
 * @property {{rank: number, name: string, rating: string, provisional: boolean, duels: number}[]} rows
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const params = new URLSearchParams(location.search);
let game = params.get("game") || "harmony";
let page = Math.max(1, Number(params.get("page")) || 1);

async function show() {
  history.replaceState(null, "", `?game=${encodeURIComponent(game)}&page=${page}`);
  const r = await api("GET", `/api/leaderboards/${encodeURIComponent(game)}/${page}`);
  $("board-error").textContent = r.ok ? "" : r.data.error || t("leaderboardsjs-not-loaded");
  if (!r.ok) return;
  /** @type {Board} */
  const board = r.data;
  const body = /** @type {HTMLElement} */ (document.querySelector("#board-table tbody"));
  body.replaceChildren(
    ...(board.rows.length
      ? board.rows.map((row) =>
          el(
            "tr",
            {},
            el("td", { text: number(row.rank) }),
            el("th", { scope: "row" }, el("a", { href: profileLink(row.name) }, row.name)),
            el("td", { text: row.rating }),
            el("td", { text: number(row.duels) }),
          ),
        )
      : [el("tr", {}, el("td", { colspan: 4, text: t("leaderboardsjs-nobody", { name: board.name }) }))]),
  );
  $("board-page").textContent = t("leaderboardsjs-page", { page: board.page, pages: board.pages });
  /** @type {HTMLButtonElement} */ ($("board-prev")).disabled = board.page <= 1;
  /** @type {HTMLButtonElement} */ ($("board-next")).disabled = board.page >= board.pages;
}

let dailyPage = 1;

/** Links to the game's daily boards: today's, then past days a page at a time. */
async function showDailyBoards() {
  const today = await api("GET", "/api/daily");
  const entry = today.ok && today.data.dailies.find((/** @type {{game: string}} */ d) => d.game === game);
  if (entry) /** @type {HTMLAnchorElement} */ ($("daily-today")).href = entry.link;
  const r = await api("GET", `/api/daily/${encodeURIComponent(game)}/days/${dailyPage}`);
  if (!r.ok) return;
  /** @type {{day: string, link: string, attempts: number}[]} */
  const days = r.data.days;
  const items = days.map((d) =>
    el("li", {}, el("a", { href: d.link }, d.day), ` · ${t("leaderboardsjs-players", { count: d.attempts })}`),
  );
  if (dailyPage === 1) $("daily-days").replaceChildren(...(items.length ? items : [el("li", { text: t("leaderboardsjs-no-past-days") })]));
  else $("daily-days").append(...items);
  $("daily-more").hidden = r.data.page >= r.data.pages;
}

ready(async () => {
  const r = await api("GET", "/api/rules");
  const select = /** @type {HTMLSelectElement} */ ($("board-game"));
  for (const rule of /** @type {RulesRow[]} */ (r.data.rules || []).filter((rule) => rule.default)) {
    select.append(el("option", { value: rule.game, selected: rule.game === game }, rule.name));
  }
  select.addEventListener("change", () => {
    game = select.value;
    page = 1;
    dailyPage = 1;
    show();
    showDailyBoards();
  });
  $("daily-more").addEventListener("click", () => {
    dailyPage += 1;
    showDailyBoards();
  });
  $("board-prev").addEventListener("click", () => {
    page = Math.max(1, page - 1);
    show();
  });
  $("board-next").addEventListener("click", () => {
    page += 1;
    show();
  });
  show();
  showDailyBoards();
});
