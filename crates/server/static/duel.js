// The duel page: start or join a duel, live standings (server-sent
// events), the final ranking, the fairness check, rematch.
"use strict";

const $ = (id) => document.getElementById(id);
const STATE_TEXT = { ...OUTCOME_TEXT, not_started: "not started", time_up: "time up" };

function showError(message) {
  $("duel-error").textContent = message || "";
}

async function startPage() {
  $("start").hidden = false;
  $("title").textContent = "Duels";
  document.title = "Duels · patience";
  const r = await api("GET", "/api/rules");
  for (const rule of (r.data.rules || [])) {
    $("start-rules").append(el("option", { value: rule.id, selected: rule.id === "harmony" }, rule.name));
  }
  const go = async (quick) => {
    const name = $("start-name").value.trim();
    const body = quick
      ? { rules: $("start-rules").value, name }
      : { rules: $("start-rules").value, name, participants: Number($("start-count").value) };
    const minutes = Number($("start-closes").value);
    if (!quick && minutes > 0) body.closes_in_secs = minutes * 60;
    const a = await api("POST", quick ? "/api/duels/quick" : "/api/duels", body);
    if (!a.ok) return showError(a.data.error || `The server answered ${a.status}.`);
    location.href = a.data.link;
  };
  $("start-form").addEventListener("submit", (e) => {
    e.preventDefault();
    go(true);
  });
  $("create").addEventListener("click", () => {
    if ($("start-form").reportValidity()) go(false);
  });
}

async function sha256Hex(hex) {
  if (!window.crypto || !crypto.subtle) return null;
  const bytes = new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

let shownReveal = false;

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
  if (hash === null) parts.push(r.commitment_ok ? "The server checked: SHA-256(seed ‖ salt) equals the commitment." : "SHA-256(seed ‖ salt) does NOT equal the commitment!");
  else parts.push(hash === d.commitment ? "Checked in your browser: SHA-256(seed ‖ salt) equals the commitment ✓." : "SHA-256(seed ‖ salt) does NOT equal the commitment ✗");
  parts.push(dealOk ? `The deal follows from the seed: ${parseInt(r.seed.slice(0, 13), 16)} + 1 = ${r.deal} ✓.` : "The deal does NOT follow from the seed ✗");
  $("check").textContent = parts.join(" ");
  $("check").className = (hash === null ? r.commitment_ok : hash === d.commitment) && dealOk ? "ok" : "error";
}

/** A participant's state: won, given up and time up say that they are over. */
function stateText(p) {
  const text = STATE_TEXT[p.outcome] || p.outcome;
  return p.finished && !["won", "quit", "time_up"].includes(p.outcome) ? `finished: ${text}` : text;
}

function render(d) {
  $("title").textContent = `${d.name} duel`;
  const joined = `${d.participants.length} of ${d.max_participants} players`;
  let state;
  if (d.status === "closed") state = d.closed_ms ? `closed ${when(d.closed_ms)}` : "closed";
  else if (d.closes_ms) state = `open until everyone has finished, at the latest ${when(d.closes_ms)}`;
  else state = "open until everyone has finished";
  $("duel-info").textContent = `${joined} · ${state}`;
  $("duel-link").textContent = location.origin + d.link;
  $("duel-link").href = d.link;
  const full = d.participants.length >= d.max_participants;
  const sharing = d.status !== "closed" && !full;
  $("link-label").textContent = sharing ? "Link to share:" : "Link to this duel:";
  $("copy-link").hidden = !(navigator.clipboard && sharing);
  $("commitment").textContent = d.commitment;
  $("join-form").hidden = !!d.me || d.status === "closed" || full;
  $("play-row").hidden = !d.me || (d.status === "closed" && !d.me.game_id);
  if (d.me) {
    if (!d.me.game_id) $("play").textContent = "Play your game (your clock starts)";
    else $("play").textContent = d.status === "closed" ? "See your game" : "Go to your game";
  }
  // Harmony is ranked by score, the others by cards on the foundations: one column.
  $("result-head").textContent = d.scored ? "Score" : "Foundations";
  const rows = d.participants.map((p, i) => ({ p, i }));
  if (d.ranking) rows.sort((a, b) => a.p.rank - b.p.rank);
  $("standings").replaceChildren(
    ...rows.map(({ p }) =>
      el(
        "tr",
        { class: p.you ? "you" : null },
        el("td", { text: p.rank ? String(p.rank) : "–" }),
        el("td", { text: p.name + (p.you ? " (you)" : "") }),
        el("td", { text: String(d.scored ? p.score : p.foundations) }),
        el("td", { text: stateText(p) }),
      ),
    ),
  );
  $("rematch-row").hidden = !(d.status === "closed" && d.me);
  $("close-row").hidden = !(d.you_created && d.status === "open" && d.participants.length < d.max_participants);
  if (d.rematch_id) $("rematch").textContent = "Go to the rematch";
  showReveal(d);
}

async function duelPage(id) {
  $("duel").hidden = false;
  let current = null;
  const load = async () => {
    const r = await api("GET", `/api/duels/${id}`);
    if (!r.ok) return showError(r.data.error || `The server answered ${r.status}.`);
    current = r.data;
    render(current);
  };
  await load();
  if (!current) return;
  let events = null;
  const listen = () => {
    if (!window.EventSource || (current && current.status === "closed")) return;
    const stream = new EventSource(`/api/duels/${id}/events`);
    events = stream;
    stream.addEventListener("duel", (e) => {
      if (stream !== events) return stream.close();
      current = JSON.parse(e.data);
      render(current);
      if (current.status === "closed") stream.close();
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
    const a = await api("POST", `/api/duels/${id}/join`, { name: $("join-name").value });
    if (!a.ok) return showError(a.data.error || `The server answered ${a.status}.`);
    showError("");
    current = a.data;
    render(current);
    // The stream speaks to whoever opened it: open it again as a participant.
    if (events) events.close();
    listen();
  });
  $("play").addEventListener("click", async (e) => {
    e.preventDefault();
    const a = await api("POST", `/api/duels/${id}/play`);
    if (!a.ok) return showError(a.data.error || `The server answered ${a.status}.`);
    location.href = a.data.link;
  });
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("duel-link").textContent);
      $("copy-link").textContent = "Copied";
    } catch (_) {
      $("copy-link").textContent = "Select the link to copy it";
    }
  });
  $("close-now").addEventListener("click", async () => {
    if (!confirm("Close the duel now? Nobody can join or start a game after this.")) return;
    const a = await api("POST", `/api/duels/${id}/close`);
    if (!a.ok) return showError(a.data.error || `The server answered ${a.status}.`);
    showError("");
    current = a.data;
    render(current);
  });
  $("rematch").addEventListener("click", async () => {
    if (current && current.rematch_id) return (location.href = `/duel/${current.rematch_id}`);
    const a = await api("POST", `/api/duels/${id}/rematch`);
    if (!a.ok) return showError(a.data.error || `The server answered ${a.status}.`);
    location.href = a.data.link;
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const m = location.pathname.match(/^\/duel\/([0-9a-f]{16})$/);
  if (m) duelPage(m[1]);
  else startPage();
});
