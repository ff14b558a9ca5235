// @ts-check
// The home page: games to continue, then each game as a card with a small
// drawing of its opening (drawn by table.js, as on the game page), a Play
// button for a random deal, Easy / Medium / Hard for a winnable deal from
// the server's library (only the grades it holds deals of; none for rules
// whose deals are never won), and the rest under "More options".

import { api, el, OUTCOME_TEXT, ready, when } from "./common.js";
import { drawTable, fitTable } from "./table.js";
import { loadVotes, votesWords } from "./votes.js";
import { t } from "./words.js";

/** @import { GameRow, RulesRow } from "./common.js" */
/** @import { TableShape } from "./table.js" */

/**
 * Starts a game of `rules`: deal `dealText` (empty: random), the first
 * winnable deal from it with `wanted.winnable`, or a winnable deal of
 * `wanted.grade` from the server's library.
 * @param {string} rules
 * @param {string} dealText
 * @param {HTMLElement} errorEl
 * @param {{winnable?: boolean, grade?: string}} [wanted]
 * @returns {Promise<void>}
 */
async function startGame(rules, dealText, errorEl, wanted = {}) {
  /** @type {{rules: string, winnable?: boolean, grade?: string, deal?: number}} */
  const body = { rules };
  if (wanted.winnable) body.winnable = true;
  if (wanted.grade) body.grade = wanted.grade;
  const text = (dealText || "").trim();
  if (text !== "" && !wanted.grade) {
    if (!/^\d+$/.test(text)) {
      errorEl.textContent = t("homejs-deal-not-a-number");
      return;
    }
    body.deal = Number(text);
    if (!Number.isSafeInteger(body.deal)) {
      errorEl.textContent = t("homejs-deal-too-large");
      return;
    }
  }
  errorEl.textContent = body.winnable && body.deal !== undefined ? t("homejs-looking-for-winnable") : "";
  const r = await api("POST", "/api/games", body);
  if (!r.ok) {
    errorEl.textContent = r.data.error || t("homejs-not-started");
    if (r.status === 422 && (body.winnable || body.grade)) {
      // No winnable deal by these rules: offer a deal to play for its par.
      errorEl.append(
        " ",
        el("button", { type: "button", onclick: () => startGame(rules, "", errorEl) }, t("homejs-play-random")),
      );
    }
    return;
  }
  location.href = `/game/${r.data.id}`;
}

/**
 * What the library holds of one game or variant (`GET /api/library`).
 * @typedef {{rules: string, easy: number, medium: number, hard: number, never_won: boolean}} Shelf
 */

const GRADES = ["easy", "medium", "hard"];

/**
 * Shows the grade buttons the library holds deals of for the chosen
 * rules, and says so where it holds none. Without the library's answer
 * every button shows: the server refuses a grade it has no deal of.
 * @param {Shelf | undefined} shelf
 * @param {string} name the variant's name
 * @param {HTMLElement} grades the group of buttons
 * @param {HTMLElement} note
 * @param {HTMLElement} winnableOnly the "Winnable deals only" field
 */
function showGrades(shelf, name, grades, note, winnableOnly) {
  const held = GRADES.filter((g) => !shelf || shelf[/** @type {"easy"} */ (g)] > 0);
  for (const g of GRADES) {
    /** @type {HTMLElement} */ (grades.querySelector(`[data-grade=${g}]`)).hidden = !held.includes(g);
  }
  grades.hidden = held.length === 0;
  winnableOnly.hidden = !!shelf && shelf.never_won;
  if (shelf && shelf.never_won) {
    note.textContent = t("homejs-never-won");
  } else if (held.length === 0) {
    note.textContent = t("homejs-library-empty", { name });
  } else if (held.length < GRADES.length) {
    // Say why a grade is missing, so that its absence is no puzzle.
    const missing = GRADES.filter((g) => !held.includes(g));
    note.textContent = t("homejs-grades-missing", { name, count: missing.length, first: missing[0], second: missing[1] || "" });
  } else {
    note.textContent = "";
  }
  note.hidden = note.textContent === "";
}

