// The play page: draws what the server says and sends the person's moves. The rules are
// the server's: it checks every move, says what each category would give, and plays the
// opponent. Nothing here scores or resolves an auction. A log the person opens (chosen or
// dropped) goes to the server whole, which checks and keeps it; its review is drawn by
// the harness's script (review.js, YachtReview), as the page's own games' are. Every word
// is the catalogs' (i18n.js, YachtI18n), in the language the browser or the switch
// chose; what the server says (a refusal, an opponent, a review's reason) comes as a
// message, its key and arguments, said here.
"use strict";

const $ = (id) => document.getElementById(id);
const GAME_KEY = "yacht-auction-game";
const POLL_MS = 300;
// The largest log the server takes (yacht_play::api::LOG_LIMIT_BYTES): checked here too,
// so that a wrong file is not read whole first.
const LOG_LIMIT_BYTES = 256 * 1024;

let state = null;        // the last game state from the server
let opponents = [];      // the menu
let selected = [];       // indices of the held dice picked for scoring
let pollTimer = null;
let hintTurn = -1;       // the turn whose hint is shown or asked for

const t = YachtI18n.t;
const fmt = YachtReview.fmt;
const signed = (n) => (n > 0 ? "+" : n < 0 ? "−" : "") + fmt(Math.abs(n));
const diceHtml = YachtReview.dice;

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
    // The server's refusal as a message where it sends one, in the page's language.
    const said = data && data.message ? YachtI18n.say(data.message) : "";
    const error = new Error(said || (data && data.error) || response.statusText);
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
  stopMatch();
  $("game").hidden = true;
  $("match-view").hidden = true;
  $("menu").hidden = false;
  if (!opponents.length) {
    const data = await api("GET", "/api/opponents");
    opponents = data.opponents;
  }
  drawOpponents();
}

// The menu's opponents in the page's language, the one chosen kept (level 2 at first:
// a rung a newcomer can climb, about the middle of the sample AIs).
function drawOpponents() {
  const chosen = document.querySelector('input[name="opponent"]:checked');
  const keep = chosen ? chosen.value : "level-2";
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
    if (o.key === keep) input.checked = true;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = opponentName(o);
    const elo = document.createElement("span");
    elo.className = "elo";
    elo.textContent = o.elo === null || o.elo === undefined ? "" : t("opponent-elo", { elo: o.elo });
    const about = document.createElement("span");
    about.className = "about";
    about.textContent = o.about_message ? YachtI18n.say(o.about_message) : o.about;
    label.append(input, name, elo, about);
    list.appendChild(label);
  });
}

// An opponent's name in the page's language (a program's own name as it was given).
function opponentName(o) {
  return o && o.name_message ? YachtI18n.say(o.name_message) : o ? o.name : t("the-opponent");
}

async function startGame(event) {
  event.preventDefault();
  $("start-error").textContent = "";
  $("import-error").textContent = "";
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
  stopMatch();
  $("menu").hidden = true;
  $("match-view").hidden = true;
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
    $("status").textContent = t("status-unreachable", { error: e.message });
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
  $("me-name").textContent = s.imported ? "FIRST" : t("sheet-you");
  $("opp-name").textContent = s.imported ? "SECOND" : opponentName(s.opponent);
  renderStatus(s);
  renderAuction(s, turnChanged);
  renderLast(s);
  renderScoring(s, turnChanged);
  renderSheet(s);
  renderRounds(s);
  renderEnd(s);
  renderHint(s);
  $("waiting").hidden = !!(s.owed || s.finished || s.error || s.resuming || s.imported);
  if (!s.finished && !s.error && (!s.owed || s.resuming)) schedulePoll();
  else if (s.owed && $("hints-on").checked && hintTurn !== s.turn) requestHint();
  else stopPolling();
}

