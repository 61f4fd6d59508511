/* The report viewer's building blocks: DOM helpers that only ever create text nodes,
 * number formats, and the hash routes (#view?key=value) every view is reached by.
 * Loaded first; the views (viewer.js, run-view.js) take them from window.BenchViewer. */
(function () {
  "use strict";
  // ---------- small DOM helpers: text only ----------
  function safeHref(href) {
    if (typeof href !== "string") return "";
    if (href.charAt(0) === "#") return href;
    // relative paths inside the report folder tree (e.g. ../history/index.html): no scheme
    return /^[A-Za-z0-9_.\/-]+(#[A-Za-z0-9_=&%.?\/-]*)?$/.test(href) && href.indexOf("//") < 0 ? href : "";
  }
  function el(tag, attrs) {
    var node = document.createElement(tag);
    var a = attrs || {};
    Object.keys(a).forEach(function (k) {
      var v = a[k];
      if (v === undefined || v === null || (v === "" && k !== "value")) return;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = String(v);
      else if (k === "href") { var h = safeHref(v); if (h) node.setAttribute("href", h); }
      else if (k === "title" || k.indexOf("data-") === 0 || k === "id" || k === "type" || k === "placeholder" || k === "value" || k === "for") node.setAttribute(k, String(v));
    });
    for (var i = 2; i < arguments.length; i++) add(node, arguments[i]);
    return node;
  }
  function add(node) { // add(node, child, child...): strings become text nodes, arrays are flattened
    for (var i = 1; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === undefined || child === null || child === false) continue;
      if (Array.isArray(child)) child.forEach(function (c) { add(node, c); });
      else node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function show(id) {
    document.querySelectorAll(".view").forEach(function (v) { v.classList.toggle("hidden", v.id !== "view-" + id); });
    document.querySelectorAll("#tabs a[data-view]").forEach(function (a) {
      var on = a.getAttribute("data-view") === id || (id === "run" && a.getAttribute("data-view") === "runs") || (id === "question" && a.getAttribute("data-view") === "questions");
      a.classList.toggle("active", on);
    });
    return clear(document.getElementById("view-" + id));
  }

  // ---------- formatting ----------
  var DASH = "—";
  function isNum(v) { return typeof v === "number" && isFinite(v); }
  function fmtInt(v) { return isNum(v) ? Math.round(v).toLocaleString("en-US") : DASH; }
  function fmtNum(v) { return isNum(v) ? (Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en-US") : String(Math.round(v * 1000) / 1000)) : DASH; }
  function fmtPct(v) { return isNum(v) ? (v * 100).toFixed(1) + "%" : DASH; }
  function fmtMs(v) { return isNum(v) ? (Math.abs(v) < 1000 ? Math.round(v) + " ms" : (v / 1000).toFixed(1) + " s") : DASH; }
  function fmtUsd(v) { return isNum(v) ? (v < 1 ? "$" + v.toFixed(4) : "$" + v.toFixed(2)) : "unknown"; }
  function fmtBool(v) { return v === true ? "yes" : v === false ? "no" : DASH; }
  var FORMATS = { tokens_total: fmtInt, cost_usd: fmtUsd, duration_ms: fmtMs, evidence_hit: fmtBool, provenance_ok: fmtBool };
  function formatValue(key, kind, v) {
    if (v === null || v === undefined) return "";
    if (FORMATS[key]) return FORMATS[key](v);
    if (kind === "bool") return fmtBool(v);
    if (kind === "int") return fmtInt(v);
    if (kind === "float") return fmtNum(v);
    return String(v);
  }

  // ---------- routes ----------
  function parseHash() {
    var raw = (location.hash || "").replace(/^#/, "");
    var q = raw.indexOf("?");
    var view = (q < 0 ? raw : raw.slice(0, q)) || "";
    var params = {};
    if (q >= 0) new URLSearchParams(raw.slice(q + 1)).forEach(function (v, k) { params[k] = v; });
    return { view: view, params: params };
  }
  function routeHref(view, params) {
    var p = new URLSearchParams();
    Object.keys(params || {}).forEach(function (k) { if (params[k] !== "" && params[k] !== undefined && params[k] !== null) p.set(k, params[k]); });
    var s = p.toString();
    return "#" + view + (s ? "?" + s : "");
  }

  // ---------- generic pieces ----------
  function cellNode(c) {
    var attrs = { class: c.css || "", title: c.hint || "" };
    if (c.href) return el("td", attrs, el("a", { href: c.href, text: c.text, title: c.hint || "" }));
    return el("td", attrs, c.hint ? el("span", { title: c.hint, text: c.text }) : c.text);
  }
  function table(t, css) {
    var head = el("tr", {}, t.columns.map(function (c) { return el("th", { title: c.hint || "", text: c.title }); }));
    var body = el("tbody", {}, t.rows.map(function (row) { return el("tr", {}, row.map(cellNode)); }));
    return el("div", { class: "scroll" }, el("table", { class: css || "" }, el("thead", {}, head), body));
  }
  function pairs(items) {
    var dl = el("dl", { class: "pairs" });
    (items || []).forEach(function (kv) { add(dl, [el("dt", { text: kv[0] }), el("dd", { text: kv[1] })]); });
    return dl;
  }
  function section(title, hint) {
    var s = el("section", {}, el("h2", { text: title }));
    if (hint) add(s, el("p", { class: "hint", text: hint }));
    return s;
  }
  function rowsOf(t) { // {columns:[{key}], rows:[[...]]} -> objects
    var keys = t.columns.map(function (c) { return c.key; });
    return t.rows.map(function (r) { var o = {}; for (var i = 0; i < keys.length; i++) o[keys[i]] = r[i]; return o; });
  }


  window.BenchViewer = { safeHref: safeHref, el: el, add: add, clear: clear, show: show, DASH: DASH, isNum: isNum, fmtInt: fmtInt, fmtNum: fmtNum, fmtPct: fmtPct, fmtMs: fmtMs, fmtUsd: fmtUsd, fmtBool: fmtBool, formatValue: formatValue, parseHash: parseHash, routeHref: routeHref, cellNode: cellNode, table: table, pairs: pairs, section: section, rowsOf: rowsOf };
})();
