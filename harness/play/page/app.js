// The play page: draws what the server says and sends the person's moves. The rules are
// the server's: it checks every move, says what each category would give, and plays the
// opponent. Nothing here scores or resolves an auction.
"use strict";

const $ = (id) => document.getElementById(id);
const GAME_KEY = "yacht-auction-game";
const POLL_MS = 300;

let state = null;        // the last game state from the server
let opponents = [];      // the menu
let selected = [];       // indices of the held dice picked for scoring
let pollTimer = null;
let hintTurn = -1;       // the turn whose hint is shown or asked for

const fmt = (n) => n.toLocaleString("en-US");
const signed = (n) => (n > 0 ? "+" : n < 0 ? "−" : "") + fmt(Math.abs(n));

function diceHtml(faces) {
  const span = document.createElement("span");
  span.className = "dice";
  span.title = faces.join("");
  span.setAttribute("aria-label", faces.join(""));
  for (const f of faces) {
    const die = document.createElement("span");
    die.className = "die f" + f;
    span.appendChild(die);
  }
  return span;
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  const text = await response.text();
  try { data = JSON.parse(text); } catch (_) { data = { error: text || response.statusText }; }
  if (!response.ok) {
    const error = new Error((data && data.error) || response.statusText);
    error.field = data && data.field;
    error.status = response.status;
    throw error;
  }
  return data;
}

// ---- the menu ----

async function showMenu() {
  stopPolling();
  state = null;
  $("game").hidden = true;
  $("menu").hidden = false;
  if (!opponents.length) {
    const data = await api("GET", "/api/opponents");
    opponents = data.opponents;
  }
  const list = $("opponents");
  list.textContent = "";
  opponents.forEach((o) => {
    const label = document.createElement("label");
    label.className = "opponent";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "opponent";
    input.value = o.key;
    input.dataset.testid = "opponent-" + o.key;
    if (o.key === "level-3") input.checked = true;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = o.name;
    const elo = document.createElement("span");
    elo.className = "elo";
    elo.textContent = o.elo === null || o.elo === undefined ? "" : "Elo " + Math.round(o.elo);
    const about = document.createElement("span");
    about.className = "about";
    about.textContent = o.about;
    label.append(input, name, elo, about);
    list.appendChild(label);
  });
}

async function startGame(event) {
  event.preventDefault();
  $("start-error").textContent = "";
  const chosen = document.querySelector('input[name="opponent"]:checked');
  try {
    const data = await api("POST", "/api/games", {
      opponent: chosen ? chosen.value : "",
      seat: $("seat").value,
    });
    openGame(data.id, data);
  } catch (e) {
    $("start-error").textContent = e.message;
  }
}

// ---- a game ----

function openGame(id, first) {
  localStorage.setItem(GAME_KEY, id);
  if (location.hash !== "#" + id) history.replaceState(null, "", "#" + id);
  $("menu").hidden = true;
  $("game").hidden = false;
  selected = [];
  hintTurn = -1;
  if (first) render(first); else refresh();
}

async function refresh() {
  const id = currentId();
  if (!id) return showMenu();
  try {
    render(await api("GET", "/api/games/" + id));
  } catch (e) {
    if (e.status === 404) {
      localStorage.removeItem(GAME_KEY);
      history.replaceState(null, "", location.pathname);
      return showMenu();
    }
    $("status").textContent = "Cannot reach the server (" + e.message + "); retrying…";
    schedulePoll();
  }
}

function currentId() {
  return location.hash.length > 1 ? location.hash.slice(1) : localStorage.getItem(GAME_KEY);
}

function stopPolling() {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
}

function schedulePoll() {
  stopPolling();
  pollTimer = setTimeout(refresh, POLL_MS);
}

