// The statistics page: the player's numbers and recent games.
"use strict";

function statCells(t) {
  return [
    el("td", { text: t.played }),
    el("td", { text: t.won }),
    el("td", { text: t.played ? `${t.win_percent}%` : "–" }),
    el("td", { text: t.current_streak }),
    el("td", { text: t.best_streak }),
    el("td", { text: t.best_score === null || t.best_score === undefined ? "–" : t.best_score.toLocaleString() }),
  ];
}

async function showStats() {
  const error = document.getElementById("stats-error");
  const r = await api("GET", "/api/stats");
  if (!r.ok) {
    error.textContent = r.data.error || `The server answered ${r.status}.`;
    return;
  }
  const s = r.data;
  const summary = document.getElementById("summary");
  const parts = [
    `${s.total.played} game${s.total.played === 1 ? "" : "s"} played`,
    `${s.total.won} won (${s.total.win_percent}%)`,
    `current streak ${s.total.current_streak}`,
    `best streak ${s.total.best_streak}`,
  ];
  if (s.best_harmony_score !== null) parts.push(`best Harmony score ${s.best_harmony_score.toLocaleString()}`);
  summary.replaceChildren(el("p", { class: "lead", text: parts.join(" · ") }));
  const body = document.querySelector("#stats-table tbody");
  body.replaceChildren();
  for (const g of s.games) {
    body.append(el("tr", { class: "game-row" }, el("td", { text: g.name }), statCells(g)));
    if (g.variants.length > 1) {
      for (const v of g.variants) {
        if (!v.played) continue;
        body.append(el("tr", { class: "variant-row" }, el("td", { text: v.name }), statCells(v)));
      }
    }
  }
}

async function showRecent() {
  const r = await api("GET", "/api/games");
  const body = document.querySelector("#recent-table tbody");
  if (!r.ok) return;
  body.replaceChildren();
  const games = r.data.games.filter((g) => g.action_count > 0).slice(0, 50);
  if (!games.length) {
    body.append(el("tr", {}, el("td", { colspan: 7, text: "No games yet." })));
    return;
  }
  for (const g of games) {
    const open = ["playing", "lost", "stuck"].includes(g.outcome);
    body.append(
      el(
        "tr",
        {},
        el("td", {}, el("a", { href: `/game/${g.id}` }, g.name)),
        el("td", g.deal === null ? { text: "duel", title: "A duel's deal number is shown once the duel closes" } : { text: g.deal }),
        el("td", { text: when(g.created_ms) }),
        el("td", { text: g.moves_made }),
        el("td", { text: OUTCOME_TEXT[g.outcome] + (open ? " (continue)" : "") }),
        el("td", { text: g.score.toLocaleString() }),
        el(
          "td",
          {},
          el(
            "a",
            { href: `/api/games/${g.id}/record`, download: `patience-${g.rules.replace("/", "-")}-${g.deal ?? "duel"}.txt` },
            "download",
          ),
        ),
      ),
    );
  }
}

document.addEventListener("DOMContentLoaded", () => {
  showStats();
  showRecent();
});
