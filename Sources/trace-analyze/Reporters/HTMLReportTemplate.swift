/// The HTML report page, verbatim: HTML, CSS and JavaScript, edited here as one would edit a page.
///
/// Swift writes only the data, as JSON, between `head` and `tail` (inside the
/// `<script type="application/json" id="report-data">` element); the script below reads it and
/// builds the page. The hidden `#drawn` element's data attributes report what was built
/// (findings, evidence rows, fix-first entries, errors) for the browser tests.
///
/// Without JavaScript the page shows the text report instead, which Swift writes, escaped,
/// between `top` and `head` (inside the `<noscript>` element's `<pre>`).
enum HTMLReportTemplate {
    static var top: String { page.components(separatedBy: textMarker)[0] }
    static var head: String { page.components(separatedBy: textMarker)[1].components(separatedBy: marker)[0] }
    static var tail: String { page.components(separatedBy: marker)[1] }

    private static let marker = "/*REPORT-DATA*/"
    private static let textMarker = "/*REPORT-TEXT*/"

    private static let page = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="trace-analyze">
<title>trace-analyze report</title>
<style>
  :root { --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --bg: #fff; --panel: #f5f5f7; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg); background: var(--bg); }
  header, main, #no-script { max-width: 1100px; margin: 0 auto; padding: 12px 20px; }
  header { border-bottom: 1px solid var(--line); }
  h1 { font-size: 18px; margin: 0 0 4px; }
  h2 { font-size: 15px; margin: 20px 0 8px; }
  .summary { font-weight: 600; }
  .failed { color: #c62828; }
  .passed { color: #2e7d32; }
  .muted, .coverage { color: var(--muted); font-size: 12px; }
  .coverage { white-space: pre-wrap; margin: 4px 0 0; font-family: ui-monospace, Menlo, monospace; }
  .sev-error { color: #c62828; } .sev-warning { color: #a86b00; } .sev-info { color: #1565c0; }
  #toolbar { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; margin: 10px 0; }
  #filter { width: 260px; padding: 3px 6px; font: inherit; }
  .finding { border: 1px solid var(--line); border-left-width: 4px; border-radius: 4px; margin: 10px 0; padding: 8px 12px; }
  .finding.sev-error { border-left-color: #c62828; } .finding.sev-warning { border-left-color: #a86b00; } .finding.sev-info { border-left-color: #1565c0; }
  .finding h3 { font-size: 14px; margin: 0 0 4px; color: var(--fg); }
  .finding h3 .sev { text-transform: uppercase; font-size: 11px; margin-right: 6px; }
  .finding p { margin: 4px 0; color: var(--fg); }
  table.evidence { border-collapse: collapse; font: 12px/1.4 ui-monospace, Menlo, monospace; margin-top: 4px; }
  table.evidence td { padding: 1px 8px 1px 0; vertical-align: top; color: var(--fg); }
  table.evidence td.line { text-align: right; color: var(--muted); }
  ol#fix-first li { margin: 4px 0; }
  dl.rules dt { font-weight: 600; margin-top: 8px; }
  dl.rules dd { margin: 2px 0 0 16px; color: var(--muted); }
  code { font-family: ui-monospace, Menlo, monospace; }
  #report-text { white-space: pre-wrap; font: 12px/1.4 ui-monospace, Menlo, monospace; }
</style>
<noscript><style>main, #summary, #coverage { display: none; }</style></noscript>
</head>
<body>
<header>
  <h1>trace-analyze report</h1>
  <div id="summary" class="summary"></div>
  <div id="coverage" class="coverage"></div>
  <div id="timeline-link" class="muted" hidden></div>
</header>
<noscript>
  <section id="no-script">
    <p class="muted">JavaScript is off, so the page shows the report as <code>--format text</code> prints it.</p>
    <pre id="report-text">/*REPORT-TEXT*/</pre>
  </section>
</noscript>
<main>
  <section id="fix-first-section" hidden>
    <h2>Fix first</h2>
    <ol id="fix-first"></ol>
  </section>
  <h2>Findings</h2>
  <div id="toolbar">
    <input id="filter" type="search" placeholder="Filter by rule, view or message">
    <label><input type="checkbox" data-severity="error" checked> errors</label>
    <label><input type="checkbox" data-severity="warning" checked> warnings</label>
    <label><input type="checkbox" data-severity="info" checked> info</label>
    <span id="shown" class="muted"></span>
  </div>
  <div id="findings"></div>
  <h2>Rules that ran</h2>
  <dl id="rules" class="rules"></dl>
</main>
<output id="drawn" hidden></output>
<script type="application/json" id="report-data">/*REPORT-DATA*/</script>
<script>
(function () {
  "use strict";
  const drawn = document.getElementById("drawn");
  let errorCount = 0;
  window.addEventListener("error", function () {
    errorCount += 1;
    drawn.dataset.errors = String(errorCount);
  });
  const data = JSON.parse(document.getElementById("report-data").textContent);

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const key in attributes || {}) {
      if (key === "text") node.textContent = attributes[key];
      else node.setAttribute(key, attributes[key]);
    }
    for (const child of children || []) if (child) node.appendChild(child);
    return node;
  }

  // Text with `code` spans, as the rules write them, built as nodes: never parsed as markup.
  function prose(tag, attributes, text) {
    const node = element(tag, attributes);
    String(text).split("`").forEach(function (part, index) {
      node.appendChild(index % 2 === 1 ? element("code", { text: part }) : document.createTextNode(part));
    });
    return node;
  }

  // A log line's link into the timeline page, which opens with that line's mark selected.
  function lineCell(line) {
    const cell = element("td", { class: "line" });
    if (data.timeline) cell.appendChild(element("a", { href: data.timeline + "#line=" + line, text: String(line) }));
    else cell.textContent = String(line);
    return cell;
  }

  const summary = document.getElementById("summary");
  summary.textContent = data.summary.text;
  summary.appendChild(element("span", {
    class: data.summary.failed ? "failed" : "passed",
    text: data.summary.failed
      ? " \u2014 fails: a finding reaches --fail-on " + data.summary.fail_on
      : " \u2014 passes: nothing reaches --fail-on " + data.summary.fail_on,
  }));
  document.getElementById("coverage").textContent = data.coverage.join("\n");
  if (data.timeline) {
    const link = document.getElementById("timeline-link");
    link.hidden = false;
    link.append("Evidence lines open in the ", element("a", { href: data.timeline, text: "timeline" }), ".");
  }

  // The report model's "fix first" ranking: shown when the report carries one.
  const fixFirst = data.fix_first || [];
  if (fixFirst.length > 0) {
    document.getElementById("fix-first-section").hidden = false;
    const list = document.getElementById("fix-first");
    for (const entry of fixFirst) {
      const item = element("li", {}, [
        element("strong", { text: entry.view || entry.rule }),
        document.createTextNode(" \u2014 " + (entry.reason || entry.message || "")),
      ]);
      if (entry.finding !== undefined) item.appendChild(element("a", { href: "#finding-" + entry.finding, text: " (finding)" }));
      list.appendChild(item);
    }
  }

  const container = document.getElementById("findings");
  let evidenceRows = 0;
  data.findings.forEach(function (finding, index) {
    const heading = element("h3", {}, [
      element("span", { class: "sev sev-" + finding.severity, text: finding.severity }),
      element("code", { text: finding.rule }),
      document.createTextNode(finding.view ? ": " + finding.view : ""),
    ]);
    const parts = [heading, prose("p", {}, finding.message)];
    if (finding.root_cause) parts.push(element("p", { class: "muted", text: "Root cause: " + finding.root_cause }));
    parts.push(element("p", { class: "muted", text: (finding.location.declaration ? "Declared at " : "At ") + finding.location.text }));
    const table = element("table", { class: "evidence" });
    for (const line of finding.evidence) {
      table.appendChild(element("tr", {}, [lineCell(line.line), element("td", { text: line.text === null ? "" : line.text })]));
      evidenceRows += 1;
    }
    parts.push(table);
    const more = finding.evidence_total - finding.evidence.length;
    if (more > 0) parts.push(element("p", { class: "muted", text: "\u2026 and " + more + " more line" + (more === 1 ? "" : "s") + " of " + finding.log }));
    const section = element("section", {
      class: "finding sev-" + finding.severity, id: "finding-" + index,
      "data-severity": finding.severity,
      "data-search": [finding.rule, finding.view || "", finding.message].join(" ").toLowerCase(),
    }, parts);
    container.appendChild(section);
  });
  if (data.findings.length === 0) container.appendChild(element("p", { class: "passed", text: "No findings." }));

  const rules = document.getElementById("rules");
  for (const rule of data.rules) {
    rules.appendChild(element("dt", {}, [element("code", { text: rule.id }), document.createTextNode(" (" + rule.severity + ")")]));
    rules.appendChild(prose("dd", {}, rule.summary + " Fix: " + rule.fix));
  }

  const filter = document.getElementById("filter");
  const boxes = Array.from(document.querySelectorAll("#toolbar input[type=checkbox]"));
  function applyFilter() {
    const text = filter.value.trim().toLowerCase();
    const severities = new Set(boxes.filter(function (box) { return box.checked; }).map(function (box) { return box.dataset.severity; }));
    let shown = 0;
    for (const section of container.querySelectorAll("section.finding")) {
      const visible = severities.has(section.dataset.severity) && (text === "" || section.dataset.search.includes(text));
      section.hidden = !visible;
      if (visible) shown += 1;
    }
    document.getElementById("shown").textContent = shown + " of " + data.findings.length + " shown";
    drawn.dataset.shown = String(shown);
  }
  filter.addEventListener("input", applyFilter);
  for (const box of boxes) box.addEventListener("change", applyFilter);
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("filter")) filter.value = hash.get("filter");
  applyFilter();

  drawn.dataset.findings = String(data.findings.length);
  drawn.dataset.evidenceRows = String(evidenceRows);
  drawn.dataset.fixFirst = String(fixFirst.length);
  drawn.dataset.timelineLinks = String(document.querySelectorAll("a[href*='#line=']").length);
  drawn.dataset.errors = String(errorCount);
})();
</script>
</body>
</html>
"""#
}
