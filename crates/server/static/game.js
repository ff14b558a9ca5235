// The game page: draws the player view the server sends and turns drags,
// clicks and keys into moves. It knows no rules: a gesture becomes a move
// only if that move is in the view's list of legal moves.
"use strict";

const GAME_ID = location.pathname.split("/").filter(Boolean).pop();
const SUITS = { S: ["♠", "spades", false], H: ["♥", "hearts", true], D: ["♦", "diamonds", true], C: ["♣", "clubs", false] };
const SUIT_ORDER = ["S", "H", "D", "C"];
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

let view = null; // the latest GameView
let selected = null; // {pile, count}: cards picked up by click or keyboard
let busy = false; // a request is on its way
let drag = null; // the pointer gesture in progress
let suppressClick = false;
let hasStock = false;
let hasReserve = false;
let clockDeadline = null;
let clockExpired = false;
const kbDepth = {}; // column -> how many cards the keyboard has picked

const $ = (id) => document.getElementById(id);

// ----- Talking to the server -------------------------------------------------

async function load() {
  const r = await api("GET", `/api/games/${GAME_ID}`);
  if (!r.ok) {
    $("title").textContent = r.status === 404 ? "Game not found" : "Cannot load the game";
    say(r.data.error || "The game cannot be loaded.", true);
    return;
  }
  setView(r.data.view);
  if (duel === undefined) loadDuel();
}

let duel; // the duel this game belongs to: undefined until asked, then null or {id, link, name, status}

/** Says on the page that the game is part of a duel, with a link back to it. */
async function loadDuel() {
  duel = null;
  const r = await api("GET", `/api/games/${GAME_ID}/duel`);
  if (!r.ok || !r.data.duel) return;
  duel = r.data.duel;
  $("duel-name").textContent = `${duel.name} duel${duel.status === "closed" ? " (closed)" : ""}`;
  $("duel-back").href = duel.link;
  $("duel-note").hidden = false;
  $("banner-duel").href = duel.link;
  $("banner-duel").hidden = false;
  // The duel's game is the one that counts: a new game is a secondary choice here.
  $("banner-new").classList.remove("primary");
}

async function send(body) {
  if (busy || !view) return;
  busy = true;
  body.action_number = view.action_number;
  const r = await api("POST", `/api/games/${GAME_ID}/actions`, body);
  busy = false;
  if (r.ok) {
    say("");
    setView(r.data.view);
  } else {
    say(r.data.error || `The server answered ${r.status}.`, true);
    $("auto").checked = !!view.safe_auto_moves;
    if (r.status === 409) load();
  }
}

function has(move) {
  return !!view && view.table.moves.includes(move);
}

function play(move) {
  if (!has(move)) return false;
  clearSelection();
  send({ move });
  return true;
}

function moveText(from, to, count) {
  return `${from}-${to}` + (count > 1 ? `:${count}` : "");
}

/** The counts of cards that can move from `pile` (a column may offer several). */
function movableCounts(pile) {
  const counts = new Set();
  for (const m of view.table.moves) {
    const dash = m.indexOf("-");
    if (dash < 0 || m.slice(0, dash) !== pile) continue;
    const colon = m.indexOf(":");
    counts.add(colon < 0 ? 1 : Number(m.slice(colon + 1)));
  }
  return [...counts].sort((a, b) => a - b);
}

function destOf(pile) {
  if (/^t\d+$/.test(pile)) return pile;
  if (pile === "f" || /^f\d+$/.test(pile)) return "f";
  return null;
}

function say(text, bad) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("bad", !!bad);
}

function draw() {
  if (play("s") || play("r")) return;
  say("No draw or redeal is possible now.", true);
}

// ----- Drawing the table -----------------------------------------------------

function cardName(code) {
  const r = RANK_NAMES[code[0]] || code[0];
  return `${r} of ${SUITS[code[1]][1]}`;
}

function cardEl(code, src, count, movable) {
  const [symbol, , red] = SUITS[code[1]];
  const rank = RANKS[code[0]] || code[0];
  const attrs = {
    class: "card face" + (red ? " red" : "") + (movable ? " movable" : ""),
    "aria-hidden": "true",
    "data-card": code,
  };
  if (src) {
    attrs["data-src"] = src;
    attrs["data-count"] = count;
  }
  return el(
    "div",
    attrs,
    el("span", { class: "corner" }, el("span", { text: rank }), el("span", { class: "s", text: symbol })),
    el("span", { class: "pip", text: symbol }),
  );
}

