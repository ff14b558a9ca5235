// @ts-check
// The account page, `/account`: sign in or create an account when the
// browser has none; otherwise sign out (here or everywhere), change the
// password or delete the account. The server words every refusal.

import { api, ask, profileLink, showAccountInNav } from "./common.js";
import { syncWithAccount } from "./settings.js";

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
    said(r.data.error || "The account cannot be loaded.");
    return;
  }
  /** @type {AccountStatus} */
  const status = r.data;
  showAccountInNav(status.name);
  $("signed-out").hidden = status.name !== null;
  $("signed-in").hidden = status.name === null;
  if (status.name !== null) {
    $("account-title").textContent = "Your account";
    $("account-name").textContent = status.name;
    $("account-name").setAttribute("href", profileLink(status.name));
    return;
  }
  $("account-title").textContent = "Sign in";
  const games = status.games;
  $("add-games-row").hidden = games === 0;
  $("add-games-words").textContent = `Add the ${games} game${games === 1 ? "" : "s"} played on this device to the account`;
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
    $(errorId).textContent = r.data.error || "That did not work.";
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

document.addEventListener("DOMContentLoaded", () => {
  onSubmit("sign-in-form", async () => {
    const addGames = !$("add-games-row").hidden && input("add-games").checked;
    const body = { name: input("sign-in-name").value, password: input("sign-in-password").value, add_games: addGames };
    const done = await submit("/api/account/sign-in", body, "sign-in-error");
    if (!done) return;
    input("sign-in-password").value = "";
    const added = done.games_added ? ` ${done.games_added} game${done.games_added === 1 ? " was" : "s were"} added.` : "";
    said(`Signed in as ${done.name}.${added}`);
    // The account's settings come to this browser.
    await syncWithAccount();
    await show();
  });
  onSubmit("sign-up-form", async () => {
    const body = { name: input("sign-up-name").value, password: input("sign-up-password").value };
    const done = await submit("/api/account/sign-up", body, "sign-up-error");
    if (!done) return;
    input("sign-up-password").value = "";
    said(`Your account ${done.name} is made, and you are signed in.`);
    // This browser's settings go to the new account.
    await syncWithAccount();
    await show();
  });
  $("sign-out").addEventListener("click", async () => {
    if (await submit("/api/account/sign-out", {}, "account-said")) {
      said("You are signed out.");
      await show();
    }
  });
  $("sign-out-everywhere").addEventListener("click", async () => {
    if (await submit("/api/account/sign-out-everywhere", {}, "account-said")) {
      said("You are signed out on every device.");
      await show();
    }
  });
  onSubmit("password-form", async () => {
    const body = { current: input("current-password").value, new: input("new-password").value };
    if (await submit("/api/account/password", body, "password-error")) {
      input("current-password").value = "";
      input("new-password").value = "";
      said("The password is changed; every other device is signed out.");
    }
  });
  onSubmit("delete-form", async () => {
    if (!(await ask("Delete the account for good? Its name becomes free, it is signed out everywhere, and its games are no longer reachable.", "Delete the account"))) return;
    if (await submit("/api/account/delete", { password: input("delete-password").value }, "delete-error")) {
      input("delete-password").value = "";
      said("The account is deleted.");
      await show();
    }
  });
  show();
});
