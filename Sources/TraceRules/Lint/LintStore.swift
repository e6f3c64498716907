import Foundation
import TraceModel
import TraceStore

/// Stores a lint run's findings the way `check` stores a trace's, so every reporter, the
/// baseline and the exit code work on them unchanged: one `traces` row per Swift file with
/// findings (its `source` the file, its format `swift`), one `findings` row per finding whose
/// one evidence line is the line in the Swift file, and that line's code as a `text` event.
public enum LintStore {
    /// Stores `result`'s findings in `database` and returns the new traces' ids, in file order.
    public static func store(_ result: Linter.Result, in database: Database) throws -> [Int] {
        var byFile: [(file: String, findings: [LintFinding])] = []
        for finding in result.findings {
            if byFile.last?.file == finding.file { byFile[byFile.count - 1].findings.append(finding) } else { byFile.append((finding.file, [finding])) }
        }
        let now = ISO8601DateFormatter().string(from: Date())
        return try database.transaction {
            // Each finding's line is stored as a `text` event of its file's trace, so the text
            // report quotes the Swift line as it quotes a log line.
            try database.run("INSERT INTO event_contexts (process, subsystem, category, level) VALUES (NULL, NULL, NULL, NULL)")
            let context = database.lastInsertRowID
            var traceIDs: [Int] = []
            for (file, findings) in byFile {
                try database.run(
                    "INSERT INTO traces (source, format, ingested_at, lines, complete) VALUES (?, 'swift', ?, ?, 1)",
                    [file, now, findings.map(\.position.line).max() ?? 0]
                )
                let traceID = database.lastInsertRowID
                traceIDs.append(traceID)
                var quoted: Set<Int> = []
                for finding in findings.sorted(by: { $0.position < $1.position }) where quoted.insert(finding.position.line).inserted {
                    try database.run(
                        "INSERT INTO event_rows (trace_id, line, kind, origin, envelope, context, message, view_prefix) VALUES (?, ?, \(EventKind.text.index), \(EventCodes.fixedCode(of: .text) ?? 0), 0, ?, ?, 0)",
                        [traceID, finding.position.line, context, finding.code]
                    )
                }
                try FindingWriter.replaceFindings(of: traceID, in: database) { write in
                    for finding in findings {
                        try write(Finding(
                            rule: finding.rule, severity: finding.severity, view: finding.view, message: finding.message,
                            count: 1, lines: [finding.position.line], traceID: traceID, source: file
                        ))
                    }
                }
            }
            return traceIDs
        }
    }
}
