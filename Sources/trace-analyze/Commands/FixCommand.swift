import Foundation
import TraceInstrument
import TraceRules
import TraceStore

/// `trace-analyze fix` (and `lint --fix`): make the mechanical, safe fixes of the lint rules
/// that declare them, file by file.
enum FixCommand: Command {
    static let spec = CommandSpec(
        name: "fix",
        summary: "Apply the mechanical, safe fixes of the lint rules to Swift sources (optionally only where a log confirms them).",
        usage: "[DIR|FILE]... [--dry-run] [--rule ID]... [--log FILE] [--config PATH]",
        options: [
            OptionSpec(name: "dry-run", value: nil, help: "Change nothing; print what would change as a unified diff."),
            OptionSpec(name: "rule", value: "ID", help: "Fix only this rule's sites (repeatable).", repeatable: true, choices: LintFixer.fixableRules),
            OptionSpec(name: "log", value: "FILE", help: "Fix only the sites whose finding this log confirms (a runtime rule reported their view)."),
            ConfigOption.spec,
        ],
        positionals: [("DIR|FILE", "A Swift file, or a directory whose .swift files are read (default: the configuration's `sources`, else the current directory).")],
        maxPositionals: nil,
        discussion: """
        Only rules that declare their fix, with before → after examples that run as tests, change
        code, and only where the change is mechanical: \(LintFixer.fixableRules.joined(separator: ", ")).
        `@ObservedObject var model = Model()` becomes `@StateObject private var model = Model()`
        (no `private` when a caller passes the property or an access level is written; left alone
        when the view sets `_model` or assigns it). An `if`/`else` whose branches hold the same view
        with the same modifiers, differing only in argument values, becomes one view with the
        condition in those arguments (`Card(size: isCompact ? 24 : 64)`); an `if let`, a comment in
        it, or different modifiers leave it as it is. `NavigationLink(destination: Detail(item:
        item)) { … }` in a `List`/`ForEach` over items becomes `NavigationLink(value: item) { … }`
        with one `.navigationDestination(for: Item.self)` on the list, when the file declares
        `Item` Hashable and a NavigationStack without a path encloses the list. Rows made by
        `items.map { Row(id: UUID(), …) }` take `$0.id` when the file declares both ids with one
        type (for a `struct Row` storing `let id = UUID()`, the call passes `id: $0.id` and the
        property becomes `var id = UUID()`). Everything else a lint finding names is reported, not changed. Files are written whole (a temporary file and a rename, permissions
        kept), a second run changes nothing, and a file the fix would leave less balanced is left
        as it was. With --log only the sites whose view a runtime finding of the log names are
        fixed. Exit status: 0 done, 1 a path, log or option is wrong.

        EXAMPLES:
          trace-analyze fix Sources/App --dry-run
          trace-analyze fix Sources/App --rule observed_object_created
          trace-analyze fix Sources/App --log ui-test.log
          trace-analyze lint Sources/App --fix
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let file = try ConfigOption.load(arguments)
        let checkConfiguration = try CheckConfiguration(file: file)
        let paths = arguments.positionals.isEmpty ? [checkConfiguration.sources ?? "."] : arguments.positionals
        return try run(paths: paths, configuration: LintConfiguration(file: file), rules: arguments.values("rule"),
                       log: arguments.value("log"), dryRun: arguments.flag("dry-run"))
    }

    /// Fixes the files at `paths`; `lint --fix` calls this too.
    static func run(paths: [String], configuration: LintConfiguration, rules: [String], log: String?, dryRun: Bool) throws -> Int32 {
        let fixable = LintFixer.fixableRules
        for rule in rules where !fixable.contains(rule) {
            let known = LintRegistry.builtIn.rule(rule) != nil || RuleRegistry.builtIn.rule(rule) != nil
            throw UsageError("--rule \(rule): \(known ? "this rule has no mechanical fix" : "no such lint rule"); rules that fix: \(fixable.joined(separator: ", "))")
        }
        let (swiftFiles, vendored) = try Linter.sourceListing(in: paths)
        Console.noteVendored(vendored, verb: "fix")
        guard !swiftFiles.isEmpty else {
            throw ToolError("no Swift file under \(paths.joined(separator: ", ")): fix reads .swift files; name the app's sources (e.g. trace-analyze fix Sources/MyApp)")
        }
        let confirmed = try log.map(confirmedViews)
        let wanted = Set(rules)
        let fixer = LintFixer(configuration: configuration) { finding in
            if !wanted.isEmpty, !wanted.contains(finding.rule) { return false }
            guard let confirmed else { return true }
            let explains = LintRegistry.builtIn.rule(finding.rule)?.description.explains ?? []
            return explains.contains { confirmed.contains(Confirmed(rule: $0, view: finding.view.map(SourceLinksName.of) ?? "")) }
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for path in swiftFiles {
            guard let data = FileManager.default.contents(atPath: path) else {
                Console.note("trace-analyze: warning: \(path): cannot be read; skipped")
                continue
            }
            files.append((path, [UInt8](data)))
        }
        let result = fixer.fix(files: files)
        for problem in result.problems { Console.note("trace-analyze: warning: \(problem)") }
        var written = 0
        for fixed in result.files {
            if dryRun {
                Console.write(UnifiedDiff.make(old: fixed.old, new: fixed.new, path: fixed.path))
                continue
            }
            do {
                let output = try FileOutput(path: fixed.path, option: "fix")
                do {
                    try output.write(fixed.new)
                    try output.finish()
                } catch {
                    output.abandon()
                    throw error
                }
                written += 1
            } catch {
                Console.note("trace-analyze: warning: \(fixed.path): not written: \(error)")
            }
        }
        let counts = result.countsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let total = result.countsByRule.values.reduce(0, +)
        let verb = dryRun ? "would fix" : "fixed"
        var summary = "trace-analyze: \(verb) \(plural(total, "site")) in \(plural(result.files.count, "file"))"
        if !counts.isEmpty { summary += " (\(counts.joined(separator: ", ")))" }
        if !dryRun, written < result.files.count { summary += "; \(result.files.count - written) not written" }
        let left = result.left.filter { wanted.isEmpty || wanted.contains($0.rule) }
        if !left.isEmpty { summary += "; \(plural(left.count, "site")) of these rules left for a person (not mechanical\(log == nil ? "" : ", or not confirmed by the log"); `lint` names them)" }
        Console.note(summary)
        return ExitCode.success
    }

    private struct Confirmed: Hashable {
        let rule: String
        let view: String
    }

    /// The (runtime rule, view) pairs the log's findings name.
    private static func confirmedViews(_ log: String) throws -> Set<Confirmed> {
        _ = try InputCheck.requireReadable([log])
        let database = try TraceDatabase.openTemporary()
        let traceID = try Ingestor(database: database, inOneTransaction: true).ingest(path: log).traceID
        let findings = try Analyzer(database: database, configuration: RuleConfiguration(), storingExplanations: false).analyze(traceID: traceID)
        return Set(findings.compactMap { finding in finding.view.map { Confirmed(rule: finding.rule, view: SourceLinksName.of($0)) } })
    }
}

/// A view's name as sites and findings compare it: the last component, without generic arguments.
enum SourceLinksName {
    static func of(_ view: String) -> String {
        var bare = ""
        var depth = 0
        for character in view {
            if character == "<" { depth += 1 } else if character == ">" { depth = max(0, depth - 1) } else if depth == 0 { bare.append(character) }
        }
        return bare.split(separator: ".").last.map(String.init) ?? bare
    }
}
