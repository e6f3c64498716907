import Foundation
import Testing
import TraceModel
import TraceRules
import TraceStore

/// The real-world corpus (`fixtures/realworld/`): logs copied from public issues, forum threads,
/// blog posts and READMEs, each line labelled by hand, each log with the findings its author's
/// problem calls for (or silence). Every log goes through the whole pipeline: envelopes,
/// recognisers, the store, the rules.
///
/// A difference is a failure unless `known-misses.tsv` lists it; a listed miss is reported as a
/// known issue, so it stays visible, and one that starts to pass fails until it is taken off.
@Suite(.serialized) struct RealWorldCorpusTests {
    static let directory = Fixture.path("realworld")

    static var logs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".log") }.sorted()
    }

    static var negativeLogs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/negative")) ?? [])
            .filter { $0.hasSuffix(".log") }.sorted().map { "negative/" + $0 }
    }

    /// SwiftUI's own runtime warnings from real bug reports (`warnings/`): no labels (the
    /// parser tests check each line), but each is a problem its author reports, so each has the
    /// finding it calls for in `warnings/expected.tsv`.
    static var warningLogs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/warnings")) ?? [])
            .filter { $0.hasSuffix(".log") }.sorted().map { "warnings/" + $0 }
    }

    /// What one line was labelled and what the pipeline made of it.
    struct LineResult {
        let line: Int
        let label: (kind: String, view: String)
        let parsed: (kind: String, view: String, owner: String)

        var kindRight: Bool { label.kind == parsed.kind }
        /// The view as labelled: the view alone, with its owner (`Weak target`), or without its
        /// generic arguments (`BaseGraphView` for `BaseGraphView<WeekSectionViewModel>`).
        var viewRight: Bool {
            let base = parsed.view.prefix { $0 != "<" }
            return kindRight && (label.view == parsed.view || label.view == "\(parsed.owner) \(parsed.view)" || label.view == base)
        }
    }

    @Test func theCorpusIsLargeAndEveryLogIsLabelledAndSourced() throws {
        let sources = try String(contentsOfFile: Self.directory + "/SOURCES.md", encoding: .utf8)
        let expected = try Self.expectations()
        #expect(Self.logs.count >= 60)
        #expect(Self.negativeLogs.count >= 25)
        for log in Self.logs + Self.negativeLogs {
            #expect(sources.contains("| \(log) |"), "\(log) has no row in SOURCES.md")
        }
        for log in Self.warningLogs {
            #expect(expected[log] != nil, "\(log) has no row in warnings/expected.tsv")
        }
        for log in Self.logs {
            #expect(expected[log] != nil, "\(log) has no row in expected.tsv")
            let lines = try String(contentsOfFile: "\(Self.directory)/\(log)", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(try Self.labels(log).count == lines, "\(log): every line needs a label")
        }
    }

    @Test(arguments: logs)
    func linesAreRecognisedAsLabelled(log: String) throws {
        let misses = try Self.knownMisses()
        for result in try Self.lineResults(log) {
            let known = misses.contains("\(log)\t\(result.line)")
            let description = "\(log):\(result.line): labelled \(result.label.kind) \(result.label.view), parsed \(result.parsed.kind) \(result.parsed.view)"
            Self.check(result.viewRight, known: known, description)
        }
    }

    @Test(arguments: negativeLogs)
    func proseAndSystemLinesStayText(log: String) throws {
        let misses = try Self.knownMisses()
        let pipeline = try Pipeline(path: "\(Self.directory)/\(log)")
        try pipeline.database.forEachRow(
            "SELECT line, kind, view, message FROM events WHERE trace_id = ? AND kind != 'text'", [pipeline.traceID]
        ) { row in
            let line = row.int(at: 0) ?? 0
            Self.check(false, known: misses.contains("\(log)\t\(line)"), "\(log):\(line) taken as \(row.text(at: 1) ?? "") \(row.text(at: 2) ?? ""): \(row.text(at: 3) ?? "")")
        }
    }

    @Test(arguments: logs + warningLogs)
    func findingsAreWhatTheAuthorDescribes(log: String) throws {
        let misses = try Self.knownMisses()
        let expected = Set(try Self.expectations()[log] ?? [])
        let found = Set(try Pipeline(path: "\(Self.directory)/\(log)").analyze().map(Self.key))
        for finding in expected.subtracting(found) {
            Self.check(false, known: misses.contains("\(log)\tmissed \(finding)"), "\(log): expected \(finding), not found")
        }
        for finding in found.subtracting(expected) {
            Self.check(false, known: misses.contains("\(log)\tunexpected \(finding)"), "\(log): unexpected \(finding)")
        }
        for miss in misses where miss.hasPrefix("\(log)\t") && (miss.contains("\tmissed ") || miss.contains("\tunexpected ")) {
            let finding = String(miss.split(separator: " ", maxSplits: 1).last ?? "")
            let stillWrong = miss.contains("\tmissed ") ? !found.contains(finding) : found.contains(finding)
            #expect(stillWrong, "\(log): known miss '\(miss)' now passes; take it off known-misses.tsv")
        }
    }

    /// The score line for the closing note and for anyone changing the recognisers.
    @Test func score() throws {
        var kinds = 0, kindsRight = 0, viewsRight = 0, textLines = 0, proseTaken = 0
        for log in Self.logs {
            for result in try Self.lineResults(log) {
                if result.label.kind == "text" {
                    textLines += 1
                    if result.parsed.kind != "text" { proseTaken += 1 }
                } else {
                    kinds += 1
                    if result.kindRight { kindsRight += 1 }
                    if result.viewRight { viewsRight += 1 }
                }
            }
        }
        for log in Self.negativeLogs {
            let pipeline = try Pipeline(path: "\(Self.directory)/\(log)")
            textLines += try pipeline.database.scalarInt("SELECT count(*) FROM events WHERE trace_id = ?", [pipeline.traceID]) ?? 0
            proseTaken += try pipeline.database.scalarInt("SELECT count(*) FROM events WHERE trace_id = ? AND kind != 'text'", [pipeline.traceID]) ?? 0
        }
        let expectations = try Self.expectations()
        let lifecycle = try Self.findingScore(Self.logs, expectations)
        let warnings = try Self.findingScore(Self.warningLogs, expectations)
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "n/a" : String(format: "%.1f%%", 100 * Double(part) / Double(whole)) }
        print("""
            real-world corpus (\(Self.logs.count) logs, \(Self.negativeLogs.count) negative): \
            kind \(percent(kindsRight, kinds)) (\(kindsRight)/\(kinds)), view \(percent(viewsRight, kinds)) (\(viewsRight)/\(kinds)), \
            text lines taken as lifecycle \(proseTaken) of \(textLines), \
            expected findings found \(lifecycle.found)/\(lifecycle.expected), expected silences kept \(lifecycle.silencesKept)/\(lifecycle.silences)
            real-world warnings (\(Self.warningLogs.count) logs): expected findings found \(warnings.found)/\(warnings.expected)
            real-world total (\(Self.logs.count + Self.warningLogs.count) logs): \
            expected findings found \(lifecycle.found + warnings.found)/\(lifecycle.expected + warnings.expected) \
            (\(percent(lifecycle.found + warnings.found, lifecycle.expected + warnings.expected))), \
            expected silences kept \(lifecycle.silencesKept + warnings.silencesKept)/\(lifecycle.silences + warnings.silences)
            """)
        #expect(proseTaken == 0)
    }

    /// Expected findings found and silences kept over `logs`, as `expected.tsv` states them.
    static func findingScore(_ logs: [String], _ expectations: [String: [String]]) throws
        -> (expected: Int, found: Int, silences: Int, silencesKept: Int) {
        var score = (expected: 0, found: 0, silences: 0, silencesKept: 0)
        for log in logs {
            guard let expected = expectations[log] else { continue }
            let found = Set(try Pipeline(path: "\(directory)/\(log)").analyze().map(key))
            if expected.isEmpty {
                score.silences += 1
                if found.isEmpty { score.silencesKept += 1 }
            } else {
                score.expected += expected.count
                score.found += expected.filter(found.contains).count
            }
        }
        return score
    }

    // MARK: - Reading the corpus

    /// A finding as `expected.tsv` names it: `rule:VIEW`, the view without its generic
    /// arguments (`BaseGraphView` for `BaseGraphView<WeekSectionViewModel>`), as labels name it.
    static func key(_ finding: Finding) -> String {
        "\(finding.rule):\((finding.view ?? "").prefix { $0 != "<" })"
    }

    static func check(_ passed: Bool, known: Bool, _ description: String) {
        if known {
            withKnownIssue(Comment(rawValue: description)) { if !passed { Issue.record(Comment(rawValue: description)) } }
        } else if !passed {
            Issue.record(Comment(rawValue: description))
        }
    }

    static func lineResults(_ log: String) throws -> [LineResult] {
        let labels = try labels(log)
        let pipeline = try Pipeline(path: "\(directory)/\(log)")
        var parsed: [Int: (String, String, String)] = [:]
        try pipeline.database.forEachRow("SELECT line, kind, view, owner FROM events WHERE trace_id = ?", [pipeline.traceID]) { row in
            parsed[row.int(at: 0) ?? 0] = (row.text(at: 1) ?? "", row.text(at: 2) ?? "", row.text(at: 3) ?? "")
        }
        return labels.map { line, label in
            let event = parsed[line] ?? ("text", "", "")
            return LineResult(line: line, label: label, parsed: (event.0, event.1, event.2))
        }
    }

    static func labels(_ log: String) throws -> [(Int, (kind: String, view: String))] {
        let path = "\(directory)/\(log.replacingOccurrences(of: ".log", with: ".labels.tsv"))"
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map { row in
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (Int(fields[0]) ?? 0, (fields[1], fields.count > 2 ? fields[2] : ""))
        }
    }

    /// Per log, the findings expected as `rule:VIEW` (empty for silence): the lifecycle logs'
    /// `expected.tsv` and the warnings' `warnings/expected.tsv`, whose files are named
    /// `warnings/NNN-….log` here.
    static func expectations() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (file, prefix) in [("expected.tsv", ""), ("warnings/expected.tsv", "warnings/")] {
            for row in try String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8).split(separator: "\n").dropFirst() {
                let fields = row.split(separator: "\t").map(String.init)
                guard fields.count >= 2 else { continue }
                result[prefix + fields[0]] = fields[1] == "silence" ? [] : fields[1].split(separator: ";").map(String.init)
            }
        }
        return result
    }

    /// `file<TAB>line` for a line, `file<TAB>missed rule:VIEW` / `file<TAB>unexpected rule:VIEW`
    /// for a finding; a third column says why.
    static func knownMisses() throws -> Set<String> {
        let path = directory + "/known-misses.tsv"
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return Set(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().compactMap { row in
            let fields = row.split(separator: "\t").map(String.init)
            return fields.count >= 2 ? "\(fields[0])\t\(fields[1])" : nil
        })
    }
}
