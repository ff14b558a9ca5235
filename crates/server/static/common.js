// @ts-check
// Shared helpers for every page: the API client and small DOM utilities.
// Every page's script imports what it uses from here; loaded alone (the
// pages without a script of their own), it marks the current page in the
// navigation.

import { lang, t } from "./words.js";

/**
 * An API answer: `data` is the JSON body (`{error}` on a refusal, `{}` when
 * empty), typed where it is used by the shapes the pages' modules describe.
 * @typedef {Object} ApiAnswer
 * @property {boolean} ok
 * @property {number} status 0 when the server cannot be reached
 * @property {any} data
 */

/**
 * How a game stands, as the API writes it.
 * @typedef {"playing" | "won" | "lost" | "stuck" | "quit" | "time_up"} Outcome
 */

/**
 * A game of `GET /api/games` (`deal` is null for a game of an open duel).
 * @typedef {Object} GameRow
 * @property {string} id
 * @property {string} rules
 * @property {string} name
 * @property {number | null} deal
 * @property {number} created_ms
 * @property {number} updated_ms
 * @property {number} action_count
 * @property {number} moves_made
 * @property {Outcome} outcome
 * @property {number} score
 * @property {boolean} continuable started and still in play (not at a dead end): worth going back to
 */

/**
 * A game or variant of `GET /api/rules`.
 * @typedef {Object} RulesRow
 * @property {string} id
 * @property {string} game
 * @property {string} name
 * @property {string} summary
 * @property {boolean} default
 * @property {number | null} clock_secs
 * @property {boolean} scored
 */

/**
 * Calls the JSON API. Resolves to {ok, status, data}; never throws.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<ApiAnswer>}
 */
export async function api(method, path, body) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(path, options);
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (_) {
      data = { error: text };
    }
    return { ok: response.ok, status: response.status, data: data || {} };
  } catch (e) {
    return { ok: false, status: 0, data: { error: t("common-unreachable") } };
  }
}

/**
 * A child `el` appends: a node, text (numbers written out), nothing (null,
 * undefined, false), or a list of these.
 * @typedef {Node | string | number | null | undefined | false | ChildList} Child
 * @typedef {Child[]} ChildList
 */

/**
 * Creates an element with attributes and children. Attributes: `class`,
 * `text` (its text), `on…` (a listener), others set as they are (true: an
 * empty value; null, undefined, false: left out).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * Asks a question in the page (a modal `<dialog>`, never the browser's
 * `confirm()`): resolves true when the player chooses `yes`, false on
 * Cancel or Escape. Focus starts on Cancel, so Enter never does harm.
 * @param {string} question
 * @param {string} yes the button that says yes, in words of the action
 * @returns {Promise<boolean>}
 */
export function ask(question, yes) {
  const dialog = el(
    "dialog",
    { class: "ask", id: "ask", "aria-labelledby": "ask-text" },
    el("p", { id: "ask-text", text: question }),
    el(
      "div",
      { class: "buttons" },
      el("button", { type: "button", class: "primary", id: "ask-yes", value: "yes" }, yes),
      el("button", { type: "button", id: "ask-no", value: "no" }, t("common-cancel")),
    ),
  );
  document.getElementById("ask")?.remove();
  document.body.append(dialog);
  return new Promise((resolve) => {
    /** @param {boolean} answer */
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    /** @type {HTMLElement} */ (dialog.querySelector("#ask-yes")).addEventListener("click", () => done(true));
    /** @type {HTMLElement} */ (dialog.querySelector("#ask-no")).addEventListener("click", () => done(false));
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      done(false);
    });
    dialog.showModal();
    /** @type {HTMLElement} */ (dialog.querySelector("#ask-no")).focus();
  });
}

/** How a game stands, in words. @type {Record<Outcome, string>} */
export const OUTCOME_TEXT = {
  playing: t("common-outcome-playing"),
  won: t("common-outcome-won"),
  lost: t("common-outcome-lost"),
  stuck: t("common-outcome-stuck"),
  quit: t("common-outcome-quit"),
  time_up: t("common-outcome-time-up"),
};

/**
 * A listed game's result in words: "won with help" where a winning line
 * was shown.
 * @param {{outcome: Outcome, helped?: boolean}} g
 */
export function resultWords(g) {
  return g.outcome === "won" && g.helped ? t("common-won-with-help") : OUTCOME_TEXT[g.outcome] || "";
}

/**
 * A date and time as the page's language writes them.
 * @param {number} ms
 */
export function when(ms) {
  return new Date(ms).toLocaleString(lang);
}

/**
 * The link to a player's public profile.
 * @param {string} name
 */
export function profileLink(name) {
  return `/@/${encodeURIComponent(name)}`;
}

/**
 * Names the account the browser is signed in to where the navigation
 * offers to sign in, linked to its profile (or offers to sign in again
 * when `name` is null).
 * @param {string | null} name
 */
export function showAccountInNav(name) {
  const link = document.getElementById("nav-account");
  if (!link) return;
  link.textContent = name || t("common-sign-in");
  link.setAttribute("href", name ? profileLink(name) : "/account");
}

/**
 * Runs `fn` once the page has been read: at once when it has been. A
 * module that imports words.js (as this one does) runs only once the
 * catalogue has arrived, which is often after DOMContentLoaded: a listener
 * for that event, added then, would never be called.
 * @param {() => unknown} fn
 */
export function ready(fn) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => fn());
  else fn();
}

// Mark the current page in the navigation, and name the account.
ready(() => {
  api("GET", "/api/account").then((r) => r.ok && showAccountInNav(r.data.name));
  const here = location.pathname;
  for (const a of document.querySelectorAll(".site-header nav a")) {
    if (a.getAttribute("href") === here) a.setAttribute("aria-current", "page");
  }
});
