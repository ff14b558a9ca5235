// @ts-check
// The daily deals: `/daily` lists today's deal of every game with its
// attempts and the player's own; `/daily/{game}/{day}` is one day's deal:
// its board (live while the day runs), and once the day is over the deal,
// its par, a winning line and every attempt's record.

import { api, el, OUTCOME_TEXT, profileLink, ready } from "./common.js";
import { lang, number, t } from "./words.js";

/** @import { Outcome } from "./common.js" */

/**
 * An entry of `GET /api/daily`.
 * @typedef {Object} TodayEntry
 * @property {string} game
 * @property {string} name
 * @property {string} day
 * @property {string} link
 * @property {string | null} commitment
 * @property {number} attempts
 * @property {string | null} your_game
 */

/**
 * A line of a day's board.
 * @typedef {Object} BoardLine
 * @property {number} rank
 * @property {string} name
 * @property {string | null} account
 * @property {Outcome} outcome
 * @property {boolean} won
 * @property {number} score
 * @property {number} foundations
 * @property {number} moves
 * @property {number} time_ms
 * @property {string | null} record
 * @property {string | null} replay
 * @property {boolean} you
 */

/**
 * `GET /api/daily/{game}/{day}[/{page}]`.
 * @typedef {Object} DayView
 * @property {string} game
 * @property {string} name
 * @property {string} day
 * @property {boolean} today
 * @property {boolean} over
 * @property {number} ends_ms
 * @property {string} commitment
 * @property {string | null} your_game
 * @property {{scored: boolean, lines: BoardLine[], page: number, pages: number, attempts: number}} board
 * @property {{deal: number, seed: string, salt: string, commitment_ok: boolean, deal_ok: boolean, par: number,
 *   par_exact: boolean, total: number, winning_line: {words: string}[] | null} | null} reveal
 * @property {string | null} previous
 * @property {string | null} next
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id));

const NAME_KEY = "patience-daily-name";

/** @param {string} text */
function fail(text) {
  $("daily-error").textContent = text;
}

