// @ts-check
// The daily deals: `/daily` lists today's deal of every game with its
// attempts and the player's own; `/daily/{game}/{day}` is one day's deal:
// its board (live while the day runs), and once the day is over the deal,
// its par, a winning line and every attempt's record.

import { api, el, OUTCOME_TEXT, profileLink } from "./common.js";

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
    fail(r.data.error || "The daily deal cannot be opened.");
    return;
  }
  location.href = r.data.link;
}

async function showToday() {
  $("today").hidden = false;
  const r = await api("GET", "/api/daily");
  if (!r.ok) return fail(r.data.error || "Today's deals cannot be loaded.");
  $("title").textContent = `Daily deals of ${r.data.day}`;
  /** @type {TodayEntry[]} */
  const entries = r.data.dailies;
  $("today-rows").replaceChildren(
    ...entries.map((d) =>
      el(
        "tr",
        {},
        el("th", { scope: "row" }, d.name),
        el("td", { text: d.attempts === 1 ? "1 player" : `${d.attempts} players` }),
        el(
          "td",
          {},
          d.your_game
            ? el("a", { class: "button", href: d.your_game }, "Your attempt")
            : el("button", { type: "button", class: "primary", onclick: () => play(d.game) }, `Play ${d.name}`),
        ),
        el("td", {}, el("a", { href: d.link }, "Board")),
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
    $("title").textContent = "Daily deal";
    $("day").hidden = true;
    return fail(r.data.error || "The daily deal cannot be loaded.");
  }
  fail("");
  /** @type {DayView} */
  const d = r.data;
  $("title").textContent = `${d.name}: daily deal of ${d.day}`;
  document.title = `${d.name} daily deal of ${d.day} · patience`;
  $("day-info").textContent = d.over
    ? "This day is over: its deal, par and every attempt are shown."
    : `Open until ${new Date(d.ends_ms).toLocaleString()}. Names and figures only until then.`;
  $("day-commitment").textContent = d.commitment;
  $("day-play-row").hidden = !d.today || d.over || !!d.your_game;
  $("name-row").hidden = $("day-play-row").hidden;
  $("day-yours").hidden = !d.your_game;
  if (d.your_game) /** @type {HTMLAnchorElement} */ ($("day-your-game")).href = d.your_game;
  $("day-reveal").hidden = !d.reveal;
  if (d.reveal) {
    const v = d.reveal;
    const checked = v.commitment_ok && v.deal_ok ? "it matches the commitment" : "it does NOT match the commitment";
    $("reveal-deal").textContent = `Deal ${v.deal} (seed ${v.seed}, salt ${v.salt}): ${checked}.`;
    $("reveal-par").textContent =
      v.par === v.total
        ? `Par: all ${v.total} cards can go up.`
        : `Par: ${v.par_exact ? "" : "at least "}${v.par} of ${v.total} cards.`;
    $("reveal-line-box").hidden = !v.winning_line;
    $("reveal-line").replaceChildren(...(v.winning_line || []).map((m) => el("li", { text: m.words })));
  }
  const scored = d.board.scored;
  $("board-figure").textContent = scored ? "Score" : "Cards up";
  $("board-rows").replaceChildren(
    ...(d.board.lines.length
      ? d.board.lines.map((line) =>
          el(
            "tr",
            { class: line.you ? "you" : null },
            el("td", { text: line.rank }),
            el(
              "th",
              { scope: "row" },
              line.account ? el("a", { href: profileLink(line.account) }, line.name) : line.name,
              line.you ? " (you)" : "",
            ),
            el("td", { text: OUTCOME_TEXT[line.outcome] }),
            el("td", { text: (scored ? line.score : line.foundations).toLocaleString("en") }),
            el("td", { text: duration(line.time_ms) }),
            el("td", { text: line.moves }),
            el(
              "td",
              {},
              line.replay && line.record
                ? [el("a", { href: line.replay }, "Replay"), " · ", el("a", { href: line.record }, "Record")]
                : "after the day",
            ),
          ),
        )
      : [el("tr", {}, el("td", { colspan: 7, text: "Nobody has played this deal yet." }))]),
  );
  $("board-page").textContent = `Page ${d.board.page} of ${d.board.pages}`;
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
    $("past-days").replaceChildren(el("li", { text: "None yet." }));
  }
  $("past-days").append(
    ...days.map((d) => el("li", {}, el("a", { href: d.link }, d.day), ` · ${d.attempts === 1 ? "1 player" : `${d.attempts} players`}`)),
  );
  $("past-more").hidden = r.data.page >= r.data.pages;
}

document.addEventListener("DOMContentLoaded", () => {
  const saved = localStorage.getItem(NAME_KEY);
  if (saved) input("daily-name").value = saved;
  api("GET", "/api/account").then((r) => {
    $("name-note").hidden = !(r.ok && r.data.name);
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
