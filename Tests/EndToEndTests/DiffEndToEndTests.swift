import Foundation
import Testing

/// `trace-analyze diff`: two logs or two stored traces, their changed counts, and the exit code.
@Suite struct DiffEndToEndTests {
    static let toggle = "fixtures/seeds/001-playbutton-toggle.log"
    static let toggleTwice = "fixtures/seeds/001-playbutton-toggle-twice.log"
    static let eager = "fixtures/seeds/004-navigation-eager.log"
    static let lazy = "fixtures/seeds/004-navigation-lazyview.log"

    private func diff(_ arguments: [String]) throws -> Tool.Result {
        try Tool.run(["diff"] + arguments, in: Tool.packageRoot)
    }

    @Test(arguments: [("text", "txt"), ("json", "json"), ("markdown", "md")])
    func showingThePlayButtonTwiceMoreRegresses(format: String, suffix: String) throws {
        let result = try diff([Self.toggle, Self.toggleTwice, "--format", format])
        #expect(result.status == 2)
        #expect(result.stderr == "")
        try Golden.expect(result.stdout, "reporters/diff-001.\(suffix)")
    }

    @Test func theToleranceForgivesSmallGrowthButNotANewFinding() throws {
        let tolerant = try diff([Self.toggle, Self.toggleTwice, "--tolerance", "70"])
        #expect(tolerant.status == 2)
        #expect(tolerant.stdout.contains("+  PlayButton   findings: identity_churn            0     1  +1         regressed\n"))
        #expect(tolerant.stdout.contains("~  ContentView  body evaluations                    3     5  +2 (+67%)\n"))
        #expect(tolerant.stdout.hasSuffix("5 changed, 1 regressed beyond a 70% tolerance, 1 unchanged\n"))
        let fewer = try diff([Self.toggleTwice, Self.toggle])
        #expect(fewer.status == 0)
        #expect(fewer.stdout.contains("-  PlayButton   findings: identity_churn            1     0  -1\n"))
        #expect(fewer.stdout.contains("+  PlayButton   findings: identity_churn (info)     0     1  +1\n"))
    }

    @Test func makingDestinationsLazyRemovesAFinding() throws {
        let result = try diff([Self.eager, Self.lazy])
        #expect(result.status == 0)
        #expect(result.stdout == """
            base: \(Self.eager)
            head: \(Self.lazy)

               view        count                                      base  head  change
            -  MyRootView  findings: non_lazy_navigation_destination     1     0  -1

            1 changed, 0 regressed beyond a 0% tolerance, 10 unchanged

            """)
    }

    @Test func storedTracesAreComparedByID() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.toggle, Self.toggleTwice, "--db", db], in: Tool.packageRoot)
        let stored = try diff(["1", "2", "--db", db, "--format", "json", "--output", workspace.path("diff.json")])
        #expect(stored.status == 2)
        #expect(stored.stdout == "")
        let fromFiles = try diff([Self.toggle, Self.toggleTwice, "--format", "json"])
        let written = try String(contentsOfFile: workspace.path("diff.json"), encoding: .utf8)
        #expect(written.replacingOccurrences(of: "trace 1 (\(Self.toggle))", with: Self.toggle)
            .replacingOccurrences(of: "trace 2 (\(Self.toggleTwice))", with: Self.toggleTwice) == fromFiles.stdout)
        let missing = try diff(["1", "9", "--db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr == "trace-analyze: error: no trace 9 in \(db); `trace-analyze traces --db \(db)` lists them\n")
    }

    @Test(arguments: [
        ([toggle], "trace-analyze: error: diff needs BASE and HEAD; usage: trace-analyze diff BASE HEAD | BASE... -- HEAD... | --base-tag KEY=VALUE --head-tag KEY=VALUE [--db PATH] [--config PATH] [--tolerance PERCENT] [--duration-tolerance PERCENT] [--format text|json|markdown] [--output FILE] (see 'trace-analyze diff --help')\n"),
        ([toggle, toggleTwice, "--tolerance", "-5"], "trace-analyze: error: --tolerance needs a percentage (a number, 0 or more), not '-5' (see 'trace-analyze diff --help')\n"),
        ([toggle, toggleTwice, "--format", "sarif"], "trace-analyze: error: unknown format 'sarif' for diff; valid: text, json, markdown (see 'trace-analyze diff --help')\n"),
        ([toggle, "missing.log"], "trace-analyze: error: missing.log: no such file\n"),
        (["1", "b", "--db", "t.sqlite"], "trace-analyze: error: with --db, BASE and HEAD are trace ids (positive integers), not 'b'; `trace-analyze traces --db t.sqlite` lists them (see 'trace-analyze diff --help')\n"),
    ])
    func mistakesAreUsageOrInputErrors(arguments: [String], message: String) throws {
        let result = try diff(arguments)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test func diffIsListedWithHelp() throws {
        #expect(try Tool.run(["--help"]).stdout.contains("\n  diff "))
        let help = try Tool.run(["diff", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: trace-analyze diff BASE HEAD"))
    }
}
