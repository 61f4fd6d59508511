/* The sweep report's viewer: renders data.js (window.BENCH_REPORT) into the page.
 *
 * Rules that keep the report safe and honest:
 * - model text only ever goes into the DOM as text (textContent, Tabulator formatters that
 *   return elements), never as HTML; links are only the routes the Python side built
 *   (#view?key=value) or chunk files named by number;
 * - every figure comes from data.js, computed by harness.stats and harness.criteria; this
 *   script formats, filters and sorts, it computes no statistic.
 * Views are routes in the URL's hash, so every state (a filtered, sorted run list; a run;
 * a question side by side) is a link that can be shared and reopened.
 */
(function () {
  "use strict";
  var D = window.BENCH_REPORT;
  var V = window.BenchViewer;
  var safeHref = V.safeHref, el = V.el, add = V.add, clear = V.clear, show = V.show, DASH = V.DASH, isNum = V.isNum, fmtInt = V.fmtInt, fmtNum = V.fmtNum, fmtPct = V.fmtPct, fmtMs = V.fmtMs, fmtUsd = V.fmtUsd, fmtBool = V.fmtBool, formatValue = V.formatValue, parseHash = V.parseHash, routeHref = V.routeHref, cellNode = V.cellNode, table = V.table, pairs = V.pairs, section = V.section, rowsOf = V.rowsOf;
  var started = performance.now();
  var violations = [];
  document.addEventListener("securitypolicyviolation", function (e) {
    violations.push(e.violatedDirective + " " + (e.blockedURI || ""));
    document.body.setAttribute("data-csp-violations", String(violations.length));
  });

  // ---------- overview ----------
  var charts = [];
  function overview() {
    var root = show("overview");
    charts.forEach(function (c) { c.destroy(); });
    charts = [];
    var v = D.verdict;
    add(root, el("div", { class: "verdict " + v.css, id: "verdict" }, el("strong", { text: v.headline }), el("p", { text: v.explanation })));
    if (!D.header.judged) add(root, el("p", { class: "notice", text: D.header.unjudged + " of " + D.header.runs + " answers are not judged: cells with an unjudged answer show accuracy as \"not judged\" (an unjudged answer is never counted as wrong). Run the analysis with --judge (or --judge-model offline without a key) to judge them." }));
    // Every accuracy below is this judge's: how often it agrees with people bounds what they can show.
    if (D.header.judge_trust) add(root, el("p", { class: "notice", id: "judge-trust", text: "Judge: " + D.header.judge_name + ". Against human labels, " + D.header.judge_trust + "." }));
    var s = section("Success criteria", "From the iterative-retrieval design: " + D.thresholds + ". Every figure links to the runs behind it; hover for its detail. A ? marks a verdict whose 95% interval (clustered by question) reaches across the target: more questions like these could turn it.");
    s.id = "criteria";
    add(s, table(D.criteria, "criteria"));
    add(root, s);
    if (D.gate) {
      s = section("CI gate: " + (D.gate.passed ? "passed" : "failed"), "Limits from the budgets file; a regression check, not the design targets (see the verdict above).");
      s.id = "gate";
      add(s, table(D.gate.table));
      add(root, s);
    }
    if (D.comparison) add(root, comparison(D.comparison));
    s = section("Cells: outcomes and cost", "Accuracy = mean over questions of the share of runs judged correct (a fail, error or refusal is not correct; a cell with an unjudged answer is \"not judged\"). The 95% interval is clustered by question (Wilson at the effective number of questions): reruns of a question are not new samples. Consistency = questions whose runs all got the same verdict (runs that ended in an error left out). Reliability = runs that produced an answer / all runs (status ok and not judged a refusal: an answer saying it cannot answer is none); refusals = runs judged a refusal, or where the model gave up (status fail); errored = runs that ended in an error (a provider error or a crash is not a refusal). Token and cost figures are the runs' own; the judge's are in Config & environment. Per-run means (tokens, cost per run, duration, and the behaviour below) leave out the runs a provider fault ended, which measure the provider, not the mode; reliability and accuracy count them.");
    s.id = "cells";
    add(s, table(D.outcome_table));
    add(s, el("h2", { text: "Cells: behaviour and tool use" }), el("p", { class: "hint", text: "Means per run. Evidence hit: the run fetched a gold evidence page (over questions that have one). Provenance: answers stating a number whose numbers all trace to a finding or to a page the run fetched." }));
    add(s, table(D.behaviour_table));
    add(root, s);
    if (D.failures) {
      s = section("Why runs gave no answer", "Commonest causes first: an error (the harness could not finish the run: a provider fault or a budget; `python bench.py --retry-errors SWEEP` runs them again) by its kind, a fail (the retriever gave up) by the reason it gave. Each counts against reliability, never as correct. Click a cause for its runs.");
      s.id = "failures";
      add(s, table(D.failures));
      add(root, s);
    }
    if (D.modes) {
      s = section("Modes compared (paired on shared questions)", "Later mode minus earlier, on the questions both ran: the accuracies are on those shared questions only, not the cells' own. A change is coloured (significant) when the exact test gives p < 0.05 and its 95% interval excludes zero.");
      s.id = "modes";
      add(s, table(D.modes));
      add(root, s);
    }
    s = section("Charts", "Click a point or a bar to see that cell's runs.");
    s.id = "charts";
    var grid = el("div", { class: "charts" });
    add(s, grid);
    add(root, s);
    drawCharts(grid);
    s = section("By question type");
    s.id = "types";
    add(s, table(D.type_table));
    add(root, s);
    var all = el("details", { class: "all-figures" }, el("summary", { text: "All cell figures (every column of the statistics, unformatted)" }));
    add(all, genericTable(D.cell_figures));
    add(root, all);
  }
  function genericTable(t) {
    var head = el("tr", {}, t.columns.map(function (c) { return el("th", { text: c.key }); }));
    var body = el("tbody", {}, t.rows.map(function (r) {
      return el("tr", {}, r.map(function (v, i) { return el("td", { text: formatValue(t.columns[i].key, t.columns[i].kind, v) }); }));
    }));
    return el("div", { class: "scroll" }, el("table", { class: "figures" }, el("thead", {}, head), body));
  }
  function comparison(c) {
    var s = section("Compared with baseline " + c.baseline_id, "Changes are after − before, paired on the questions both sweeps ran: when every question's runs agree, Tango's score interval and McNemar's exact test on the questions that flipped; otherwise an interval clustered by question (Student's t) and the sign test. Accuracies are on the shared questions only, not the cells' own; runs are the whole cells'. A change is coloured (significant) when the exact test gives p < 0.05 and its interval excludes zero. A flipped question opens side by side with its baseline runs.");
    s.id = "baseline";
    if (c.judge) add(s, el("p", { text: "Both sweeps judged by " + c.judge + ": one judge, so a change is the runs', not the judges'." }));
    add(s, table(c.cells));
    if (c.only_current.length) add(s, el("p", { text: "Only in this sweep: " + c.only_current.join(", ") }));
    if (c.only_baseline.length) add(s, el("p", { text: "Only in the baseline: " + c.only_baseline.join(", ") }));
    add(s, el("h3", { text: "Questions whose majority verdict flipped" }));
    if (!c.judged) add(s, el("p", { class: "notice", text: "Not compared: one of the two sweeps was not judged." }));
    else if (c.flips.rows.length) { var flips = table(c.flips); flips.id = "flips"; add(s, flips); }
    else add(s, el("p", { text: "None." }));
    if (c.judged && c.no_answer.rows.length) {
      add(s, el("p", { class: "hint", text: "Not flips: on one side every run ended in an error, so that side has no answer (not a refusal) and no verdict to flip from or to. Accuracy still counts those runs as not correct." }));
      var none = table(c.no_answer); none.id = "no-answer-sides"; add(s, none);
    }
    return s;
  }
  function chartBox(grid, title) {
    var canvas = el("canvas", {});
    add(grid, el("figure", {}, el("figcaption", { text: title }), el("div", { class: "chart-box" }, canvas)));
    return canvas;
  }
  function goCell(cell) { location.hash = routeHref("runs", { cell: cell }); }
  function drawCharts(grid) {
    if (!window.Chart) { add(grid, el("p", { class: "notice", text: "Charts need static/vendor/chart.umd.min.js." })); return; }
    var cells = D.charts.cells;
    if (!cells.length) { add(grid, el("p", { class: "notice", text: "Not drawn: no runs." })); return; }
    var common = { animation: false, responsive: true, maintainAspectRatio: false };
    // A cell without token figures (every run ended in error) has no place on the tokens axis.
    var judged = cells.filter(function (c) { return isNum(c.accuracy) && isNum(c.tokens_mean); });
    if (judged.length) {
      var canvas = chartBox(grid, "Accuracy vs mean tokens per run (target: > 50%, < 25k)");
      var refs = D.charts.references.map(function (r) { return { x: r.tokens, y: (r.low + r.high) * 50, label: r.label }; });
      charts.push(new Chart(canvas, {
        type: "scatter",
        data: { datasets: [
          { label: "cells", data: judged.map(function (c) { return { x: c.tokens_mean, y: c.accuracy * 100, cell: c.cell, low: c.accuracy_low * 100, high: c.accuracy_high * 100 }; }), backgroundColor: "#0969da", pointRadius: 6 },
          { label: "seed references", data: refs, backgroundColor: "#9e9e9e", pointStyle: "rect", pointRadius: 6 },
        ] },
        options: Object.assign({}, common, {
          scales: { x: { type: "logarithmic", title: { display: true, text: "mean tokens per run (log)" } }, y: { min: 0, max: 100, title: { display: true, text: "accuracy %" } } },
          plugins: { tooltip: { callbacks: { label: function (ctx) { var p = ctx.raw; return p.cell ? p.cell + ": " + p.y.toFixed(1) + "% (95% CI " + p.low.toFixed(0) + "–" + p.high.toFixed(0) + "%), " + fmtInt(p.x) + " tokens" : p.label; } } } },
          onClick: function (e, items) { items.forEach(function (it) { if (it.datasetIndex === 0) goCell(judged[it.index].cell); }); },
        }),
      }));
    } else {
      add(grid, el("figure", {}, el("figcaption", { text: "Accuracy vs mean tokens per run" }), el("p", { class: "notice", text: "Not drawn: the answers were not judged." })));
    }
    var labels = cells.map(function (c) { return c.cell; });
    // yMax: a percent axis runs to 100 (with every cell at 0% Chart.js drew it from 0 to 1).
    var bars = function (title, datasets, yTitle, yMax) {
      var cv = chartBox(grid, title);
      charts.push(new Chart(cv, { type: "bar", data: { labels: labels, datasets: datasets },
        options: Object.assign({}, common, { scales: { y: { beginAtZero: true, max: yMax, title: { display: true, text: yTitle } } },
          onClick: function (e, items) { if (items.length) goCell(labels[items[0].index]); } }) }));
    };
    bars("Reliability per cell (target > 90%)", [{ label: "answered %", data: cells.map(function (c) { return c.reliability * 100; }),
      backgroundColor: cells.map(function (c) { return c.reliability > D.charts.targets.reliability ? "#2e7d32" : "#c62828"; }) }], "% of runs that answered", 100);
    bars("Tokens per run: median, mean, p95 (budget 25k)", [
      { label: "median", data: cells.map(function (c) { return c.tokens_median; }), backgroundColor: "#9ecae1" },
      { label: "mean", data: cells.map(function (c) { return c.tokens_mean; }), backgroundColor: "#3182bd" },
      { label: "p95", data: cells.map(function (c) { return c.tokens_p95; }), backgroundColor: "#08519c" },
    ], "tokens");
  }

  // ---------- runs grid ----------
  var RUNS = null; // row objects
  var COLUMNS = D.runs ? D.runs.columns : [];
  var grid = null;
  var VERDICT_ORDER = { incorrect: 0, refusal: 1, unjudged: 2, correct: 4 };
  var STATUS_ORDER = { error: 0, fail: 1, ok: 2 };
  function runRows() {
    if (RUNS) return RUNS;
    RUNS = rowsOf(D.runs);
    RUNS.forEach(function (r) { var q = D.questions[r.question_id]; r.question_text = q ? q.text : ""; });
    return RUNS;
  }
  function distinct(key) {
    var seen = {};
    runRows().forEach(function (r) { var v = r[key]; seen[v === null || v === undefined ? "" : v] = true; });
    return Object.keys(seen).sort();
  }
  var FILTERS = [
    ["model", "model"], ["mode", "mode"], ["cell", "cell"], ["verdict", "verdict"], ["status", "status"], ["type", "question type"], ["failed", "failed criterion"],
  ];
  function filterValues(key) {
    if (key === "type") return distinct("question_type");
    if (key === "verdict") return distinct("verdict").map(function (v) { return v || "not judged"; });
    if (key === "failed") {
      var names = {};
      Object.keys(D.failed_criteria).forEach(function (c) { D.failed_criteria[c].forEach(function (n) { names[n] = true; }); });
      return ["any"].concat(Object.keys(names).sort());
    }
    return distinct(key);
  }
  function matches(r, p) {
    if (p.model && r.model !== p.model) return false;
    if (p.mode && r.mode !== p.mode) return false;
    if (p.cell && r.cell !== p.cell) return false;
    if (p.status && r.status !== p.status) return false;
    if (p.type && r.question_type !== p.type) return false;
    if (p.verdict && (r.verdict || "not judged") !== p.verdict) return false;
    if (p.failed) {
      var failed = D.failed_criteria[r.cell] || [];
      if (p.failed === "any" ? !failed.length : failed.indexOf(p.failed) < 0) return false;
    }
    if (p.q) {
      if (r._hay === undefined) r._hay = [r.run_id, r.question_id, r.question_text, r.answer, r.error].join("\n").toLowerCase();
      var words = p.q.toLowerCase().split(/\s+/).filter(Boolean);
      for (var i = 0; i < words.length; i++) if (r._hay.indexOf(words[i]) < 0) return false;
    }
    return true;
  }
  function textFormatter(key, kind) {
    return function (cell) {
      var v = cell.getValue();
      var span = document.createElement("span");
      span.textContent = formatValue(key, kind, v);
      if (key === "answer" && !v) { span.textContent = cell.getRow().getData().error || ""; span.className = "muted"; }
      if (key === "verdict" || key === "status") span.className = "pill " + (key === "status" ? "status-" : "") + (v || "none");
      return span;
    };
  }
  function sorterFor(key) {
    if (key === "verdict") return function (a, b) { return (a in VERDICT_ORDER ? VERDICT_ORDER[a] : 3) - (b in VERDICT_ORDER ? VERDICT_ORDER[b] : 3); };
    if (key === "status") return function (a, b) { return (STATUS_ORDER[a] || 0) - (STATUS_ORDER[b] || 0); };
    if (key === "provenance_ok" || key === "evidence_hit") return function (a, b) { var o = function (x) { return x === false ? 0 : x === true ? 2 : 1; }; return o(a) - o(b); };
    return undefined;
  }
  function columnDefs(visible) {
    var defs = [{ title: "question text", field: "question_text", visible: !!visible.question_text, formatter: textFormatter("question_text", "text"), tooltip: true, minWidth: 160, widthGrow: 2, headerSort: true }];
    COLUMNS.forEach(function (c) {
      if (c.key === "chunk") return;
      var def = { title: c.title, field: c.key, visible: visible[c.key] !== undefined ? visible[c.key] : c.shown, formatter: textFormatter(c.key, c.kind), headerTooltip: c.key };
      var sorter = sorterFor(c.key);
      if (sorter) def.sorter = sorter;
      else if (c.kind === "int" || c.kind === "float") def.sorter = "number";
      if (c.kind !== "text" || c.key === "status" || c.key === "verdict") def.hozAlign = c.kind === "text" ? "left" : "right";
      if (c.key === "answer") { def.widthGrow = 3; def.minWidth = 220; def.tooltip = true; }
      else if (c.key === "error") { def.minWidth = 120; def.tooltip = true; }
      else if (c.key === "run_id") { def.minWidth = 150; def.tooltip = true; }
      else def.minWidth = Math.max(56, c.title.length * 8 + 26);
      if (c.key === "verdict") def.minWidth = 96;
      defs.push(def);
    });
    return defs;
  }
  var visibleCols = {};
  function runsView(params) {
    var root = show("runs");
    var bar = el("div", { class: "filters", id: "filters" });
    FILTERS.forEach(function (f) {
      var select = el("select", { id: "filter-" + f[0], "data-key": f[0] }, el("option", { value: "", text: "any " + f[1] }));
      filterValues(f[0]).forEach(function (v) { add(select, el("option", { value: v, text: v || "(none)" })); });
      select.value = params[f[0]] || "";
      select.addEventListener("change", function () { update(); });
      add(bar, el("label", { title: f[1] }, select));
    });
    var search = el("input", { id: "search", type: "search", placeholder: "search questions, answers, ids…", value: params.q || "" });
    var timer = null;
    search.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(function () { update(); }, 150); });
    add(bar, search);
    var count = el("span", { class: "count", id: "run-count" });
    add(bar, count);
    var reset = el("a", { href: "#runs", id: "clear-filters", text: "clear filters" });
    add(bar, reset);
    add(root, bar);
    var chooser = el("details", { class: "columns-chooser" }, el("summary", { text: "Columns" }));
    add(root, chooser);
    add(root, el("p", { class: "hint", text: "Click a run to open it with its trace. Sort by clicking a column header (status, verdict and provenance sort worst first). Filters and sort are kept in the address, so a view can be shared." }));
    var holder = el("div", { id: "runs-grid" });
    add(root, holder);
    if (!window.Tabulator) { add(root, el("p", { class: "notice", text: "The run grid needs static/vendor/tabulator.min.js." })); return; }
    var rows = runRows();
    var current = Object.assign({}, params);
    delete current.sort;
    function readControls() {
      var p = {};
      FILTERS.forEach(function (f) { var v = document.getElementById("filter-" + f[0]).value; if (v) p[f[0]] = v; });
      if (search.value.trim()) p.q = search.value.trim();
      return p;
    }
    function remember() { // the view's state in the address, so it can be shared and reopened
      var p = Object.assign({}, current);
      var sorters = grid ? grid.getSorters() : [];
      if (sorters.length) p.sort = (sorters[0].dir === "desc" ? "-" : "") + sorters[0].field;
      history.replaceState(null, "", routeHref("runs", p));
    }
    function update() {
      current = readControls();
      remember();
      if (grid) grid.setFilter(function (r) { return matches(r, current); });
    }
    var sort = params.sort || "";
    var initialSort = sort ? [{ column: sort.replace(/^-/, ""), dir: sort.charAt(0) === "-" ? "desc" : "asc" }] : [];
    grid = new Tabulator(holder, {
      data: rows, index: "run_id", height: "68vh", layout: "fitColumns", columns: columnDefs(visibleCols),
      initialSort: initialSort, initialFilter: [{ field: "run_id", type: "like", value: "" }],
      placeholder: "No run matches these filters.", renderVertical: "virtual", columnHeaderSortMulti: false,
    });
    grid.on("tableBuilt", function () {
      grid.setFilter(function (r) { return matches(r, current); });
      ready("runs");
    });
    grid.on("dataFiltered", function (filters, shown) { count.textContent = shown.length.toLocaleString("en-US") + " of " + rows.length.toLocaleString("en-US") + " runs"; });
    grid.on("dataSorted", function () { if (grid) remember(); });
    grid.on("rowClick", function (e, row) { location.hash = routeHref("run", { id: row.getData().run_id }); });
    // the column chooser: every run column, new ones included
    var list = el("div", { class: "chooser" });
    columnDefs(visibleCols).forEach(function (def) {
      var box = el("input", { type: "checkbox", "data-field": def.field });
      box.checked = def.visible;
      box.addEventListener("change", function () {
        visibleCols[def.field] = box.checked;
        if (box.checked) grid.showColumn(def.field); else grid.hideColumn(def.field);
      });
      add(list, el("label", {}, box, " " + def.title));
    });
    add(chooser, list);
  }

  // ---------- questions ----------
  function questionsView(params) {
    var root = show("questions");
    var g = D.grid;
    add(root, el("h2", { text: "Questions × cells" }), el("p", { class: "hint", text: "One mark per run: ✓ correct, ✗ incorrect, ⊘ refusal (the model declined or gave up), ? unjudged, · not judged, " + g.no_answer.join(" ") + ". The colour is the majority verdict. Click a question to see its runs side by side" + (D.baseline_runs ? ", with the baseline's." : ".") }));
    var search = el("input", { id: "question-search", type: "search", placeholder: "search question text or id…", value: params.q || "" });
    add(root, search);
    var body = el("tbody");
    var head = el("tr", {}, el("th", { text: "question" }), el("th", { text: "type" }), el("th", { text: "text" }), g.cells.map(function (c) { return el("th", { text: c }); }));
    add(root, el("div", { class: "scroll" }, el("table", { class: "grid" }, el("thead", {}, head), body)));
    function fill() {
      clear(body);
      var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      g.rows.forEach(function (row) {
        var q = D.questions[row[0]] || {};
        var hay = (row[0] + " " + (q.text || "")).toLowerCase();
        for (var i = 0; i < words.length; i++) if (hay.indexOf(words[i]) < 0) return;
        var href = routeHref("question", { id: row[0] });
        var tr = el("tr", {}, el("td", { class: "mono" }, el("a", { href: href, text: row[0] })), el("td", { text: row[1] }), el("td", { class: "qtext", text: q.text || "" }));
        row[2].forEach(function (m) { add(tr, m ? el("td", { class: "marks " + m[1] }, el("a", { href: href, text: m[0] })) : el("td", {})); });
        add(body, tr);
      });
    }
    search.addEventListener("input", fill);
    fill();
  }
  function questionView(params) {
    var root = show("question");
    var id = params.id || "";
    var q = D.questions[id];
    add(root, el("p", {}, el("a", { href: "#questions", text: "← all questions" })));
    add(root, el("h2", {}, "Question ", el("span", { class: "mono", text: id })));
    if (!q) { add(root, el("p", { class: "notice", text: "This sweep has no question " + id + "." })); return; }
    add(root, el("div", { class: "text", text: q.text || "(question text not recorded)" }));
    if (q.gold) add(root, el("h3", { text: "Gold answer" }), el("div", { class: "text gold", text: q.gold }), q.justification ? el("p", { class: "hint", text: q.justification }) : null);
    var mine = runRows().filter(function (r) { return r.question_id === id; });
    var base = D.baseline_runs ? rowsOf(D.baseline_runs).filter(function (r) { return r.question_id === id; }) : [];
    var cells = [];
    mine.concat(base).forEach(function (r) { if (cells.indexOf(r.cell) < 0) cells.push(r.cell); });
    if (params.cell && cells.indexOf(params.cell) > 0) { cells.splice(cells.indexOf(params.cell), 1); cells.unshift(params.cell); }
    var wrap = el("div", { class: "side-by-side" + (D.baseline_runs ? " with-baseline" : "") });
    cells.forEach(function (cell) {
      var card = el("div", { class: "cell-card" + (cell === params.cell ? " focus" : "") }, el("h3", { text: cell }));
      var cols = el("div", { class: "cols" });
      add(cols, runList("this sweep", mine.filter(function (r) { return r.cell === cell; }), true));
      if (D.baseline_runs) add(cols, runList("baseline " + D.baseline_runs.sweep_id, base.filter(function (r) { return r.cell === cell; }), false));
      add(card, cols);
      add(wrap, card);
    });
    add(root, wrap);
  }
  function runList(title, runs, linked) {
    var box = el("div", { class: "run-list" }, el("h4", { text: title }));
    if (!runs.length) add(box, el("p", { class: "hint", text: "no run" }));
    runs.forEach(function (r) {
      var head = el("div", { class: "run-head" },
        linked ? el("a", { href: routeHref("run", { id: r.run_id }), text: "run " + r.run_number }) : el("span", { text: "run " + r.run_number }),
        el("span", { class: "pill status-" + r.status, text: r.status }), el("span", { class: "pill " + (r.verdict || "none"), text: r.verdict || "not judged" }),
        el("span", { class: "hint", text: fmtInt(r.tokens_total) + " tokens" }));
      add(box, el("div", { class: "run-item" }, head, el("div", { class: "text", text: r.answer || r.error || "(no answer)" })));
    });
    return box;
  }

  // ---------- setup ----------
  function setupView() {
    var root = show("setup");
    var h = D.header;
    add(root, el("h2", { text: "Config & environment" }));
    var cols = el("div", { class: "columns" },
      el("div", {}, el("h3", { text: "Config" }), pairs(h.config)),
      el("div", {}, el("h3", { text: "Environment" }), pairs(h.environment)),
      el("div", {}, el("h3", { text: "Judge" }), h.judge.length ? pairs(h.judge) : el("p", { text: "Not judged." }),
        h.skipped.length ? [el("h3", { text: "Skipped questions (" + h.skipped.length + ")" }), el("ul", {}, h.skipped.map(function (s) { return el("li", { text: s }); }))] : null));
    add(root, cols);
  }

  // ---------- history (a page of its own: kind "history") ----------
  // A line per cell, question set and judge makes a long legend. In a box of fixed height
  // Chart.js caps the legend at half the box and hides the series past it, and what is left
  // of the plot is a sliver: the legend is drawn whole and the box grows by its height.
  // The legend's height follows the box's width (a grid column narrows as charts are added,
  // and with the window), so the box is sized after each layout; the resize that follows
  // lays the legend out at the same width, and stops there.
  // Chart.js cycles seven colours, so the eighth line would look like the first: a hue of
  // its own for each (the golden angle apart, so neighbours differ most), as the PNG has
  // them (history_page.series_colour).
  // A cell keeps its colour in every chart; its lines by other judges (accuracy) are dashed
  // (history_page.DASHES). A legend entry is cut in its middle to fit beside the others; the
  // tooltip names the line in full.
  function seriesColour(i) { return "hsl(" + Math.round(i * 137.5 % 360) + ", 70%, " + (i % 2 ? 38 : 50) + "%)"; }
  var DASHES = [[], [6, 3], [2, 2], [8, 3, 2, 3]];
  var LEGEND_CHARS = 60;
  function legendText(text) { return text.length <= LEGEND_CHARS ? text : text.slice(0, 28) + "…" + text.slice(-(LEGEND_CHARS - 29)); }
  function legendLabels(chart) {
    return Chart.defaults.plugins.legend.labels.generateLabels(chart).map(function (item) { item.text = legendText(item.text); return item; });
  }
  var UNCAPPED = 100000;
  var PLOT_HEIGHT = 260;
  var legendRoom = { id: "legendRoom", afterLayout: function (chart) {
    var box = chart.canvas.parentNode, wanted = PLOT_HEIGHT + chart.legend.height;
    if (Math.abs(box.clientHeight - wanted) > 1) box.style.height = wanted + "px";
  } };
  function historyView() {
    var root = show("history");
    var H = D.history_data;
    add(root, el("p", { class: "hint", text: H.note }));
    var grid = el("div", { class: "charts" });
    add(root, grid);
    if (window.Chart && H.sweeps.length) {
      H.metrics.forEach(function (m) {
        var canvas = chartBox(grid, m.title);
        // One line per series the harness grouped (points on a line compare); a sweep the
        // series has no point in is skipped over, not drawn as zero.
        var datasets = m.series.map(function (line) {
          var colour = seriesColour(line.colour);
          return { label: line.label, spanGaps: true, borderColor: colour, backgroundColor: colour, borderDash: DASHES[line.dash % DASHES.length],
            data: H.sweeps.map(function (s) { var v = line.values[s.sweep_id]; return v === undefined ? null : v; }) };
        });
        var chart = new Chart(canvas, { type: "line", data: { labels: H.sweeps.map(function (s) { return s.label; }), datasets: datasets },
          options: { animation: false, responsive: true, maintainAspectRatio: false, scales: { y: { beginAtZero: true, title: { display: true, text: m.unit } } },
            plugins: { legend: { maxHeight: UNCAPPED, labels: { generateLabels: legendLabels } } } }, plugins: [legendRoom] });
        charts.push(chart);
      });
    }
    add(root, el("h2", { text: "Sweeps" }), table(H.table));
  }

  // ---------- wiring ----------
  var readyMarked = false;
  function ready(view) {
    document.body.setAttribute("data-ready", view);
    if (!readyMarked) {
      readyMarked = true;
      var ms = performance.now() - started;
      performance.mark("bench-interactive");
      document.body.setAttribute("data-interactive-ms", String(Math.round(ms)));
    }
  }
  V.runRows = runRows;
  V.ready = ready;
  function route() {
    var r = parseHash();
    try {
      if (D.kind === "trace") { V.runView({ id: "" }); return; }
      if (D.kind === "history") { historyView(); ready("history"); return; }
      if (r.view === "runs") runsView(r.params);
      else if (r.view === "run") V.runView(r.params);
      else if (r.view === "questions") { questionsView(r.params); ready("questions"); }
      else if (r.view === "question") { questionView(r.params); ready("question"); }
      else if (r.view === "setup") { setupView(); ready("setup"); }
      else { overview(); ready("overview"); }
      if (r.view !== "runs" && grid) { grid.destroy(); grid = null; }
    } catch (err) {
      var box = document.getElementById("load-error");
      box.textContent = "The viewer failed: " + (err && err.message ? err.message : String(err));
      box.classList.remove("hidden");
      throw err;
    }
  }
  function header() {
    document.title = D.title;
    document.getElementById("title").textContent = D.title;
    var h = D.header;
    if (D.kind === "sweep") {
      document.getElementById("lede").textContent = h.runs + " runs over " + h.questions + " questions · status " + h.status + " · started " + h.created_at + " · finished " + h.finished_at;
      var brief = el("dl", { class: "brief" }, h.brief.map(function (kv) { return el("div", {}, el("dt", { text: kv[0] }), el("dd", { text: kv[1] })); }));
      document.getElementById("lede").after(brief);
    } else {
      document.getElementById("tabs").classList.add("hidden");
      document.getElementById("lede").textContent = D.lede || "";
    }
    if (D.history) {
      var link = document.getElementById("history-link");
      link.setAttribute("href", safeHref(D.history));
      link.classList.remove("hidden");
    }
  }
  if (!D) {
    var box = document.getElementById("load-error");
    box.textContent = "data.js did not load: keep the report folder together (index.html, data.js, details/, static/).";
    box.classList.remove("hidden");
    return;
  }
  header();
  window.addEventListener("hashchange", route);
  route();
})();