function renderStatus(s) {
  const seat = { seat: s.seat, opponent: opponentName(s.opponent) };
  let text;
  if (s.imported) {
    const [first, second] = ["FIRST", "SECOND"].map((name, i) => (s.imported.players[i]
      ? t("status-seat-player", { seat: name, player: s.imported.players[i] }) : name));
    const log = { name: s.imported.name, first, second };
    text = s.error ? t("status-log-error", Object.assign({ error: s.error }, log))
      : s.finished ? t("status-log", log) : t("status-log-reading", log);
  } else if (s.error) text = t("status-stopped", { error: s.error });
  else if (s.resuming) text = t("status-resuming");
  else if (s.finished) text = t("status-over", seat);
  else if (s.owed === "bid") text = t("status-bid", Object.assign({ round: s.round }, seat));
  else if (s.owed === "put") text = t("status-put", Object.assign({ round: s.round }, seat));
  else text = t("status-waiting", { round: Math.max(1, s.round), opponent: seat.opponent });
  $("status").textContent = text;
}

function renderAuction(s, turnChanged) {
  const open = s.owed === "bid" && s.roll;
  $("auction").hidden = !open;
  if (!open) return;
  $("bundle-a").replaceChildren(diceHtml(s.roll[0]));
  $("bundle-b").replaceChildren(diceHtml(s.roll[1]));
  const carried = (p) => (p.held.length ? diceHtml(p.held)
    : document.createTextNode(t("auction-nothing-yet")));
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
  if (!last || s.finished || s.imported) { panel.hidden = true; return; }
  panel.hidden = false;
  const [mine, theirs] = last.bids;
  const other = last.got === "A" ? "B" : "A";
  panel.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = t("last-title", { round: last.round });
  const p1 = document.createElement("p");
  p1.textContent = t("last-bids", { mine: bidText(mine), theirs: bidText(theirs), got: last.got,
    other });
  const p2 = document.createElement("p");
  p2.textContent = t("last-points", { mine: signed(last.bid_points[0]),
    theirs: signed(last.bid_points[1]) });
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
    points.textContent = !option ? ""
      : option.bonus ? t("scoring-bonus", { points: fmt(option.points), bonus: fmt(option.bonus) })
        : fmt(option.points);
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
  row(t("sheet-upper"), fmt(me.upper), fmt(opp.upper), "sum");
  row(t("sheet-bonus"), me.bonus ? fmt(me.bonus) : "", opp.bonus ? fmt(opp.bonus) : "", "sum");
  row(t("sheet-bids"), signed(me.bids), signed(opp.bids), "sum");
  row(t("sheet-total"), fmt(me.total), fmt(opp.total), "total");
}

