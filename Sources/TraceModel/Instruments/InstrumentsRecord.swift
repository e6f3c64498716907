/// One row of a table trace-analyze reads, by column: what it becomes.
struct InstrumentsRecord {
    /// The longest duration taken at its word: an hour. Instruments writes an interval that never
    /// ended (the recording stopped first) with an unset duration, `UInt64.max` nanoseconds, or
    /// one reaching past the run; no view update or frame lasts an hour.
    static let maxDurationNanoseconds: Int64 = 3_600_000_000_000

    enum Outcome {
        /// An event, with the row's details beyond the event's columns when it has any.
        case event(Event, RecordedInterval?)
        /// A row whose duration is missing or absurd: skipped, counted.
        case unfinished
        /// A row of `swiftui-updates` that is neither a body nor a layout (`Other Updates`, …).
        case otherUpdate
        /// A layout pass Instruments marks `cached`: its result was reused, no layout ran.
        case cachedLayout
        /// A Cause & Effect edge of `swiftui-causes`; nil when it names no destination.
        case causeEdge(InstrumentsEdge?)
        /// A row of a table that is counted, not read (`hang-risks`, `hitches-renders`).
        case counted
    }

    let table: InstrumentsTable
    let line: Int
    let cells: [InstrumentsValue]
    let values: InstrumentsValueTable

    private func text(_ column: InstrumentsColumn) -> String? {
        values.text(cells[column.rawValue]).flatMap { $0.isEmpty ? nil : $0 }
    }

    private func number(_ column: InstrumentsColumn) -> Int64? {
        if case .number(let number) = cells[column.rawValue] { return number }
        return nil
    }

    /// A `boolean` cell (`<boolean fmt="No">0</boolean>`); nil when the row has none.
    private func flag(_ column: InstrumentsColumn) -> Bool? {
        number(column).map { $0 != 0 }
    }

    /// The kind of a `swiftui-updates` row from its `update-type` (`View Body`, `Layout`, …):
    /// nil for any other update.
    static func updateKind(_ type: String) -> EventKind? {
        let lower = type.lowercased()
        if lower.contains("body") { return .body }
        if lower.contains("layout") { return .layout }
        return nil
    }

    /// What the row becomes; `updateKind` is the kind of its `update-type`, `tokens` those of its
    /// root causes and `process` its split process cell, when the caller knows them already
    /// (decided once per distinct text).
    func event(
        updateKind known: EventKind?? = nil, tokens knownTokens: [String]? = nil, process knownProcess: InstrumentsProcess?? = nil
    ) -> Outcome {
        let kind: EventKind
        switch table {
        case .causes:
            guard let destination = number(.destinationNodeID) else { return .causeEdge(nil) }
            return .causeEdge(InstrumentsEdge(
                line: line, source: number(.sourceNodeID), destination: destination, label: text(.label),
                valueType: text(.valueType), changedProperties: text(.changedProperties)
            ))
        case .hangRisks, .renders:
            return .counted
        case .hitches, .hangs:
            kind = .hitch
        case .layoutUpdates:
            // A cached pass reused an earlier result: no layout ran, so it is no work to count.
            if flag(.cached) == true { return .cachedLayout }
            kind = .layout
        case .updates:
            guard let decided = known ?? Self.updateKind(text(.updateType) ?? "") else { return .otherUpdate }
            kind = decided
        }
        guard let duration = number(.duration), duration >= 0, duration <= Self.maxDurationNanoseconds else { return .unfinished }
        let severity = text(.severity)
        let process = knownProcess ?? text(.process).map(InstrumentsProcess.init)
        let thread = text(.thread).map(InstrumentsThread.init)
        let start = number(.start).map { Double($0) / 1_000_000_000 }
        var envelope = Envelope(
            format: .instruments, timestamp: start, process: process?.name, pid: process?.pid,
            subsystem: text(.module), category: table.rawValue, level: severity
        )
        envelope.tid = thread?.id
        if kind == .hitch {
            return hitch(milliseconds: Double(duration) / 1_000_000, thread: thread, envelope: envelope)
        }
        guard let view = text(.viewName) ?? text(.causeGraphNode) ?? text(.description) else { return .otherUpdate }
        // A layout pass's `duration` includes the passes nested in it; its `self-duration` is its
        // own work. Totals add self time, so a nested pass is counted once.
        var interval: RecordedInterval?
        var milliseconds = Double(duration) / 1_000_000
        var own = ""
        if table == .layoutUpdates, let selfDuration = number(.selfDuration), selfDuration >= 0, selfDuration <= duration {
            interval = RecordedInterval(table: table.rawValue, thread: thread?.name, mainThread: thread?.isMain, inclusiveMs: milliseconds)
            own = " self, \(Self.format(milliseconds)) with the passes inside it"
            milliseconds = Double(selfDuration) / 1_000_000
        }
        let causes = text(.rootCauses)
        var message = "\(view) \(kind == .body ? "body" : "layout") \(Self.format(milliseconds))\(own)"
        if let severity { message += " (\(severity))" }
        if let causes { message += " ← \(causes)" }
        return .event(Event(
            line: line, kind: kind, view: view, origin: .instruments, message: message,
            tokens: kind == .body ? knownTokens ?? InstrumentsCauses.tokens(causes ?? "") : [], envelope: envelope, durationMs: milliseconds
        ), interval)
    }

    /// A row of `hitches` or `potential-hangs`: the event, and what the row says of whose it was.
    private func hitch(milliseconds: Double, thread: InstrumentsThread?, envelope: Envelope) -> Outcome {
        var envelope = envelope
        let interval: RecordedInterval
        var message: String
        if table == .hangs {
            let hangType = text(.hangType)
            // Instruments' own label of the hang is the row's level, as severity is an update's.
            envelope.level = hangType ?? envelope.level
            interval = RecordedInterval(table: table.rawValue, hangType: hangType, thread: thread?.name, mainThread: thread?.isMain)
            message = "\(hangType ?? "potential hang") \(Self.format(milliseconds))"
            if let thread { message += " on \(thread.name)" }
        } else {
            let isSystem = flag(.isSystem)
            interval = RecordedInterval(table: table.rawValue, isSystem: isSystem, display: text(.display))
            message = "\(isSystem == true ? "system hitch" : "hitch") \(Self.format(milliseconds))"
            if let display = interval.display { message += " on \(display)" }
            if let narrative = text(.description) { message += ": \(narrative)" }
        }
        return .event(Event(
            line: line, kind: .hitch, origin: .instruments, message: message, envelope: envelope, durationMs: milliseconds,
            recorded: interval.facts
        ), interval)
    }

    /// The row's node id (`id`), for an edge to find its event.
    var node: Int64? { number(.nodeID) }

    /// `1.234 ms`, `512 µs`: how Instruments shows a duration.
    static func format(_ milliseconds: Double) -> String {
        milliseconds < 1 ? "\(Int((milliseconds * 1000).rounded())) µs" : String(format3: milliseconds) + " ms"
    }

}

/// A `process` cell split into name and pid: `MyApp (1001)` is `MyApp` and 1001.
struct InstrumentsProcess {
    let name: String
    let pid: Int?

    init(_ text: String) {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else {
            name = text
            pid = nil
            return
        }
        name = String(text[..<open]).trimmingSuffixSpaces()
        pid = Int(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }
}

extension String {
    /// A number with three decimals, without Foundation.
    init(format3 value: Double) {
        let thousandths = Int64((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        self = "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
