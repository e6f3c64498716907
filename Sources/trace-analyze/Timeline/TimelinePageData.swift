import TraceModel
import TraceRules

/// The page's data: the timeline model as one JSON document, columns of numbers for the marks
/// so a million of them stay compact and quick to parse.
///
/// The page's script (`TimelinePageTemplate`) is its only reader; the two change together.
/// Positions on the axis are seconds from the first event when every mark has a time, else
/// line numbers (`axis`).
enum TimelinePageData {
    /// Version of the document's shape, for the page to check.
    static let version = 1

    static func write(_ model: TimelineModel, to json: JSONStream) {
        let axisIsTime = model.hasTimes
        let origin = axisIsTime ? (model.marks.first?.ts ?? 0) : 0
        json.raw("{\"version\":"); json.int(version)
        json.raw(",\"tool\":"); json.string("trace-analyze \(CommandLineTool.version)")
        json.raw(",\"trace\":{\"id\":"); json.int(model.trace.id)
        json.raw(",\"source\":"); json.string(model.trace.source)
        json.raw(",\"format\":"); json.string(model.trace.format)
        json.raw(",\"lines\":"); json.int(model.trace.lines)
        json.raw(",\"events\":"); json.int(model.trace.events)
        json.raw(",\"unplaced\":"); json.int(model.unplaced)
        json.raw("},\"axis\":"); json.string(axisIsTime ? "seconds" : "line")
        json.raw(",\"origin\":"); json.double(origin)
        json.raw(",\"kinds\":"); json.array(EventKind.allCases) { json.string($0.rawValue) }
        json.raw(",\"lanes\":{\"view\":"); json.array(model.lanes) { json.string($0.view) }
        json.raw(",\"instance\":"); json.array(model.lanes) { json.string($0.instance) }
        json.raw(",\"parent\":"); json.array(model.lanes) { json.int($0.parent ?? -1) }
        json.raw("},\"marks\":{\"lane\":"); json.array(model.marks) { json.int($0.lane) }
        json.raw(",\"kind\":"); json.array(model.marks) { json.int($0.kind.index) }
        json.raw(",\"line\":"); json.array(model.marks) { json.int($0.line) }
        if axisIsTime {
            json.raw(",\"t\":"); json.array(model.marks) { json.double(($0.ts ?? origin) - origin) }
        }
        json.raw(",\"ms\":"); json.array(model.marks) { json.double($0.durationMs ?? -1) }
        json.raw(",\"text\":"); json.array(model.marks) { json.int($0.text ?? -1) }
        json.raw(",\"tokens\":"); json.array(model.marks) { json.int($0.tokens ?? -1) }
        json.raw("},\"texts\":"); json.array(model.texts) { json.string($0) }
        json.raw(",\"tokenTexts\":"); json.array(model.tokenTexts) { json.string($0) }
        json.raw(",\"lifetimes\":{\"lane\":"); json.array(model.lifetimes) { json.int($0.lane) }
        json.raw(",\"start\":"); json.array(model.lifetimes) { json.int($0.start) }
        json.raw(",\"end\":"); json.array(model.lifetimes) { json.int($0.end) }
        json.raw(",\"startedBy\":"); json.array(model.lifetimes) { json.string($0.startedBy.rawValue) }
        json.raw(",\"endedBy\":"); json.array(model.lifetimes) { json.string($0.endedBy.rawValue) }
        json.raw(",\"verdict\":"); json.array(model.lifetimes) { json.string($0.verdict?.name) }
        json.raw("},\"findings\":")
        json.array(zip(model.findings, model.findingLanes)) { finding, lane in
            json.raw("{\"rule\":"); json.string(finding.rule)
            json.raw(",\"severity\":"); json.string(finding.severity.rawValue)
            json.raw(",\"view\":"); json.string(finding.view)
            json.raw(",\"message\":"); json.string(finding.message)
            json.raw(",\"count\":"); json.int(finding.count)
            json.raw(",\"lane\":"); json.int(lane)
            json.raw(",\"lines\":"); json.array(finding.lines) { json.int($0) }
            json.raw("}")
        }
        json.raw("}")
    }
}