function renderRounds(s) {
  const table = $("rounds");
  table.replaceChildren();
  const head = document.createElement("tr");
  const heads = s.imported
    ? ["rounds-round", "A", "B", "rounds-first-bid", "rounds-second-bid", "rounds-first-got",
      "rounds-first-scored", "rounds-second-scored"]
    : ["rounds-round", "A", "B", "rounds-your-bid", "rounds-their-bid", "rounds-you-got",
      "rounds-you-scored", "rounds-they-scored"];
  for (const h of heads) {
    const th = document.createElement("th");
    th.textContent = h.length === 1 ? h : t(h);
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
  if (s.imported) {
    $("verdict").textContent = t(f.verdict === "win" ? "verdict-first"
      : f.verdict === "loss" ? "verdict-second" : "verdict-draw");
    $("final").textContent = t(f.abort ? "final-log-abort" : "final-log",
      { first: fmt(f.totals[0]), second: fmt(f.totals[1]), abort: f.abort || "" });
  } else {
    $("verdict").textContent = t("verdict-" + f.verdict);
    $("final").textContent = t(f.abort ? "final-person-abort" : "final-person",
      { mine: fmt(f.totals[0]), opponent: opponentName(s.opponent), theirs: fmt(f.totals[1]),
        abort: f.abort || "" });
  }
  $("replay-link").textContent = t(s.imported ? "replay-link-log" : "replay-link-game");
  $("again").textContent = t(s.imported ? "nav-new-game" : "again");
  $("review-title").textContent = t(s.imported ? "review-title-log" : "review-title-person");
  // The replay page in the page's language.
  $("replay-link").href = f.replay + "?lang=" + encodeURIComponent(YachtI18n.lang);
  $("log-link").href = f.log;
}

function renderHint(s) {
  const panel = $("hint");
  if (!$("hints-on").checked || !s.owed) { panel.hidden = true; return; }
  panel.hidden = false;
  if (hintTurn !== s.turn) panel.textContent = t("hint-thinking");
}

async function requestHint() {
  const s = state;
  hintTurn = s.turn;
  try {
    const data = await api("GET", "/api/games/" + s.id + "/hint");
    if (!state || state.turn !== s.turn) return;
    if (data.pending) { setTimeout(requestHint, POLL_MS); return; }
    if (data.hint) {
      hintShown = data.hint;
      $("hint").textContent = t("hint-advice", { advice: data.hint.advice,
        p: Number(YachtReview.fixed(data.hint.p_win, 2)) });
    }
  } catch (e) {
    $("hint").textContent = t("hint-none", { error: e.message });
  }
}

// ---- the review at the end ----

let reviewShown = null;  // the game whose review is shown or asked for
let hintShown = null;    // the hint shown (said again when the language changes)
let reviewData = null;   // the review shown (drawn again when the language changes)

async function requestReview(id) {
  reviewShown = id;
  $("review-body").hidden = true;
  $("review-status").textContent = t("review-reviewing");
  try {
    const data = await api("GET", "/api/games/" + id + "/review");
    if (reviewShown !== id) return;
    if (data.pending) {
      $("review-status").textContent = t("review-progress", { done: data.done, total: data.total });
      setTimeout(() => { if (reviewShown === id) requestReview(id); }, POLL_MS);
      return;
    }
    $("review-status").textContent = "";
    reviewData = data;
    drawReview(data);
    $("review-body").hidden = false;
  } catch (e) {
    $("review-status").textContent = t("review-none", { error: e.message });
  }
}

// Draws a review from the start: an imported log's from FIRST's seat (a control to see it
// from SECOND's), the person's own from theirs, the seats named in the page's language.
function drawReview(data) {
  let view;
  if (data.imported) {
    view = { seat: 0, names: ["FIRST", "SECOND"], choose: true };
  } else {
    const names = ["", ""];
    names[data.seat] = t("sheet-you");
    names[1 - data.seat] = state ? opponentName(state.opponent) : t("the-opponent");
    view = { seat: data.seat, names, person: true };
  }
  YachtReview.render($("review-body"), data.review, view);
}

// ---- a log the person opens ----

async function importLog(file) {
  $("import-error").textContent = "";
  if (file.size > LOG_LIMIT_BYTES) {
    $("import-error").textContent = t("import-too-large", { name: file.name,
      size: Math.ceil(file.size / 1024), limit: LOG_LIMIT_BYTES / 1024 });
    return;
  }
  try {
    const text = await file.text();
    const data = await api("POST", "/api/logs", { name: file.name, log: text });
    // A new entry in the history: Back returns to where the person was.
    history.pushState(null, "", "#" + data.id);
    openGame(data.id, data);
  } catch (e) {
    $("import-error").textContent = t("import-cannot-open", { name: file.name, error: e.message });
  }
}

// ---- several logs the person opens at once: one review of the match ----

let matchTimer = null;   // the poll of the match review being computed
let matchShown = null;   // the match review shown (drawn again when the language changes)
let matchFiles = 0;      // how many files the person opened for it
let matchFileList = [];  // those files, to open a costly decision's game

function stopMatch() {
  if (matchTimer) clearTimeout(matchTimer);
  matchTimer = null;
}

// Every file is sent (the server skips, with its reason on the review, each that is too
// large or not a log), then the review is polled until it is ready.
async function reviewMatch(files) {
  $("import-error").textContent = "";
  stopPolling();
  stopMatch();
  state = null;
  matchShown = null;
  $("menu").hidden = true;
  $("game").hidden = true;
  $("match-view").hidden = false;
  $("match-error").textContent = "";
  $("match").replaceChildren();
  matchFiles = files.length;
  matchFileList = files;
  $("match-name").textContent = t("match-files", { count: files.length });
  $("match-status").textContent = t("match-reading", { count: files.length });
  try {
    const logs = [];
    for (const file of files) {
      // A file too large is not read: the server gets its name and skips it.
      if (file.size > LOG_LIMIT_BYTES) logs.push({ name: file.name, too_large: true });
      else logs.push({ name: file.name, log: await file.text() });
    }
    const job = await api("POST", "/api/matches", { logs });
    pollMatch(job.id);
  } catch (e) {
    $("match-status").textContent = "";
    $("match-error").textContent = t("match-cannot-review", { error: e.message });
  }
}

async function pollMatch(id) {
  try {
    const data = await api("GET", "/api/matches/" + id);
    if (data.pending) {
      $("match-status").textContent = t("match-reviewing", { done: data.done, total: data.total });
      $("match-progress").hidden = false;
      $("match-progress").max = Math.max(1, data.total);
      $("match-progress").value = data.done;
      matchTimer = setTimeout(() => pollMatch(id), POLL_MS);
      return;
    }
    $("match-progress").hidden = true;
    $("match-status").textContent = "";
    matchShown = data;
    // A costly decision's game opens as the log it came from.
    YachtMatch.render($("match"), data.review, (game, name) => {
      const file = matchFileList.find((f) => f.name === name);
      if (file) importLog(file);
    });
  } catch (e) {
    $("match-progress").hidden = true;
    $("match-status").textContent = "";
    $("match-error").textContent = t("match-cannot-review", { error: e.message });
  }
}

// One file opens as a game; several are reviewed as a match.
function openFiles(files) {
  if (files.length === 1) importLog(files[0]);
  else if (files.length > 1) reviewMatch(files);
}

const carriesFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types).includes("Files");

