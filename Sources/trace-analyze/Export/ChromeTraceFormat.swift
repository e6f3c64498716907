import TraceModel
import TraceRules

/// The Chrome Trace Event Format (JSON object form), as the Perfetto UI and chrome://tracing
/// open it: a thread per timeline lane, a complete (`X`) event per lifetime, a thread-scoped
/// instant (`i`) event per lifecycle event, an instant event with `args` per finding.
///
/// Timestamps are whole microseconds from the trace's first event; a log without times gets its
/// line numbers as microseconds, and `otherData.time_axis` says so.
enum ChromeTraceFormat: ExportFormat {
    static let identifier = "chrome-trace"
    static let summary = "JSON Trace Event Format for ui.perfetto.dev and chrome://tracing."

    static let processID = 1

    static func write(_ selection: TraceSelection, to sink: ByteSink) throws {
        try write(try selection.timelineSpool(), to: JSONStream(sink: sink))
    }

    /// Writes the trace in one walk over its spooled marks: metadata, lifetimes, marks (each
    /// with its message, read alongside), findings. Nothing grows with the trace but the lanes.
    static func write(_ spool: TimelineSpool, to json: JSONStream) throws {
        let hasTimes = spool.hasTimes
        let origin = hasTimes ? (spool.firstTime ?? 0) : 0
        // Whole microseconds: logs print times to the microsecond, and a time since 1970 held in
        // a Double is only good to a quarter of one, so finer digits would be float noise
        // (19999.98 for 20 ms).
        func micros(_ mark: TimelineModel.Mark) -> Double {
            hasTimes ? (((mark.ts ?? origin) - origin) * 1_000_000).rounded() : Double(mark.line)
        }
        json.raw("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"tool\":"); json.string("trace-analyze \(CommandLineTool.version)")
        json.raw(",\"source\":"); json.string(spool.trace.source)
        json.raw(",\"trace_id\":"); json.int(spool.trace.id)
        json.raw(",\"lines\":"); json.int(spool.trace.lines)
        json.raw(",\"events\":"); json.int(spool.trace.events)
        json.raw(",\"time_axis\":")
        json.string(hasTimes
            ? "seconds since the trace's first event, written as microseconds"
            : "line order: the log carries no times, so ts is the event's line number written as microseconds")
        if hasTimes { json.raw(",\"time_origin_unix_seconds\":"); json.double(origin) }
        json.raw("},\"traceEvents\":[")
        var first = true
        func begin(_ name: String, phase: String, ts: Double, tid: Int) {
            json.raw(first ? "{\"name\":" : ",\n{\"name\":")
            first = false
            json.string(name)
            json.raw(",\"ph\":\"\(phase)\",\"ts\":"); json.double(ts)
            json.raw(",\"pid\":\(processID),\"tid\":"); json.int(tid)
        }
        begin("process_name", phase: "M", ts: 0, tid: 0)
        json.raw(",\"args\":{\"name\":"); json.string("\(spool.trace.source) (trace \(spool.trace.id))"); json.raw("}}")
        // Type lanes in order of appearance, each followed by its instances.
        var order = 0
        spool.forEachLane { lane, described in
            let name = described.instance.map { "\(described.view) \($0)" } ?? described.view
            begin("thread_name", phase: "M", ts: 0, tid: lane + 1)
            json.raw(",\"args\":{\"name\":"); json.string(name); json.raw("}}")
            begin("thread_sort_index", phase: "M", ts: 0, tid: lane + 1)
            json.raw(",\"args\":{\"sort_index\":"); json.int(order); json.raw("}}")
            order += 1
        }
        spool.forEachLifetime { lifetime in
            let startMark = spool.mark(lifetime.start), endMark = spool.mark(lifetime.end)
            let start = micros(startMark)
            begin(spool.view(ofLane: lifetime.lane), phase: "X", ts: start, tid: lifetime.lane + 1)
            json.raw(",\"dur\":"); json.double(micros(endMark) - start)
            json.raw(",\"cat\":\"lifetime\",\"args\":{\"started_by\":\"\(lifetime.startedBy.rawValue)\",\"ended_by\":\"\(lifetime.endedBy.rawValue)\"")
            if let verdict = lifetime.verdict { json.raw(",\"verdict\":\"\(verdict.name)\"") }
            json.raw(",\"first_line\":")
            json.int(startMark.line)
            json.raw(",\"last_line\":"); json.int(endMark.line); json.raw("}}")
        }
        try spool.forEachMark { _, mark, message in
            // A measured step is a slice ending at its mark (the probe writes a line when the step
            // ends), so Perfetto shows how long each body took; others are instants.
            if hasTimes, let duration = mark.durationMs, duration > 0 {
                begin(mark.kind.rawValue, phase: "X", ts: micros(mark) - duration * 1000, tid: mark.lane + 1)
                json.raw(",\"dur\":"); json.double(duration * 1000)
                json.raw(",\"cat\":\"\(mark.kind.rawValue)\",\"args\":{\"line\":"); json.int(mark.line)
                json.raw(",\"ms\":"); json.double(duration)
            } else {
                begin(mark.kind.rawValue, phase: "i", ts: micros(mark), tid: mark.lane + 1)
                json.raw(",\"s\":\"t\",\"cat\":\"\(mark.kind.rawValue)\",\"args\":{\"line\":"); json.int(mark.line)
            }
            if let message { json.raw(",\"message\":"); json.string(message) }
            if let tokens = mark.tokens { json.raw(",\"tokens\":"); json.string(spool.tokenTexts[tokens]) }
            json.raw("}}")
        }
        try spool.forEachFinding { finding, lane in
            let ts = finding.lines.first.flatMap(spool.mark(atOrAfter:)).map { micros(spool.mark($0)) } ?? 0
            begin(finding.rule, phase: "i", ts: ts, tid: lane.map { $0 + 1 } ?? 0)
            // A finding without a lane of its own is drawn across the process.
            json.raw(",\"s\":\"\(lane == nil ? "p" : "t")\",\"cat\":\"finding,\(finding.severity.rawValue)\",\"args\":{\"severity\":")
            json.string(finding.severity.rawValue)
            json.raw(",\"view\":"); json.string(finding.view)
            json.raw(",\"message\":"); json.string(finding.message)
            json.raw(",\"count\":"); json.int(finding.count)
            json.raw(",\"lines\":"); json.array(finding.lines) { json.int($0) }
            json.raw("}}")
        }
        json.raw("]}\n")
    }
}
