// @ts-check
// The game page: draws the player view the server sends (with table.js)
// and turns drags, clicks and keys into moves. It knows no rules: a gesture
// becomes a move only if that move is in the view's list of legal moves,
// and every sentence about a move (what it did, why it was refused, what a
// hint suggests) is the server's.
//
// This entry module only wires the parts together, so that the page can be
// read from here down. Each part is one module, and each imports only the
// parts listed before it:
//   game-page.js      the state the parts share, the elements, the message line
//   game-moves.js     the legal moves as the view lists them
//   game-marks.js     the cards picked up and the hinted move, marked on the table
//   game-render.js    the table drawn to fit the window, and its animation
//   game-par.js       the par: the most cards the deal can bring up
//   game-clock.js     a timed game's clock
//   game-view.js      a view shown: the table and everything around it
//   game-server.js    loading the game and sending actions
//   game-hints.js     a hint, and Finish
//   game-pointer.js   click, double-click, drag and drop
//   game-keyboard.js  the keys

import { api, ask, ready } from "./common.js";
import { t } from "./words.js";
import { $, GAME_ID, closeMenu, closest, page, say } from "./game-page.js";
import { clearHint } from "./game-marks.js";
import { dockCover, render } from "./game-render.js";
import { tick, whenTimeIsUp } from "./game-clock.js";
import { catchUp, load, send } from "./game-server.js";
import { finish, hint, playHint, showLine } from "./game-hints.js";
import { setupPointer } from "./game-pointer.js";
import { onKey } from "./game-keyboard.js";

function setup() {
  const felt = $("felt");
  setupPointer(felt);
  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", () => send({ action: "undo" }));
  $("redo").addEventListener("click", () => send({ action: "redo" }));
  $("banner-undo").addEventListener("click", () => send({ action: "undo" }));
  $("hint-undo").addEventListener("click", () => send({ action: "undo" }));
  $("restart").addEventListener("click", () => {
    closeMenu();
    ask(t("game-restart-question"), t("game-restart-yes")).then((yes) => {
      if (yes) send({ action: "restart" });
    });
  });
  const giveUp = () => {
    closeMenu();
    ask(t("game-give-up-question"), t("game-give-up-yes")).then((yes) => {
      if (yes) send({ action: "quit" });
    });
  };
  $("quit").addEventListener("click", giveUp);
  $("hint-quit").addEventListener("click", giveUp);
  $("hint").addEventListener("click", hint);
  $("hint-play").addEventListener("click", playHint);
  $("hint-close").addEventListener("click", clearHint);
  $("finish").addEventListener("click", finish);
  // Same deal again starts it at once (the link, to the home page with the
  // deal filled in, is for sharing and for a page without scripts).
  $("banner-again").addEventListener("click", async (e) => {
    const v = page.view;
    if (!v || v.deal === null || v.deal === undefined) return;
    e.preventDefault();
    // The server deals it again, as a winnable one if this game was.
    const r = await api("POST", `/api/games/${GAME_ID}/again`);
    if (r.ok) location.href = `/game/${r.data.id}`;
    else say(r.data.error || t("game-again-failed"), true);
  });
  $("show-line").addEventListener("click", () => {
    closeMenu();
    ask(t("game-line-question"), t("game-line-yes")).then((yes) => {
      if (yes) showLine();
    });
  });
  const auto = /** @type {HTMLInputElement} */ ($("auto"));
  auto.addEventListener("change", () => send({ action: auto.checked ? "auto-on" : "auto-off" }));
  // The menu closes when the player clicks elsewhere.
  document.addEventListener("click", (e) => {
    if (/** @type {HTMLDetailsElement} */ ($("menu")).open && !closest(e, "#menu")) closeMenu();
  });
  window.addEventListener("resize", () => page.view && render());
  // The felt's width can change without the window's (a scroll bar).
  let feltWidth = felt.clientWidth;
  new ResizeObserver(() => {
    if (felt.clientWidth !== feltWidth && page.view) {
      feltWidth = felt.clientWidth;
      render();
    }
  }).observe(felt);
  // A hint opening or closing over the table's bottom: long columns make
  // room for it (see dockCover).
  let cover = dockCover();
  new ResizeObserver(() => {
    if (dockCover() !== cover && page.view) {
      cover = dockCover();
      render();
    }
  }).observe($("dock"));
  // Another tab may have moved: catch up when this one comes back.
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && catchUp());
  window.addEventListener("focus", catchUp);
  // The clock runs out on the page, but the server's clock decides: the
  // page then asks for the game again.
  whenTimeIsUp(load);
  setInterval(tick, 250);
}

ready(() => {
  setup();
  load();
});
