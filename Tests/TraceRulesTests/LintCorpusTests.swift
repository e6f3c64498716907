import Foundation
import Testing
import TraceRules

/// The lint corpus (`fixtures/sources-realworld/`): SwiftUI files in the shapes of real public
/// code, every finding lint must report listed by file, line and rule in `expected.tsv`; any
/// other finding is a false positive. Prints precision and recall, and holds them to the
/// targets (95% and 85%).
@Suite struct LintCorpusTests {
    struct Expected: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let rule: String
        var description: String { "\(file):\(line) \(rule)" }
    }

    static func expected() throws -> Set<Expected> {
        let text = try String(contentsOfFile: Fixture.path("sources-realworld/expected.tsv"), encoding: .utf8)
        var rows: Set<Expected> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3, let number = Int(fields[1]) else {
                Issue.record("expected.tsv: cannot read '\(line)'")
                continue
            }
            rows.insert(Expected(file: fields[0], line: number, rule: fields[2]))
        }
        return rows
    }

    @Test func precisionAndRecall() throws {
        let directory = Fixture.path("sources-realworld")
        let files = try Linter.swiftFiles(in: [directory])
        let result = Linter().lint(paths: files)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let found = Set(result.findings.map { Expected(file: ($0.file as NSString).lastPathComponent, line: $0.position.line, rule: $0.rule) })
        let expected = try Self.expected()
        let truePositives = found.intersection(expected)
        let falsePositives = found.subtracting(expected)
        let missed = expected.subtracting(found)
        let precision = found.isEmpty ? 1 : Double(truePositives.count) / Double(found.count)
        let recall = expected.isEmpty ? 1 : Double(truePositives.count) / Double(expected.count)
        print(String(
            format: "lint corpus: %d files, %d lines; %d expected, %d found; precision %.1f%% (%d false positives), recall %.1f%% (%d missed)",
            result.files, result.lines, expected.count, found.count, precision * 100, falsePositives.count, recall * 100, missed.count
        ))
        for finding in falsePositives.sorted(by: { $0.description < $1.description }) { print("  false positive: \(finding)") }
        for finding in missed.sorted(by: { $0.description < $1.description }) { print("  missed: \(finding)") }
        #expect(expected.count >= 20, "the corpus lists too few findings to measure anything")
        #expect(precision >= 0.95, "precision \(precision); false positives: \(falsePositives.sorted { $0.description < $1.description })")
        #expect(recall >= 0.85, "recall \(recall); missed: \(missed.sorted { $0.description < $1.description })")
    }

    /// Every rule is exercised by the corpus, so the figures say something about each.
    @Test func everyRuleAppears() throws {
        let rules = Set(try Self.expected().map(\.rule))
        #expect(rules == Set(LintRegistry.builtIn.identifiers))
    }
}
