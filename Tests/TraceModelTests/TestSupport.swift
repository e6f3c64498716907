import Foundation
import TraceModel

/// The package root, found from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fixture's URL.
func fixtureURL(_ name: String) -> URL {
    packageRoot.appendingPathComponent("fixtures").appendingPathComponent(name)
}

/// The rows of a tab-separated fixture under its header line, `#` comment lines left out, each
/// row's fields in column order (empty fields kept).
func tsvRows(_ name: String) -> [[String]] {
    guard let text = try? String(contentsOf: fixtureURL(name), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Runs the real parser over `text` as if it were a file, in chunks of `chunkSize` bytes.
func parseEvents(_ text: String, chunkSize: Int = 1 << 16, parser: TraceParser = TraceParser(undatedYear: 2024)) -> (events: [Event], stats: ParseStats) {
    parseEvents(Array(text.utf8), chunkSize: chunkSize, parser: parser)
}

/// Runs the real parser over `bytes` in chunks of `chunkSize` bytes.
func parseEvents(_ bytes: [UInt8], chunkSize: Int = 1 << 16, parser: TraceParser = TraceParser(undatedYear: 2024)) -> (events: [Event], stats: ParseStats) {
    var parser = parser
    var reader = LineReader()
    var events: [Event] = []
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let end = min(offset + chunkSize, buffer.count)
            reader.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end])) { line in
                parser.consume(line) { events.append($0) }
            }
            offset = end
        }
    }
    reader.finish { line in parser.consume(line) { events.append($0) } }
    parser.finish { events.append($0) }
    return (events, parser.stats)
}

/// One event per line of a fixture's expected-output file, in its column order.
func expectedTSV(_ events: [Event]) -> String {
    var text = "line\tkind\tview\towner\tinstance\tts\tprocess\tpid\ttid\tsubsystem\tcategory\n"
    for event in events {
        let envelope = event.envelope
        let fields: [String] = [
            String(event.line), event.kind.rawValue, event.view ?? "", event.owner ?? "", event.instance ?? "",
            envelope.timestamp.map { String(format: "%.6f", $0) } ?? "",
            envelope.process ?? "", envelope.pid.map(String.init) ?? "", envelope.tid.map(String.init) ?? "",
            envelope.subsystem ?? "", envelope.category ?? "",
        ]
        text += fields.joined(separator: "\t") + "\n"
    }
    return text
}

/// `kind\tcount` lines, sorted by kind, as `SELECT kind, count(*) ... GROUP BY kind ORDER BY kind` prints them.
func kindCounts(_ events: [Event]) -> String {
    var counts: [String: Int] = [:]
    for event in events { counts[event.kind.rawValue, default: 0] += 1 }
    return "kind\tcount\n" + counts.keys.sorted().map { "\($0)\t\(counts[$0]!)\n" }.joined()
}

/// Compares `actual` with the file at `url`; with `TRACE_ANALYZE_UPDATE_EXPECTED=1` in the
/// environment it rewrites the file instead (review the diff before committing it).
func compareWithFile(_ actual: String, _ url: URL) throws -> String? {
    if ProcessInfo.processInfo.environment["TRACE_ANALYZE_UPDATE_EXPECTED"] == "1" {
        try Data(actual.utf8).write(to: url)
        return nil
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    return expected == actual ? nil : expected
}

/// The lines of two texts that differ, for failure messages.
func lineDiff(expected: String, actual: String) -> String {
    let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for index in 0..<max(left.count, right.count) {
        let a = index < left.count ? String(left[index]) : "<none>"
        let b = index < right.count ? String(right[index]) : "<none>"
        if a != b { out.append("line \(index + 1):\n  expected: \(a)\n  actual:   \(b)") }
    }
    return out.prefix(20).joined(separator: "\n")
}
