"use strict";
(function () {
  const drawn = document.getElementById("drawn");
  const errorBox = document.getElementById("errors");
  let errorCount = 0;
  function recordError(text) {
    errorCount += 1;
    drawn.dataset.errors = String(errorCount);
    errorBox.hidden = false;
    errorBox.textContent += text + "\n";
  }
  window.addEventListener("error", (e) => recordError("error: " + e.message + " (" + e.filename + ":" + e.lineno + ")"));
  window.addEventListener("unhandledrejection", (e) => recordError("unhandled rejection: " + e.reason));
  const consoleError = console.error.bind(console);
  console.error = function (...args) { recordError("console.error: " + args.join(" ")); consoleError(...args); };
  drawn.dataset.errors = "0";

  const data = JSON.parse(document.getElementById("timeline-data").textContent);
  drawn.dataset.parsedMs = performance.now().toFixed(0);
  if (data.version !== 1) throw new Error("timeline data version " + data.version + " is not 1: the page and its data disagree");

  const KIND_COLOURS = { body: "#1565c0", init: "#2e7d32", deinit: "#c62828", appear: "#00897b", disappear: "#ef6c00", task: "#6a1b9a", layout: "#757575", text: "#9e9e9e" };
  const CAUSE_COLOURS = ["#1565c0", "#5e35b1", "#00838f", "#ad1457", "#827717", "#4e342e", "#37474f"];
  const SEVERITY_COLOURS = { error: "#d32f2f", warning: "#f9a825", info: "#1976d2" };
  const SEVERITY_BITS = { info: 1, warning: 2, error: 4 };
  // identity_churn's verdict on the new identity that began a lifetime, in `why`'s words (Chain.swift).
  const VERDICT_WORDS = {
    inserted: "state created (added beside others of its type)",
    reinserted: "shown again after it was removed, state started over",
    reinserted_unconfirmed: "shown again after it was removed, state started over (the change's run before printed none of it; no disappear or deinit printed to confirm)",
    inserted_unconfirmed: "state created, added beside others of its type that outlived earlier updates (no disappear or deinit printed to confirm that none was replaced)",
    reset: "state reset, it replaced one still on screen",
    reset_or_inserted: "state reset or created (one of this update's new identities replaced one on screen; the log does not say which)",
  };
  const LOSES_STATE = new Set(["reset", "reset_or_inserted"]);
  // A type lane keeps its top FLAG pixels for findings and their messages; marks sit below.
  const ROW = 34, SUB_ROW = 20, FLAG = 13, AXIS = 26, GUTTER = 230, PAD = 6;

  // ---- the data, as typed columns ----
  const kinds = data.kinds;
  const M = data.marks;
  const markCount = M.lane.length;
  const markLane = Int32Array.from(M.lane);
  const markKind = Uint8Array.from(M.kind);
  const markLine = Float64Array.from(M.line);
  const markX = data.axis === "seconds" ? Float64Array.from(M.t) : markLine;
  // A later version gives body marks a cause; they are coloured by it when present.
  const markCause = M.cause ? Int16Array.from(M.cause) : null;
  // Measured durations in milliseconds (TraceProbe's or Instruments' ms), -1 where none.
  const markMs = M.ms && data.axis === "seconds" && M.ms.some(v => v > 0) ? Float64Array.from(M.ms) : null;
  // A long trace comes as a summary: per type lane and level of detail, one byte per bin of
  // lines for the kinds of mark in it and one for lifetimes, resets and finding flags.
  const S = data.summary || null;
  const laneCount = data.lanes.view.length;
  const lanes = [];
  for (let i = 0; i < laneCount; i++) {
    lanes.push({ index: i, view: data.lanes.view[i], instance: data.lanes.instance[i], parent: data.lanes.parent[i], marks: [], lifetimes: [], findings: [] });
  }
  for (let m = 0; m < markCount; m++) lanes[markLane[m]].marks.push(m);
  // Base64, trailing zero bins left out by the writer.
  function decodeBins(text, length) {
    const raw = atob(text), array = new Uint8Array(length);
    for (let i = 0; i < raw.length && i < length; i++) array[i] = raw.charCodeAt(i);
    return array;
  }
  // Decoded when first drawn: most lanes of a long trace are off screen at first.
  if (S) lanes.forEach((lane, i) => {
    lane.kindBins = []; lane.extraBins = [];
    lane.total = S.kindCounts[i].reduce((a, b) => a + b, 0);
  });
  function laneBins(lane, level) {
    if (!lane.kindBins[level]) {
      lane.kindBins[level] = decodeBins(S.kinds[lane.index][level], S.levels[level]);
      lane.extraBins[level] = decodeBins(S.extras[lane.index][level], S.levels[level]);
    }
    return [lane.kindBins[level], lane.extraBins[level]];
  }
  // Each lane's marks in axis order, for binary searches (a log's times can run backwards).
  function axisOrder(list) {
    const array = Int32Array.from(list);
    for (let i = 1; i < array.length; i++) {
      if (markX[array[i]] < markX[array[i - 1]]) return array.sort((a, b) => markX[a] - markX[b] || a - b);
    }
    return array;
  }
  for (const lane of lanes) lane.marks = axisOrder(lane.marks);
  const L = data.lifetimes;
  for (let i = 0; i < L.lane.length; i++) lanes[L.lane[i]].lifetimes.push(i);
  data.findings.forEach((f, i) => { if (f.lane >= 0 && f.lane !== null) lanes[f.lane].findings.push(i); });

  // Position of a line on the axis: marks are in line order, so a binary search finds it.
  function xOfLine(line) {
    let lo = 0, hi = markCount - 1;
    if (hi < 0) return line;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (markLine[mid] < line) lo = mid + 1; else hi = mid; }
    return markX[lo];
  }
  for (const f of data.findings) f.xs = S ? f.lines : f.lines.map(xOfLine);
  let minX = Infinity, maxX = -Infinity;
  for (let m = 0; m < markCount; m++) { if (markX[m] < minX) minX = markX[m]; if (markX[m] > maxX) maxX = markX[m]; }
  if (S) { minX = 1; maxX = S.lines; }
  if (!isFinite(minX)) { minX = 0; maxX = 1; }
  const span = Math.max(maxX - minX, data.axis === "seconds" ? 0.001 : 1);
  // A margin either side, so the first and last marks are not cut by the edges; nothing comes
  // before line 0 or the first event's time, so the axis labels no position below zero.
  const domain = [minX - span * 0.02, maxX + span * 0.02];
  let view = domain.slice();

  // ---- header ----
  document.getElementById("source").textContent = data.trace.source + " (trace " + data.trace.id + ")";
  const kindCounts = new Array(kinds.length).fill(0);
  for (let m = 0; m < markCount; m++) kindCounts[markKind[m]] += 1;
  if (S) for (const row of S.kindCounts) row.forEach((n, k) => { kindCounts[k] += n; });
  const totalMarks = S ? kindCounts.reduce((a, b) => a + b, 0) : markCount;
  const totalLifetimes = S ? S.lifetimes.reduce((a, b) => a + b, 0) : data.lifetimes.lane.length;
  const totalFindings = S ? S.findingCount : data.findings.length;
  const severityCounts = { error: 0, warning: 0, info: 0 };
  if (S) Object.assign(severityCounts, S.severityCounts);
  else for (const f of data.findings) severityCounts[f.severity] = (severityCounts[f.severity] || 0) + 1;
  const counts = document.getElementById("counts");
  function addCount(label, value, cls) {
    const s = document.createElement("span");
    if (cls) s.className = cls;
    s.append(label + " ");
    const b = document.createElement("b"); b.textContent = value.toLocaleString("en-US"); s.append(b);
    counts.append(s);
  }
  addCount("lines", data.trace.lines);
  addCount("events", data.trace.events);
  addCount("lanes", laneCount);
  addCount("marks", totalMarks);
  kinds.forEach((k, i) => { if (kindCounts[i] > 0) addCount(k, kindCounts[i]); });
  addCount("lifetimes", totalLifetimes);
  // Only the severities present, so the header never reads "infos 0"; none at all is "findings 0".
  const severityLabels = { error: "errors", warning: "warnings", info: "info" };
  const severities = ["error", "warning", "info"].filter((sev) => severityCounts[sev] > 0);
  for (const sev of severities) addCount(severityLabels[sev], severityCounts[sev], "sev-" + sev);
  if (severities.length === 0) addCount("findings", 0);
  document.getElementById("axis-note").textContent = data.axis === "seconds"
    ? "Axis: seconds since the first event."
    : S ? "Axis: line order (a summary of a long trace is drawn by line)."
    : "Axis: line order (the log carries no times; positions are line numbers).";
  // What a summary leaves out, and the command that draws any range of it exactly.
  const finest = S ? S.levels[S.levels.length - 1] : 0;
  const linesPerBin = S ? S.lines / finest : 1;
  function exactCommand(a, b) {
    return S.command + " --lines " + Math.max(1, Math.floor(a)) + "-" + Math.min(S.lines, Math.ceil(b)) + " --output part.html";
  }
  const legend = document.getElementById("legend");
  kinds.forEach((k, i) => {
    if (kindCounts[i] === 0) return;
    const s = document.createElement("span");
    const sw = document.createElement("i"); sw.style.background = KIND_COLOURS[k] || "#000";
    s.append(sw, k); legend.append(s);
  });
  for (const [label, colour] of [["lifetime", "rgba(21,101,192,0.3)"], ["identity reset", "#8e24aa"], ["error", SEVERITY_COLOURS.error], ["warning", SEVERITY_COLOURS.warning], ["info", SEVERITY_COLOURS.info]]) {
    const s = document.createElement("span");
    const sw = document.createElement("i"); sw.style.background = colour;
    s.append(sw, label); legend.append(s);
  }

  // ---- findings list (capped: a long trace can hold thousands) ----
  const FINDING_LIST_LIMIT = 500;
  const list = document.getElementById("finding-list");
  document.getElementById("finding-count").textContent = "(" + totalFindings + ")";
  data.findings.slice(0, FINDING_LIST_LIMIT).forEach((f, i) => {
    const li = document.createElement("li");
    li.dataset.rule = f.rule; li.dataset.view = f.view || ""; li.dataset.severity = f.severity;
    const head = document.createElement("div");
    const sev = document.createElement("span"); sev.className = "sev-" + f.severity; sev.textContent = f.severity + " ";
    const rule = document.createElement("span"); rule.className = "rule"; rule.textContent = f.rule;
    head.append(sev, rule, " · " + (f.view || "(no view)"));
    const msg = document.createElement("div"); msg.textContent = f.message;
    li.append(head, msg);
    li.addEventListener("click", () => focusFinding(i));
    list.append(li);
  });
  if (totalFindings > Math.min(FINDING_LIST_LIMIT, data.findings.length)) {
    const li = document.createElement("li");
    li.textContent = "… and " + (totalFindings - Math.min(FINDING_LIST_LIMIT, data.findings.length)) + " more (see `trace-analyze report`).";
    list.append(li);
  }

  // ---- rows: type lanes in order of appearance, instance lanes under their type ----
  // A type with many instances starts collapsed (a click on its name opens it): a long trace
  // can name thousands of instances, and a screen of them hides every other type.
  const COLLAPSE_OVER = 8;
  const filterBox = document.getElementById("filter");
  const children = new Map();
  for (const lane of lanes) if (lane.parent >= 0) {
    if (!children.has(lane.parent)) children.set(lane.parent, []);
    children.get(lane.parent).push(lane);
  }
  // A collapsed type's row shows its instances' marks with its own.
  for (const [parent, list] of children) {
    const all = Array.from(lanes[parent].marks);
    for (const child of list) for (const m of child.marks) all.push(m);
    lanes[parent].allMarks = axisOrder(all.sort((a, b) => a - b));
  }
  const expanded = new Set();
  for (const [parent, list] of children) if (list.length <= COLLAPSE_OVER) expanded.add(parent);
  let rows = [];
  function buildRows() {
    const needle = filterBox.value.trim().toLowerCase();
    rows = [];
    let y = AXIS;
    for (const lane of lanes) {
      if (lane.parent >= 0) continue;
      if (needle && !lane.view.toLowerCase().includes(needle)) continue;
      const collapsed = children.has(lane.index) && !expanded.has(lane.index);
      rows.push({ lane, y, h: ROW, marks: collapsed ? lane.allMarks : lane.marks }); y += ROW;
      if (collapsed) continue;
      for (const child of children.get(lane.index) || []) { rows.push({ lane: child, y, h: SUB_ROW, marks: child.marks }); y += SUB_ROW; }
    }
  }
  function toggle(lane) {
    if (!children.has(lane.index)) return;
    if (expanded.has(lane.index)) expanded.delete(lane.index); else expanded.add(lane.index);
    buildRows(); resize();
  }

  // ---- drawing ----
  const canvas = document.getElementById("canvas");
  const ctx = canvas.getContext("2d");
  let scrollY = 0, width = 0, height = 0, dpr = 1;
  let lastDraw = null;
  let selected = -1;
  function plotWidth() { return Math.max(10, width - GUTTER - PAD); }
  function px(x) { return GUTTER + (x - view[0]) / (view[1] - view[0]) * plotWidth(); }
  function xAt(p) { return view[0] + (p - GUTTER) / plotWidth() * (view[1] - view[0]); }
  function lowerBound(arr, x) { let lo = 0, hi = arr.length; while (lo < hi) { const mid = (lo + hi) >> 1; if (markX[arr[mid]] < x) lo = mid + 1; else hi = mid; } return lo; }
  const BODY = kinds.indexOf("body");
  let bins = new Uint16Array(0);
  // One track per kind the trace holds (bodies by cause share the body track).
  const tracks = kinds.map((k, i) => i).filter((i) => kindCounts[i] > 0);
  const trackCount = Math.max(1, tracks.length);
  function trackOf(key) { const i = tracks.indexOf(key >= kinds.length ? BODY : key); return i < 0 ? 0 : i; }
  function markColour(m) {
    const k = kinds[markKind[m]];
    if (markCause && k === "body" && markCause[m] >= 0) return CAUSE_COLOURS[markCause[m] % CAUSE_COLOURS.length];
    return KIND_COLOURS[k] || "#000";
  }
  function resize() {
    dpr = window.devicePixelRatio || 1;
    width = canvas.parentElement.clientWidth;
    // As tall as its lanes, up to the window: a short trace leaves no empty canvas below them.
    const content = rows.length ? rows[rows.length - 1].y + rows[rows.length - 1].h + 10 : AXIS + ROW;
    height = Math.max(AXIS + ROW + 10, Math.min(window.innerHeight - canvas.getBoundingClientRect().top - 4, content));
    canvas.style.height = height + "px";
    canvas.width = Math.round(width * dpr); canvas.height = Math.round(height * dpr);
    draw();
  }
  function niceStep(range, target) {
    const raw = range / target, p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
  }
  function label(x) {
    if (data.axis === "seconds") return "+" + (Math.abs(x) < 1e-9 ? 0 : x).toFixed(Math.max(0, -Math.floor(Math.log10(niceStep(view[1] - view[0], 8))))) + " s";
    return "line " + Math.round(x);
  }
  function draw() {
    const started = performance.now();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.font = "12px -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
    ctx.textBaseline = "middle";
    const x0 = view[0], x1 = view[1];
    const pw = plotWidth();
    // Axis ticks. Lines are whole numbers: a step below one line (a short trace, or one zoomed
    // in far) would label two ticks with the same line.
    const fine = niceStep(x1 - x0, Math.max(2, pw / 110));
    const step = data.axis === "seconds" ? fine : Math.max(1, fine);
    ctx.strokeStyle = "#ececf0"; ctx.fillStyle = "#6e6e73"; ctx.lineWidth = 1;
    const axisLabels = [];
    for (let t = Math.max(0, Math.ceil(x0 / step) * step); t <= x1; t += step) {
      const p = Math.round(px(t)) + 0.5;
      ctx.beginPath(); ctx.moveTo(p, AXIS - 6); ctx.lineTo(p, height); ctx.stroke();
      const text = label(t);
      axisLabels.push({ x: p + 3, text, w: ctx.measureText(text).width });
    }
    // The last label ends at the right edge rather than past it, and a label it would then
    // overlap gives way: every label drawn is whole.
    const lastLabel = axisLabels[axisLabels.length - 1];
    if (lastLabel && lastLabel.x + lastLabel.w > width - 2) lastLabel.x = width - 2 - lastLabel.w;
    let labelLimit = Infinity, labelsDrawn = 0;
    const labelTexts = [];
    for (let i = axisLabels.length - 1; i >= 0; i--) {
      const { x, text, w } = axisLabels[i];
      if (x + w > labelLimit - 6 || x < GUTTER) continue;
      ctx.fillText(text, x, AXIS / 2);
      labelLimit = x; labelsDrawn += 1;
      labelTexts.unshift(text);
    }
    let rowsDrawn = 0, marksInView = 0, ticks = 0, lifetimesDrawn = 0, findingsDrawn = 0, identityResetsDrawn = 0, labelledRows = 0, lifetimeBars = 0, durationsDrawn = 0;
    const flags = [];
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r], top = row.y - scrollY, lane = row.lane;
      if (top + row.h < AXIS || top > height) continue;
      rowsDrawn += 1;
      const band = lane.parent >= 0 ? top + 2 : top + FLAG;
      const bandH = top + row.h - 3 - band;
      const mid = band + bandH / 2;
      if (r % 2 === 0) { ctx.fillStyle = "#fafafc"; ctx.fillRect(GUTTER, top, pw, row.h); }
      if (S) {
        const drew = drawSummary(lane, top, band, bandH, x0, x1, pw, flags);
        marksInView += drew.bins; ticks += drew.ticks; lifetimesDrawn += drew.bars; lifetimeBars += drew.bars; identityResetsDrawn += drew.resets;
      } else {
              // Lifetimes: a bar from the mark that began it to the one that ended it. Bars that meet
        // within a pixel are drawn as one, outlined only when wide enough to tell apart, and
        // each kind of shape is drawn in one go (one style change): a lane can hold thousands.
        // A lifetime wide enough to see is a bar of its own, a gap from its neighbours and
        // shaded apart from the one before, so three lifetimes read as three bars.
        const bars = [], wide = [], resets = [];
        let barFrom = -1, barTo = -1, lastReset = -1;
        const flush = () => { if (barTo > barFrom) bars.push(barFrom, barTo - barFrom); };
        lane.lifetimes.forEach((i, k) => {
          const start = markX[L.start[i]];
          const end = L.endedBy[i] === "end" ? domain[1] : markX[L.end[i]];
          if (end < x0 || start > x1) return;
          const a = Math.max(GUTTER, px(start)), b = Math.min(GUTTER + pw, Math.max(px(end), px(start) + 3));
          if (b - a >= 12) wide.push(a + 3, b - a - 6, k & 1);
          else if (a <= barTo + 1) barTo = Math.max(barTo, b); else { flush(); barFrom = a; barTo = b; }
          lifetimesDrawn += 1;
          // A new identity that took the place of one still shown (identity_churn's reset): the
          // state the user saw was thrown away. A re-insertion or an added row starts afresh by design.
          if (LOSES_STATE.has(L.verdict[i]) && start >= x0) {
            const p = Math.round(px(start));
            if (p !== lastReset) resets.push(p - 1);
            lastReset = p;
            identityResetsDrawn += 1;
          }
        });
        flush();
        lifetimeBars += bars.length / 2 + wide.length / 3;
        ctx.fillStyle = "rgba(21,101,192,0.16)";
        for (let i = 0; i < bars.length; i += 2) ctx.fillRect(bars[i], band, bars[i + 1], bandH);
        for (let i = 0; i < wide.length; i += 3) {
          ctx.fillStyle = wide[i + 2] ? "rgba(0,137,123,0.16)" : "rgba(21,101,192,0.16)";
          ctx.fillRect(wide[i], band, wide[i + 1], bandH);
          ctx.strokeStyle = wide[i + 2] ? "rgba(0,137,123,0.6)" : "rgba(21,101,192,0.6)";
          ctx.strokeRect(wide[i] + 0.5, band + 0.5, wide[i + 1] - 1, bandH - 1);
        }
        drawResets(resets.map((p) => p + 1), band, bandH);
        // Where the lifetime it begins is wide, the reset says what it is.
        ctx.font = "10px -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"; ctx.fillStyle = "#8e24aa";
        for (let i = 0; i < wide.length; i += 3) {
          if (wide[i + 1] >= 90 && resets.some((p) => Math.abs(p + 1 - (wide[i] - 3)) <= 2)) ctx.fillText("↺ state reset", wide[i] + 6, band + bandH / 2);
        }
        ctx.font = "12px -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
        // Durations: a bar ending at its mark (a probe line is written when the step ends), as long
        // as the step took, at least a pixel; orange above 0.5 ms and red above 1 ms, as
        // Instruments colours body updates, grey below.
        if (markMs) {
          const lo = lowerBound(row.marks, x0), hi = lowerBound(row.marks, x1 + 1e-12);
          for (let j = lo; j < hi; j++) {
            const m = row.marks[j], d = markMs[m];
            if (!(d > 0)) continue;
            const b = px(markX[m]), a = Math.min(b - 1, px(markX[m] - d / 1000));
            ctx.fillStyle = d > 1 ? "rgba(211,47,47,0.75)" : d > 0.5 ? "rgba(245,124,0,0.75)" : "rgba(110,110,115,0.45)";
            ctx.fillRect(Math.max(GUTTER, a), band + bandH - 4, Math.max(1, b - Math.max(GUTTER, a)), 4);
            durationsDrawn += 1;
          }
        }
        // Marks: far apart, a diamond each; closer, binned per pixel column and kind (each kind in
        // a track of its own across the row), one tick per occupied bin, one path per kind.
        const ms = row.marks;
        const from = lowerBound(ms, x0), to = lowerBound(ms, x1 + 1e-12);
        marksInView += Math.max(0, to - from);
        const spacing = (to - from) > 0 ? pw / (to - from) : pw;
        if (spacing > 10) {
          for (let j = from; j < to; j++) {
            const m = ms[j], p = Math.round(px(markX[m]));
            ctx.fillStyle = markColour(m);
            ctx.beginPath(); ctx.moveTo(p, mid - 5); ctx.lineTo(p + 4, mid); ctx.lineTo(p, mid + 5); ctx.lineTo(p - 4, mid); ctx.closePath(); ctx.fill();
            ticks += 1;
          }
        } else if (to > from) {
          const columns = Math.ceil(pw) + 1;
          if (bins.length < columns) bins = new Uint16Array(columns);
          bins.fill(0, 0, columns);
          const scale = pw / (x1 - x0);
          let keys = 0;
          for (let j = from; j < to; j++) {
            const m = ms[j];
            const c = Math.round((markX[m] - x0) * scale);
            const key = markCause && markKind[m] === BODY && markCause[m] >= 0 ? kinds.length + markCause[m] % CAUSE_COLOURS.length : markKind[m];
            bins[c] |= 1 << key;
            keys |= 1 << key;
          }
          const track = (bandH - 2) / trackCount;
          for (let key = 0; key < 16; key++) {
            if (!(keys & (1 << key))) continue;
            const bit = 1 << key;
            const y = band + 1 + track * trackOf(key);
            ctx.fillStyle = key < kinds.length ? KIND_COLOURS[kinds[key]] || "#000" : CAUSE_COLOURS[key - kinds.length];
            const h = Math.max(1, track - 0.5);
            for (let c = 0; c < columns; c++) if (bins[c] & bit) { ctx.fillRect(GUTTER + c, y, 1.5, h); ticks += 1; }
          }
        }
      }
      // Findings: a flag over each line they cite on this lane.
      // Binned per pixel column and severity: a long trace cites thousands of lines on a lane.
      let flagBins = null;
      for (const fi of lane.findings) {
        const f = data.findings[fi];
        let shown = false;
        for (const x of f.xs) {
          if (x < x0 || x > x1) continue;
          const p = Math.round(px(x));
          if (!flagBins) { flagBins = new Uint8Array(Math.ceil(width) + 1); flags.push({ top, bins: flagBins }); }
          flagBins[p] |= SEVERITY_BITS[f.severity] || 1;
          shown = true;
        }
        if (shown) findingsDrawn += 1;
      }
      // Gutter label
      ctx.fillStyle = "#fff"; ctx.fillRect(0, top, GUTTER, row.h);
      ctx.fillStyle = lane.parent >= 0 ? "#6e6e73" : "#1d1d1f";
      const kids = children.get(lane.index);
      const name = lane.parent >= 0 ? "  └ " + lane.instance
        : kids ? (expanded.has(lane.index) ? "▾ " : "▸ ") + lane.view + "  (" + kids.length + " instances)" : lane.view;
      // A type lane's finding is named in the gutter under the lane's name, in its severity's
      // colour, not across the lane where it would cover marks; its message is a click away.
      const laneFinding = lane.parent < 0 && lane.findings.length ? data.findings[lane.findings[0]] : null;
      const nameY = laneFinding ? top + 11 : mid;
      ctx.fillText(fit(name, GUTTER - 60), 8, nameY);
      ctx.fillStyle = "#8e8e93"; ctx.textAlign = "right"; ctx.fillText(String(S ? lane.total : row.marks.length), GUTTER - 8, nameY); ctx.textAlign = "left";
      if (laneFinding) {
        ctx.font = "11px -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
        ctx.fillStyle = laneFinding.severity === "warning" ? "#8a5a00" : SEVERITY_COLOURS[laneFinding.severity];
        const more = lane.findings.length > 1 ? "  +" + (lane.findings.length - 1) + " more" : "";
        ctx.fillText(fit("⚑ " + laneFinding.rule + more, GUTTER - 16), 8, top + 25);
        ctx.font = "12px -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
        labelledRows += 1;
      }
    }
    // The selected mark: a ring on whichever visible row shows it.
    if (selected >= 0 && markX[selected] >= x0 && markX[selected] <= x1) {
      const row = rows.find((r) => r.lane.index === markLane[selected] || (r.marks !== r.lane.marks && lanes[markLane[selected]].parent === r.lane.index));
      if (row && row.y - scrollY >= AXIS) {
        const top = row.y - scrollY, band = row.lane.parent >= 0 ? top + 2 : top + FLAG;
        ctx.strokeStyle = "#1d1d1f"; ctx.lineWidth = 1.5;
        ctx.beginPath(); ctx.arc(px(markX[selected]), (band + top + row.h - 3) / 2, 7, 0, 2 * Math.PI); ctx.stroke();
        ctx.lineWidth = 1;
      }
    }
    // Flags last: a message may run over the lines its finding cites further on.
    // One colour at a time, most severe last (on top); a pennant only where the flag stands
    // clear of the one before it, a bare staff where flags crowd.
    for (const severity of ["info", "warning", "error"]) {
      const bit = SEVERITY_BITS[severity];
      ctx.fillStyle = SEVERITY_COLOURS[severity];
      for (const { top, bins } of flags) {
        let previous = -100;
        for (let p = 0; p < bins.length; p++) {
          if (!(bins[p] & bit)) continue;
          ctx.fillRect(p - 0.5, top + 1, 1.5, FLAG - 1);
          if (p - previous >= 9) { ctx.beginPath(); ctx.moveTo(p + 1, top + 1); ctx.lineTo(p + 8, top + 4); ctx.lineTo(p + 1, top + 7); ctx.closePath(); ctx.fill(); }
          previous = p;
        }
      }
    }
    ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, GUTTER, AXIS);
    ctx.fillStyle = "#6e6e73"; ctx.fillText(rows.length + " of " + laneCount + " lanes", 8, AXIS / 2);
    ctx.strokeStyle = "#d2d2d7"; ctx.beginPath(); ctx.moveTo(GUTTER - 0.5, 0); ctx.lineTo(GUTTER - 0.5, height); ctx.moveTo(0, AXIS - 0.5); ctx.lineTo(width, AXIS - 0.5); ctx.stroke();

    document.getElementById("range").textContent = label(Math.max(0, x0)) + " – " + label(Math.max(0, x1));
    const level = S ? summaryLevel(x0, x1, pw) : -1;
    document.getElementById("aggregate-note").textContent = S
      ? "Summary of a long trace: marks binned by line at " + S.levels.length + (S.levels.length === 1 ? " level" : " levels") + " of detail (at this zoom a bin holds " + binLines(level) + " lines; instances folded into their type's lane)" +
        (S.levels[level] === finest && binLines(level) > 1 ? ". Exact marks of this range: " + exactCommand(x0, x1) : "") + "."
      : marksInView > ticks
      ? "Showing " + marksInView.toLocaleString("en-US") + " marks in view as " + ticks.toLocaleString("en-US") + " ticks: marks of one kind closer than a pixel on a lane are merged into one tick. Zoom in to separate them."
      : "Every mark in view is drawn (" + marksInView.toLocaleString("en-US") + ").";
    listEvents(x0, x1);
    lastDraw = { rowsDrawn, marksInView, ticks, lifetimesDrawn, findingsDrawn, ms: performance.now() - started };
    Object.assign(drawn.dataset, {
      lanes: String(laneCount), rows: String(rows.length), rowsDrawn: String(rowsDrawn), marks: String(totalMarks),
      marksInView: String(marksInView), ticks: String(ticks), lifetimes: String(totalLifetimes), lifetimesDrawn: String(lifetimesDrawn), lifetimeBars: String(lifetimeBars), identityResetsDrawn: String(identityResetsDrawn),
      durationsDrawn: String(durationsDrawn), findings: String(totalFindings), findingsDrawn: String(findingsDrawn), findingLabels: String(labelledRows), drawMs: lastDraw.ms.toFixed(1),
      detail: S ? "summary" : "exact", axisLabels: String(labelsDrawn), axisLabelTexts: labelTexts.join("|"), axisLabelRight: lastLabel ? String(Math.ceil(lastLabel.x + lastLabel.w)) : "0", width: String(width), level: String(level), binLines: S ? String(binLines(level)) : "1", canvasHeight: String(height),
    });
  }
  // An identity reset: a purple post across the lane with a notch on top, so it stands out
  // from the marks and the lifetimes' edges.
  // Crowded resets (a long trace zoomed out) are short ticks along the band's foot instead,
  // so they do not hide the marks.
  function drawResets(resets, band, bandH) {
    ctx.fillStyle = "#8e24aa";
    let crowded = false;
    for (let i = 1; i < resets.length; i++) if (resets[i] - resets[i - 1] < 10) { crowded = true; break; }
    if (crowded) { for (const p of resets) ctx.fillRect(p, band + bandH - 3, 1, 3); return; }
    ctx.beginPath();
    for (const p of resets) {
      ctx.rect(p - 1.5, band - 2, 3, bandH + 4);
      ctx.moveTo(p - 5, band - 4); ctx.lineTo(p + 5, band - 4); ctx.lineTo(p, band + 2); ctx.closePath();
    }
    ctx.fill();
  }
  // ---- a summary's bins ----
  const ALIVE = 16, RESET = 8;
  // The finest level whose bins in view are at most four per pixel column.
  function summaryLevel(x0, x1, pw) {
    for (let l = S.levels.length - 1; l > 0; l--) if ((x1 - x0) / S.lines * S.levels[l] <= pw * 4) return l;
    return 0;
  }
  function binLines(level) { return Math.max(1, Math.round(S.lines / S.levels[level])); }
  let columnKinds = new Uint8Array(0), columnExtras = new Uint8Array(0);
  // Folds the bins in view into pixel columns, then draws runs of columns: lifetimes, one
  // track per kind, resets, and the columns' finding flags into `flags`.
  function drawSummary(lane, top, band, bandH, x0, x1, pw, flags) {
    const level = summaryLevel(x0, x1, pw), n = S.levels[level], per = S.lines / n;
    const [kb, eb] = laneBins(lane, level);
    const columns = Math.ceil(pw) + 2;
    if (columnKinds.length < columns) { columnKinds = new Uint8Array(columns); columnExtras = new Uint8Array(columns); }
    columnKinds.fill(0, 0, columns); columnExtras.fill(0, 0, columns);
    const first = Math.max(0, Math.floor((x0 - 1) / per)), last = Math.min(n - 1, Math.floor((x1 - 1) / per));
    let occupied = 0;
    for (let b = first; b <= last; b++) {
      const k = kb[b], e = eb[b];
      if (!k && !e) continue;
      if (k) occupied += 1;
      const c0 = Math.max(0, Math.floor(px(1 + b * per) - GUTTER));
      const c1 = Math.min(columns - 1, Math.max(c0, Math.ceil(px(1 + (b + 1) * per) - GUTTER) - 1));
      if (c0 >= columns) continue;
      // A bin wider than a few pixels (zoomed past its level) holds its marks somewhere in its
      // lines: a tick at its start says so without painting the whole bin; its lifetimes span it.
      for (let c = c0; c <= c1; c++) columnExtras[c] |= e & ALIVE;
      for (let c = c0; c <= Math.min(c1, c0 + 2); c++) columnKinds[c] |= k;
      columnExtras[c0] |= e & ~ALIVE;
    }
    const runs = (test, each) => {
      for (let c = 0; c < columns;) {
        if (!test(c)) { c++; continue; }
        let d = c + 1;
        while (d < columns && test(d)) d++;
        each(c, d); c = d;
      }
    };
    let bars = 0, ticks = 0, resets = [];
    ctx.fillStyle = "rgba(21,101,192,0.16)";
    runs((c) => columnExtras[c] & ALIVE, (c, d) => { ctx.fillRect(GUTTER + c, band, d - c, bandH); bars += 1; });
    for (let c = 0; c < columns; c++) if (columnExtras[c] & RESET) resets.push(GUTTER + c);
    drawResets(resets, band, bandH);
    const track = (bandH - 2) / trackCount, h = Math.max(1, track - 0.5);
    for (const key of tracks) {
      const bit = 1 << key;
      ctx.fillStyle = KIND_COLOURS[kinds[key]] || "#000";
      const y = band + 1 + track * trackOf(key);
      runs((c) => columnKinds[c] & bit, (c, d) => { ctx.fillRect(GUTTER + c, y, Math.max(1.5, d - c), h); ticks += d - c; });
    }
    let flagged = null;
    for (let c = 0; c < columns; c++) {
      const severity = columnExtras[c] & 7;
      if (!severity) continue;
      if (!flagged) { flagged = new Uint8Array(Math.ceil(width) + 1); flags.push({ top, bins: flagged }); }
      flagged[GUTTER + c] |= severity;
    }
    return { bins: occupied, ticks, bars, resets: resets.length };
  }
  // What a click on a summary's lane shows: the bin under the pointer and how to see it exactly.
  function showBin(lane, x) {
    const level = summaryLevel(view[0], view[1], plotWidth()), n = S.levels[level], per = S.lines / n;
    const b = Math.max(0, Math.min(n - 1, Math.floor((x - 1) / per)));
    const [kb, eb] = laneBins(lane, level), k = kb[b], e = eb[b];
    const from = Math.floor(1 + b * per), to = Math.max(from, Math.ceil(1 + (b + 1) * per) - 1);
    const present = kinds.filter((name, i) => k & (1 << i)).join(", ");
    const severities = ["info", "warning", "error"].filter((name) => e & SEVERITY_BITS[name]).join(", ");
    const pre = document.createElement("pre"); pre.textContent = exactCommand(from, to);
    detail.replaceChildren(dl([
      ["view", lane.view], ["lines", from + "–" + to], ["marks", present || "none"],
      ["lifetime", e & ALIVE ? "alive" : null], ["identity reset", e & RESET ? "yes" : null], ["findings", severities || null],
    ]), "Exact marks of these lines:", pre);
    detail.dataset.bin = from + "-" + to;
  }
  // Below the lanes, the log's lines behind the marks in view (the first EVENT_LIST_LIMIT, in
  // line order), so the page reads as the log it came from; rebuilt only when the view moves.
  const EVENT_LIST_LIMIT = 200;
  const eventBody = document.querySelector("#event-table tbody");
  let listedKey = "";
  function listEvents(x0, x1) {
    const key = x0 + ":" + x1 + ":" + rows.length + ":" + selected;
    if (key === listedKey) return;
    listedKey = key;
    const picked = [];
    let total = 0;
    for (const row of rows) {
      const ms = row.marks, from = lowerBound(ms, x0), to = lowerBound(ms, x1 + 1e-12);
      total += Math.max(0, to - from);
      for (let j = from; j < to && j < from + EVENT_LIST_LIMIT; j++) picked.push(ms[j]);
    }
    // A collapsed type's row lists its instances' marks too; a mark is listed once.
    const unique = Array.from(new Set(picked)).sort((a, b) => a - b).slice(0, EVENT_LIST_LIMIT);
    document.getElementById("events").hidden = markCount === 0;
    document.getElementById("events-count").textContent = total > unique.length
      ? "(the first " + unique.length + " of " + total.toLocaleString("en-US") + "; zoom in for the rest)" : "(" + unique.length + ")";
    eventBody.replaceChildren(...unique.map((m) => {
      const tr = document.createElement("tr");
      const lane = lanes[markLane[m]];
      for (const text of [String(markLine[m]), lane.view + (lane.instance ? " " + lane.instance : ""), kinds[markKind[m]], M.text[m] >= 0 ? data.texts[M.text[m]] : ""]) {
        const td = document.createElement("td"); td.textContent = text; tr.append(td);
      }
      if (m === selected) tr.className = "selected";
      tr.addEventListener("click", () => showMark(m));
      return tr;
    }));
    drawn.dataset.eventsListed = String(unique.length);
  }
  function fit(text, max) {
    if (ctx.measureText(text).width <= max) return text;
    let lo = 0, hi = text.length;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ctx.measureText(text.slice(0, mid) + "…").width <= max) lo = mid; else hi = mid - 1; }
    return text.slice(0, lo) + "…";
  }

  // ---- interaction ----
  let pending = false;
  function redraw() { if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; draw(); }); } }
  function zoom(factor, atPixel) {
    const centre = xAt(atPixel);
    const minSpan = data.axis === "seconds" ? 1e-6 : 2;
    let newSpan = Math.max(minSpan, (view[1] - view[0]) * factor);
    newSpan = Math.min(newSpan, (domain[1] - domain[0]) * 4);
    const t = (centre - view[0]) / (view[1] - view[0]);
    view = [centre - t * newSpan, centre + (1 - t) * newSpan];
    redraw();
  }
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    if (e.shiftKey) { scroll(e.deltaY); return; }
    zoom(Math.exp(e.deltaY * 0.002), Math.max(GUTTER, e.offsetX));
  }, { passive: false });
  function scroll(dy) {
    const total = rows.length ? rows[rows.length - 1].y + rows[rows.length - 1].h : 0;
    scrollY = Math.max(0, Math.min(Math.max(0, total - height + ROW), scrollY + dy));
    redraw();
  }
  let drag = null;
  canvas.addEventListener("mousedown", (e) => { drag = { x: e.clientX, y: e.clientY, view: view.slice(), scrollY, moved: false }; canvas.classList.add("dragging"); });
  window.addEventListener("mousemove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    const shift = dx / plotWidth() * (drag.view[1] - drag.view[0]);
    view = [drag.view[0] - shift, drag.view[1] - shift];
    scrollY = drag.scrollY; scroll(-dy);
  });
  window.addEventListener("mouseup", (e) => {
    if (!drag) return;
    const click = !drag.moved;
    drag = null; canvas.classList.remove("dragging");
    if (click) select(e.offsetX, e.offsetY);
  });
  window.addEventListener("keydown", (e) => {
    if (e.target === filterBox) return;
    if (e.key === "+" || e.key === "=" || e.key === "w") zoom(0.7, GUTTER + plotWidth() / 2);
    else if (e.key === "-" || e.key === "s") zoom(1 / 0.7, GUTTER + plotWidth() / 2);
    else if (e.key === "a" || e.key === "ArrowLeft") { const d = (view[1] - view[0]) * 0.2; view = [view[0] - d, view[1] - d]; redraw(); }
    else if (e.key === "d" || e.key === "ArrowRight") { const d = (view[1] - view[0]) * 0.2; view = [view[0] + d, view[1] + d]; redraw(); }
  });
  document.getElementById("reset").addEventListener("click", () => { view = domain.slice(); scrollY = 0; redraw(); });
  filterBox.addEventListener("input", () => { buildRows(); scrollY = 0; resize(); });
  window.addEventListener("resize", resize);

  // ---- selection ----
  const detail = document.getElementById("detail");
  function dl(pairs) {
    const list = document.createElement("dl");
    for (const [k, v] of pairs) {
      if (v === null || v === undefined || v === "") continue;
      const dt = document.createElement("dt"); dt.textContent = k;
      const dd = document.createElement("dd"); dd.textContent = v;
      list.append(dt, dd);
    }
    return list;
  }
  function showMark(m) {
    const lane = lanes[markLane[m]];
    const text = M.text[m] >= 0 ? data.texts[M.text[m]] : "(no message stored)";
    const pre = document.createElement("pre"); pre.textContent = text;
    detail.replaceChildren(dl([
      ["kind", kinds[markKind[m]]], ["view", lane.view], ["instance", lane.instance], ["line", String(markLine[m])],
      ["time", data.axis === "seconds" ? label(markX[m]) : null],
      ["tokens", M.tokens[m] >= 0 ? data.tokenTexts[M.tokens[m]] : null],
    ]), pre);
    detail.dataset.mark = String(m);
    selected = m;
    redraw();
  }
  function showLifetime(i) {
    const lane = lanes[L.lane[i]];
    detail.replaceChildren(dl([
      ["lifetime of", lane.view + (lane.instance ? " " + lane.instance : "")],
      ["began", "line " + markLine[L.start[i]] + " (" + L.startedBy[i] + ")"],
      ["new identity", L.verdict[i] ? VERDICT_WORDS[L.verdict[i]] : null],
      ["ended", L.endedBy[i] === "end" ? "still alive when the trace ended" : "line " + markLine[L.end[i]] + " (" + L.endedBy[i] + ")"],
    ]));
  }
  function showFinding(i) {
    const f = data.findings[i];
    const pre = document.createElement("pre"); pre.textContent = f.message;
    detail.replaceChildren(dl([["finding", f.rule], ["severity", f.severity], ["view", f.view], ["count", String(f.count)], ["lines", f.lines.slice(0, 40).join(", ") + (f.lines.length > 40 ? " …" : "")]]), pre);
  }
  function focusFinding(i) {
    const f = data.findings[i];
    showFinding(i);
    if (f.lines.length) {
      const a = xOfLine(f.lines[0]), b = xOfLine(f.lines[f.lines.length - 1]);
      const pad = Math.max((b - a) * 0.15, data.axis === "seconds" ? 0.01 : 3);
      view = [a - pad, b + pad];
    }
    if (f.lane >= 0 && f.lane !== null) {
      const row = rows.find((r) => r.lane.index === f.lane);
      if (row) scrollY = Math.max(0, row.y - AXIS - 3 * ROW);
    }
    redraw();
  }
  function select(ox, oy) {
    const y = oy + scrollY;
    const row = rows.find((r) => y >= r.y && y < r.y + r.h);
    if (row && ox < GUTTER) { toggle(row.lane); return; }
    if (!row) return;
    const lane = row.lane;
    for (const fi of lane.findings) {
      for (const line of data.findings[fi].lines) if (Math.abs(px(xOfLine(line)) - ox) <= 4 && oy - (row.y - scrollY) < FLAG) { showFinding(fi); return; }
    }
    if (S) { showBin(lane, xAt(ox)); return; }
    const x = xAt(ox), ms = row.marks;
    const j = lowerBound(ms, x);
    let best = -1, bestD = 6;
    for (const k of [j - 1, j]) if (k >= 0 && k < ms.length) { const d = Math.abs(px(markX[ms[k]]) - ox); if (d < bestD) { bestD = d; best = ms[k]; } }
    if (best >= 0) { showMark(best); return; }
    for (const i of lane.lifetimes) {
      const start = markX[L.start[i]], end = L.endedBy[i] === "end" ? domain[1] : markX[L.end[i]];
      if (x >= start && x <= end) { showLifetime(i); return; }
    }
  }
  window.timeline = { select, showMark, focusFinding, data };

  // `#line=N` in the address selects the mark of line N and centres it: a link to one event.
  function selectLineFromAddress() {
    const value = new URLSearchParams(location.hash.slice(1)).get("line");
    if (!value || !/^\d+$/.test(value)) return;
    const line = Number(value);
    let lo = 0, hi = markCount;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (markLine[mid] < line) lo = mid + 1; else hi = mid; }
    if (lo >= markCount || markLine[lo] !== line) { detail.textContent = "No mark on line " + line + "."; return; }
    showMark(lo);
    if (markX[lo] < view[0] || markX[lo] > view[1]) {
      const half = (view[1] - view[0]) / 2;
      view = [markX[lo] - half, markX[lo] + half];
    }
  }
  // `#view=A-B` opens with positions A to B on the axis (lines, or seconds): a link to a range.
  function viewFromAddress() {
    const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(new URLSearchParams(location.hash.slice(1)).get("view") || "");
    if (match && Number(match[2]) > Number(match[1])) view = [Number(match[1]), Number(match[2])];
  }
  window.addEventListener("hashchange", () => { viewFromAddress(); selectLineFromAddress(); redraw(); });

  // `#filter=TEXT` opens the page filtered, as if TEXT were typed into the filter box.
  filterBox.value = new URLSearchParams(location.hash.slice(1)).get("filter") || "";
  buildRows();
  viewFromAddress();
  selectLineFromAddress();
  resize();
  // Milliseconds since navigation began: the data parsed and the first frame drawn (into the
  // canvas, synchronously above), then on screen (the next animation frame, and the browser's
  // own first-contentful-paint entry when it has one).
  drawn.dataset.firstDrawMs = performance.now().toFixed(0);
  // Ready once drawn, not once painted: a headless browser on a busy machine may take its DOM
  // snapshot before the next animation frame comes.
  drawn.dataset.ready = "true";
  requestAnimationFrame(() => {
    drawn.dataset.firstPaintMs = performance.now().toFixed(0);
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    if (paint) drawn.dataset.firstContentfulPaintMs = paint.startTime.toFixed(0);
    timeRedraws(Number(new URLSearchParams(location.hash.slice(1)).get("redraws")) || 0);
  });
  // `#redraws=N` (for bench/timeline.sh): N full redraws of the whole trace, then N zoomed in
  // twentyfold; the fastest and the median go into #drawn. The fastest is the steadiest figure
  // on a busy machine.
  function timeRedraws(n) {
    if (n <= 0) return;
    const time = () => {
      const times = [];
      for (let i = 0; i < n; i++) { const t = performance.now(); draw(); times.push(performance.now() - t); }
      times.sort((a, b) => a - b);
      return [times[0].toFixed(1), times[times.length >> 1].toFixed(1)];
    };
    [drawn.dataset.redrawMinMs, drawn.dataset.redrawMedianMs] = time();
    const saved = view.slice();
    zoom(0.05, GUTTER + plotWidth() / 2);
    [drawn.dataset.zoomedRedrawMinMs, drawn.dataset.zoomedRedrawMedianMs] = time();
    drawn.dataset.zoomedTicks = drawn.dataset.ticks;
    view = saved;
    draw();
  }
})();
