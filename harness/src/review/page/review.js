// The review of a game drawn from its JSON (harness::review::output::review_json): a
// summary, both sides' table, the chance to win round by round with the dice's luck, the
// costliest decisions as positions, and every decision with its mark. One script for both
// pages that show a review: the play page serves it as /review.js, and the page of
// `harness replay LOG --review --html FILE` carries it inline with the review's JSON,
// drawn when it loads. It reads nothing but the review and sends nothing. Its words are
// the catalogs' (YachtI18n, i18n.js, before it), in the page's language; a decision's
// reason comes from the review as a message (its key and arguments), said here.
"use strict";

const YachtReview = (() => {
  const t = YachtI18n.t;
  const fmt = (n) => YachtI18n.number(n);

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

  // A luck-adjusted result (a win 1, a loss 0, less the luck) in words, to the hundredth:
  // the cases of harness::words::worth, said by the catalog.
  function worth(x) {
    const h = Math.round(x * 100);
    const amount = (n) => Math.floor(n / 100) + "." + String(n % 100).padStart(2, "0");
    if (h > 100) return t("worth-win-more", { amount: amount(h - 100) });
    if (h === 100) return t("worth-win");
    if (h === 50) return t("worth-half");
    if (h > 0) return t("worth-part", { amount: amount(h) });
    if (h === 0) return t("worth-loss");
    return t("worth-loss-less", { amount: amount(-h) });
  }

  // A result (1, ½, 0) as the catalogs' selector: won, drew, lost.
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

  // How the review speaks of the side it is seen from and of the other, as the catalogs'
  // arguments: person "yes" on the play page in the person's own game ("you"), else the
  // seat's name ($me).
  function wordsFor(view) {
    return {
      me: view.names[view.seat],
      them: view.names[1 - view.seat],
      person: view.person ? "yes" : "no",
    };
  }

  function summary(r, view, w) {
    const me = r.sides[view.seat], them = r.sides[1 - view.seat];
    const parts = [
      t("review-summary-cost", Object.assign({ luck: signed(me.luck, 2),
        cost: fixed(me.decisions_cost, 2), theirs: fixed(them.decisions_cost, 2) }, w)),
      t("review-summary-result", Object.assign({ result: verb(me.result),
        worth: worth(me.adjusted) }, w)),
    ];
    if (me.played_like_level) {
      parts.push(t("review-summary-level", Object.assign({ level: me.played_like_level }, w)));
    }
    return parts.join(" ");
  }

  function sidesTable(r, view) {
    const table = el("table", { class: "review-sides", testid: "review-sides" });
    const head = el("tr");
    const heads = [["", null], [t("review-col-accuracy"), null],
      [t("review-col-error"), t("review-col-error-tip")],
      [t("review-col-points"), t("review-col-points-tip")], ["?!", t("mark-inaccuracy")],
      ["?", t("mark-mistake")], ["??", t("mark-blunder")], [t("review-col-luck"), null],
      [t("review-col-result"), null], [t("review-col-adjusted"), null]];
    for (const [text, tip] of heads) head.appendChild(el("th", tip ? { title: tip } : {}, text));
    table.appendChild(head);
    for (const seat of [view.seat, 1 - view.seat]) {
      const side = r.sides[seat];
      const tr = el("tr");
      for (const v of [view.names[seat], fixed(side.accuracy, 1) + "%", pct(side.error_rate),
        fixed(side.points_rate, 0), side.inaccuracies, side.mistakes, side.blunders, signed(side.luck, 2),
        t("result-" + verb(side.result)), worth(side.adjusted)]) tr.appendChild(el("td", {}, v));
      table.appendChild(tr);
    }
    return el("div", { class: "scroll" }, table);
  }

  function chart(r, view, w) {
    const seat = view.seat;
    const [width, height, left, top, bottom] = [480, 200, 34, 12, 26];
    const box = svg("svg", { class: "chart", viewBox: "0 0 " + width + " " + height, role: "img",
      "aria-label": t("review-chart-label", w), "data-testid": "review-chart" });
    const x = (round) => left + (round - 1) * (width - left - 12) / 13;
    const y = (p) => top + (1 - p) * (height - top - bottom);
    for (const p of [0, 0.5, 1]) {
      box.appendChild(svg("line", { x1: left, x2: width - 12, y1: y(p), y2: y(p), stroke: "#d8dce2" }));
      box.appendChild(svg("text", { x: 2, y: y(p) + 4, "font-size": 11, fill: "#555" }, (100 * p) + "%"));
    }
    for (let round = 1; round <= 14; round += 1) {
      box.appendChild(svg("text", { x: x(round), y: height - 8, "font-size": 11, fill: "#555",
        "text-anchor": round <= 13 ? "middle" : "end" }, round <= 13 ? String(round) : t("review-chart-end")));
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
      dot.appendChild(svg("title", {}, t("review-chart-luck", Object.assign({ round: e.round,
        kind: e.kind, luck: signed(luck, 2) }, w))));
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
      label.appendChild(svg("title", {}, ds.map((d) => t("review-chart-mark", { round,
        played: bare(d.played), cost: pct(d.p_win_lost) })).join("; ")));
      box.appendChild(label);
    }
    return el("figure", { class: "chart-box" }, box, el("figcaption", { class: "note" },
      t("review-chart-caption", w)));
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
      list.appendChild(el("li", {}, t("review-costly-none", w)));
    }
    for (const d of worst) {
      const head = el("div", {}, el("span", { class: "mark" }, d.mark ? d.mark + " " : ""),
        YachtI18n.nodes("review-costly", Object.assign({ round: d.round, kind: d.kind,
          position: position(d), played: bare(d.played), best: bare(d.best),
          cost: pct(d.p_win_lost),
          points: d.points_lost > 0 ? fmt(Math.round(d.points_lost)) : "none",
          hindsight: d.p_win_lost_hindsight !== undefined ? pct(d.p_win_lost_hindsight) : "none",
        }, w)));
      list.appendChild(el("li", {}, head, el("div", { class: "note" }, reason(d) + ".")));
    }
    return list;
  }

  const WORDS = { "?!": "mark-inaccuracy", "?": "mark-mistake", "??": "mark-blunder" };

  // Why the best decision is better: the review's message in the page's language (a
  // review written before reasons were messages has only its English sentence).
  const reason = (d) => (d.reason ? YachtI18n.say(d.reason) : d.why);

  // "BID A 3000" as "A 3000", "PUT FULL_HOUSE 33366" as "FULL HOUSE 33366".
  const bare = (text) => text.replace(/^(BID|PUT) /, "").replace(/_/g, " ");

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
    for (const key of ["review-col-round", "", "", "review-col-cost", "review-col-played",
      "review-col-better", "review-col-position"]) {
      head.appendChild(el("th", {}, key ? t(key) : ""));
    }
    table.appendChild(el("thead", {}, head));
    const body = el("tbody");
    for (const [, d] of rows) {
      const tr = el("tr", d.mark ? { class: "marked" } : {});
      const played = el("td", { title: reason(d) }, bare(d.played));
      tr.append(el("td", {}, d.round), el("td", {}, view.names[d.seat]),
        el("td", { class: "mark", title: WORDS[d.mark] ? t(WORDS[d.mark]) : "" }, d.mark),
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
      const select = el("select", { testid: "review-seat", "aria-label": t("review-seen-from") });
      for (const seat of [0, 1]) {
        const option = el("option", { value: seat }, view.names[seat] +
          (r.sides[seat].player ? " (" + r.sides[seat].player + ")" : ""));
        if (seat === view.seat) option.selected = true;
        select.appendChild(option);
      }
      select.addEventListener("change", () =>
        render(box, r, Object.assign({}, view, { seat: Number(select.value) })));
      parts.push(el("p", { class: "seen-from" }, el("label", {}, t("review-seen-from") + " ", select)));
    }
    parts.push(el("p", { testid: "review-summary" }, summary(r, view, w)));
    parts.push(sidesTable(r, view));
    parts.push(chart(r, view, w));
    parts.push(el("h3", {}, t("review-costliest", w)));
    parts.push(costly(r, view, w));
    parts.push(el("p", { class: "note" }, t("review-judging")));
    parts.push(el("h3", {}, t("review-every")));
    parts.push(everyDecision(r, view));
    // Each warning as a message where the review has them (else its English sentence).
    const warnings = r.warning_messages ? r.warning_messages.map(YachtI18n.say) : r.warnings;
    if (warnings.length) {
      parts.push(el("h3", {}, t("review-warnings")));
      parts.push(el("ul", { class: "note" }, ...warnings.map((text) => el("li", {}, text))));
    }
    box.classList.add("review-view");
    box.replaceChildren(...parts);
    box.yachtReview = { r, view };
  }

  // Draws `box`'s review again as it was last drawn (in the language chosen since).
  function redraw(box) {
    if (box.yachtReview) render(box, box.yachtReview.r, box.yachtReview.view);
  }

  // A self-contained page (`review::page`): its JSON in `<script id=DATA_ID>`, drawn into
  // the element BOX_ID by `draw(box, page)` when the page loads and again in the language
  // its switch chooses, the title the catalog's `titleId` with the page's name.
  function onPage(dataId, boxId, titleId, draw) {
    const start = () => {
      const data = document.getElementById(dataId);
      const box = document.getElementById(boxId);
      if (!data || !box) return;
      const page = JSON.parse(data.textContent);
      const drawAll = () => {
        document.title = t(titleId, { name: page.name });
        YachtI18n.apply(document);
        draw(box, page);
      };
      const lang = document.getElementById("lang");
      if (lang) YachtI18n.switcher(lang, drawAll);
      drawAll();
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }

  // The page of `harness replay LOG --review --html`.
  onPage("review-data", "review", "review-page-title", (box, page) => {
    if (box.yachtReview) redraw(box);
    else render(box, page.review, { seat: 0, names: ["FIRST", "SECOND"], choose: true });
  });

  return { render, redraw, dice, fmt, fixed, signed, worth, el, svg, onPage };
})();
