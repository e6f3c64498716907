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
    ])
    func aTypoGetsASuggestion(arguments: [String], message: String) throws {
        let result = try Tool.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: " + message), "got: \(result.stderr)")
    }

    @Test func somethingFarFromEveryNameGetsNoGuess() throws {
        let result = try Tool.run(["frobnicate"])
        #expect(result.stderr.hasPrefix("trace-analyze: error: unknown command 'frobnicate'; valid commands: "))
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
