// @ts-check
// Players' votes (`/api/votes`): a game's average in words, and five stars
// to give it one's own. The home page, the how-to-play page and the end of
// a game show them; elements marked `data-votes="GAME"` are filled in.

import { api, el, ready } from "./common.js";
import { number, t } from "./words.js";

/**
 * A game's votes and the reader's own (`GET /api/votes`).
 * @typedef {{game: string, name: string, votes: number, average: number | null, yours: number | null}} GameVotes
 */

/** @param {GameVotes} v */
export function votesWords(v) {
  if (!v.votes || v.average === null) return t("votes-none");
  const average = number(v.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return t("votes-average", { average, votes: v.votes });
}

/** @type {Promise<GameVotes[]> | null} */
let loaded = null;

/** Every game's votes, asked once a page. */
export function loadVotes() {
  if (!loaded) loaded = api("GET", "/api/votes").then((r) => (r.ok ? r.data.votes : []));
  return loaded;
}

/**
 * Five stars that give game `v.game` the reader's vote (the one given
 * pressed), and the average beside them.
 * @param {GameVotes} v
 * @returns {HTMLElement}
 */
export function starPicker(v) {
  const said = el("span", { class: "vote-said", role: "status", text: votesWords(v) });
  /** @type {HTMLButtonElement[]} */
  const stars = [];
  /** Marks the reader's vote on the stars, which stay where they are (and keep the focus). @param {number | null} yours */
  const mark = (yours) => {
    stars.forEach((star, i) => {
      star.classList.toggle("on", yours !== null && i + 1 <= yours);
      star.setAttribute("aria-pressed", String(yours === i + 1));
    });
  };
  for (let n = 1; n <= 5; n++) {
    stars.push(
      el(
        "button",
        {
          type: "button",
          class: "star",
          "data-stars": n,
          "aria-label": t("votes-stars", { stars: n }),
          title: t("votes-stars", { stars: n }),
          onclick: async () => {
            const r = await api("PUT", `/api/votes/${v.game}`, { stars: n });
            if (r.ok) {
              loaded = null;
              mark(r.data.yours);
              said.textContent = t("votes-thanks", { votes: votesWords(r.data) });
            } else {
              said.textContent = r.data.error || t("votes-failed");
            }
          },
        },
        "★",
      ),
    );
  }
  mark(v.yours);
  return el(
    "div",
    { class: "vote", role: "group", "aria-label": t("votes-yours", { name: v.name }) },
    el("span", { class: "vote-label", text: t("votes-rate", { name: v.name }) }),
    // The five stars stay on one line, whatever wraps around them.
    el("span", { class: "stars" }, ...stars),
    said,
  );
}

/** Fills the page's `data-votes` elements with their game's average. */
async function fillMarked() {
  const marked = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-votes]"));
  if (!marked.length) return;
  const votes = await loadVotes();
  for (const node of marked) {
    const v = votes.find((g) => g.game === node.dataset.votes);
    if (v) node.textContent = votesWords(v);
  }
}

ready(fillMarked);
