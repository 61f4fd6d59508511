/* One run's view: its detail, trace and verdict, loaded from the report's chunk files
 * (details/<n>.js, details/v<n>.js) when the run is opened, and drawn as text only. */
(function () {
  "use strict";
  var D = window.BENCH_REPORT;
  var V = window.BenchViewer;
  var safeHref = V.safeHref, el = V.el, add = V.add, clear = V.clear, show = V.show, DASH = V.DASH, isNum = V.isNum, fmtInt = V.fmtInt, fmtNum = V.fmtNum, fmtPct = V.fmtPct, fmtMs = V.fmtMs, fmtUsd = V.fmtUsd, fmtBool = V.fmtBool, formatValue = V.formatValue, parseHash = V.parseHash, routeHref = V.routeHref, cellNode = V.cellNode, table = V.table, pairs = V.pairs, section = V.section, rowsOf = V.rowsOf;
  // ---------- one run, loaded on demand ----------
  var chunkPromises = {};
  var chunkWaiters = {};
  window.BENCH_CHUNK = function (n, packed) { if (chunkWaiters["d" + n]) chunkWaiters["d" + n](packed); };
  window.BENCH_VERDICTS = function (n, packed) { if (chunkWaiters["v" + n]) chunkWaiters["v" + n](packed); };
  function inflate(packed) {
    var bin = atob(packed);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  function loadScript(key, file) { // a chunk file of this report, by number only
    if (!chunkPromises[key]) {
      chunkPromises[key] = new Promise(function (resolve, reject) {
        chunkWaiters[key] = resolve;
        var s = document.createElement("script");
        s.src = "details/" + file;
        s.onerror = function () { reject(new Error("cannot load details/" + file + " (keep the report folder together)")); };
        document.head.appendChild(s);
      }).then(inflate);
    }
    return chunkPromises[key];
  }
  function loadChunk(n) { // a run's detail and trace, with its verdict when the sweep has verdict chunks
    if (!Number.isInteger(n) || n < 0) return Promise.reject(new Error("this run has no detail"));
    var parts = [loadScript("d" + n, n + ".js"), D.kind === "sweep" ? loadScript("v" + n, "v" + n + ".js") : Promise.resolve({})];
    return Promise.all(parts).then(function (both) {
      Object.keys(both[0]).forEach(function (id) { if (both[0][id].verdict === undefined) both[0][id].verdict = both[1][id] || null; });
      return both[0];
    });
  }
  V.runView = function runView(params) {
    var root = show("run");
    var id = params.id || "";
    var row = D.kind === "trace" ? null : V.runRows().filter(function (r) { return r.run_id === id; })[0];
    var chunk = D.kind === "trace" ? 0 : row ? row.chunk : -1;
    add(root, el("p", { class: "crumbs" },
      row ? [el("a", { href: routeHref("runs", { cell: row.cell }), text: "← " + row.cell + " runs" }), " · ",
        el("a", { href: routeHref("question", { id: row.question_id, cell: row.cell }), text: "this question in every cell" })] : null));
    var body = el("div", { id: "run-detail" }, el("p", { class: "hint", text: "Loading run " + id + "…" }));
    add(root, body);
    loadChunk(chunk).then(function (details) {
      var d = D.kind === "trace" ? details[Object.keys(details)[0]] : details[id];
      clear(body);
      if (!d) { add(body, el("p", { class: "notice", text: "No run " + id + " in this report." })); return; }
      renderRun(body, d);
      V.ready("run");
    }).catch(function (err) { clear(body); add(body, el("p", { class: "notice", text: String(err.message || err) })); });
  }
  // wrap: the indices of the columns that hold free text (a finding's value or context, a
  // search's reason), which wrap; the other columns hold figures and stay on one line.
  function miniTable(headers, rows, wrap) {
    wrap = wrap || [];
    return el("div", { class: "scroll" }, el("table", {}, el("thead", {}, el("tr", {}, headers.map(function (h) { return el("th", { text: h }); }))),
      el("tbody", {}, rows.map(function (r) {
        return el("tr", {}, r.map(function (v, i) { return el("td", wrap.indexOf(i) >= 0 ? { class: "wrap", text: v } : { text: v }); }));
      }))));
  }
  function renderRun(body, d) {
    var q = D.questions ? D.questions[d.question_id] : null;
    add(body, el("h2", {}, "Run ", el("span", { class: "mono", text: d.run_id })));
    add(body, el("p", {}, el("span", { class: "pill status-" + d.status, text: d.status }), " ",
      el("span", { class: "pill " + (d.verdict ? d.verdict.css : "none"), text: d.verdict ? d.verdict.label : "not judged" })));
    add(body, pairs(d.facts));
    add(body, el("h3", { text: "Question" }), el("div", { class: "text", id: "run-question", text: (q && q.text) || d.question_text || "(question text not recorded)" }));
    add(body, el("h3", { text: "Answer" }));
    add(body, d.answer ? el("div", { class: "text answer", id: "run-answer", text: d.answer }) : el("p", { class: "notice", text: "No answer." }));
    if (d.confidence) add(body, el("p", { text: "Confidence: " + d.confidence }));
    if (d.sources.length) add(body, el("p", { text: "Sources:" }), el("ul", { class: "sources" }, d.sources.map(function (s) { return el("li", { text: s }); })));
    if (d.error) add(body, el("h3", { text: "Error" + (d.error_kind ? " (" + d.error_kind + ")" : "") }), el("div", { class: "text error", text: d.error }));
    if (q && q.gold) add(body, el("h3", { text: "Gold answer" }), el("div", { class: "text gold", text: q.gold }), q.justification ? el("p", { class: "hint", text: q.justification }) : null);
    add(body, el("h3", { text: "Verdict: " + (d.verdict ? d.verdict.label : "not judged") }));
    if (d.verdict) { add(body, pairs(d.verdict.rows)); if (d.verdict.rationale) add(body, el("h4", { text: "Rationale" }), el("div", { class: "text", text: d.verdict.rationale })); }
    if (d.usage_rows.length) {
      add(body, el("h3", { text: "Usage and cost" }), miniTable(["role", "input", "output", "cache read", "cache write", "total"], d.usage_rows));
      if (d.usage_estimated) add(body, el("p", { class: "hint", text: "Token counts are estimated (the provider did not report them)." }));
      add(body, el("div", { class: "columns" }, el("div", {}, el("h4", { text: "Calls and cost" }), pairs(d.costs)), el("div", {}, el("h4", { text: "Tool use" }), pairs(d.tool_stats))));
      add(body, el("h3", { text: "Pages" }));
      var pages = el("p", {}, "Fetched: ");
      if (!d.pages.length) add(pages, "none");
      d.pages.forEach(function (p) { add(pages, [el("span", { class: "page" + (p[1] ? " evidence" : ""), text: p[0] }), " "]); });
      add(body, pages, el("p", { text: "Gold evidence pages: " + d.evidence_pages + " · evidence hit: " + d.evidence_hit }));
      if (d.provenance.length) add(body, el("h4", { text: "Provenance of the answer's numbers" }), pairs(d.provenance));
    }
    if (d.findings.length) add(body, el("h3", { text: "Findings (" + d.findings.length + ")" }), miniTable(["label", "value", "unit", "page", "section", "context"], d.findings, [0, 1, 4, 5]));
    if (d.failed_searches.length) add(body, el("h3", { text: "Failed searches (" + d.failed_searches.length + ")" }), miniTable(["item", "reason", "sections tried"], d.failed_searches, [0, 1, 2]));
    if (d.plan || d.tasks) {
      add(body, el("h3", { text: "Plan" }));
      if (d.tasks) add(body, el("p", { text: d.tasks + (d.agent_types ? " · agents: " + d.agent_types : "") }));
      if (d.plan) add(body, el("details", {}, el("summary", { text: "plan" }), el("pre", { text: d.plan })));
    }
    add(body, el("h3", { text: "Trace", id: "trace" }));
    add(body, d.trace_missing ? el("p", { class: "notice", text: "No trace was recorded for this run." }) : el("p", { class: "hint", text: d.timeline_counts }));
    if (d.texts_cut) add(body, el("p", { class: "notice", id: "texts-cut", text: "At this sweep's size the report keeps only the end of each prompt and the start of long replies and results; the whole trace is in " + d.trace_file }));
    else if (d.trace_file) add(body, el("p", { class: "hint", text: "Trace file: " + d.trace_file }));
    var ol = el("ol", { class: "timeline", id: "timeline" });
    d.timeline.forEach(function (item) {
      var li = el("li", { class: "entry " + item.css }, el("div", { class: "entry-head" }, el("span", { class: "at", text: item.at }), " ", el("strong", { text: item.title }),
        item.badges.map(function (b) { return el("span", { class: "badge", text: b }); })));
      if (item.fields.length) add(li, pairs(item.fields)).lastChild.classList.add("small");
      item.details.forEach(function (dt) { add(li, el("details", {}, el("summary", { text: dt[0] }), el("pre", { text: dt[1] }))); });
      add(ol, li);
    });
    add(body, ol);
  }

})();