function backEl() {
  return el("div", { class: "card back", "aria-hidden": "true" });
}

/** The card width for the felt's width; on a narrow screen eight
 * foundations go in two rows of four, so that the cards stay readable. */
function layout() {
  const felt = $("felt");
  const n = view.table.columns.length;
  const slots = view.table.foundations.length;
  const width = (topSlots) => {
    const topUnits = (hasStock ? 2.7 : 0) + (hasReserve ? 2.2 : 0) + topSlots + 0.5;
    return Math.floor(felt.clientWidth / (Math.max(n, topUnits) * 1.12));
  };
  let cw = width(slots);
  const twoRows = slots > 4 && cw < 60 && width(Math.ceil(slots / 2)) > cw;
  if (twoRows) cw = width(Math.ceil(slots / 2));
  cw = Math.max(30, Math.min(100, cw));
  document.documentElement.style.setProperty("--cw", `${cw}px`);
  $("top-row").classList.toggle("two-rows", twoRows);
  return cw;
}

/** The height of the strip of a covered card that shows its corner. */
function cornerStrip(cw) {
  return Math.max(12, cw * 0.24) * 1.15 + 3;
}

function render() {
  const before = reducedMotion.matches ? null : cardRects();
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pile : null;
  const t = view.table;
  hasStock = hasStock || t.stock > 0 || t.waste.length > 0;
  hasReserve = hasReserve || t.reserve.length > 0;
  const cw = layout();
  const ch = cw * 1.4;
  const movable = new Map(); // pile -> counts
  const counts = (pile) => {
    if (!movable.has(pile)) movable.set(pile, movableCounts(pile));
    return movable.get(pile);
  };

  // Top row: stock, waste, reserve, foundations.
  const top = $("top-row");
  top.replaceChildren();
  if (hasStock) {
    const stock = el("div", {
      class: "pile stock",
      "data-pile": "s",
      tabindex: 0,
      role: "button",
      "aria-label": `Stock: ${t.stock} card${t.stock === 1 ? "" : "s"}` + (has("r") ? ", turn the waste over" : ""),
    });
    if (t.stock > 0) {
      stock.append(backEl(), el("span", { class: "stock-count", text: t.stock }));
    } else {
      stock.append(el("span", { class: "label", text: has("r") ? "↻" : "∅" }));
    }
    const waste = el("div", {
      class: "pile waste",
      "data-pile": "w",
      tabindex: 0,
      "aria-label": t.waste.length ? `Waste: ${cardName(t.waste[t.waste.length - 1])} on top` : "Waste: empty",
    });
    const shown = t.waste.slice(-3);
    shown.forEach((code, i) => {
      const isTop = i === shown.length - 1;
      const c = cardEl(code, isTop ? "w" : null, 1, isTop && counts("w").length > 0);
      c.style.left = `${i * cw * 0.34}px`;
      waste.append(c);
    });
    top.append(stock, waste);
  }
  if (hasReserve) {
    const reserve = el("div", {
      class: "pile reserve",
      "data-pile": "res",
      tabindex: 0,
      "aria-label": t.reserve.length ? `Reserve: ${t.reserve.map(cardName).join(", ")}` : "Reserve: empty",
    });
    const step = t.reserve.length > 1 ? Math.min(cw * 0.25, (cw * 1.2) / (t.reserve.length - 1)) : 0;
    t.reserve.forEach((code, i) => {
      const isTop = i === t.reserve.length - 1;
      const c = cardEl(code, isTop ? "res" : null, 1, isTop && counts("res").length > 0);
      c.style.left = `${i * step}px`;
      reserve.append(c);
    });
    top.append(reserve);
  }
  top.append(el("div", { class: "spacer" }));
  const foundations = el("div", { class: "foundations", "data-pile": "f", "aria-label": "Foundations" });
  t.foundations.forEach((f, i) => {
    const suit = SUIT_ORDER[i % 4];
    const slot = `f${i + 1}`;
    const pile = el("div", {
      class: "pile foundation",
      "data-pile": slot,
      tabindex: 0,
      "aria-label": f.top ? `Foundation ${i + 1}: ${cardName(f.top)}, ${f.count} cards` : `Foundation ${i + 1}: empty`,
    });
    if (f.top) pile.append(cardEl(f.top, slot, 1, counts(slot).length > 0));
    else pile.append(el("span", { class: "label", text: t.base && t.base !== 1 ? `${SUITS[suit][0]}${baseRank(t.base)}` : SUITS[suit][0] }));
    foundations.append(pile);
  });
  top.append(foundations);

  // The tableau.
  const tableau = $("tableau");
  tableau.replaceChildren();
  const tableauTop = tableau.getBoundingClientRect().top + window.scrollY;
  const room = Math.max(ch * 3, window.innerHeight - (tableauTop - window.scrollY) - 24, window.innerHeight * 0.55);
  t.columns.forEach((col, i) => {
    const pile = `t${i + 1}`;
    const ups = col.face_up.length;
    const downGap = Math.max(5, cw * 0.16);
    // Covered face-up cards show at least their corner; a long column is
    // squeezed to fit the window, down to most of the corner.
    let upGap = Math.max(cw * 0.32, cornerStrip(cw));
    if (ups > 1) {
      const fit = (room - ch - col.face_down * downGap) / (ups - 1);
      upGap = Math.max(cw * 0.14, cornerStrip(cw) * 0.8, Math.min(upGap, fit));
    }
    const faceUp = col.face_up.map(cardName).join(", ");
    const label =
      `Column ${i + 1}: ` +
      (col.face_down ? `${col.face_down} face-down card${col.face_down === 1 ? "" : "s"}` : "") +
      (col.face_down && ups ? ", then " : "") +
      (ups ? faceUp : col.face_down ? "" : "empty");
    const colEl = el("div", {
      class: "pile column" + (col.face_down + ups === 0 ? " empty" : ""),
      "data-pile": pile,
      tabindex: 0,
      "aria-label": label,
    });
    let y = 0;
    for (let k = 0; k < col.face_down; k++) {
      const b = backEl();
      b.style.top = `${y}px`;
      colEl.append(b);
      y += downGap;
    }
    const can = counts(pile);
    col.face_up.forEach((code, j) => {
      const count = ups - j;
      const c = cardEl(code, pile, count, can.includes(count));
      c.style.top = `${y}px`;
      colEl.append(c);
      if (j < ups - 1) y += upGap;
    });
    colEl.style.height = `${(col.face_down + ups ? y : 0) + ch}px`;
    tableau.append(colEl);
  });

  assignKeys();
  markSelection();
  if (before) animateFrom(before);
  if (focused) {
    const again = document.querySelector(`[data-pile="${focused}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

function baseRank(rank) {
  return { 1: "A", 10: "10", 11: "J", 12: "Q", 13: "K" }[rank] || String(rank);
}

function assignKeys() {
  const seen = {};
  for (const c of document.querySelectorAll("#felt .card.face")) {
    const code = c.querySelector(".corner").textContent;
    seen[code] = (seen[code] || 0) + 1;
    c.dataset.key = `${code}#${seen[code]}`;
  }
}

function cardRects() {
  const rects = new Map();
  for (const c of document.querySelectorAll("#felt .card[data-key]")) rects.set(c.dataset.key, c.getBoundingClientRect());
  const stock = document.querySelector('[data-pile="s"]');
  if (stock) rects.set("stock", stock.getBoundingClientRect());
  return rects;
}

function animateFrom(before) {
  for (const c of document.querySelectorAll("#felt .card[data-key]")) {
    let old = before.get(c.dataset.key);
    if (!old && c.closest('[data-pile="w"]')) old = before.get("stock");
    if (!old) continue;
    const now = c.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    c.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 10 }, { transform: "none", zIndex: 10 }], {
      duration: 160,
      easing: "ease-out",
    });
  }
}

