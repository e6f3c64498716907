import Foundation
import Testing

/// User patterns cost a bounded amount per input, however long it is and however they are written.
@Suite struct PatternBudgetTests {
    static func config(_ workspace: Workspace, regex: String, count: Int = 1) throws -> String {
        let patterns = (0..<count).map { index in
            #"{"name": "p\#(index)", "regex": "\#(regex)", "kinds": {"made": "init"}, "samples": [{"line": "FooX made", "kind": "init", "view": "Foo"}]}"#
        }
        return try workspace.write("config.json", #"{"patterns": [\#(patterns.joined(separator: ","))]}"#)
    }

    static func stats(_ db: String) throws -> String {
        try Tool.run(["query", "--db", db, "--format", "csv",
                      "SELECT group_concat(name || '=' || value, ' ') AS s FROM stats WHERE name IN ('pattern_timeouts', 'patterns_disabled')"]).stdout
    }

    @Test func aPatternJustUnderThePerMatchBudgetIsSwitchedOffOnItsTotalCost() throws {
        let workspace = try Workspace()
        // `.*.*` backtracks quadratically: on 400 characters without an X each match takes a few
        // progress reports, under the 20 that abandon a match, so no single line times out.
        let config = try Self.config(workspace, regex: #"^(?<view>.*.*)X (?<kind>made)$"#)
        let log = try workspace.write("slow.log", String(repeating: String(repeating: "a", count: 400) + "\n", count: 3000) + "FooX made\n")
        let db = workspace.path("t.sqlite")
        let result = try Tool.run(["ingest", log, "--db", db, "--config", config])
        #expect(result.status == 0)
        #expect(try Self.stats(db) == "s\npattern_timeouts=0 patterns_disabled=1\n")
        // Switched off, the pattern no longer claims its line at the end: it stays text.
        let last = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT kind FROM events WHERE line = 3001"])
        #expect(last.stdout == "kind\ntext\n")
    }

    @Test func aCheapPatternStaysOnForALongInput() throws {
        let workspace = try Workspace()
        let config = try Self.config(workspace, regex: #"^(?<view>\\w+)X (?<kind>made)$"#)
        let log = try workspace.write("cheap.log", String(repeating: "FooX made\n" + String(repeating: "b", count: 300) + "\n", count: 5000))
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", log, "--db", db, "--config", config])
        #expect(try Self.stats(db) == "s\npattern_timeouts=0 patterns_disabled=0\n")
        let inits = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM events WHERE kind = 'init'"])
        #expect(inits.stdout == "n\n5000\n")
    }

    @Test func manySlowPatternsShareOneBudget() throws {
        let workspace = try Workspace()
        let config = try Self.config(workspace, regex: #"^(?<view>.*.*)X (?<kind>made)$"#, count: 64)
        let log = try workspace.write("slow.log", String(repeating: String(repeating: "a", count: 400) + "\n", count: 500))
        let db = workspace.path("t.sqlite")
        let result = try Tool.run(["ingest", log, "--db", db, "--config", config])
        #expect(result.status == 0)
        // The trace's budget ran out before any one pattern's: all 64 went off together.
        #expect(try Self.stats(db) == "s\npattern_timeouts=0 patterns_disabled=64\n")
    }

    @Test func theNumberOfPatternsIsCapped() throws {
        let workspace = try Workspace()
        let config = try Self.config(workspace, regex: #"^(?<view>\\w+)X (?<kind>made)$"#, count: 65)
        let result = try Tool.run(["ingest", "-", "--db", workspace.path("t.sqlite"), "--config", config], stdin: "x\n")
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: \(config): patterns: at most 64 patterns are allowed, found 65\n")
    }
}
