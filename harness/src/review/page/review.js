// The review of a game drawn from its JSON (harness::review::output::review_json): a
// summary, both sides' table, the chance to win round by round with the dice's luck, the
// costliest decisions as positions, and every decision with its mark. One script for both
// pages that show a review: the play page serves it as /review.js, and the page of
// `harness replay LOG --review --html FILE` carries it inline with the review's JSON,
// drawn when it loads. It reads nothing but the review and sends nothing.
"use strict";

const YachtReview = (() => {
  const fmt = (n) => n.toLocaleString("en-US");

  // x with d decimals, rounded first: what rounds to zero has no sign (never "-0.00").
  function fixed(x, d) {
    const text = x.toFixed(d);
    return /^-[0.]*$/.test(text) ? text.slice(1) : text;
  }

  // fixed() with its sign: "+0.41", "−0.12", and "0.00" for what rounds to zero.
  function signed(x, d) {
    const text = fixed(x, d);
    if (text.startsWith("-")) return "−" + text.slice(1);
    return /^[0.]*$/.test(text) ? text : "+" + text;
  }

  const pct = (p) => fixed(100 * p, 1) + "%";

  // A luck-adjusted result (a win 1, a loss 0, less the luck) in words, to the hundredth;
  // the same words as harness::words::worth.
  function worth(x) {
    const h = Math.round(x * 100);
    const amount = (n) => Math.floor(n / 100) + "." + String(n % 100).padStart(2, "0");
    if (h > 100) return "a win and " + amount(h - 100) + " more";
    if (h === 100) return "a win";
    if (h === 50) return "half a win";
    if (h > 0) return amount(h) + " of a win";
    if (h === 0) return "a loss";
    return "a loss and " + amount(-h) + " less";
  }

  const verb = (result) => (result > 0.75 ? "won" : result > 0.25 ? "drew" : "lost");

  // Faces drawn as dice (DICE_CSS), with the digits for a screen reader and for copying.
  function dice(faces) {
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

  // An element with attributes and children (text or nodes).
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "testid") node.dataset.testid = v; else node.setAttribute(k, v);
    }
    for (const c of children) node.append(c instanceof Node ? c : String(c));
    return node;
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // How the review speaks of the side it is seen from and of the other: "you" on the
  // play page in the person's own game, the seat's name elsewhere.
  function wordsFor(view) {
    const me = view.names[view.seat], them = view.names[1 - view.seat];
    const person = !!view.person;
    return {
      me, them,
      subject: person ? "you" : me,
      Subject: person ? "You" : me,
      my: person ? "your" : me + "'s",
      My: person ? "Your" : me + "'s",
      their: them + "'s",
    };
  }

  function summary(r, view, w) {
    const me = r.sides[view.seat], them = r.sides[1 - view.seat];
    return w.My + " dice were worth " + signed(me.luck, 2) + " of a win; " + w.my +
      " decisions cost " + fixed(me.decisions_cost, 2) + " of a win, " + w.their + " " +
      fixed(them.decisions_cost, 2) + " (each decision's loss of win probability where it " +
      "was made, added up: the sum can pass 1). " + w.Subject + " " + verb(me.result) +
      "; with the dice's luck taken out, " + w.my + " play was worth " + worth(me.adjusted) +
      (me.played_like_level ? "; " + w.subject + " played like level " + me.played_like_level : "") +
      ".";
  }

  function sidesTable(r, view) {
    const table = el("table", { class: "review-sides", testid: "review-sides" });
    const head = el("tr");
    const tips = { "error a decision": "win probability given up a decision, each weighted " +
      "by how open the game was when it was made: a decided game's decisions count for little" };
    for (const t of ["", "accuracy", "error a decision", "?!", "?", "??", "luck", "result",
      "luck taken out"]) head.appendChild(el("th", tips[t] ? { title: tips[t] } : {}, t));
    table.appendChild(head);
    for (const seat of [view.seat, 1 - view.seat]) {
      const side = r.sides[seat];
      const tr = el("tr");
      for (const v of [view.names[seat], fixed(side.accuracy, 1) + "%", pct(side.error_rate),
        side.inaccuracies, side.mistakes, side.blunders, signed(side.luck, 2),
        verb(side.result), worth(side.adjusted)]) tr.appendChild(el("td", {}, v));
      table.appendChild(tr);
    }
    return el("div", { class: "scroll" }, table);
  }

  function chart(r, view, w) {
    const seat = view.seat;
    const [width, height, left, top, bottom] = [480, 200, 34, 12, 26];
    const box = svg("svg", { class: "chart", viewBox: "0 0 " + width + " " + height, role: "img",
      "aria-label": w.my + " chance to win round by round", "data-testid": "review-chart" });
    const x = (round) => left + (round - 1) * (width - left - 12) / 13;
    const y = (p) => top + (1 - p) * (height - top - bottom);
    for (const p of [0, 0.5, 1]) {
      box.appendChild(svg("line", { x1: left, x2: width - 12, y1: y(p), y2: y(p), stroke: "#d8dce2" }));
      box.appendChild(svg("text", { x: 2, y: y(p) + 4, "font-size": 11, fill: "#555" }, (100 * p) + "%"));
    }
    for (let round = 1; round <= 14; round += 1) {
      box.appendChild(svg("text", { x: x(round), y: height - 8, "font-size": 11, fill: "#555",
        "text-anchor": round <= 13 ? "middle" : "end" }, round <= 13 ? String(round) : "end"));
    }
    const mine = r.win_by_round.map(([round, p]) => [round, seat === 0 ? p : 1 - p]);
    box.appendChild(svg("polyline", { points: mine.map(([rd, p]) => x(rd) + "," + y(p)).join(" "),
      fill: "none", stroke: "#19324d", "stroke-width": 2, "data-testid": "chart-line" }));
    const at = (round) => (mine.find(([rd]) => rd === round) || [round, 0.5])[1];
    for (const e of r.luck) {
      const luck = e.luck[seat];
      if (Math.abs(luck) < 0.01) continue;
      const dot = svg("circle", { cx: x(e.round), cy: y(at(e.round)),
        r: Math.min(9, 3 + 30 * Math.abs(luck)), fill: luck > 0 ? "#2e7d32" : "#c62828",
        "fill-opacity": 0.6 });
      dot.appendChild(svg("title", {}, "round " + e.round + ": the " + e.kind + " " +
        signed(luck, 2) + " of a win for " + w.subject));
      box.appendChild(dot);
    }
    // A round's marks in one label (its bid's and its scoring's), above the line.
    const marked = new Map();
    for (const d of r.sides[seat].decisions) {
      if (d.mark) marked.set(d.round, [...(marked.get(d.round) || []), d]);
    }
    for (const [round, ds] of marked) {
      const label = svg("text", { x: x(round + 0.5), y: y(at(round)) - 8, "font-size": 13,
        "font-weight": 700, fill: "#b3261e", "text-anchor": "middle" },
        ds.map((d) => d.mark).join(" "));
      label.appendChild(svg("title", {}, ds.map((d) => "round " + round + ": " + d.played +
        " cost " + pct(d.p_win_lost)).join("; ")));
      box.appendChild(label);
    }
    return el("figure", { class: "chart-box" }, box, el("figcaption", { class: "note" },
      w.My + " chance to win at the start of each round (the table's expectation). Dots: " +
      "the dice's luck for " + w.subject + " (green good, red bad); marks: " + w.my +
      " decisions that cost (?! inaccuracy, ? mistake, ?? blunder)."));
  }

  // The dice of a decision's position: "A 12345", "B 66123", or the held dice "1234566".
  function position(d) {
    const span = el("span", { class: "position" });
    for (const part of d.dice) {
      const [label, digits] = part.includes(" ") ? part.split(" ") : ["", part];
      if (label) span.append(" " + label + " ");
      span.append(dice(digits.split("").map(Number)));
    }
    return span;
  }

  function costly(r, view, w) {
    const list = el("ol", { class: "costly", testid: "review-costly" });
    const worst = [...r.sides[view.seat].decisions].sort((a, b) => b.p_win_lost - a.p_win_lost)
      .filter((d) => d.p_win_lost > 0).slice(0, 3);
    if (!worst.length) {
      list.appendChild(el("li", {}, "None of " + w.my + " decisions cost anything measurable: well played."));
    }
    for (const d of worst) {
      const head = el("div", {}, el("span", { class: "mark" }, d.mark ? d.mark + " " : ""),
        "Round " + d.round + ", " + w.my + " " + (d.kind === "bid" ? "bid" : "scoring") + " with ",
        position(d), ": " + w.subject + " played " + d.played + ", better was " + d.best + " (" +
        pct(d.p_win_lost) + " of a win" +
        (d.points_lost > 0 ? ", " + fmt(Math.round(d.points_lost)) + " expected points" : "") +
        (d.p_win_lost_hindsight !== undefined
          ? "; against the bid that came, " + pct(d.p_win_lost_hindsight) : "") + ").");
      list.appendChild(el("li", {}, head, el("div", { class: "note" }, d.why + ".")));
    }
    return list;
  }

  const WORDS = { "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

  // A decision's cost in the list: blank for none, "<0.1%" for what rounds to nothing.
  function cost(p) {
    if (!(p > 0)) return "";
    return fixed(100 * p, 1) === "0.0" ? "<0.1%" : pct(p);
  }

  // Every decision of both sides, round by round: its mark, what it cost, what was played
  // (a bid "A 3000", a scoring "CHOICE 34466"), what was better, and the position.
  function everyDecision(r, view) {
    const rows = [];
    for (const seat of [view.seat, 1 - view.seat]) {
      for (const d of r.sides[seat].decisions) rows.push([seat === view.seat ? 0 : 1, d]);
    }
    const order = (kind) => (kind === "bid" ? 0 : 1);
    rows.sort(([sa, a], [sb, b]) => a.round - b.round || order(a.kind) - order(b.kind) || sa - sb);
    const table = el("table", { class: "decisions", testid: "review-decisions" });
    const head = el("tr");
    for (const t of ["round", "", "", "cost", "played", "better", "position"]) {
      head.appendChild(el("th", {}, t));
    }
    table.appendChild(el("thead", {}, head));
    const body = el("tbody");
    // "BID A 3000" as "A 3000", "PUT FULL_HOUSE 33366" as "FULL HOUSE 33366".
    const bare = (text) => text.replace(/^(BID|PUT) /, "").replace(/_/g, " ");
    for (const [, d] of rows) {
      const tr = el("tr", d.mark ? { class: "marked" } : {});
      const played = el("td", { title: d.why }, bare(d.played));
      tr.append(el("td", {}, d.round), el("td", {}, view.names[d.seat]),
        el("td", { class: "mark", title: WORDS[d.mark] || "" }, d.mark),
        el("td", {}, cost(d.p_win_lost)), played,
        el("td", {}, d.best === d.played ? "" : bare(d.best)), el("td", {}, position(d)));
      body.appendChild(tr);
    }
    table.appendChild(body);
    return el("div", { class: "scroll" }, table);
  }

  // Draws review `r` into `box`, seen from `view.seat` (0 first, 1 second), the seats
  // called `view.names`; `view.person`: the seat is the reader's ("you"); `view.choose`:
  // a control to see it from the other seat.
  function render(box, r, view) {
    const w = wordsFor(view);
    const parts = [];
    if (view.choose) {
      const select = el("select", { testid: "review-seat", "aria-label": "seen from" });
      for (const seat of [0, 1]) {
        const option = el("option", { value: seat }, view.names[seat] +
          (r.sides[seat].player ? " (" + r.sides[seat].player + ")" : ""));
        if (seat === view.seat) option.selected = true;
        select.appendChild(option);
      }
      select.addEventListener("change", () =>
        render(box, r, Object.assign({}, view, { seat: Number(select.value) })));
      parts.push(el("p", { class: "seen-from" }, el("label", {}, "Seen from ", select)));
    }
    parts.push(el("p", { testid: "review-summary" }, summary(r, view, w)));
    parts.push(sidesTable(r, view));
    parts.push(chart(r, view, w));
    parts.push(el("h3", {}, w.My + " three costliest decisions"));
    parts.push(costly(r, view, w));
    parts.push(el("p", { class: "note" }, "A bid is judged against what could be known when " +
      "it was made: the opponent as its bids so far showed it (what it could not explain yet " +
      "counted at its worst for the bidder); its cost against the bid that came is shown " +
      "apart. A scoring is judged by the chance to win after it, every alternative on the " +
      "same future dice."));
    parts.push(el("h3", {}, "Every decision"));
    parts.push(everyDecision(r, view));
    if (r.warnings.length) {
      parts.push(el("h3", {}, "What the log shows that the rules do not explain"));
      parts.push(el("ul", { class: "note" }, ...r.warnings.map((t) => el("li", {}, t))));
    }
    box.classList.add("review-view");
    box.replaceChildren(...parts);
  }

  // The page of `harness replay LOG --review --html`: the review's JSON is in the page.
  function drawEmbedded() {
    const data = document.getElementById("review-data");
    const box = document.getElementById("review");
    if (!data || !box) return;
    const page = JSON.parse(data.textContent);
    render(box, page.review, { seat: 0, names: ["FIRST", "SECOND"], choose: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawEmbedded);
  else drawEmbedded();

  return { render, dice, fmt, fixed, signed, worth };
})();