function markSelection() {
  for (const c of document.querySelectorAll("#felt .card.selected")) c.classList.remove("selected");
  if (!selected) return;
  for (const c of document.querySelectorAll(`#felt .card[data-src="${selected.pile}"]`)) {
    if (Number(c.dataset.count) <= selected.count) c.classList.add("selected");
  }
}

function select(pile, count) {
  selected = { pile, count };
  markSelection();
  say(`Picked up ${count > 1 ? `${count} cards` : "a card"}: now choose where it goes.`);
}

function clearSelection() {
  selected = null;
  markSelection();
}

// ----- Status, score, clock ---------------------------------------------------

const MESSAGES = {
  won: "You won! Every card is on the foundations.",
  lost: "No more moves. Undo, or start a new game.",
  stuck: "Nothing changes any more: going through the stock again would not help. Undo, or start a new game.",
  quit: "You gave up this game.",
  time_up: "Time is up! The game ends as it stands.",
};

function setView(v) {
  const first = view === null;
  const dealChanged = first || view.deal !== v.deal;
  view = v;
  // A duel's game has no deal number (null) until the duel closes: it would
  // let the player practise the same deal beside the duel. No number, no
  // share link, no "same deal again".
  const hidden = v.deal === null || v.deal === undefined;
  if (dealChanged) {
    document.title = hidden ? `${v.name} · duel deal · patience` : `${v.name} · deal ${v.deal} · patience`;
  }
  if (selected && !movableCounts(selected.pile).includes(selected.count)) selected = null;
  $("title").textContent = v.name;
  $("deal-stat").hidden = hidden;
  $("duel-deal").hidden = !hidden;
  $("banner-again").hidden = hidden;
  const share = hidden ? "/" : `/?rules=${encodeURIComponent(v.game)}&deal=${v.deal}`;
  $("deal-link").textContent = hidden ? "–" : String(v.deal);
  $("deal-link").href = share;
  $("banner-again").href = share;
  $("new-game").href = `/?rules=${encodeURIComponent(v.game)}`;
  $("banner-new").href = `/?rules=${encodeURIComponent(v.game)}`;
  $("moves-made").textContent = `Moves: ${v.moves_made}`;
  const rec = $("record");
  rec.href = `/api/games/${GAME_ID}/record`;
  rec.setAttribute("download", `patience-${v.game.replace("/", "-")}-${hidden ? "duel" : v.deal}.txt`);
  const timed = v.ms_left !== null && v.ms_left !== undefined;
  const total = cardTotal(v.table);
  const score = $("score");
  score.hidden = false;
  score.textContent = timed ? `Score: ${v.score.toLocaleString()}` : `On foundations: ${v.score} / ${total}`;
  const passes = $("passes");
  passes.hidden = !hasStock && !(v.table.stock > 0 || v.table.waste.length > 0);
  passes.textContent = v.table.passes ? `Pass ${v.table.pass} of ${v.table.passes}` : `Pass ${v.table.pass}`;
  $("undo").disabled = !v.can_undo;
  $("redo").disabled = !v.can_redo;
  $("restart").disabled = !v.can_undo;
  const over = v.outcome === "won" || v.outcome === "quit" || v.outcome === "time_up";
  $("quit").disabled = over;
  $("hint").disabled = over;
  const banner = $("banner");
  if (v.outcome !== "playing") {
    banner.hidden = false;
    $("banner-text").textContent = MESSAGES[v.outcome] + (timed ? ` Score: ${v.score.toLocaleString()}.` : "");
  } else {
    banner.hidden = true;
  }
  if (timed) {
    clockDeadline = performance.now() + v.ms_left;
    clockExpired = v.ms_left <= 0;
    $("clock").hidden = false;
    tick();
  }
  $("auto").checked = !!v.safe_auto_moves;
  $("auto").disabled = over;
  render();
}

