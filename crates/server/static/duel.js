// @ts-check
// The duel page: start or join a duel, live standings (server-sent
// events), the final ranking, the fairness check, rematch.

import { api, ask, el, OUTCOME_TEXT, profileLink, ready, when } from "./common.js";
import { number, t } from "./words.js";

/** @import { Outcome, RulesRow } from "./common.js" */

/**
 * A participant in the standings: numbers only until the duel closes.
 * @typedef {Object} Standing
 * @property {string} name the name they joined under
 * @property {string | null} account their account's name, for a link to their profile
 * @property {string | null} rating in a rated duel, as a player reads it ("1500?" while provisional)
 * @property {number | null} rating_change once a rated duel closed
 * @property {number} joined_ms
 * @property {boolean} started
 * @property {boolean} finished
 * @property {Outcome | "not_started"} outcome
 * @property {boolean} over the game is closed for good: won, given up or out of time
 * @property {number} score
 * @property {number} foundations
 * @property {number | null} finished_ms
 * @property {number | null} rank 1 for the winner, once the duel is closed
 * @property {boolean} you
 * @property {string | null} replay their game's replay, once it may be watched
 */

/**
 * A duel as `GET /api/duels/{id}` and its events write it.
 * @typedef {Object} Duel
 * @property {string} id
 * @property {string} link
 * @property {string} rules
 * @property {string} name
 * @property {boolean} scored
 * @property {number | null} clock_secs the clock's length in seconds, for timed games
 * @property {boolean} rated between accounts, changing their ratings when it closes
 * @property {number} created_ms
 * @property {number | null} closes_ms
 * @property {number} max_participants
 * @property {"open" | "closed"} status
 * @property {number | null} closed_ms
 * @property {string} commitment
 * @property {Standing[]} participants
 * @property {number[] | null} ranking
 * @property {{index: number, name: string, game_id: string | null} | null} me
 * @property {boolean} you_created
 * @property {{seed: string, salt: string, deal: number, commitment_ok: boolean, deal_ok: boolean} | null} reveal
 * @property {string | null} rematch_id
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
/** @type {Record<string, string>} */
const STATE_TEXT = { ...OUTCOME_TEXT, not_started: t("dueljs-not-started"), time_up: t("dueljs-time-up") };

/** @param {string} [message] */
function showError(message) {
  $("duel-error").textContent = message || "";
}

async function startPage() {
  $("start").hidden = false;
  $("title").textContent = t("dueljs-title");
  document.title = t("dueljs-document-title");
  const r = await api("GET", "/api/rules");
  for (const rule of /** @type {RulesRow[]} */ (r.data.rules || [])) {
    $("start-rules").append(el("option", { value: rule.id, selected: rule.id === "harmony" }, rule.name));
  }
  const rules = /** @type {HTMLSelectElement} */ ($("start-rules"));
  /** @param {boolean} quick */
  const go = async (quick) => {
    const name = input("start-name").value.trim();
    const rated = input("start-rated").checked;
    /** @type {{rules: string, name: string, participants?: number, closes_in_secs?: number, rated?: boolean}} */
    const body = quick
      ? { rules: rules.value, name, rated }
      : { rules: rules.value, name, participants: Number(input("start-count").value), rated };
    const minutes = Number(input("start-closes").value);
    if (!quick && minutes > 0) body.closes_in_secs = minutes * 60;
    const a = await api("POST", quick ? "/api/duels/quick" : "/api/duels", body);
    if (!a.ok) return showError(a.data.error || t("dueljs-server-answered", { status: String(a.status) }));
    location.href = a.data.link;
  };
  $("start-form").addEventListener("submit", (e) => {
    e.preventDefault();
    go(true);
  });
  $("create").addEventListener("click", () => {
    if (/** @type {HTMLFormElement} */ ($("start-form")).reportValidity()) go(false);
  });
  showLobby();
  setInterval(showLobby, 5000);
}

/**
 * A player waiting in quick match (`GET /api/duels/lobby`).
 * @typedef {Object} Waiting
 * @property {string} link
 * @property {string} rules
 * @property {string} name the game's
 * @property {boolean} rated
 * @property {string} player the name they joined under
 * @property {string | null} account
 * @property {string | null} rating
 * @property {number} waiting_secs
 */

