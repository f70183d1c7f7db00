// The review of a whole match drawn from its JSON (harness::review::match_review): the
// findings a player should read first, both players side by side (the same games, the
// same dice), the error a decision round by round as bars, the bids against the best bid,
// the scorings by category, each player's costliest decisions (each linked to its game's
// review where the page has it), and the files not reviewed with their reasons. One script
// for both pages that show a match's review: the play page draws it for several logs
// dropped at once, and the page of `harness replay DIR --review --html FILE` carries it
// inline with the review's JSON. It reads nothing but the review and sends nothing; its
// words are the catalogs' (YachtI18n), its numbers and dice YachtReview's (review.js).
"use strict";

const YachtMatch = (() => {
  const t = YachtI18n.t;
  const { fixed, signed, el, svg } = YachtReview;
  const pct = (p) => fixed(100 * p, 1) + "%";

  // A cell's error a decision and its count: "0.0123 (200)".
  const cell = (c) => (c.decisions ? fixed(c.cost / c.decisions, 4) + " (" + c.decisions + ")" : "");
  const perDecision = (c) => (c.decisions ? c.cost / c.decisions : 0);

  // A table: a header row, then rows of cells (text or nodes).
  function table(testid, head, rows) {
    const tbl = el("table", { class: "review-sides", testid });
    tbl.appendChild(el("tr", {}, ...head.map((h) => el("th", {}, h))));
    for (const row of rows) tbl.appendChild(el("tr", {}, ...row.map((v) => el("td", {}, v))));
    return el("div", { class: "scroll" }, tbl);
  }

  // Both players' error a decision in each round, bars side by side, one chart a kind.
  function roundChart(m, key, label) {
    const [width, height, left, top, bottom] = [480, 150, 44, 10, 22];
    const values = m.players.map((p) => p[key].map(perDecision));
    const top_value = Math.max(0.001, ...values.flat());
    const box = svg("svg", { class: "chart", viewBox: "0 0 " + width + " " + height, role: "img",
      "aria-label": label, "data-testid": "match-chart-" + key });
    const slot = (width - left - 8) / 13;
    const y = (v) => top + (1 - v / top_value) * (height - top - bottom);
    for (const v of [0, top_value / 2, top_value]) {
      box.appendChild(svg("line", { x1: left, x2: width - 8, y1: y(v), y2: y(v), stroke: "#d8dce2" }));
      box.appendChild(svg("text", { x: 2, y: y(v) + 4, "font-size": 10, fill: "#555" }, fixed(v, 3)));
    }
    const colours = ["#19324d", "#8fa9c4"];
    for (let r = 0; r < 13; r += 1) {
      const x0 = left + r * slot;
      box.appendChild(svg("text", { x: x0 + slot / 2, y: height - 6, "font-size": 10, fill: "#555",
        "text-anchor": "middle" }, String(r + 1)));
      for (const p of [0, 1]) {
        const v = values[p][r];
        if (!m.players[p][key][r].decisions) continue;
        const bar = svg("rect", { x: x0 + 2 + p * (slot - 4) / 2, y: y(v), width: (slot - 4) / 2,
          height: Math.max(0.5, y(0) - y(v)), fill: colours[p] });
        bar.appendChild(svg("title", {}, m.players[p].player + ": " + cell(m.players[p][key][r])));
        box.appendChild(bar);
      }
    }
    const legend = el("span", { class: "note" }, label + ": ");
    for (const p of [0, 1]) {
      legend.append(el("span", { style: "display:inline-block;width:.8em;height:.8em;margin:0 .3em;background:" +
        colours[p] }), m.players[p].player + (p === 0 ? "; " : ""));
    }
    return el("figure", { class: "chart-box" }, el("figcaption", {}, legend), box);
  }

  function findings(m) {
    const list = el("ol", { class: "costly", testid: "match-findings" });
    if (!m.findings.length) list.appendChild(el("li", {}, t("match-findings-none")));
    for (const f of m.findings) list.appendChild(el("li", {}, YachtI18n.say(f.message)));
    return list;
  }

  function sides(m) {
    const [a, b] = m.players;
    const marks = (p) => p.marks.map((n) => fixed(n / Math.max(1, p.games), 2)).join(" / ");
    const rows = [
      [t("match-col-games"), a.games, b.games],
      [t("match-col-score"), pct(a.score), pct(b.score)],
      [t("match-col-luck"), signed(a.luck, 3), signed(b.luck, 3)],
      [t("match-col-adjusted"), pct(a.adjusted), pct(b.adjusted)],
      [t("match-col-accuracy"), fixed(a.accuracy, 1) + "%", fixed(b.accuracy, 1) + "%"],
      [t("match-col-error"), cell(a.all), cell(b.all)],
      [t("match-col-bids"), cell(a.bids), cell(b.bids)],
      [t("match-col-puts"), cell(a.puts), cell(b.puts)],
      [t("match-col-marks"), marks(a), marks(b)],
      [t("match-col-bonus"), pct(a.bonus_games / Math.max(1, a.games)), pct(b.bonus_games / Math.max(1, b.games))],
    ];
    return table("match-sides", ["", a.player, b.player], rows);
  }

  function habit(m) {
    const [a, b] = m.players;
    const rows = [["overpaid", "match-habit-overpaid"], ["underpaid", "match-habit-underpaid"],
      ["wrong_group", "match-habit-wrong"], ["best", "match-habit-best"]]
      .map(([k, key]) => [t(key), cell(a.habit[k]), cell(b.habit[k])]);
    return table("match-habit", ["", a.player, b.player], rows);
  }

  function categories(m) {
    const [a, b] = m.players;
    const rows = a.categories.map(([name, c], i) => [name.replace(/_/g, " "), cell(c), cell(b.categories[i][1])])
      .filter(([, x, y]) => x || y);
    return table("match-categories", ["", a.player, b.player], rows);
  }

  // A player's costliest decisions, each with its game's review where `links` has it.
  function costliest(m, p, links) {
    const list = el("ol", { class: "costly", testid: "match-costly-" + p });
    for (const c of m.costliest[p]) {
      const d = c.decision;
      const item = el("li", {}, el("span", { class: "mark" }, d.mark ? d.mark + " " : ""),
        t("match-costly", { round: d.round,
          file: c.also && c.also.length ? t("match-costly-also", { file: c.file, also: c.also.join(", ") }) : c.file,
          played: d.played.replace(/^(BID|PUT) /, ""),
          best: d.best.replace(/^(BID|PUT) /, ""), cost: pct(d.p_win_lost) }));
      // A page from the disk links each game's review page; the play page opens the log.
      if (typeof links === "function") {
        const open = el("button", { type: "button", class: "link", testid: "match-open-game" },
          t("match-costly-link"));
        open.addEventListener("click", () => links(c.game, c.file));
        item.append(" · ", open);
      } else if (links && links[c.game]) {
        item.append(" · ", el("a", { href: links[c.game] }, t("match-costly-link")));
      }
      item.appendChild(el("div", { class: "note" }, (d.reason ? YachtI18n.say(d.reason) : d.why) + "."));
      list.appendChild(item);
    }
    return list;
  }

  // Draws match review `m` into `box`; `links` maps a game's index to its review page, or
  // is a function (game index, file name) that opens it.
  function render(box, m, links) {
    const [a, b] = m.players;
    const parts = [
      el("p", { testid: "match-summary" }, t("match-summary", { games: m.files.length,
        one: a.player, other: b.player, skipped: m.skipped.length })),
      el("h3", {}, t("match-findings")), findings(m),
      sides(m),
      el("h3", {}, t("match-by-round")),
      el("p", { class: "note" }, t("match-by-round-caption")),
      roundChart(m, "bids_by_round", t("match-col-bids")),
      roundChart(m, "puts_by_round", t("match-col-puts")),
      el("h3", {}, t("match-habit")), habit(m),
      el("h3", {}, t("match-categories")), categories(m),
    ];
    for (const p of [0, 1]) {
      parts.push(el("h3", {}, t("match-costliest", { player: m.players[p].player })));
      parts.push(costliest(m, p, links));
    }
    if (m.skipped.length) {
      parts.push(el("h3", {}, t("match-skipped")));
      // Many files for one and the same reason (a match's deal files) in one line.
      const groups = new Map();
      for (const s of m.skipped) {
        const key = JSON.stringify(s.reason);
        groups.set(key, [...(groups.get(key) || []), s]);
      }
      const items = [];
      for (const same of groups.values()) {
        if (same.length > 3) {
          items.push(el("li", {}, t("match-skipped-many", { count: same.length,
            reason: YachtI18n.say(same[0].reason), files: same.slice(0, 3).map((s) => s.file).join(", ") })));
        } else {
          for (const s of same) items.push(el("li", {}, s.file + ": " + YachtI18n.say(s.reason)));
        }
      }
      parts.push(el("ul", { class: "note", "data-testid": "match-skipped" }, ...items));
    }
    box.classList.add("review-view");
    box.replaceChildren(...parts);
    box.yachtMatch = { m, links };
  }

  function redraw(box) {
    if (box.yachtMatch) render(box, box.yachtMatch.m, box.yachtMatch.links);
  }

  // The page of `harness replay DIR --review --html`.
  YachtReview.onPage("match-data", "match", "match-page-title",
    (box, page) => render(box, page.review, page.links));

  return { render, redraw };
})();