/**
 * Each drawing's felt and the rules it shows, to draw again on resize.
 * @type {{felt: HTMLElement, rules: () => string}[]}
 */
const drawings = [];

/**
 * @param {HTMLElement} felt
 * @param {TableShape | undefined} table
 */
function drawOpening(felt, table) {
  felt.hidden = !table;
  if (!table) return;
  const width = felt.clientWidth - 12;
  const fit = fitTable(table, width, Math.min(150, width * 0.5), 6, 40, true);
  drawTable(felt, table, { cw: fit.cw, twoRows: fit.twoRows, mini: true });
}

/** @param {Record<string, TableShape>} openings */
function redraw(openings) {
  for (const d of drawings) drawOpening(d.felt, openings[d.rules()]);
}

async function showGames() {
  const params = new URLSearchParams(location.search);
  const wantedRules = (params.get("rules") || "").toLowerCase();
  const wantedDeal = params.get("deal");
  const box = /** @type {HTMLElement} */ (document.getElementById("games"));
  const [r, o, l] = await Promise.all([
    api("GET", "/api/rules"),
    api("GET", "/static/openings.json"),
    api("GET", "/api/library"),
  ]);
  if (!r.ok) {
    box.replaceChildren(el("p", { class: "error", text: r.data.error || t("homejs-games-not-loaded") }));
    return;
  }
  /** @type {Record<string, TableShape>} */
  const openings = o.ok ? o.data : {};
  /** @type {Map<string, Shelf>} */
  const shelves = new Map(l.ok ? l.data.library.map((/** @type {Shelf} */ s) => [s.rules, s]) : []);
  /** @type {Map<string, RulesRow[]>} */
  const byGame = new Map();
  for (const rules of /** @type {RulesRow[]} */ (r.data.rules)) {
    if (!byGame.has(rules.game)) byGame.set(rules.game, []);
    /** @type {RulesRow[]} */ (byGame.get(rules.game)).push(rules);
  }
  box.replaceChildren();
  /** @type {HTMLFormElement | null} */
  let sharedCard = null;
  for (const [game, variants] of byGame) {
    const main = variants[0];
    const wanted = variants.find((v) => v.id === wantedRules);
    const select = el(
      "select",
      { id: `variant-${game}`, name: "rules" },
      variants.map((v) => el("option", { value: v.id, selected: wanted && wanted.id === v.id, text: v.name })),
    );
    const summary = el("p", { class: "summary", text: (wanted || main).summary });
    const felt = el("div", { class: "felt mini", "aria-hidden": "true" }, el("div", { class: "top-row" }), el("div", { class: "tableau" }));
    drawings.push({ felt, rules: () => select.value });
    const variantName = () => /** @type {RulesRow} */ (variants.find((v) => v.id === select.value)).name;
    select.addEventListener("change", () => {
      summary.textContent = /** @type {RulesRow} */ (variants.find((v) => v.id === select.value)).summary;
      drawOpening(felt, openings[select.value]);
      showGrades(shelves.get(select.value), variantName(), grades, gradeNote, winnableField);
    });
    const deal = el("input", {
      id: `deal-${game}`,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      placeholder: t("homejs-deal-placeholder"),
      value: wanted && wantedDeal ? wantedDeal : null,
    });
    const winnable = el("input", { id: `winnable-${game}`, type: "checkbox" });
    const winnableField = el(
      "label",
      { class: "check", title: t("homejs-winnable-title") },
      winnable,
      el("span", { text: t("homejs-winnable-only") }),
    );
    const grades = el(
      "div",
      { class: "grades", role: "group", "aria-label": t("homejs-grades-label", { name: main.name }) },
      el("span", { class: "muted", text: t("homejs-winnable-deal") }),
      GRADES.map((grade) =>
        el(
          "button",
          {
            type: "button",
            id: `${grade}-${game}`,
            "data-grade": grade,
            title: t("homejs-grade-title", { grade }),
            onclick: () => startGame(select.value, "", error, { grade }),
          },
          t("homejs-grade", { grade }),
        ),
      ),
    );
    const gradeNote = el("p", { class: "muted grade-note", id: `grade-note-${game}` });
    const error = el("p", { class: "error", role: "alert" });
    const options = el(
      "details",
      { class: "options", open: !!wanted },
      el("summary", {}, t("homejs-more-options")),
      el(
        "div",
        { class: "fields" },
        el("label", { for: `variant-${game}` }, t("homejs-variant")),
        select,
        el("label", { for: `deal-${game}` }, t("homejs-deal-number")),
        deal,
        winnableField,
      ),
    );
    const form = el(
      "form",
      {
        class: "game-card" + (wanted ? " shared" : ""),
        id: `card-${game}`,
        "aria-labelledby": `name-${game}`,
        /** @param {SubmitEvent} e */
        onsubmit: (e) => {
          e.preventDefault();
          startGame(select.value, deal.value, error, { winnable: winnable.checked && !winnableField.hidden });
        },
      },
      felt,
      el("h3", { id: `name-${game}`, text: main.name }),
      el("p", { class: "votes muted", id: `votes-${game}` }),
      summary,
      main.clock_secs ? el("p", { class: "muted", text: t("homejs-clock", { minutes: main.clock_secs / 60 }) }) : null,
      el(
        "div",
        { class: "row" },
        el("button", { type: "submit", class: "primary play", "aria-describedby": `name-${game}` }, t("homejs-play")),
        el("a", { href: `/how-to-play#${game}` }, t("homejs-how-to-play")),
      ),
      grades,
      gradeNote,
      options,
      error,
    );
    box.append(form);
    drawOpening(felt, openings[select.value]);
    showGrades(shelves.get(select.value), variantName(), grades, gradeNote, winnableField);
    if (wanted) sharedCard = form;
  }
  window.addEventListener("resize", () => redraw(openings));
  loadVotes().then((votes) => {
    for (const v of votes) {
      const line = document.getElementById(`votes-${v.game}`);
      if (line) line.textContent = votesWords(v);
    }
  });
  if (sharedCard && wantedDeal) {
    const banner = /** @type {HTMLElement} */ (document.getElementById("shared"));
    const card = sharedCard;
    banner.hidden = false;
    banner.replaceChildren(
      el("span", { text: t("homejs-shared", { deal: wantedDeal }) }),
      el("button", { type: "button", class: "primary", onclick: () => card.requestSubmit() }, t("homejs-play-it")),
    );
    card.scrollIntoView({ block: "center" });
  } else if (sharedCard) {
    // "New game" from a finished game names its rules: their card, in view.
    sharedCard.scrollIntoView({ block: "center" });
  }
}

async function showContinue() {
  const r = await api("GET", "/api/games");
  if (!r.ok) return;
  /** @type {GameRow[]} */
  const games = r.data.games;
  const open = games.filter((g) => g.continuable);
  if (!open.length) return;
  const list = /** @type {HTMLElement} */ (document.getElementById("continue"));
  for (const g of open.slice(0, 6)) {
    list.append(
      el(
        "li",
        {},
        el(
          "a",
          { class: "button", href: `/game/${g.id}` },
          g.deal === null
            ? t("homejs-continue-duel", { name: g.name })
            : t("homejs-continue-deal", { name: g.name, deal: String(g.deal) }),
        ),
        el("span", {
          class: "muted",
          text: [t("homejs-continue-moves", { moves: g.moves_made }), OUTCOME_TEXT[g.outcome] || "", when(g.updated_ms)].join(" · "),
        }),
      ),
    );
  }
  /** @type {HTMLElement} */ (document.getElementById("continue-section")).hidden = false;
}

ready(() => {
  showGames();
  showContinue();
});
