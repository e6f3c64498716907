import Foundation
import Testing

/// What new users type: typos get a suggestion, SwiftLint's habits work, quiet means quiet.
@Suite struct CommandLineHabitsTests {
    static let log = Tool.fixture("seeds/004-navigation-eager.log")

    @Test(arguments: [
        (["chekc", "x.log"], "unknown command 'chekc' (did you mean 'check'?); valid commands: "),
        (["check", "--formt", "sarif", "x.log"], "unknown option '--formt' for 'check' (did you mean '--format'?); valid: "),
        (["check", "--format", "sraif", "x.log"], "unknown format 'sraif' (did you mean 'sarif'?); valid: "),
        (["rules", "identity_chrun"], "unknown rule 'identity_chrun' (did you mean 'identity_churn'?); valid rules: "),
        (["query", "--tiemout", "1", "SELECT 1"], "unknown option '--tiemout' for 'query' (did you mean '--timeout'?); valid: "),
        // A value is guessed as a command is: by edits, then by the start of a longer name, then
        // by a part of one.
        (["check", "--format", "github", "x.log"], "unknown format 'github' (did you mean 'github-actions-logging'?); valid: "),
        (["check", "--format", "githib", "x.log"], "unknown format 'githib' (did you mean 'github-actions-logging'?); valid: "),
        (["check", "--format", "actions", "x.log"], "unknown format 'actions' (did you mean 'github-actions-logging'?); valid: "),
        (["check", "--fail-on", "warn", "x.log"], "unknown level 'warn' for --fail-on (did you mean 'warning'?); valid: "),
        (["query", "--format", "nd", "SELECT 1"], "unknown format 'nd' (did you mean 'ndjson'?); valid: "),
        (["export", "--format", "parq"], "unknown export format 'parq' (did you mean 'parquet'?); valid: "),
        (["rules", "churn"], "unknown rule 'churn' (did you mean 'identity_churn'?); valid rules: "),
        (["completions", "zhs"], "unknown shell 'zhs' (did you mean 'zsh'?); valid: "),
    ])
    func aTypoGetsASuggestion(arguments: [String], message: String) throws {
        let result = try Tool.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: " + message), "got: \(result.stderr)")
    }

    @Test func somethingFarFromEveryNameGetsNoGuess() throws {
        let result = try Tool.run(["frobnicate"])
        #expect(result.stderr.hasPrefix("trace-analyze: error: unknown command 'frobnicate'; valid commands: "))
        // A start that several names share guesses none of them: the list follows anyway.
        let shared = try Tool.run(["check", "--format", "s", "x.log"])
        #expect(shared.stderr.hasPrefix("trace-analyze: error: unknown format 's'; valid: "), "\(shared.stderr)")
    }

    /// Run bare, the tool answers with its help, as `swift` and `cargo` do, not with an error.
    @Test func noArgumentsPrintTheHelp() throws {
        let bare = try Tool.run([])
        #expect(bare.status == 0)
        #expect(bare.stderr == "")
        #expect(bare.stdout == (try Tool.run(["--help"])).stdout)
        #expect(bare.stdout.contains("\nCOMMANDS:\n  check "))
    }

    /// `check --help` names every report format, in its --format row and in its FORMATS table,
    /// and so do the man page and the completions.
    @Test func checkHelpListsEveryFormat() throws {
        let help = try Tool.run(["check", "--help"], environment: ["COLUMNS": "200"]).stdout
        let table = try #require(help.components(separatedBy: "\nFORMATS:\n").last?.components(separatedBy: "\n\n").first)
        let formats = table.split(separator: "\n").compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        #expect(formats == ["text", "json", "sarif", "junit", "github-actions-logging", "xcode", "markdown", "summary", "csv",
                            "checkstyle", "codeclimate", "sonarqube", "html"])
        let row = try #require(help.split(separator: "\n").first { $0.contains("--format, --reporter FORMAT") })
        let man = try Tool.run(["man"]).stdout
        let bash = try Tool.run(["completions", "bash"]).stdout
        for format in formats {
            #expect(row.contains(" \(format)"), "\(format) in: \(row)")
            // roff writes a hyphen as `\-`.
            #expect(man.contains(format.replacingOccurrences(of: "-", with: "\\-")), "\(format) in the man page")
            #expect(bash.contains("\\n\(format)\\n") || bash.contains("$'\(format)\\n") || bash.contains("\\n\(format)'"), "\(format) in bash")
        }
    }

    @Test func reporterIsAnAliasOfFormat() throws {
        let viaReporter = try Tool.run(["check", Self.log, "--reporter", "xcode"])
        let viaFormat = try Tool.run(["check", Self.log, "--format", "xcode"])
        #expect(viaReporter.status == viaFormat.status)
        #expect(viaReporter.stdout == viaFormat.stdout)
        #expect(viaReporter.stdout.contains(": warning: "))
        let twice = try Tool.run(["check", Self.log, "--reporter", "xcode", "--format", "json"])
        #expect(twice.status == 1)
        #expect(twice.stderr.hasPrefix("trace-analyze: error: option '--format' given more than once"))
        let help = try Tool.run(["check", "--help"])
        #expect(help.stdout.contains("  --format, --reporter FORMAT  "))
    }

    @Test func quietIngestPrintsNothing() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let result = try Tool.run(["ingest", Self.log, "--db", db, "--quiet"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
        let count = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM events"])
        #expect(count.stdout == "n\n16\n")
    }

    @Test func queryUsageNamesTimeout() throws {
        let help = try Tool.run(["query", "--help"], environment: ["COLUMNS": "200"])
        #expect(help.stdout.contains("USAGE: trace-analyze query SQL [--db PATH] [--format table|csv|json|ndjson] [--timeout SECONDS]\n"))
    }

    @Test func severityOffPointsAtDisabledRules() throws {
        let workspace = try Workspace()
        let config = try workspace.write("c.json", #"{"rules": {"identity_churn": {"severity": "off"}}}"#)
        let result = try Tool.run(["check", Self.log, "--config", config])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: \(config): rules.identity_churn.severity: 'off' is not a severity; to turn the rule off, list it in \"disabled_rules\": [\"identity_churn\"]\n")
    }

    @Test func diffOfTwoNumbersSuggestsTheStoredTraces() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, Self.log, "--db", db])
        let result = try Tool.run(["diff", "11", "12"], in: workspace.url, environment: ["TRACE_ANALYZE_DB": db])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: 11: no such file; to compare stored traces 11 and 12, add --db: trace-analyze diff 11 12 --db \(db) (`trace-analyze traces --db \(db)` lists them)\n")
        // Following the advice works for traces that exist.
        let stored = try Tool.run(["diff", "1", "2", "--db", db], in: workspace.url)
        #expect(stored.status == 0)
    }
}
