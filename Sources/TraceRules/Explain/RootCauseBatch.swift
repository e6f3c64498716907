/// Gives the findings a run produces at its end their root causes a batch at a time, the lines
/// of a batch looked up together in line order.
///
/// A finding's lines scatter across the log, and so do the updates that hold them: looked up
/// one finding at a time (`UpdateTracker.rootCause(ofLines:view:names:)`), nearly every line
/// reads a chunk of updates back from the spill file, and the next finding reads the same
/// chunks again (half of `check`'s time after its last event, at a million lines). Sorted
/// together, a batch's lines read each chunk once. Batches are bounded by the memory they hold
/// (`weight(of:)`), so it stays flat and the findings keep flowing to the writer; findings come
/// out in the order they went in, each the same as the one-at-a-time root cause would make it.
struct RootCauseBatch {
    /// The bytes a batch holds at most, about: larger batches read fewer chunks again, but
    /// hold more findings back from the writer for longer.
    static let maxBytes = 2 << 20

    /// About the bytes `finding` holds in a batch: its message, and per line the line, its
    /// lookup and the update found for it.
    static func weight(of finding: Finding) -> Int {
        128 + finding.message.utf8.count + finding.lines.count * 40
    }

    private let tracker: UpdateTracker
    private let maxBytes: Int
    private var findings: [Finding] = []
    private var origins: [Origin] = []
    private var lineCount = 0
    private var bytes = 0

    /// A batch over `tracker`'s updates, full at about `maxBytes` bytes.
    private init(tracker: UpdateTracker, maxBytes: Int = RootCauseBatch.maxBytes) {
        self.tracker = tracker
        self.maxBytes = maxBytes
    }

    /// Ends each of `entries`' detectors in turn, and hands every finding they produce to `emit`
    /// with its root cause, batches of about `maxBytes` at a time: the end of a stored trace's
    /// scan (`Analyzer`) and of a stream (`LiveAnalyzer`).
    static func finish(
        _ entries: some Sequence<DetectorSet.Entry>, subjects: Subjects, traceID: Int, source: String, tracker: UpdateTracker,
        names: inout PropertyNames, maxBytes: Int = RootCauseBatch.maxBytes, emit: (Finding) throws -> Void
    ) rethrows {
        try finish(
            entries, subjects: subjects, traceID: traceID, source: source, tracker: tracker, names: &names, maxBytes: maxBytes
        ) { finding, _ in try emit(finding) }
    }

    /// `finish`, handing `emit` each finding with its origin: the position of its entry in
    /// `entries` and its violation's `earlyKey`, which a live run needs to match the finding
    /// with the one it reported before the end.
    static func finish(
        _ entries: some Sequence<DetectorSet.Entry>, subjects: Subjects, traceID: Int, source: String, tracker: UpdateTracker,
        names: inout PropertyNames, maxBytes: Int = RootCauseBatch.maxBytes, emit: (Finding, Origin) throws -> Void
    ) rethrows {
        var batch = RootCauseBatch(tracker: tracker, maxBytes: maxBytes)
        for (position, entry) in entries.enumerated() {
            try entry.detector.finish(subjects) { violation in
                try batch.add(
                    DetectorSet.finding(violation, of: entry, traceID: traceID, source: source),
                    origin: Origin(entry: position, earlyKey: violation.earlyKey), names: &names, emit: emit
                )
            }
        }
        try batch.flush(names: &names, emit: emit)
    }

    /// Where a finding came from: its entry's position among those finished, and the early key
    /// of its violation.
    struct Origin {
        let entry: Int
        let earlyKey: Int?
    }

    /// Takes `finding` (made without its root cause); once the batch is full, hands every
    /// finding of it to `emit` with its root cause, in the order they came.
    private mutating func add(
        _ finding: Finding, origin: Origin, names: inout PropertyNames, emit: (Finding, Origin) throws -> Void
    ) rethrows {
        let weight = Self.weight(of: finding)
        // A finding that fills half a batch on its own has lines enough to read its chunks once
        // by itself, in its own ascending order: it is not copied into a batch's lookups.
        if weight >= maxBytes / 2 {
            try flush(names: &names, emit: emit)
            try emit(finding.with(rootCause: tracker.rootCause(ofLines: finding.lines, view: finding.view, names: &names)), origin)
            return
        }
        findings.append(finding)
        origins.append(origin)
        lineCount += finding.lines.count
        bytes += weight
        if bytes >= maxBytes { try flush(names: &names, emit: emit) }
    }

    /// Hands the findings still held to `emit`, with their root causes.
    private mutating func flush(names: inout PropertyNames, emit: (Finding, Origin) throws -> Void) rethrows {
        guard !findings.isEmpty else { return }
        // Each line as `line << 32 | slot` (its place among the batch's lines): sorting plain
        // integers puts them in line order. Lines past what an update can hold are in none.
        var queries: [UInt64] = []
        queries.reserveCapacity(lineCount)
        var slot: UInt64 = 0
        for finding in findings {
            for line in finding.lines {
                if line >= 0 && line <= Int(UInt32.max) { queries.append(UInt64(line) << 32 | slot) }
                slot += 1
            }
        }
        queries.sort()
        var found = [UpdateTracker.Update?](repeating: nil, count: lineCount)
        var sweep = UpdateSweep(over: tracker)
        for query in queries {
            if let update = sweep.update(containing: Int(query >> 32)) { found[Int(UInt32(truncatingIfNeeded: query))] = update }
        }
        queries = []
        var first = 0
        for (finding, origin) in zip(findings, origins) {
            let cause = tracker.rootCause(ofLines: finding.lines, view: finding.view, names: &names) { position, _ in
                found[first + position]
            }
            first += finding.lines.count
            try emit(finding.with(rootCause: cause), origin)
        }
        findings.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        lineCount = 0
        bytes = 0
    }
}

extension Finding {
    /// The same finding with `rootCause`.
    func with(rootCause: String?) -> Finding {
        Finding(
            rule: rule, severity: severity, view: view, message: message, count: count,
            lines: lines, traceID: traceID, source: source, rootCause: rootCause, milliseconds: milliseconds, waste: waste
        )
    }
}
