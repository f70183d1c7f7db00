// Words for a person in their language, on the page: the catalogs (YACHT_CATALOGS, the
// harness's locales/*.ftl, put before this script by harness::i18n::page) read by
// @fluent/bundle (FluentBundle, the script before them), the language chosen, and the
// page's fixed text put in from data-i18n attributes. The browser's language chooses by
// default; a switch (YachtI18n.switcher) changes it, and the choice is remembered.
"use strict";

const YachtI18n = (() => {
  const STORED = "yacht-auction-lang";
  const FALLBACK = "en";
  const bundles = new Map();
  for (const [tag, text] of Object.entries(YACHT_CATALOGS)) {
    const bundle = new FluentBundle.FluentBundle(tag, { useIsolating: false });
    const errors = bundle.addResource(new FluentBundle.FluentResource(text));
    for (const e of errors) console.error("catalog " + tag + ": " + e);
    bundles.set(tag, bundle);
  }
  // Keys asked for that the language's catalog lacks (the browser test reads it: empty).
  const missing = new Set();

  // The first of the browser's languages whose primary subtag has a catalog.
  function negotiate(wanted) {
    for (const tag of wanted || []) {
      const primary = String(tag).split(/[-_]/)[0].toLowerCase();
      if (bundles.has(primary)) return primary;
    }
    return FALLBACK;
  }

  function stored() {
    try { return localStorage.getItem(STORED); } catch (_) { return null; }
  }

  let lang = bundles.has(stored()) ? stored()
    : negotiate(navigator.languages && navigator.languages.length ? navigator.languages
      : [navigator.language]);

  // The message `id` with `args` in the page's language (English if its catalog lacks
  // it, the key itself if no catalog has it).
  function t(id, args) {
    let bundle = bundles.get(lang);
    if (!bundle || !bundle.hasMessage(id)) {
      missing.add(lang + ":" + id);
      bundle = bundles.get(FALLBACK);
      if (!bundle || !bundle.hasMessage(id)) return id;
    }
    const errors = [];
    // A catalog wraps a long message over lines for its reader; the page's text has no
    // hard line breaks.
    const text = bundle.formatPattern(bundle.getMessage(id).value, args || null, errors)
      .replace(/\n/g, " ");
    for (const e of errors) missing.add(lang + ":" + id + ": " + e.message);
    return text;
  }

  // A message the server built (harness::i18n::Message as JSON: {id, args}, an argument
  // that is itself one said first), in the page's language.
  function say(message) {
    if (!message || typeof message.id !== "string") return "";
    const args = {};
    for (const [k, v] of Object.entries(message.args || {})) {
      args[k] = v && typeof v === "object" ? say(v) : v;
    }
    return t(message.id, args);
  }

  // The message as nodes: each argument that is a DOM node stands where the message puts
  // it (the dice of a position in a sentence, whatever the language's word order).
  function nodes(id, args) {
    const marks = [];
    const plain = {};
    for (const [k, v] of Object.entries(args || {})) {
      if (v instanceof Node) {
        plain[k] = "\uE000" + marks.length + "\uE001";
        marks.push(v);
      } else plain[k] = v;
    }
    const out = document.createDocumentFragment();
    for (const part of t(id, plain).split(/(\uE000\d+\uE001)/)) {
      const m = /^\uE000(\d+)\uE001$/.exec(part);
      if (m) out.append(marks[Number(m[1])]);
      else if (part) out.append(part);
    }
    return out;
  }

  // Puts the page's fixed text in: data-i18n (text), data-i18n-html (the catalog's own
  // markup, <b> and <code>: the catalogs are the page's, never a person's), and
  // data-i18n-label / data-i18n-title (attributes).
  function apply(root) {
    const scope = root || document;
    document.documentElement.lang = lang;
    for (const el of scope.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of scope.querySelectorAll("[data-i18n-html]")) el.innerHTML = t(el.dataset.i18nHtml);
    for (const el of scope.querySelectorAll("[data-i18n-label]")) {
      el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    }
    for (const el of scope.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  }

  const listeners = [];

  // Makes `select` the language switch: each catalog by its own name; a choice is
  // remembered, the page's text put in again, and `onChange` told.
  function switcher(select, onChange) {
    select.replaceChildren();
    for (const [tag, bundle] of bundles) {
      const option = document.createElement("option");
      option.value = tag;
      option.lang = tag;
      option.textContent = bundle.hasMessage("language-name")
        ? bundle.formatPattern(bundle.getMessage("language-name").value) : tag;
      select.appendChild(option);
    }
    select.value = lang;
    if (onChange) listeners.push(onChange);
    select.addEventListener("change", () => setLang(select.value));
  }

  function setLang(tag) {
    if (!bundles.has(tag)) return;
    lang = tag;
    try { localStorage.setItem(STORED, tag); } catch (_) { /* a page from the disk may not keep it */ }
    apply(document);
    for (const f of listeners) f(tag);
  }

  // A number as the page's language writes it.
  const number = (n, options) => new Intl.NumberFormat(lang, options).format(n);

  return {
    t, say, nodes, apply, switcher, setLang, number, missing,
    get lang() { return lang; },
    get languages() { return [...bundles.keys()]; },
  };
})();