/** @param {number} ms */
function duration(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Opens the player's attempt at today's deal of `game` (made now if they
 * have none), after checking the name for the board.
 * @param {string} game
 */
async function play(game) {
  const name = input("daily-name").value.trim();
  if (name) localStorage.setItem(NAME_KEY, name);
  const r = await api("POST", `/api/daily/${encodeURIComponent(game)}/play`, name ? { name } : {});
  if (!r.ok) {
    fail(r.data.error || t("dailyjs-not-opened"));
    return;
  }
  location.href = r.data.link;
}

async function showToday() {
  $("today").hidden = false;
  const r = await api("GET", "/api/daily");
  if (!r.ok) return fail(r.data.error || t("dailyjs-today-not-loaded"));
  $("title").textContent = t("dailyjs-title-today", { day: r.data.day });
  /** @type {TodayEntry[]} */
  const entries = r.data.dailies;
  $("today-rows").replaceChildren(
    ...entries.map((d) =>
      el(
        "tr",
        {},
        el("th", { scope: "row" }, d.name),
        el("td", { text: t("dailyjs-players", { count: d.attempts }) }),
        el(
          "td",
          {},
          d.your_game
            ? el("a", { class: "button", href: d.your_game }, t("dailyjs-your-attempt"))
            : el("button", { type: "button", class: "primary", onclick: () => play(d.game) }, t("dailyjs-play", { name: d.name })),
        ),
        el("td", {}, el("a", { href: d.link }, t("dailyjs-board"))),
      ),
    ),
  );
}

/** @type {{game: string, day: string, page: number, pastPage: number, timer: number | undefined}} */
const at = { game: "", day: "", page: 1, pastPage: 1, timer: undefined };

async function showDay() {
  $("day").hidden = false;
  const r = await api("GET", `/api/daily/${encodeURIComponent(at.game)}/${at.day}/${at.page}`);
  if (!r.ok) {
    $("title").textContent = t("dailyjs-title");
    $("day").hidden = true;
    return fail(r.data.error || t("dailyjs-not-loaded"));
  }
  fail("");
  /** @type {DayView} */
  const d = r.data;
  // Non-breaking hyphens: a narrow screen breaks the heading before the day, not inside it.
  $("title").textContent = t("dailyjs-title-day", { name: d.name, day: d.day.replaceAll("-", "\u2011") });
  document.title = t("dailyjs-document-title", { name: d.name, day: d.day });
  $("day-info").textContent = d.over
    ? t("dailyjs-over")
    : t("dailyjs-open-until", { ends: new Date(d.ends_ms).toLocaleString(lang) });
  $("day-commitment").textContent = d.commitment;
  $("day-play-row").hidden = !d.today || d.over || !!d.your_game;
  $("name-row").hidden = $("day-play-row").hidden;
  $("day-yours").hidden = !d.your_game;
  if (d.your_game) /** @type {HTMLAnchorElement} */ ($("day-your-game")).href = d.your_game;
  $("day-reveal").hidden = !d.reveal;
  if (d.reveal) {
    const v = d.reveal;
    const deal = { deal: String(v.deal), seed: v.seed, salt: v.salt };
    $("reveal-deal").textContent =
      v.commitment_ok && v.deal_ok ? t("dailyjs-reveal-matches", deal) : t("dailyjs-reveal-does-not-match", deal);
    const par = { par: v.par, total: v.total };
    $("reveal-par").textContent =
      v.par === v.total
        ? t("dailyjs-par-all", par)
        : v.par_exact
          ? t("dailyjs-par", par)
          : t("dailyjs-par-at-least", par);
    $("reveal-line-box").hidden = !v.winning_line;
    $("reveal-line").replaceChildren(...(v.winning_line || []).map((m) => el("li", { text: m.words })));
  }
  const scored = d.board.scored;
  $("board-figure").textContent = scored ? t("dailyjs-score") : t("dailyjs-cards-up");
  $("board-rows").replaceChildren(
    ...(d.board.lines.length
      ? d.board.lines.map((line) =>
          el(
            "tr",
            { class: line.you ? "you" : null },
            el("td", { text: number(line.rank) }),
            el(
              "th",
              { scope: "row" },
              line.account ? el("a", { href: profileLink(line.account) }, line.name) : line.name,
              line.you ? ` ${t("dailyjs-you")}` : "",
            ),
            el("td", { text: OUTCOME_TEXT[line.outcome] }),
            el("td", { text: number(scored ? line.score : line.foundations) }),
            el("td", { text: duration(line.time_ms) }),
            el("td", { text: number(line.moves) }),
            el(
              "td",
              {},
              line.replay && line.record
                ? [el("a", { href: line.replay }, t("dailyjs-replay")), " · ", el("a", { href: line.record }, t("dailyjs-record"))]
                : t("dailyjs-after-the-day"),
            ),
          ),
        )
      : [el("tr", {}, el("td", { colspan: 7, text: t("dailyjs-nobody") }))]),
  );
  $("board-page").textContent = t("dailyjs-page", { page: d.board.page, pages: d.board.pages });
  /** @type {HTMLButtonElement} */ ($("board-prev")).disabled = d.board.page <= 1;
  /** @type {HTMLButtonElement} */ ($("board-next")).disabled = d.board.page >= d.board.pages;
  const prev = /** @type {HTMLAnchorElement} */ ($("day-previous"));
  prev.hidden = !d.previous;
  if (d.previous) prev.href = `/daily/${d.game}/${d.previous}`;
  const next = /** @type {HTMLAnchorElement} */ ($("day-next"));
  next.hidden = !d.next;
  if (d.next) next.href = `/daily/${d.game}/${d.next}`;
  // Live while the day runs: the board is read again every few seconds.
  clearTimeout(at.timer);
  if (!d.over) at.timer = window.setTimeout(showDay, 5000);
}

async function showPastDays() {
  const r = await api("GET", `/api/daily/${encodeURIComponent(at.game)}/days/${at.pastPage}`);
  if (!r.ok) return;
  /** @type {{day: string, link: string, attempts: number}[]} */
  const days = r.data.days;
  if (at.pastPage === 1 && !days.length) {
    $("past-days").replaceChildren(el("li", { text: t("dailyjs-none-yet") }));
  }
  $("past-days").append(
    ...days.map((d) => el("li", {}, el("a", { href: d.link }, d.day), ` · ${t("dailyjs-players", { count: d.attempts })}`)),
  );
  $("past-more").hidden = r.data.page >= r.data.pages;
}

ready(() => {
  const saved = localStorage.getItem(NAME_KEY);
  if (saved) input("daily-name").value = saved;
  api("GET", "/api/account").then((r) => {
    const account = r.ok && r.data.name;
    $("name-note").hidden = !account;
    // The board shows the account's name: the field shows it too, fixed.
    if (account) {
      input("daily-name").value = r.data.name;
      input("daily-name").readOnly = true;
    }
  });
  const m = location.pathname.match(/^\/daily\/([a-z-]+)\/(\d{4}-\d{2}-\d{2})$/);
  if (!m) {
    showToday();
    return;
  }
  at.game = m[1];
  at.day = m[2];
  $("day-play").addEventListener("click", () => play(at.game));
  $("board-prev").addEventListener("click", () => {
    at.page = Math.max(1, at.page - 1);
    showDay();
  });
  $("board-next").addEventListener("click", () => {
    at.page += 1;
    showDay();
  });
  $("past-more").addEventListener("click", () => {
    at.pastPage += 1;
    showPastDays();
  });
  showDay();
  showPastDays();
});