function render(s) {
  const turnChanged = !state || state.turn !== s.turn;
  state = s;
  if (turnChanged) selected = [];
  $("opp-name").textContent = s.opponent.name;
  renderStatus(s);
  renderAuction(s, turnChanged);
  renderLast(s);
  renderScoring(s, turnChanged);
  renderSheet(s);
  renderRounds(s);
  renderEnd(s);
  renderHint(s);
  $("waiting").hidden = !!(s.owed || s.finished || s.error || s.resuming);
  if (!s.finished && !s.error && (!s.owed || s.resuming)) schedulePoll();
  else if (s.owed && $("hints-on").checked && hintTurn !== s.turn) requestHint();
  else stopPolling();
}

function renderStatus(s) {
  const seat = "you sit " + s.seat + " against " + s.opponent.name;
  let text;
  if (s.error) text = "The game stopped: " + s.error;
  else if (s.resuming) text = "Resuming the game where it was…";
  else if (s.finished) text = "Game over — " + seat;
  else if (s.owed === "bid") text = "Round " + s.round + " of 13: your bid (" + seat + ")";
  else if (s.owed === "put") text = "Round " + s.round + " of 13: score five dice (" + seat + ")";
  else text = "Round " + Math.max(1, s.round) + " of 13: waiting for " + s.opponent.name;
  $("status").textContent = text;
}

function renderAuction(s, turnChanged) {
  const open = s.owed === "bid" && s.roll;
  $("auction").hidden = !open;
  if (!open) return;
  $("bundle-a").replaceChildren(diceHtml(s.roll[0]));
  $("bundle-b").replaceChildren(diceHtml(s.roll[1]));
  const carried = (p) => (p.held.length ? diceHtml(p.held) : document.createTextNode("nothing yet"));
  $("held-me").replaceChildren(carried(s.players[0]));
  $("held-opp").replaceChildren(carried(s.players[1]));
  if (turnChanged) {
    $("bid-error").textContent = "";
    $("amount").value = "0";
    $("amount").focus();
  }
}

function bidText(b) {
  return b ? b.group + " " + fmt(b.amount) : "–";
}

function renderLast(s) {
  const done = s.rounds.filter((r) => r.got);
  const last = done[done.length - 1];
  const panel = $("last");
  if (!last || s.finished) { panel.hidden = true; return; }
  panel.hidden = false;
  const [mine, theirs] = last.bids;
  const other = last.got === "A" ? "B" : "A";
  panel.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = "Round " + last.round + " auction";
  const p1 = document.createElement("p");
  p1.textContent = "You asked " + bidText(mine) + ", the opponent " + bidText(theirs) +
    ": you got " + last.got + ", the opponent " + other + ".";
  const p2 = document.createElement("p");
  p2.textContent = "Bid scores: you " + signed(last.bid_points[0]) + ", the opponent " +
    signed(last.bid_points[1]) + ".";
  panel.append(h, p1, p2);
}

function renderScoring(s, turnChanged) {
  const open = s.owed === "put";
  $("scoring").hidden = !open;
  if (!open) return;
  if (turnChanged) $("put-error").textContent = "";
  const held = s.players[0].held;
  const box = $("held");
  box.replaceChildren();
  held.forEach((face, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pick";
    b.dataset.testid = "die-" + i;
    b.setAttribute("aria-pressed", selected.includes(i) ? "true" : "false");
    b.appendChild(diceHtml([face]));
    b.addEventListener("click", () => toggleDie(i));
    box.appendChild(b);
  });
  renderCategories(null);
  if (selected.length === 5) loadPoints();
}

function toggleDie(i) {
  if (selected.includes(i)) selected = selected.filter((j) => j !== i);
  else if (selected.length < 5) selected.push(i);
  $("put-error").textContent = "";
  renderScoring(state, false);
}

function pickedFaces() {
  const held = state.players[0].held;
  return selected.map((i) => held[i]).sort();
}

async function loadPoints() {
  const dice = pickedFaces().join("");
  try {
    const data = await api("GET", "/api/games/" + state.id + "/points?dice=" + dice);
    if (pickedFaces().join("") === dice) renderCategories(data.options);
  } catch (e) {
    $("put-error").textContent = e.message;
  }
}