/** Who waits in quick match, refreshed while the page is open. */
async function showLobby() {
  const r = await api("GET", "/api/duels/lobby");
  if (!r.ok) return;
  /** @type {Waiting[]} */
  const waiting = r.data.waiting;
  const rows = waiting.map((w) =>
    el(
      "tr",
      {},
      el("td", {}, el("a", { href: w.link }, t("dueljs-lobby-game", { rated: w.rated ? "yes" : "no", name: w.name }))),
      el("td", {}, w.account ? el("a", { href: profileLink(w.account) }, w.player) : w.player),
      el("td", { text: w.rating || t("dueljs-casual") }),
      el("td", {
        text:
          w.waiting_secs < 60
            ? t("dueljs-waiting-secs", { secs: w.waiting_secs })
            : t("dueljs-waiting-min", { minutes: Math.floor(w.waiting_secs / 60) }),
      }),
    ),
  );
  $("lobby-rows").replaceChildren(...(rows.length ? rows : [el("tr", {}, el("td", { colspan: 4, text: t("dueljs-nobody-waiting") }))]));
}

/**
 * SHA-256 of the bytes written in `hex`, in hex; null where the browser
 * cannot work it out (no Web Crypto outside a secure context).
 * @param {string} hex
 * @returns {Promise<string | null>}
 */
