import TraceRules

/// A versioned JSON document with every counted row, unchanged ones (`=`) included.
///
/// `{"version":1,"base","head","tolerance","rows":[{"view","count","rule","base","head","change","regressed"}],
///   "summary":{"changed","unchanged","regressions","regressed"}}`, and `"measurements":{"test",
/// "tolerance","rows":[{"test_case","metric","unit","base","head","shift","margin","verdict"}],"summary"}`
/// when a trace printed XCTest measurements (`summary.regressed` counts only the views' rows).
enum DiffJSONReporter: DiffReporter {
    static let identifier = "json"
    static let version = 1

    static func render(_ diff: TraceDiff) -> String {
        var members: [(String, JSONDocument)] = [
            ("version", .int(version)),
            ("base", .string(diff.base)),
            ("head", .string(diff.head)),
            ("tolerance", .number(diff.tolerance)),
            ("rows", .array(diff.rows.map { row in
                .object([
                    ("view", .string(row.subject.view)),
                    ("count", .string(row.subject.metric.rawValue)),
                    ("rule", .string(row.subject.rule)),
                    ("base", .int(row.base)),
                    ("head", .int(row.head)),
                    ("change", .string(row.change.rawValue)),
                    ("regressed", .bool(row.regressed)),
                ])
            })),
            ("summary", .object([
                ("changed", .int(diff.changes.count)),
                ("unchanged", .int(diff.rows.count - diff.changes.count)),
                ("regressions", .int(diff.regressions.count)),
                ("regressed", .bool(!diff.regressions.isEmpty)),
            ])),
        ]
        // Only when a side printed one: a comparison of logs without measurements keeps its shape.
        if let measured = MeasurementDiffReport.json(diff.measurements) { members.append(("measurements", measured)) }
        return JSONDocument.object(members).text
    }
}