function renderCategories(options) {
  const box = $("categories");
  box.replaceChildren();
  const used = state.players[0].sheet;
  for (const row of used) {
    if (row.points !== null) continue;
    const option = options && options.find((o) => o.category === row.category);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "category";
    b.dataset.testid = "category-" + row.category;
    b.disabled = !option;
    const name = document.createElement("span");
    name.textContent = row.category.replace(/_/g, " ");
    const points = document.createElement("span");
    points.className = "points";
    points.textContent = option
      ? fmt(option.points) + (option.bonus ? " + " + fmt(option.bonus) + " bonus" : "")
      : "";
    b.append(name, points);
    b.addEventListener("click", () => submitPut(row.category));
    box.appendChild(b);
  }
}

async function submitBid(event) {
  event.preventDefault();
  if (!state || state.owed !== "bid") return;
  $("bid-error").textContent = "";
  const group = document.querySelector('input[name="group"]:checked').value;
  try {
    render(await api("POST", "/api/games/" + state.id + "/bid", {
      turn: state.turn, group, amount: $("amount").value,
    }));
  } catch (e) {
    $("bid-error").textContent = e.message;
    if (e.field === "turn") refresh();
  }
}

async function submitPut(category) {
  if (!state || state.owed !== "put") return;
  $("put-error").textContent = "";
  try {
    render(await api("POST", "/api/games/" + state.id + "/put", {
      turn: state.turn, category, dice: pickedFaces().join(""),
    }));
  } catch (e) {
    $("put-error").textContent = e.message;
    if (e.field === "turn") refresh();
  }
}

function renderSheet(s) {
  const body = $("sheet").tBodies[0];
  body.replaceChildren();
  const row = (label, a, b, cls) => {
    const tr = document.createElement("tr");
    if (cls) tr.className = cls;
    for (const [i, v] of [label, a, b].entries()) {
      const cell = document.createElement(i === 0 ? "th" : "td");
      cell.textContent = v;
      tr.appendChild(cell);
    }
    body.appendChild(tr);
  };
  const [me, opp] = s.players;
  me.sheet.forEach((r, i) => {
    const show = (p) => (p.sheet[i].points === null ? "" : fmt(p.sheet[i].points));
    row(r.category, show(me), show(opp), i === 5 ? "upper-end" : "");
  });
  row("upper (63,000)", fmt(me.upper), fmt(opp.upper), "sum");
  row("bonus", me.bonus ? fmt(me.bonus) : "", opp.bonus ? fmt(opp.bonus) : "", "sum");
  row("bids", signed(me.bids), signed(opp.bids), "sum");
  row("total", fmt(me.total), fmt(opp.total), "total");
}

