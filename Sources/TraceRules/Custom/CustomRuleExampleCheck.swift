import Foundation
import TraceModel
import TraceStore

/// Runs every custom rule's examples through the real pipeline: the log is parsed as `check`
/// parses it (the file's user patterns included) into a temporary store, the built-in rules
/// run, then the custom rule, and what it found is compared with the example.
///
/// A triggering example must be flagged, citing exactly the lines marked `↓`; a non-triggering
/// one must not be flagged at all.
public enum CustomRuleExampleCheck {
    /// The verdict on one example.
    public struct Result: Sendable, Equatable {
        /// The rule's id.
        public let rule: String
        /// Where the example sits: `custom_rules.x.triggering_examples[0]` in its file.
        public let example: String
        /// What was wrong; empty when the example passed.
        public let problems: [String]

        /// True when the rule did what the example says.
        public var passed: Bool { problems.isEmpty }
    }

    /// Checks the examples of `configuration`'s custom rules (all of them, or `only` one), in file order.
    public static func run(_ configuration: RuleConfiguration, patterns: [UserPattern], only: String? = nil) throws -> [Result] {
        var results: [Result] = []
        for rule in configuration.customRules where only == nil || rule.identifier == only {
            for example in rule.triggeringExamples {
                let found = try findings(of: rule, example.log, configuration, patterns)
                var problems: [String] = []
                let cited = Array(Set(found.flatMap(\.lines))).sorted()
                if found.isEmpty {
                    problems.append("no finding; the example must be flagged")
                } else if cited != example.markedLines {
                    problems.append("cited lines \(list(cited)), the example marks \(list(example.markedLines))")
                }
                results.append(Result(rule: rule.identifier, example: example.filePath, problems: problems))
            }
            for example in rule.nonTriggeringExamples {
                let found = try findings(of: rule, example.log, configuration, patterns)
                let problems = found.map { "flagged: \($0.message) (lines \(list($0.lines)))" }
                results.append(Result(rule: rule.identifier, example: example.filePath, problems: problems))
            }
        }
        return results
    }

    private static func findings(of rule: CustomRule, _ log: String, _ configuration: RuleConfiguration, _ patterns: [UserPattern]) throws -> [Finding] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-analyze-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("example.log").path
        try Data(log.utf8).write(to: URL(fileURLWithPath: path))
        let database = try TraceDatabase.openTemporary()
        let traceID = try Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) }).ingest(path: path).traceID
        // The built-in rules run too: a custom query may read their findings.
        let alone = configuration.restricted(to: configuration.enabledRules.map { $0.description.identifier } + [rule.identifier])
        return try Analyzer(database: database, configuration: alone).analyze(traceID: traceID).filter { $0.rule == rule.identifier }
    }

    private static func list(_ lines: [Int]) -> String {
        lines.isEmpty ? "none" : lines.map(String.init).joined(separator: ", ")
    }
}
