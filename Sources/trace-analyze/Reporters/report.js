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
  let fixes = 0, fixChanges = 0;
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
    // How to fix it: the site's own fix, and the user's lines before and after when `fix` changes them.
    if (finding.fix) {
      const fix = [prose("p", { class: "fix-text" }, "How to fix it: " + finding.fix.text)];
      if (finding.fix.change) {
        const change = finding.fix.change;
        fix.push(element("p", { class: "muted", text: change.file + ":" + change.line + ", as `trace-analyze fix` changes it:" }));
        const lines = change.before.map(function (line) { return element("span", { class: "removed", text: "- " + line + "\n" }); })
          .concat(change.after.map(function (line) { return element("span", { class: "added", text: "+ " + line + "\n" }); }));
        fix.push(element("pre", { class: "change" }, lines));
        fixChanges += 1;
      }
      parts.push(element("div", { class: "fix" }, fix));
      fixes += 1;
    }
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
  drawn.dataset.fixes = String(fixes);
  drawn.dataset.fixChanges = String(fixChanges);
  drawn.dataset.fixFirst = String(fixFirst.length);
  drawn.dataset.timelineLinks = String(document.querySelectorAll("a[href*='#line=']").length);
  drawn.dataset.errors = String(errorCount);
})();
