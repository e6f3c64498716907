/// Turns a message (the line without its envelope) into an event.
///
/// Recognisers are tried from the most exact to the most forgiving, because the first that
/// claims a message wins: the structured line and `_printChanges` output have strict grammars,
/// user patterns encode what the user knows about their own logs, the lifecycle heuristic is a
/// guess. Anything no recogniser claims becomes a `text` event holding the message verbatim.
///
/// A classifier belongs to one trace: it counts each user pattern's timeouts in that trace.
public struct MessageClassifier {
    private var names = StringInterner()
    /// The lifecycle recogniser's word buffer, reused from line to line.
    private var words: [LifecycleWord] = []
    private let patterns: [UserPattern]
    private var timeouts: [Int]
    /// Progress reports each pattern spent in this trace, and all of them together.
    private var costs: [Int]
    private var totalCost = 0
    private var switchedOff: [Bool]
    /// The last evaluation counter each view printed (`>>> Card.body: 61`), for the step the
    /// next one makes.
    private var counters: [String: Int] = [:]
    /// How many events took their multiplicity from a view's last counter: such an event
    /// depends on the lines before it, which the parser's `RepeatedMessages` must know.
    private(set) var counterReads = 0

    /// True when the configuration gave user patterns, whose budgets make a message's
    /// classification depend on the lines before it.
    var hasPatterns: Bool { !patterns.isEmpty }

    /// Creates a classifier with the built-in recognisers and `patterns` from the configuration.
    public init(patterns: [UserPattern] = []) {
        self.patterns = patterns
        self.timeouts = [Int](repeating: 0, count: patterns.count)
        self.costs = [Int](repeating: 0, count: patterns.count)
        self.switchedOff = [Bool](repeating: false, count: patterns.count)
    }

    /// Classifies `message`, whose text form is `text`, found on `line` inside `envelope`.
    public mutating func classify(
        _ message: UnsafeRawBufferPointer,
        text: consuming String,
        line: Int,
        envelope: consuming Envelope,
        stats: inout ParseStats
    ) -> Event {
        // The marker test fails on the first byte for almost every message: trying it first is free.
        switch StructuredMessage.parse(message) {
        case .parsed(let parsed):
            // A probe line's own clock stands in for a time only where the wrapper gave none
            // (a plain `print`): an os_log envelope's wall-clock time is the one every other
            // line of the log is on.
            if envelope.timestamp == nil, let time = parsed.time { envelope.timestamp = time }
            return Event(
                line: line, kind: parsed.kind, view: parsed.view, owner: parsed.owner, instance: parsed.instance,
                origin: .structured, message: text, tokens: parsed.tokens, envelope: envelope, durationMs: parsed.durationMs
            )
        case .malformed:
            stats.malformedStructured += 1
            return Event(line: line, kind: .text, origin: .text, message: text, envelope: envelope)
        case .notStructured:
            break
        }
        // SwiftUI's own warnings have fixed texts, so they go before every guess; a table
        // look-up on the first byte turns almost every other message away at once.
        if SwiftUIWarning.mayStart(message), SwiftUIWarning.parseCandidate(message) != nil {
            return Self.warning(line: line, text: text, envelope: envelope)
        }
        if let parsed = PrintChangesMessage.parse(message) {
            return Event(
                line: line, kind: .body, view: parsed.view, origin: .printChanges,
                message: text, tokens: parsed.tokens, envelope: envelope,
                multiplicity: Self.printChangesMultiplier(message)
            )
        }
        if !patterns.isEmpty, let event = matchPatterns(message, text: text, line: line, envelope: envelope, stats: &stats) {
            return event
        }
        if let parsed = LifecycleMessage.parse(message, scratch: &words) {
            let view = names.intern(message, parsed.view)
            return Event(
                line: line, kind: parsed.kind,
                view: view,
                owner: parsed.owner.map { names.intern(message, $0) },
                instance: parsed.instance.map { String(decoding: UnsafeRawBufferPointer(rebasing: message[$0]), as: UTF8.self) },
                origin: .lifecycle, message: text, envelope: envelope,
                // What the developer measured and wrote after the name (`init took 35 ms`): an init's or a
                // body's cost; numbers before it are a time or a counter (`T+1ms: LikeManager.init()`).
                durationMs: parsed.kind == .`init` || parsed.kind == .body
                    ? ProseDuration.milliseconds(in: message, from: parsed.view.upperBound) : nil,
                multiplicity: parsed.annotation.map { multiplicity(of: $0, view: view) } ?? 1
            )
        }
        // TCA's `WithViewStore<…>@LoginView.swift:44 (Changed state)`: a body evaluation of the
        // view in that file. After the lifecycle prints: its first byte is all most lines pay.
        if let view = ViewStoreDebugLine.parse(message) {
            return Event(line: line, kind: .body, view: names.intern(message, view), origin: .lifecycle, message: text, envelope: envelope)
        }
        // A warning pasted with decoration in front (`⚠️ Publishing changes…`, `> *ForEach<…>…*`):
        // read where a lifecycle print would have been, once the line is nothing else.
        if SwiftUIWarning.parseDecorated(message) != nil || SwiftUIWarning.parseTrailing(message) != nil {
            return Self.warning(line: line, text: text, envelope: envelope)
        }
        if LifecycleLookalike.looks(message) {
            stats.lookalikes += 1
            return Event(line: line, kind: .text, origin: .lookalike, message: text, envelope: envelope)
        }
        return Event(line: line, kind: .text, origin: .text, message: text, envelope: envelope)
    }

