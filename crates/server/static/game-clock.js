// @ts-check
// The clock of a timed game, counted down on the page between views so
// that it moves every second without asking the server; the server's clock
// still decides when time is up.

import { $, page } from "./game-page.js";
import { t } from "./words.js";

/** @type {number | null} */
let clockDeadline = null;
let clockExpired = false;
// What to do when the page's clock reaches zero: ask the server, whose
// calls sit above this module; the entry module passes them in.
/** @type {() => void} */
let onTimeUp = () => {};

/** @param {() => void} then */
export function whenTimeIsUp(then) {
  onTimeUp = then;
}

/**
 * Counts down from the view's `ms_left`, shown from now on.
 * @param {number} msLeft
 */
export function startClock(msLeft) {
  clockDeadline = performance.now() + msLeft;
  clockExpired = msLeft <= 0;
  $("clock").hidden = false;
  tick();
}

export function tick() {
  const view = page.view;
  if (!view || clockDeadline === null) return;
  const running = (view.outcome === "playing" || view.outcome === "lost" || view.outcome === "stuck") && view.clock_started;
  const left = running ? Math.max(0, clockDeadline - performance.now()) : /** @type {number} */ (view.ms_left);
  const secs = Math.ceil(left / 1000);
  const text = `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
  const clock = $("clock");
  if (clock.textContent !== text) clock.textContent = text;
  clock.classList.toggle("low", secs <= 30);
  clock.setAttribute("aria-label", t("game-clock-left", { minutes: Math.floor(secs / 60), seconds: secs % 60 }));
  if (running && left <= 0 && !clockExpired) {
    clockExpired = true;
    setTimeout(onTimeUp, 250); // the server's clock decides
  }
}
