import TraceRules

/// GitLab Code Quality: the subset of the Code Climate issue format that GitLab reads from a
/// `codequality` report artifact (a JSON array of issues), for the merge request widget.
///
/// Each finding is one issue: `check_name` its rule, `description` its view and message,
/// `severity` `major` for errors, `minor` for warnings and `info` for info (SwiftLint's mapping),
/// `location` where it points. `fingerprint` comes from what stays the same about a finding from
/// one run to the next (the baseline's fingerprint: rule, view, the names in the message), so
/// GitLab sees a finding that persists as the same issue and reports only new ones; the second
/// finding with the same fingerprint in one report gets its own, derived from the first and its
/// rank, as GitLab shows findings with one fingerprint as one.
enum CodeClimateReporter: Reporter {
    static let identifier = "codeclimate"
    static let summary = "GitLab Code Quality (Code Climate issues) with fingerprints stable across runs."

    /// Stands for the array of issues, the whole document.
    private static let placeholder = "\u{1}issues\u{1}"

    static func write(_ report: Report, to sink: ReportSink) throws {
        var seen: [String: Int] = [:]
        try JSONDocument.write(.string(placeholder), placeholder: placeholder, to: sink) { add in
            try report.findings.forEach { _, finding in
                let base = Fingerprint(finding).digest
                let rank = seen[base, default: 0]
                seen[base] = rank + 1
                let fingerprint = rank == 0 ? base : Fingerprint(rule: finding.rule, view: finding.view, names: [base, "#\(rank + 1)"]).digest
                add(issue(finding, fingerprint: fingerprint, report: report))
            }
        }
    }

    private static func issue(_ finding: Finding, fingerprint: String, report: Report) -> JSONDocument {
        let location = report.location(of: finding)
        var lines: [(String, JSONDocument)] = [("begin", .int(location.line ?? 1))]
        if !location.inSource, let last = finding.lines.last, last > (location.line ?? 1) { lines.append(("end", .int(last))) }
        let body = [finding.rootCause.map { "Root cause: \($0)." }, finding.evidenceSentence(limit: 50)].compactMap { $0 }.joined(separator: "\n\n")
        var members: [(String, JSONDocument)] = [
            ("type", .string("issue")),
            ("check_name", .string(finding.rule)),
            ("description", .string(finding.headline)),
        ]
        if !body.isEmpty { members.append(("content", .object([("body", .string(body))]))) }
        members += [
            ("categories", .array([.string(finding.severity == .error ? "Bug Risk" : "Performance")])),
            ("severity", .string(severity(finding.severity))),
            ("fingerprint", .string(fingerprint)),
            ("location", .object([
                ("path", .string(location.file ?? Report.file(of: finding))),
                ("lines", .object(lines)),
            ])),
        ]
        return .object(members)
    }

    /// Code Climate's severities, as SwiftLint maps its own onto them.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .info: "info"
        }
    }
}
