import TraceModel
import TraceRules

/// The Chrome Trace Event Format (JSON object form), as the Perfetto UI and chrome://tracing
/// open it: a thread per timeline lane, a complete (`X`) event per lifetime, a thread-scoped
/// instant (`i`) event per lifecycle event, an instant event with `args` per finding.
///
/// Timestamps are microseconds from the trace's first event; a log without times gets its line
/// numbers as microseconds, and `otherData.time_axis` says so.
enum ChromeTraceFormat: ExportFormat {
    static let identifier = "chrome-trace"
    static let summary = "JSON Trace Event Format for ui.perfetto.dev and chrome://tracing."

    static let processID = 1

    static func write(_ selection: TraceSelection, to sink: ByteSink) throws {
        write(try selection.timeline(), to: JSONStream(sink: sink))
    }

    static func write(_ model: TimelineModel, to json: JSONStream) {
        let hasTimes = model.hasTimes
        let origin = hasTimes ? (model.marks.first?.ts ?? 0) : 0
        func micros(_ mark: Int) -> Double {
            let mark = model.marks[mark]
            return hasTimes ? ((mark.ts ?? origin) - origin) * 1_000_000 : Double(mark.line)
        }
        json.raw("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"tool\":"); json.string("trace-analyze \(CommandLineTool.version)")
        json.raw(",\"source\":"); json.string(model.trace.source)
        json.raw(",\"trace_id\":"); json.int(model.trace.id)
        json.raw(",\"lines\":"); json.int(model.trace.lines)
        json.raw(",\"events\":"); json.int(model.trace.events)
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
        json.raw(",\"args\":{\"name\":"); json.string("\(model.trace.source) (trace \(model.trace.id))"); json.raw("}}")
        for (order, lane) in displayOrder(model).enumerated() {
            let name = model.lanes[lane].instance.map { "\(model.lanes[lane].view) \($0)" } ?? model.lanes[lane].view
            begin("thread_name", phase: "M", ts: 0, tid: lane + 1)
            json.raw(",\"args\":{\"name\":"); json.string(name); json.raw("}}")
            begin("thread_sort_index", phase: "M", ts: 0, tid: lane + 1)
            json.raw(",\"args\":{\"sort_index\":"); json.int(order); json.raw("}}")
        }
        for lifetime in model.lifetimes {
            let start = micros(lifetime.start)
            begin(model.lanes[lifetime.lane].view, phase: "X", ts: start, tid: lifetime.lane + 1)
            json.raw(",\"dur\":"); json.double(micros(lifetime.end) - start)
            json.raw(",\"cat\":\"lifetime\",\"args\":{\"started_by\":\"\(lifetime.startedBy.rawValue)\",\"ended_by\":\"\(lifetime.endedBy.rawValue)\",\"first_line\":")
            json.int(model.marks[lifetime.start].line)
            json.raw(",\"last_line\":"); json.int(model.marks[lifetime.end].line); json.raw("}}")
        }
        for (index, mark) in model.marks.enumerated() {
            // A measured step is a slice ending at its mark (the probe writes a line when the step
            // ends), so Perfetto shows how long each body took; others are instants.
            if hasTimes, let duration = mark.durationMs, duration > 0 {
                begin(mark.kind.rawValue, phase: "X", ts: micros(index) - duration * 1000, tid: mark.lane + 1)
                json.raw(",\"dur\":"); json.double(duration * 1000)
                json.raw(",\"cat\":\"\(mark.kind.rawValue)\",\"args\":{\"line\":"); json.int(mark.line)
                json.raw(",\"ms\":"); json.double(duration)
            } else {
                begin(mark.kind.rawValue, phase: "i", ts: micros(index), tid: mark.lane + 1)
                json.raw(",\"s\":\"t\",\"cat\":\"\(mark.kind.rawValue)\",\"args\":{\"line\":"); json.int(mark.line)
            }
            if let text = mark.text { json.raw(",\"message\":"); json.string(model.texts[text]) }
            if let tokens = mark.tokens { json.raw(",\"tokens\":"); json.string(model.tokenTexts[tokens]) }
            json.raw("}}")
        }
        let lineIndex = MarkLineIndex(model)
        for (finding, lane) in zip(model.findings, model.findingLanes) {
            let ts = finding.lines.first.flatMap(lineIndex.mark(atOrAfter:)).map(micros) ?? 0
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

    /// Type lanes in order of appearance, each followed by its instances.
    static func displayOrder(_ model: TimelineModel) -> [Int] {
        var children: [Int: [Int]] = [:]
        for (index, lane) in model.lanes.enumerated() {
            if let parent = lane.parent { children[parent, default: []].append(index) }
        }
        return model.lanes.indices.filter { model.lanes[$0].parent == nil }.flatMap { [$0] + (children[$0] ?? []) }
    }
}

/// Finds the first mark at or after a line: marks are in line order.
struct MarkLineIndex {
    private let lines: [Int]

    init(_ model: TimelineModel) { lines = model.marks.map(\.line) }

    func mark(atOrAfter line: Int) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low < lines.count ? low : nil
    }
}
