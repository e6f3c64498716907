import TraceRules

/// Prints a report in one output format; one small type per format.
protocol Reporter {
    /// The `--format` value that picks it (SwiftLint's name where one exists).
    static var identifier: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    /// The whole report as text, ending in a newline.
    static func render(_ report: Report) -> String
}

/// Every reporter, in the order `--help` lists them. Adding a format is one file and one line here.
enum Reporters {
    static let all: [any Reporter.Type] = [
        TextReporter.self,
        JSONReporter.self,
    ]

    /// The reporter named `identifier`; text when nil.
    static func named(_ identifier: String?) throws -> any Reporter.Type {
        let name = identifier ?? TextReporter.identifier
        guard let reporter = all.first(where: { $0.identifier == name }) else {
            throw UsageError("unknown format '\(name)'; valid: \(identifiers)")
        }
        return reporter
    }

    static var identifiers: String { all.map { $0.identifier }.joined(separator: ", ") }

    /// The `--format` option of `check` and `report`.
    static var option: OptionSpec {
        OptionSpec(name: "format", value: "FORMAT", help: "Report format: \(all.map { $0.identifier }.joined(separator: " (default), ")).")
    }
}

/// What reporters print: one run's findings, the traces they come from, and the fail level.
struct Report {
    let findings: [Finding]
    /// How many traces were analysed (some may have no findings).
    let traceCount: Int
    let failLevel: FailLevel

    /// Findings of `severity`.
    func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// True when a finding reaches the fail level: the run exits 2.
    var failed: Bool { findings.contains { failLevel.fails($0.severity) } }

    /// `3 findings (1 error, 2 warnings) in 1 trace`.
    var summaryLine: String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = count(severity)
            guard count > 0 else { return nil }
            return severity == .info ? "\(count) info" : plural(count, severity.rawValue)
        }
        let list = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        return "\(plural(findings.count, "finding"))\(list) in \(plural(traceCount, "trace"))"
    }

    /// How a finding's source is shown: the path as given, or `<stdin>`.
    static func file(of finding: Finding) -> String { finding.source == "-" ? "<stdin>" : finding.source }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