function cardTotal(t) {
  let n = t.stock + t.waste.length + t.reserve.length;
  for (const c of t.columns) n += c.face_down + c.face_up.length;
  for (const f of t.foundations) n += f.count;
  return n;
}

function tick() {
  if (!view || clockDeadline === null) return;
  const running = view.outcome === "playing" || view.outcome === "lost" || view.outcome === "stuck";
  const left = running ? Math.max(0, clockDeadline - performance.now()) : view.ms_left;
  const secs = Math.ceil(left / 1000);
  const text = `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
  const clock = $("clock");
  if (clock.textContent !== text) clock.textContent = text;
  clock.classList.toggle("low", secs <= 30);
  clock.setAttribute("aria-label", `${Math.floor(secs / 60)} minutes ${secs % 60} seconds left`);
  if (running && left <= 0 && !clockExpired) {
    clockExpired = true;
    setTimeout(load, 250); // the server's clock decides
  }
}

// ----- Pointer: click, double-click, drag -------------------------------------

function activate(pile, count) {
  if (!view) return;
  if (pile === "s") {
    clearSelection();
    draw();
    return;
  }
  if (selected) {
    if (pile === selected.pile) {
      clearSelection();
      say("");
      return;
    }
    const dest = destOf(pile);
    if (dest) {
      const mv = moveText(selected.pile, dest, selected.count);
      if (play(mv)) return;
      if (count) {
        select(pile, count);
        return;
      }
      clearSelection();
      say(`${mv} is not a legal move now.`, true);
      return;
    }
    if (count) {
      select(pile, count);
      return;
    }
    clearSelection();
    return;
  }
  if (count) select(pile, count);
}

function setup() {
  const felt = $("felt");

  felt.addEventListener("click", (e) => {
    if (suppressClick) return;
    const card = e.target.closest(".card.movable");
    const pileEl = e.target.closest("[data-pile]");
    if (!pileEl) {
      clearSelection();
      return;
    }
    let pile = pileEl.dataset.pile;
    if (pile === "f" && !card) pile = "f";
    activate(card ? card.dataset.src : pile, card ? Number(card.dataset.count) : null);
  });

  felt.addEventListener("dblclick", (e) => {
    const card = e.target.closest(".card.movable");
    if (!card) return;
    clearSelection();
    const src = card.dataset.src;
    if (destOf(src) === "f") return;
    if (!play(`${src}-f`)) say("That card cannot go to a foundation now.", true);
  });

  felt.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || busy) return;
    const card = e.target.closest(".card.movable");
    if (!card) return;
    drag = {
      card,
      pile: card.dataset.src,
      count: Number(card.dataset.count),
      x0: e.clientX,
      y0: e.clientY,
      id: e.pointerId,
      started: false,
    };
  });

  window.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 6) return;
      startDrag();
    }
    e.preventDefault();
    drag.ghost.style.transform = `translate(${e.clientX - drag.dx}px, ${e.clientY - drag.dy}px)`;
    const target = dropTarget(e.clientX, e.clientY);
    if (target !== drag.target) {
      if (drag.target) drag.target.classList.remove("drop-target");
      drag.target = target;
      if (target) target.classList.add("drop-target");
    }
  });

  window.addEventListener("pointerup", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.started) return;
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    endDrag(d);
    const target = dropTarget(e.clientX, e.clientY);
    const dest = target ? destOf(target.dataset.pile) : null;
    if (!dest) return;
    const mv = moveText(d.pile, dest, d.count);
    if (!play(mv) && target.dataset.pile !== d.pile) say(`${mv} is not a legal move now.`, true);
  });

  window.addEventListener("pointercancel", () => {
    if (drag && drag.started) endDrag(drag);
    drag = null;
  });

  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", () => send({ action: "undo" }));
  $("redo").addEventListener("click", () => send({ action: "redo" }));
  $("restart").addEventListener("click", () => {
    if (confirm("Take back every move and go back to the deal?")) send({ action: "restart" });
  });
  $("quit").addEventListener("click", () => {
    if (confirm("Give up this game?")) send({ action: "quit" });
  });
  $("hint").addEventListener("click", hint);
  const auto = $("auto");
  auto.addEventListener("change", () => send({ action: auto.checked ? "auto-on" : "auto-off" }));
  window.addEventListener("resize", () => view && render());
  setInterval(tick, 250);
}

function startDrag() {
  drag.started = true;
  clearSelection();
  const pileEl = drag.card.parentElement;
  const cards = [...pileEl.querySelectorAll(`.card[data-src="${drag.pile}"]`)].filter(
    (c) => Number(c.dataset.count) <= drag.count,
  );
  const first = cards[0].getBoundingClientRect();
  const ghost = el("div", { class: "ghost" });
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    const copy = c.cloneNode(true);
    copy.style.left = "0px";
    copy.style.top = `${r.top - first.top}px`;
    ghost.append(copy);
    c.classList.add("dragging-source");
  }
  document.body.append(ghost);
  drag.cards = cards;
  drag.ghost = ghost;
  drag.dx = drag.x0 - first.left;
  drag.dy = drag.y0 - first.top;
  ghost.style.transform = `translate(${first.left}px, ${first.top}px)`;
}

function endDrag(d) {
  if (d.ghost) d.ghost.remove();
  if (d.target) d.target.classList.remove("drop-target");
  for (const c of d.cards || []) c.classList.remove("dragging-source");
}

function dropTarget(x, y) {
  const under = document.elementFromPoint(x, y);
  if (!under) return null;
  const pile = under.closest("[data-pile]");
  if (!pile || !destOf(pile.dataset.pile)) return null;
  return pile;
}

// ----- Keyboard -----------------------------------------------------------------

function focusables() {
  return [...document.querySelectorAll("#felt [data-pile][tabindex]")];
}

function onKey(e) {
  if (!view || e.target.closest("input, select, textarea")) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key;
  if (ctrl && (key === "z" || key === "Z")) {
    e.preventDefault();
    send({ action: e.shiftKey ? "redo" : "undo" });
    return;
  }
  if (ctrl && (key === "y" || key === "Y")) {
    e.preventDefault();
    send({ action: "redo" });
    return;
  }
  if (ctrl || e.altKey) return;
  const focused = e.target.closest && e.target.closest("[data-pile][tabindex]");
  const pile = focused ? focused.dataset.pile : null;
  switch (key) {
    case "ArrowLeft":
    case "ArrowRight": {
      const all = focusables();
      if (!all.length) return;
      const i = focused ? all.indexOf(focused) : -1;
      const next = all[(i + (key === "ArrowRight" ? 1 : -1) + all.length) % all.length];
      next.focus();
      showDepth(next.dataset.pile);
      e.preventDefault();
      return;
    }
    case "ArrowUp":
    case "ArrowDown": {
      if (!pile || !pile.startsWith("t")) return;
      const can = movableCounts(pile);
      if (!can.length) return;
      const now = kbDepth[pile] && can.includes(kbDepth[pile]) ? kbDepth[pile] : can[0];
      const i = can.indexOf(now);
      kbDepth[pile] = can[Math.max(0, Math.min(can.length - 1, i + (key === "ArrowUp" ? 1 : -1)))];
      showDepth(pile);
      e.preventDefault();
      return;
    }
    case "Enter":
    case " ": {
      if (!pile) return;
      e.preventDefault();
      if (pile === "s") {
        draw();
        return;
      }
      const can = movableCounts(pile);
      const depth = kbDepth[pile] && can.includes(kbDepth[pile]) ? kbDepth[pile] : can[0] || null;
      activate(pile, selected ? (destOf(pile) && !can.length ? null : depth) : depth);
      return;
    }
    case "Escape":
      clearSelection();
      say("");
      return;
    case "f":
    case "F": {
      const src = selected ? selected.pile : pile;
      if (!src) return;
      clearSelection();
      if (!play(`${src}-f`)) say("That card cannot go to a foundation now.", true);
      return;
    }
    case "d":
    case "D":
      draw();
      return;
    case "u":
    case "U":
      send({ action: "undo" });
      return;
    case "y":
    case "Y":
      send({ action: "redo" });
      return;
    case "h":
    case "H":
      hint();
      return;
    default:
  }
}

function showDepth(pile) {
  for (const c of document.querySelectorAll("#felt .card.hint")) c.classList.remove("hint");
  if (!pile || !pile.startsWith("t")) return;
  const can = movableCounts(pile);
  if (!can.length) return;
  const depth = kbDepth[pile] && can.includes(kbDepth[pile]) ? kbDepth[pile] : can[0];
  for (const c of document.querySelectorAll(`#felt .card[data-src="${pile}"]`)) {
    if (Number(c.dataset.count) <= depth) c.classList.add("hint");
  }
}

async function hint() {
  const r = await api("GET", `/api/games/${GAME_ID}/hint`);
  if (r.ok && r.data.move) {
    say(`Hint: ${r.data.move}`);
  } else {
    say(r.data.error || "No hint is available.", !r.ok);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  setup();
  load();
});
