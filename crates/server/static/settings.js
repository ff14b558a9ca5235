// @ts-check
// The player's settings, kept in this browser (`localStorage`): card back,
// table colour, four-colour deck, larger cards, sound effects, animation
// speed. settings-apply.js puts them on every page as it loads; this module
// reads and changes them, keeps them with the account when signed in (and
// takes the account's on a browser signed in to it), plays the sounds, and
// draws the /settings form.

import { api, ready } from "./common.js";
import { t } from "./words.js";

const KEY = "patience-settings";

/** Whether the browser is signed in to an account, once asked. */
let signedIn = false;

/**
 * @typedef {Object} Settings
 * @property {"blue" | "red" | "green"} back the card back
 * @property {"green" | "blue" | "dark"} table the table's colour
 * @property {boolean} fourColour diamonds blue and clubs green
 * @property {boolean} largeCards cards as wide as the page allows; the page scrolls
 * @property {boolean} sound short sound effects
 * @property {"normal" | "fast" | "off"} animation how cards move
 */

/** @type {Settings} */
export const DEFAULTS = { back: "blue", table: "green", fourColour: false, largeCards: false, sound: false, animation: "normal" };

/** The choices of each setting that has several, with their words. */
export const CHOICES = {
  back: [
    ["blue", t("settings-back-blue")],
    ["red", t("settings-back-red")],
    ["green", t("settings-back-green")],
  ],
  table: [
    ["green", t("settings-table-green")],
    ["blue", t("settings-table-blue")],
    ["dark", t("settings-table-dark")],
  ],
  animation: [
    ["normal", t("settings-animation-normal")],
    ["fast", t("settings-animation-fast")],
    ["off", t("settings-animation-off")],
  ],
};

/** @returns {Settings} */
export function settings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch (_) {
    return { ...DEFAULTS };
  }
}

/** Puts `s` on the page, as settings-apply.js does at load. @param {Settings} s */
function apply(s) {
  for (const [key, value] of Object.entries(s)) document.documentElement.dataset[key] = String(value);
}

/** The account's saves so far, one after another. @type {Promise<unknown>} */
let saving = Promise.resolve();

/**
 * Changes one setting, keeps it, and shows it at once.
 * @template {keyof Settings} K
 * @param {K} key
 * @param {Settings[K]} value
 */
export function change(key, value) {
  const s = { ...settings(), [key]: value };
  keep(s);
  // Each save waits for the one before, and sends the settings as they are
  // then: two saves in flight at once can reach two instances and land in
  // the wrong order, the older last.
  if (signedIn) saving = saving.then(() => api("PUT", "/api/account/settings", settings())).catch(() => {});
}

/** Keeps `s` in this browser and shows it. @param {Settings} s */
function keep(s) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch (_) {
    // Storage off: the settings hold for this page only.
  }
  apply(s);
}

/**
 * Takes the settings of the account the browser is signed in to (or gives
 * it this browser's, when it has none yet). Nothing when not signed in.
 */
export async function syncWithAccount() {
  const r = await api("GET", "/api/account/settings");
  signedIn = r.ok && r.data.signed_in;
  if (!signedIn) return;
  if (r.data.settings) keep({ ...DEFAULTS, ...r.data.settings });
  else await api("PUT", "/api/account/settings", settings());
}

/**
 * Plays a sound effect, when the player turned sound on.
 * @param {"place" | "win"} name
 */
export function playSound(name) {
  if (!settings().sound) return;
  const audio = new Audio(`/static/${name}.wav`);
  audio.volume = 0.5;
  audio.play().catch(() => {});
}

/** How long the cards' moves last, as a share of the normal: 0 when off. */
export function motionScale() {
  const animation = settings().animation;
  return animation === "off" ? 0 : animation === "fast" ? 0.5 : 1;
}

/** Draws the /settings form into `#settings-form`, each control saving at once. */
function drawForm() {
  const form = document.getElementById("settings-form");
  if (!form) return;
  const s = settings();
  /** @param {"back" | "table" | "animation"} key @param {string} label */
  const choice = (key, label) => {
    const select = document.createElement("select");
    select.id = `setting-${key}`;
    for (const [value, words] of CHOICES[key]) {
      const option = new Option(words, value, false, s[key] === value);
      select.append(option);
    }
    select.addEventListener("change", () => change(key, /** @type {any} */ (select.value)));
    const l = document.createElement("label");
    l.htmlFor = select.id;
    l.textContent = label;
    return [l, select];
  };
  /** @param {"fourColour" | "largeCards" | "sound"} key @param {string} label @param {string} note */
  const toggle = (key, label, note) => {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = `setting-${key}`;
    box.checked = s[key];
    box.addEventListener("change", () => {
      change(key, box.checked);
      if (key === "sound" && box.checked) playSound("place");
    });
    const l = document.createElement("label");
    l.className = "check";
    l.append(box, ` ${label}`);
    const small = document.createElement("small");
    small.className = "muted";
    small.textContent = note;
    l.append(" ", small);
    return [l];
  };
  form.replaceChildren(
    ...choice("back", t("settings-back")),
    ...choice("table", t("settings-table")),
    ...toggle("fourColour", t("settings-four-colour"), t("settings-four-colour-note")),
    ...toggle("largeCards", t("settings-large-cards"), t("settings-large-cards-note")),
    ...toggle("sound", t("settings-sound"), t("settings-sound-note")),
    ...choice("animation", t("settings-animation")),
  );
}

ready(async () => {
  // The form waits for the account's settings, so that a change made
  // meanwhile is neither lost to them nor kept from the account.
  const form = document.getElementById("settings-form");
  if (form) form.setAttribute("aria-busy", "true");
  await syncWithAccount();
  drawForm();
  if (form) form.removeAttribute("aria-busy");
});
