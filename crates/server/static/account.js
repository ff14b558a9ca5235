// @ts-check
// The account page, `/account`: sign in or create an account when the
// browser has none; otherwise sign out (here or everywhere), change the
// password or delete the account. The server words every refusal.

import { api, ask, profileLink, ready, showAccountInNav } from "./common.js";
import { syncWithAccount } from "./settings.js";
import { t } from "./words.js";

/**
 * `GET /api/account`.
 * @typedef {Object} AccountStatus
 * @property {string | null} name the account signed in to
 * @property {number} games the games this browser's player has
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** @param {string} text */
function said(text) {
  $("account-said").textContent = text;
}

async function show() {
  const r = await api("GET", "/api/account");
  if (!r.ok) {
    said(r.data.error || t("accountjs-not-loaded"));
    return;
  }
  /** @type {AccountStatus} */
  const status = r.data;
  showAccountInNav(status.name);
  $("signed-out").hidden = status.name !== null;
  $("signed-in").hidden = status.name === null;
  if (status.name !== null) {
    $("account-title").textContent = t("accountjs-title-yours");
    $("account-name").textContent = status.name;
    $("account-name").setAttribute("href", profileLink(status.name));
    return;
  }
  $("account-title").textContent = t("accountjs-title-sign-in");
  const games = status.games;
  $("add-games-row").hidden = games === 0;
  $("add-games-words").textContent = t("accountjs-add-games", { games });
  $("sign-up-keeps").hidden = games === 0;
}

/**
 * Sends a form's request; shows the server's sentence under the form when
 * it is refused.
 * @param {string} path
 * @param {Record<string, unknown>} body
 * @param {string} errorId
 */
async function submit(path, body, errorId) {
  $(errorId).textContent = "";
  const r = await api("POST", path, body);
  if (!r.ok) {
    $(errorId).textContent = r.data.error || t("accountjs-failed");
    return null;
  }
  return r.data;
}

/**
 * @param {string} formId
 * @param {(e: SubmitEvent) => Promise<void>} handler
 */
function onSubmit(formId, handler) {
  $(formId).addEventListener("submit", (e) => {
    e.preventDefault();
    handler(/** @type {SubmitEvent} */ (e));
  });
}

ready(() => {
  onSubmit("sign-in-form", async () => {
    const addGames = !$("add-games-row").hidden && input("add-games").checked;
    const body = { name: input("sign-in-name").value, password: input("sign-in-password").value, add_games: addGames };
    const done = await submit("/api/account/sign-in", body, "sign-in-error");
    if (!done) return;
    input("sign-in-password").value = "";
    const added = done.games_added ? ` ${t("accountjs-games-added", { count: done.games_added })}` : "";
    said(t("accountjs-signed-in", { name: done.name }) + added);
    // The account's settings come to this browser.
    await syncWithAccount();
    await show();
  });
  onSubmit("sign-up-form", async () => {
    const body = { name: input("sign-up-name").value, password: input("sign-up-password").value };
    const done = await submit("/api/account/sign-up", body, "sign-up-error");
    if (!done) return;
    input("sign-up-password").value = "";
    said(t("accountjs-made", { name: done.name }));
    // This browser's settings go to the new account.
    await syncWithAccount();
    await show();
  });
  $("sign-out").addEventListener("click", async () => {
    if (await submit("/api/account/sign-out", {}, "account-said")) {
      said(t("accountjs-signed-out"));
      await show();
    }
  });
  $("sign-out-everywhere").addEventListener("click", async () => {
    if (await submit("/api/account/sign-out-everywhere", {}, "account-said")) {
      said(t("accountjs-signed-out-everywhere"));
      await show();
    }
  });
  onSubmit("password-form", async () => {
    const body = { current: input("current-password").value, new: input("new-password").value };
    if (await submit("/api/account/password", body, "password-error")) {
      input("current-password").value = "";
      input("new-password").value = "";
      said(t("accountjs-password-changed"));
    }
  });
  onSubmit("delete-form", async () => {
    if (!(await ask(t("accountjs-delete-question"), t("accountjs-delete-yes")))) return;
    if (await submit("/api/account/delete", { password: input("delete-password").value }, "delete-error")) {
      input("delete-password").value = "";
      said(t("accountjs-deleted"));
      await show();
    }
  });
  show();
});