function renderRounds(s) {
  const table = $("rounds");
  table.replaceChildren();
  const head = document.createElement("tr");
  for (const h of ["round", "A", "B", "your bid", "their bid", "you got", "you scored", "they scored"]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  table.appendChild(head);
  for (const r of s.rounds) {
    const tr = document.createElement("tr");
    const cell = (content) => {
      const td = document.createElement("td");
      if (content instanceof Node) td.appendChild(content); else td.textContent = content;
      tr.appendChild(td);
    };
    cell(String(r.round));
    cell(r.roll ? diceHtml(r.roll[0]) : "");
    cell(r.roll ? diceHtml(r.roll[1]) : "");
    cell(bidText(r.bids[0]));
    cell(bidText(r.bids[1]));
    cell(r.got || "");
    for (const p of r.puts) {
      if (!p) { cell(""); continue; }
      const span = document.createElement("span");
      span.append(p.category + " ", diceHtml(p.dice), " " + fmt(p.points));
      cell(span);
    }
    table.appendChild(tr);
  }
}

function renderEnd(s) {
  const f = s.finished;
  $("end").hidden = !f;
  if (!f) { reviewShown = null; return; }
  if (reviewShown !== s.id) requestReview(s.id);
  $("verdict").textContent = f.verdict === "win" ? "You won" : f.verdict === "loss" ? "You lost" : "A draw";
  $("final").textContent = "Final scores: you " + fmt(f.totals[0]) + ", " + s.opponent.name + " " +
    fmt(f.totals[1]) + (f.abort ? " (" + f.abort + ")" : "") + ".";
  $("replay-link").href = f.replay;
  $("log-link").href = f.log;
}

function renderHint(s) {
  const panel = $("hint");
  if (!$("hints-on").checked || !s.owed) { panel.hidden = true; return; }
  panel.hidden = false;
  if (hintTurn !== s.turn) panel.textContent = "The bot is thinking about your move…";
}

async function requestHint() {
  const s = state;
  hintTurn = s.turn;
  try {
    const data = await api("GET", "/api/games/" + s.id + "/hint");
    if (!state || state.turn !== s.turn) return;
    if (data.pending) { setTimeout(requestHint, POLL_MS); return; }
    if (data.hint) {
      $("hint").textContent = "In your seat the bot would play " + data.hint.advice +
        "; it gives you P(win) " + data.hint.p_win.toFixed(2) + ".";
    }
  } catch (e) {
    $("hint").textContent = "No hint: " + e.message;
  }
}

// ---- the review at the end ----

let reviewShown = null;  // the game whose review is shown or asked for

async function requestReview(id) {
  reviewShown = id;
  $("review-body").hidden = true;
  try {
    const data = await api("GET", "/api/games/" + id + "/review");
    if (reviewShown !== id) return;
    if (data.pending) {
      $("review-status").textContent = "Reviewing the game: " + data.done + " of about " +
        data.total + " decisions judged…";
      setTimeout(() => { if (reviewShown === id) requestReview(id); }, POLL_MS);
      return;
    }
    $("review-status").textContent = "";
    renderReview(data.review, data.seat);
  } catch (e) {
    $("review-status").textContent = "No review: " + e.message;
  }
}

const pct = (p) => (100 * p).toFixed(1) + "%";
const ofWin = (x) => (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(2);

function renderReview(r, seat) {
  const me = r.sides[seat], them = r.sides[1 - seat];
  const name = state ? state.opponent.name : "the opponent";
  $("review-summary").textContent =
    "Your dice were worth " + ofWin(me.luck) + " of a win; your decisions cost " +
    me.decisions_cost.toFixed(2) + ", " + name + "'s " + them.decisions_cost.toFixed(2) +
    " (each decision's loss of win probability where it was made, added up: the sum can " +
    "pass 1). Luck taken out, your result is " +
    me.adjusted.toFixed(2) + " (of 1)" +
    (me.played_like_level ? "; you played like level " + me.played_like_level + "." : ".");
  const table = $("review-sides");
  table.replaceChildren();
  const head = document.createElement("tr");
  for (const t of ["", "accuracy", "error a decision", "?!", "?", "??", "luck", "result", "luck-adjusted"]) {
    const th = document.createElement("th"); th.textContent = t; head.appendChild(th);
  }
  table.appendChild(head);
  for (const [label, side] of [["You", me], [name, them]]) {
    const tr = document.createElement("tr");
    for (const v of [label, side.accuracy.toFixed(1) + "%", pct(side.error_rate),
      side.inaccuracies, side.mistakes, side.blunders, ofWin(side.luck),
      side.result, side.adjusted.toFixed(2)]) {
      const td = document.createElement("td"); td.textContent = v; tr.appendChild(td);
    }
    table.appendChild(tr);
  }
  renderChart(r, seat);
  renderCostly(r, seat);
  $("review-body").hidden = false;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

function renderChart(r, seat) {
  const chart = $("review-chart");
  chart.replaceChildren();
  const [w, h, left, top, bottom] = [640, 220, 36, 12, 28];
  const x = (round) => left + (round - 1) * (w - left - 12) / 13;
  const y = (p) => top + (1 - p) * (h - top - bottom);
  for (const p of [0, 0.5, 1]) {
    chart.appendChild(svg("line", { x1: left, x2: w - 12, y1: y(p), y2: y(p), class: "grid",
      stroke: "#d8dce2" }));
    chart.appendChild(svg("text", { x: 4, y: y(p) + 4, "font-size": 11, fill: "#555" }, (100 * p) + "%"));
  }
  for (let round = 1; round <= 14; round += 1) {
    chart.appendChild(svg("text", { x: x(round) - 4, y: h - 8, "font-size": 10, fill: "#555" },
      round <= 13 ? String(round) : "end"));
  }
  const mine = r.win_by_round.map(([round, p]) => [round, seat === 0 ? p : 1 - p]);
  chart.appendChild(svg("polyline", { points: mine.map(([rd, p]) => x(rd) + "," + y(p)).join(" "),
    fill: "none", stroke: "#19324d", "stroke-width": 2, "data-testid": "chart-line" }));
  const at = (round) => (mine.find(([rd]) => rd === round) || [round, 0.5])[1];
  for (const e of r.luck) {
    const luck = e.luck[seat];
    if (Math.abs(luck) < 0.01) continue;
    const dot = svg("circle", { cx: x(e.round), cy: y(at(e.round)), r: Math.min(9, 3 + 30 * Math.abs(luck)),
      fill: luck > 0 ? "#2e7d32" : "#c62828", "fill-opacity": 0.6 });
    dot.appendChild(svg("title", {}, "round " + e.round + ": the " + e.kind + " " + ofWin(luck) + " of a win for you"));
    chart.appendChild(dot);
  }
  for (const d of r.sides[seat].decisions) {
    if (!d.mark) continue;
    const label = svg("text", { x: x(d.round + 0.5) - 6, y: y(at(d.round)) - 8, "font-size": 12,
      "font-weight": 700, fill: "#b3261e" }, d.mark);
    label.appendChild(svg("title", {}, "round " + d.round + ": " + d.played + " cost " + pct(d.p_win_lost)));
    chart.appendChild(label);
  }
}

/// The dice of a decision's position: "A 12345" or "12345...".
function positionHtml(d) {
  const span = document.createElement("span");
  for (const part of d.dice) {
    const [label, digits] = part.includes(" ") ? part.split(" ") : ["", part];
    if (label) span.append(" " + label + " ");
    span.append(diceHtml(digits.split("").map(Number)));
  }
  return span;
}

function renderCostly(r, seat) {
  const list = $("review-costly");
  list.replaceChildren();
  const costly = [...r.sides[seat].decisions].sort((a, b) => b.p_win_lost - a.p_win_lost)
    .filter((d) => d.p_win_lost > 0).slice(0, 3);
  if (!costly.length) {
    const li = document.createElement("li");
    li.textContent = "None of your decisions cost anything measurable: well played.";
    list.appendChild(li);
  }
  for (const d of costly) {
    const li = document.createElement("li");
    const head = document.createElement("div");
    const mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = d.mark ? d.mark + " " : "";
    head.append(mark, "Round " + d.round + ", your " + (d.kind === "bid" ? "bid" : "scoring") +
      " with ", positionHtml(d), ": you played " + d.played + ", better was " + d.best +
      " (" + pct(d.p_win_lost) + " of a win" +
      (d.points_lost > 0 ? ", " + fmt(Math.round(d.points_lost)) + " expected points" : "") +
      (d.p_win_lost_hindsight !== undefined ? "; against the bid that came, " + pct(d.p_win_lost_hindsight) : "") + ").");
    const why = document.createElement("div");
    why.className = "note";
    why.textContent = d.why + ".";
    li.append(head, why);
    list.appendChild(li);
  }
}

// ---- wiring ----

$("start-form").addEventListener("submit", startGame);
$("bid-form").addEventListener("submit", submitBid);
$("new-game").addEventListener("click", () => {
  localStorage.removeItem(GAME_KEY);
  history.replaceState(null, "", location.pathname);
  showMenu();
});
$("again").addEventListener("click", () => $("new-game").click());
$("hints-on").addEventListener("change", () => {
  localStorage.setItem("yacht-auction-hints", $("hints-on").checked ? "1" : "0");
  hintTurn = -1;
  if (state) render(state);
});
window.addEventListener("hashchange", () => { if (currentId()) openGame(currentId()); });
$("hints-on").checked = localStorage.getItem("yacht-auction-hints") === "1";
if (currentId()) openGame(currentId()); else showMenu();