// ---- wiring ----

$("log-file").addEventListener("change", () => {
  const files = Array.from($("log-file").files);
  $("log-file").value = "";
  openFiles(files);
});
$("match-back").addEventListener("click", () => {
  matchShown = null;
  history.replaceState(null, "", location.pathname);
  showMenu();
});
window.addEventListener("dragover", (e) => {
  if (!carriesFiles(e)) return;
  e.preventDefault();
  document.body.classList.add("dropping");
});
window.addEventListener("dragleave", (e) => {
  if (!e.relatedTarget) document.body.classList.remove("dropping");
});
window.addEventListener("drop", (e) => {
  if (!carriesFiles(e)) return;
  e.preventDefault();
  document.body.classList.remove("dropping");
  openFiles(Array.from(e.dataTransfer.files));
});

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
// The language: the page's fixed text now, then on every change of the switch everything
// drawn again in it (the menu, the game, the review as it was shown).
YachtI18n.apply(document);
YachtI18n.switcher($("lang"), () => {
  drawOpponents();
  if (state) {
    render(state);
    if (hintShown && hintTurn === state.turn) {
      $("hint").textContent = t("hint-advice", { advice: hintShown.advice,
        p: Number(YachtReview.fixed(hintShown.p_win, 2)) });
    }
  }
  // The person's own review names the seats in the language; a log's keeps its seat.
  if (reviewData && state && reviewShown === state.id && !reviewData.imported) drawReview(reviewData);
  else YachtReview.redraw($("review-body"));
  if (!$("match-view").hidden) $("match-name").textContent = t("match-files", { count: matchFiles });
  if (matchShown) YachtMatch.redraw($("match"));
});
$("hints-on").checked = localStorage.getItem("yacht-auction-hints") === "1";
if (currentId()) openGame(currentId()); else showMenu();
