import TraceModel
import TraceRules

/// Prints a report in one output format; one small type per format.
protocol Reporter {
    /// The `--format` value that picks it (SwiftLint's name where one exists).
    static var identifier: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    /// Writes the whole report to `sink`, ending in a newline, as the findings are read.
    static func write(_ report: Report, to sink: ReportSink) throws
}

/// Every reporter, in the order `--help` lists them. Adding a format is one file and one line here.
enum Reporters {
    // Immutable metatypes: safe to share, though Swift cannot tell.
    nonisolated(unsafe) static let all: [any Reporter.Type] = [
        TextReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        JUnitReporter.self,
        GitHubActionsLoggingReporter.self,
        XcodeReporter.self,
        MarkdownReporter.self,
        SummaryReporter.self,
        CSVReporter.self,
        CheckstyleReporter.self,
        CodeClimateReporter.self,
        SonarQubeReporter.self,
        HTMLReporter.self,
    ]

    /// The reporter named `identifier`; text when nil.
    static func named(_ identifier: String?) throws -> any Reporter.Type {
        let name = identifier ?? TextReporter.identifier
        guard let reporter = all.first(where: { $0.identifier == name }) else {
            throw UsageError(Suggestion.unknown("format", name, valid: all.map { $0.identifier }))
        }
        return reporter
    }

    static var identifiers: String { all.map { $0.identifier }.joined(separator: ", ") }

    /// The `--format` option of `check` and `report`.
    static var option: OptionSpec {
        let names = all.map { $0.identifier }
        return OptionSpec(
            name: "format", value: "FORMAT",
            help: "Report format: \(names[0]) (default), \(names.dropFirst().joined(separator: ", ")).",
            aliases: ["reporter"],
            choices: names
        )
    }

    /// One line per format for a command's help: `  sarif  SARIF 2.1.0 …`.
    static var list: String {
        let width = all.map { $0.identifier.count }.max() ?? 0
        return all.map { "  \($0.identifier.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }.joined(separator: "\n")
    }
}