async function sha256Hex(hex) {
  if (!window.crypto || !crypto.subtle) return null;
  const bytes = new Uint8Array(/** @type {RegExpMatchArray} */ (hex.match(/../g)).map((h) => parseInt(h, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

let shownReveal = false;

/** @param {Duel} d */
async function showReveal(d) {
  if (!d.reveal || shownReveal) return;
  shownReveal = true;
  const r = d.reveal;
  $("reveal").hidden = false;
  $("sealed").hidden = true;
  $("seed").textContent = r.seed;
  $("salt").textContent = r.salt;
  $("deal").textContent = String(r.deal);
  const hash = await sha256Hex(r.seed + r.salt);
  const dealOk = parseInt(r.seed.slice(0, 13), 16) + 1 === r.deal;
  const parts = [];
  if (hash === null) parts.push(r.commitment_ok ? t("dueljs-server-checked") : t("dueljs-server-mismatch"));
  else parts.push(hash === d.commitment ? t("dueljs-browser-checked") : t("dueljs-browser-mismatch"));
  parts.push(
    dealOk
      ? t("dueljs-deal-follows", { number: String(parseInt(r.seed.slice(0, 13), 16)), deal: String(r.deal) })
      : t("dueljs-deal-does-not-follow"),
  );
  $("check").textContent = parts.join(" ");
  const proven = (hash === null ? r.commitment_ok : hash === d.commitment) && dealOk;
  $("check").className = proven ? "ok" : "error";
  $("proof-words").textContent = !proven
    ? t("dueljs-proof-failed")
    : hash === null
      ? t("dueljs-proven-by-server", { deal: String(r.deal) })
      : t("dueljs-proven-by-browser", { deal: String(r.deal) });
  $("proof-words").className = proven ? "ok" : "error";
}

/**
 * A participant's state: won, given up and time up say that they are over.
 * @param {Standing} p
 */
function stateText(p) {
  const text = STATE_TEXT[p.outcome] || p.outcome;
  return p.finished && !p.over ? t("dueljs-finished", { state: text }) : text;
}

/**
 * A participant's rating in a rated duel, with what the duel did to it once
 * closed: "1512 (+12)".
 * @param {Standing} p
 */
function ratingText(p) {
  const change = p.rating_change;
  if (change === null || change === undefined) return p.rating || "";
  return `${p.rating} (${change >= 0 ? "+" : "−"}${number(Math.abs(change))})`;
}

/** @param {Duel} d */
function render(d) {
  $("title").textContent = t("dueljs-title-duel", { rated: d.rated ? "yes" : "no", name: d.name });
  const joined = t("dueljs-joined", { count: d.participants.length, most: d.max_participants });
  let state;
  if (d.status === "closed") state = d.closed_ms ? t("dueljs-closed-at", { when: when(d.closed_ms) }) : t("dueljs-closed");
  else if (d.closes_ms) state = t("dueljs-open-until-latest", { when: when(d.closes_ms) });
  else state = t("dueljs-open");
  $("duel-info").textContent = `${joined} · ${state}`;
  $("duel-link").textContent = location.origin + d.link;
  /** @type {HTMLAnchorElement} */ ($("duel-link")).href = d.link;
  const full = d.participants.length >= d.max_participants;
  const sharing = d.status !== "closed" && !full;
  $("link-label").textContent = sharing ? t("dueljs-link-to-share") : t("dueljs-link-to-duel");
  $("copy-link").hidden = !(navigator.clipboard && sharing);
  $("commitment").textContent = d.commitment;
  $("join-form").hidden = !!d.me || d.status === "closed" || full;
  $("play-row").hidden = !d.me || (d.status === "closed" && !d.me.game_id);
  if (d.me) {
    if (!d.me.game_id) $("play").textContent = d.clock_secs ? t("dueljs-play-with-clock") : t("dueljs-play");
    else $("play").textContent = d.status === "closed" ? t("dueljs-see-game") : t("dueljs-go-to-game");
  }
  $("rating-head").hidden = !d.rated;
  // Harmony is ranked by score, the others by cards on the foundations: one column.
  $("result-head").textContent = d.scored ? t("dueljs-score") : t("dueljs-foundations");
  const rows = d.participants.map((p, i) => ({ p, i }));
  if (d.ranking) rows.sort((a, b) => /** @type {number} */ (a.p.rank) - /** @type {number} */ (b.p.rank));
  $("standings").replaceChildren(
    ...rows.map(({ p }) =>
      el(
        "tr",
        { class: p.you ? "you" : null },
        el("td", { text: p.rank ? number(p.rank) : "–" }),
        el(
          "td",
          {},
          p.account ? el("a", { href: profileLink(p.account), title: t("dueljs-profile-of", { name: p.account }) }, p.name) : p.name,
          p.you ? ` ${t("dueljs-you")}` : "",
        ),
        d.rated ? el("td", { text: ratingText(p) }) : null,
        el("td", { text: number(d.scored ? p.score : p.foundations) }),
        el("td", {}, stateText(p), p.replay ? [" · ", el("a", { href: p.replay }, t("dueljs-replay"))] : ""),
      ),
    ),
  );
  $("rematch-row").hidden = !(d.status === "closed" && d.me);
  $("close-row").hidden = !(d.you_created && d.status === "open" && d.participants.length < d.max_participants);
  if (d.rematch_id) $("rematch").textContent = t("dueljs-go-to-rematch");
  showReveal(d);
}

/** @param {string} id */
async function duelPage(id) {
  $("duel").hidden = false;
  /** @type {Duel | null} */
  let current = null;
  const load = async () => {
    const r = await api("GET", `/api/duels/${id}`);
    if (!r.ok) return showError(r.data.error || t("dueljs-server-answered", { status: String(r.status) }));
    current = r.data;
    render(r.data);
  };
  await load();
  if (!current) return;
  /** @type {EventSource | null} */
  let events = null;
  const listen = () => {
    if (!window.EventSource || (current && current.status === "closed")) return;
    const stream = new EventSource(`/api/duels/${id}/events`);
    events = stream;
    stream.addEventListener("duel", (e) => {
      if (stream !== events) return stream.close();
      const duel = /** @type {Duel} */ (JSON.parse(e.data));
      current = duel;
      render(duel);
      if (duel.status === "closed") stream.close();
    });
    stream.onerror = () => {
      stream.close();
      if (stream !== events) return;
      setTimeout(async () => {
        await load();
        listen();
      }, 2000);
    };
  };
  listen();
  $("join-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const a = await api("POST", `/api/duels/${id}/join`, { name: input("join-name").value });
    if (!a.ok) return showError(a.data.error || t("dueljs-server-answered", { status: String(a.status) }));
    showError("");
    current = a.data;
    render(a.data);
    // The stream speaks to whoever opened it: open it again as a participant.
    if (events) events.close();
    listen();
  });
  $("play").addEventListener("click", async (e) => {
    e.preventDefault();
    const a = await api("POST", `/api/duels/${id}/play`);
    if (!a.ok) return showError(a.data.error || t("dueljs-server-answered", { status: String(a.status) }));
    location.href = a.data.link;
  });
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(/** @type {string} */ ($("duel-link").textContent));
      $("copy-link").textContent = t("dueljs-copied");
    } catch (_) {
      $("copy-link").textContent = t("dueljs-select-to-copy");
    }
  });
  $("close-now").addEventListener("click", async () => {
    if (!(await ask(t("dueljs-close-question"), t("dueljs-close-yes")))) return;
    const a = await api("POST", `/api/duels/${id}/close`);
    if (!a.ok) return showError(a.data.error || t("dueljs-server-answered", { status: String(a.status) }));
    showError("");
    current = a.data;
    render(a.data);
  });
  $("rematch").addEventListener("click", async () => {
    if (current && current.rematch_id) return (location.href = `/duel/${current.rematch_id}`);
    const a = await api("POST", `/api/duels/${id}/rematch`);
    if (!a.ok) return showError(a.data.error || t("dueljs-server-answered", { status: String(a.status) }));
    location.href = a.data.link;
  });
}

/**
 * A signed-in player's name fields start with their account's name (still
 * theirs to change: a duel shows the name one joins under).
 */
async function offerAccountName() {
  const r = await api("GET", "/api/account");
  if (!r.ok || !r.data.name) return;
  for (const id of ["start-name", "join-name"]) {
    const field = input(id);
    if (!field.value) field.value = r.data.name;
  }
}

ready(() => {
  offerAccountName();
  const m = location.pathname.match(/^\/duel\/([0-9a-f]{16})$/);
  if (m) duelPage(m[1]);
  else startPage();
});
