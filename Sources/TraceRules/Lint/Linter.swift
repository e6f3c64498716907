import Foundation
import SwiftSource

/// Runs the lint rules over Swift files: reads each, learns what the run declares, then checks
/// every file, collecting findings and the files it could not read.
///
/// Files are read in the order given (a directory's files in path order), so the findings and
/// every report built on them are the same on every machine. A file that is not text, is not
/// UTF-8 or whose brackets do not balance gets one problem line and the run goes on.
public struct Linter: Sendable {
    /// What a run found.
    public struct Result: Sendable {
        /// The findings, by file and position.
        public var findings: [LintFinding] = []
        /// One line per file that was skipped or read only in part: `path: what`.
        public var problems: [String] = []
        /// How many Swift files were read.
        public var files = 0
        /// How many lines they have.
        public var lines = 0
        /// How many findings `// trace-analyze:disable` comments silenced.
        public var suppressed = 0
        /// Suppression comments that silence nothing, name no rule or cannot be read: one note each.
        public var suppressionNotes: [String] = []
    }

    private let configuration: LintConfiguration

    /// A linter running the rules `configuration` enables.
    public init(configuration: LintConfiguration = LintConfiguration()) {
        self.configuration = configuration
    }

    /// Lints the files at `paths` (already listed: see `swiftFiles(in:)`).
    public func lint(paths: [String]) -> Result {
        var files: [(path: String, bytes: [UInt8])] = []
        var result = Result()
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                result.problems.append("\(path): cannot be read; skipped")
                continue
            }
            files.append((path, [UInt8](data)))
        }
        let linted = lint(files: files)
        result.findings = linted.findings
        result.problems += linted.problems
        result.files = linted.files
        result.lines = linted.lines
        result.suppressed = linted.suppressed
        result.suppressionNotes = linted.suppressionNotes
        return result
    }

    /// Lints files given as bytes; `path` names each in findings and problems.
    public func lint(files: [(path: String, bytes: [UInt8])]) -> Result {
        let read = Self.read(files)
        var result = Result()
        result.problems = read.problems
        result.files = read.sources.count
        result.lines = read.sources.reduce(0) { $0 + $1.file.lineCount }
        var found: [LintFinding] = []
        for source in read.sources {
            found += findings(in: source)
        }
        // What the files' own comments silence is left out, and counted.
        var suppressions = Suppressions(files: files)
        result.findings = found.filter { finding in
            let rules = [finding.rule] + (finding.runtimeRule.map { [$0] } ?? [])
            return !suppressions.suppresses(rules: rules, file: finding.file, line: finding.position.line)
        }
        result.suppressed = found.count - result.findings.count
        let lintRules = Set(LintRegistry.builtIn.identifiers)
        result.suppressionNotes = suppressions.problems
            + suppressions.unknownRules(known: lintRules.union(RuleRegistry.builtIn.identifiers))
            + suppressions.superfluous(amongRules: Set(configuration.enabledRules.map { $0.rule.description.identifier }))
        return result
    }

    /// The findings of the enabled rules in one file, by position.
    func findings(in source: LintSource) -> [LintFinding] {
        let file = source.file
        var found: [LintFinding] = []
        for (rule, severity) in configuration.enabledRules {
            let description = rule.description
            for violation in rule.check(source) {
                let token = file.tokens[violation.token]
                // Only a rule that declares corrections (and so has them tested) changes code.
                let change = description.canFix && !violation.edits.isEmpty ? SourceChange(edits: violation.edits, in: file.source) : nil
                found.append(LintFinding(
                    rule: description.identifier, runtimeRule: description.runtimeRule, severity: severity, file: file.path,
                    // The fix rides with the message, so an Xcode or GitHub annotation says what to do.
                    position: LintPosition(line: token.line, column: token.column), view: violation.view,
                    message: "\(violation.message). Fix: \(violation.fix ?? description.fix)",
                    code: file.lineText(token.line), fix: violation.fix, change: change
                ))
            }
        }
        return found.sorted { ($0.position, $0.rule) < ($1.position, $1.rule) }
    }

    /// Every readable file as the rules see it, with what the whole set declares, and a line
    /// per file that could not be read (or only in part).
    static func read(_ files: [(path: String, bytes: [UInt8])]) -> (sources: [LintSource], problems: [String]) {
        var problems: [String] = []
        var read: [(file: SwiftFile, scopes: [Int: SwiftFile.TypeScope])] = []
        var project = LintProject()
        project.views = swiftUIViews
        for (path, bytes) in files {
            if let problem = unreadable(bytes) {
                problems.append("\(path): \(problem); skipped")
                continue
            }
            let file = SwiftFile(path: path, source: bytes)
            // One line per file, however many brackets are off: the first tells where to look.
            if let first = file.problems.first {
                let more = file.problemCount > 1 ? " (and \(file.problemCount - 1) more unbalanced bracket\(file.problemCount == 2 ? "" : "s"))" : ""
                problems.append("\(path):\(first)\(more); findings in this file may be incomplete")
            }
            let scopes = file.typeScopes()
            project.learn(file, scopes: scopes)
            read.append((file, scopes))
        }
        return (read.map { LintSource(file: $0.file, scopes: $0.scopes, project: project) }, problems)
    }

    /// Why `bytes` cannot be read as Swift, or nil when they can.
    static func unreadable(_ bytes: [UInt8]) -> String? {
        if bytes.contains(0) { return "a binary file (it holds NUL bytes), not Swift source" }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return "line \(line) is not valid UTF-8, so this is not Swift source"
            }
        }
    }

    /// SwiftUI's own views that hold state of their own (scroll position, focus, selection,
    /// navigation path): re-creating one loses it, as re-creating a view of the app's does.
    static let swiftUIViews: Set<String> = [
        "ScrollView", "List", "TextField", "SecureField", "TextEditor", "TabView", "NavigationStack",
        "NavigationView", "NavigationSplitView", "Picker", "DatePicker", "Form", "ScrollViewReader",
        "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup", "DisclosureGroup",
        "WebView", "VideoPlayer", "Map",
    ]

    /// The `.swift` files at `paths`: a file as given, a directory's files below it in path
    /// order, skipping hidden directories, `.build` and `DerivedData`.
    public static func swiftFiles(in paths: [String]) throws -> [String] {
        try sourceListing(in: paths).files
    }

    /// The `.swift` files at `paths`, as `swiftFiles(in:)` lists them, and the folders of
    /// third-party code a dependency manager checked out (`Pods`, `Carthage`...) that the listing
    /// did not enter, for the user to be told.
    public static func sourceListing(in paths: [String]) throws -> (files: [String], vendored: [String]) {
        do {
            let listing = try SwiftFileList.listing(in: paths)
            return (listing.files, listing.vendored)
        } catch {
            throw AnalysisError(error.description)
        }
    }
}
