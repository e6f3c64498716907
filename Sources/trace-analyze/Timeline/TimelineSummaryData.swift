import Foundation
import TraceModel
import TraceRules

/// The page's data for a summarised trace: the shape `TimelinePageData` writes, with no marks
/// or lifetimes of their own, and a `summary` member holding each type lane's bins per level
/// as base64 bytes (trailing empty bins left out), which the page's script draws.
enum TimelineSummaryData {
    /// Writes the document; `command` is how the user draws a range exactly (the page appends
    /// `--lines A-B --output part.html`).
    static func write(_ summary: TimelineSummary, command: String, to json: JSONStream) {
        json.raw("{\"version\":"); json.int(TimelinePageData.version)
        json.raw(",\"tool\":"); json.string("trace-analyze \(CommandLineTool.version)")
        json.raw(",\"trace\":{\"id\":"); json.int(summary.trace.id)
        json.raw(",\"source\":"); json.string(summary.trace.source)
        json.raw(",\"format\":"); json.string(summary.trace.format)
        json.raw(",\"lines\":"); json.int(summary.trace.lines)
        json.raw(",\"events\":"); json.int(summary.trace.events)
        json.raw(",\"unplaced\":"); json.int(summary.unplaced)
        json.raw("},\"axis\":\"line\",\"origin\":0")
        json.raw(",\"kinds\":"); json.array(EventKind.allCases) { json.string($0.rawValue) }
        json.raw(",\"lanes\":{\"view\":"); json.array(summary.lanes) { json.string($0.view) }
        json.raw(",\"instance\":"); json.array(summary.lanes) { _ in json.raw("null") }
        json.raw(",\"parent\":"); json.array(summary.lanes) { _ in json.int(-1) }
        json.raw("},\"marks\":{\"lane\":[],\"kind\":[],\"line\":[],\"text\":[],\"tokens\":[]},\"texts\":[],\"tokenTexts\":[]")
        json.raw(",\"lifetimes\":{\"lane\":[],\"start\":[],\"end\":[],\"startedBy\":[],\"endedBy\":[],\"verdict\":[]}")
        json.raw(",\"findings\":")
        json.array(summary.findings) { finding, lane in
            json.raw("{\"rule\":"); json.string(finding.rule)
            json.raw(",\"severity\":"); json.string(finding.severity.rawValue)
            json.raw(",\"view\":"); json.string(finding.view)
            json.raw(",\"message\":"); json.string(finding.message)
            json.raw(",\"count\":"); json.int(finding.count)
            json.raw(",\"lane\":"); json.int(lane)
            json.raw(",\"lines\":"); json.array(finding.lines) { json.int($0) }
            json.raw("}")
        }
        json.raw(",\"summary\":{\"lines\":"); json.int(summary.lines)
        json.raw(",\"levels\":"); json.array(summary.levels) { json.int($0) }
        json.raw(",\"droppedLevels\":"); json.array(summary.droppedLevels) { json.int($0) }
        json.raw(",\"command\":"); json.string(command)
        json.raw(",\"findingCount\":"); json.int(summary.findingCount)
        json.raw(",\"severityCounts\":{")
        json.raw(Severity.allCases.map { "\"\($0.rawValue)\":\(summary.severityCounts[$0] ?? 0)" }.joined(separator: ","))
        json.raw("},\"kindCounts\":"); json.array(summary.lanes) { lane in json.array(lane.kindCounts) { json.int($0) } }
        json.raw(",\"instanceMarks\":"); json.array(summary.lanes) { json.int($0.instanceMarks) }
        json.raw(",\"lifetimes\":"); json.array(summary.lanes) { json.int($0.lifetimes) }
        json.raw(",\"kinds\":"); json.array(summary.lanes) { lane in json.array(lane.kinds) { json.string(base64($0)) } }
        json.raw(",\"extras\":"); json.array(summary.lanes) { lane in json.array(lane.extras) { json.string(base64($0)) } }
        json.raw("}}")
    }

    /// The bins up to the last non-empty one, in base64 (which needs no escaping in a page).
    private static func base64(_ bins: [UInt8]) -> String {
        let end = (bins.lastIndex { $0 != 0 } ?? -1) + 1
        return Data(bins[..<end]).base64EncodedString()
    }
}
