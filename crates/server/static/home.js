// The home page: the games and their variants, new games, games to continue.
"use strict";

async function startGame(rules, dealText, errorEl, winnable) {
  const body = { rules };
  if (winnable) body.winnable = true;
  const text = (dealText || "").trim();
  if (text !== "") {
    if (!/^\d+$/.test(text)) {
      errorEl.textContent = "A deal number is a whole number such as 17; leave it empty for a random deal.";
      return;
    }
    body.deal = Number(text);
    if (!Number.isSafeInteger(body.deal)) {
      errorEl.textContent = "That deal number is too large for this page; try a smaller one.";
      return;
    }
  }
  errorEl.textContent = winnable ? "Looking for a deal the solver proves winnable…" : "";
  const r = await api("POST", "/api/games", body);
  if (!r.ok) {
    errorEl.textContent = r.data.error || `The server answered ${r.status}.`;
    return;
  }
  location.href = `/game/${r.data.id}`;
}

async function showGames() {
  const params = new URLSearchParams(location.search);
  const wantedRules = params.get("rules");
  const wantedDeal = params.get("deal");
  const box = document.getElementById("games");
  const r = await api("GET", "/api/rules");
  if (!r.ok) {
    box.replaceChildren(el("p", { class: "error", text: r.data.error || "The games cannot be loaded." }));
    return;
  }
  const byGame = new Map();
  for (const rules of r.data.rules) {
    if (!byGame.has(rules.game)) byGame.set(rules.game, []);
    byGame.get(rules.game).push(rules);
  }
  box.replaceChildren();
  let sharedCard = null;
  for (const [game, variants] of byGame) {
    const main = variants[0];
    const wanted = variants.find((v) => v.id === (wantedRules || "").toLowerCase());
    const select = el(
      "select",
      { id: `variant-${game}`, name: "rules" },
      variants.map((v) => el("option", { value: v.id, selected: wanted && wanted.id === v.id, text: v.name })),
    );
    const summary = el("p", { class: "summary", text: (wanted || main).summary });
    select.addEventListener("change", () => {
      summary.textContent = variants.find((v) => v.id === select.value).summary;
    });
    const deal = el("input", {
      id: `deal-${game}`,
      type: "text",
      inputmode: "numeric",
      placeholder: "random",
      size: 10,
      value: wanted && wantedDeal ? wantedDeal : null,
    });
    const winnable = el("input", { id: `winnable-${game}`, type: "checkbox" });
    const error = el("p", { class: "error", role: "alert" });
    const form = el(
      "form",
      {
        class: "game-card" + (wanted ? " shared" : ""),
        onsubmit: (e) => {
          e.preventDefault();
          startGame(select.value, deal.value, error, winnable.checked);
        },
      },
      el("h3", { text: main.name }),
      summary,
      main.clock_secs ? el("p", { class: "muted", text: `Against a ${main.clock_secs / 60}-minute clock, for points.` }) : null,
      el("label", { for: `variant-${game}` }, "Variant", select),
      el(
        "div",
        { class: "row" },
        el("label", { for: `deal-${game}` }, "Deal number", deal),
        el("button", { type: "submit", class: "primary" }, "Play"),
        el("a", { href: `/how-to-play#${game}` }, "How to play"),
      ),
      el(
        "label",
        { for: `winnable-${game}`, title: "Start from the first deal at or after this number that the solver proves winnable" },
        winnable,
        " Winnable deals only",
      ),
      error,
    );
    box.append(form);
    if (wanted) sharedCard = form;
  }
  if (sharedCard && wantedDeal) {
    const banner = document.getElementById("shared");
    banner.hidden = false;
    banner.replaceChildren(
      el("span", { text: `Deal ${wantedDeal} was shared with you.` }),
      el("button", { type: "button", class: "primary", onclick: () => sharedCard.requestSubmit() }, "Play it"),
    );
    sharedCard.scrollIntoView({ block: "center" });
  }
}

async function showContinue() {
  const r = await api("GET", "/api/games");
  if (!r.ok) return;
  const open = r.data.games.filter((g) => ["playing", "lost", "stuck"].includes(g.outcome) && g.action_count > 0);
  if (!open.length) return;
  const list = document.getElementById("continue");
  for (const g of open.slice(0, 8)) {
    list.append(
      el(
        "li",
        {},
        el("a", { href: `/game/${g.id}` }, g.deal === null ? `${g.name}, duel deal` : `${g.name}, deal ${g.deal}`),
        el("span", { class: "muted", text: ` · ${g.moves_made} moves · ${OUTCOME_TEXT[g.outcome]} · ${when(g.updated_ms)}` }),
      ),
    );
  }
  document.getElementById("continue-section").hidden = false;
}

document.addEventListener("DOMContentLoaded", () => {
  showGames();
  showContinue();
});