    /// How many evaluations an annotation stands for: a multiplier says it; a counter says it
    /// by its step from the view's last counter (a first counter, or one that went back, as
    /// after a relaunch, stands for its own line only: the log does not say when the others ran).
    private mutating func multiplicity(of annotation: Multiplicity.Annotation, view: String) -> Int32 {
        guard annotation.isCounter else { return Int32(max(1, annotation.value)) }
        counterReads += 1
        let previous = counters.updateValue(annotation.value, forKey: view)
        guard let previous, annotation.value > previous else { return 1 }
        return Int32(min(annotation.value - previous, Multiplicity.maximum))
    }

    /// A multiplier after `changed.` (`… changed.  (×3 per zoom step)`); 1 for the usual line,
    /// which ends at its full stop and is not read again.
    @inline(__always)
    private static func printChangesMultiplier(_ message: UnsafeRawBufferPointer) -> Int32 {
        guard let last = message.last, last != UInt8(ascii: "."), last != 0x20 || message.count > 1 else { return 1 }
        return remarkMultiplier(message)
    }

    @inline(never)
    private static func remarkMultiplier(_ message: UnsafeRawBufferPointer) -> Int32 {
        // The remark starts after the last ` changed` (or ` unchanged`).
        var index = message.count - 8
        while index > 0 {
            if message[index] == UInt8(ascii: "c"), LifecycleWords.equals(UnsafeRawBufferPointer(rebasing: message[index..<(index + 7)]), "changed") {
                break
            }
            index -= 1
        }
        guard index > 0, let annotation = Multiplicity.multiplier(in: message, from: index + 7, annotationStart: index + 7) else { return 1 }
        return Int32(max(1, annotation.value))
    }

    /// Out of line: the parser's hot path stays as small as it was before warnings existed.
    @inline(never)
    private static func warning(line: Int, text: consuming String, envelope: consuming Envelope) -> Event {
        Event(line: line, kind: .warning, origin: .swiftUIWarning, message: text, envelope: envelope)
    }

    /// The first user pattern that claims the message, skipping patterns switched off for
    /// running out of budget too often in this trace.
    private mutating func matchPatterns(
        _ message: UnsafeRawBufferPointer, text: String, line: Int, envelope: Envelope, stats: inout ParseStats
    ) -> Event? {
        guard message.count <= UserPattern.maxMessageLength, totalCost < UserPattern.maxCostPerTrace else { return nil }
        for index in patterns.indices where !switchedOff[index] {
            var timedOut = false
            var cost = 0
            let match = patterns[index].match(text, utf8Count: message.count, cost: &cost, timedOut: &timedOut)
            costs[index] += cost
            totalCost += cost
            if timedOut {
                stats.patternTimeouts += 1
                timeouts[index] += 1
            }
            if timeouts[index] >= UserPattern.maxTimeoutsPerTrace || costs[index] >= UserPattern.maxCostPerPattern {
                switchedOff[index] = true
                stats.patternsDisabled += 1
            }
            if totalCost >= UserPattern.maxCostPerTrace {
                // Every pattern still on goes off together: the trace's budget is spent.
                for other in patterns.indices where !switchedOff[other] {
                    switchedOff[other] = true
                    stats.patternsDisabled += 1
                }
            }
            if let match {
                return Event(
                    line: line, kind: match.kind, view: match.view, owner: match.owner, instance: match.instance,
                    origin: .pattern(patterns[index].name), message: text, envelope: envelope
                )
            }
        }
        return nil
    }
}
