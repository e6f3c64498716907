import Foundation
import Testing

/// A write that fails is an error with a message, never a silent exit 0.
@Suite struct OutputFailureTests {
    static let log = Tool.fixture("seeds/004-navigation-eager.log")

    static func full() throws -> FileHandle {
        try #require(FileHandle(forWritingAtPath: "/dev/full"), "this system has no /dev/full")
    }

    @Test(arguments: [["check", log, "--format", "sarif"], ["check", log], ["rules"], ["schema"], ["--help"]])
    func aFullDiskOnStdoutIsExit1WithAMessage(arguments: [String]) throws {
        let result = try Tool.run(arguments, standardOutput: Self.full())
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("trace-analyze: error: cannot write to stdout: No space left on device\n"), "got: \(result.stderr)")
    }

    @Test(arguments: ["table", "csv", "json", "ndjson"])
    func aQueryIntoAFullDiskIsExit1(format: String) throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db])
        let result = try Tool.run(["query", "--db", db, "--format", format, "SELECT * FROM events"], standardOutput: Self.full())
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: cannot write to stdout: No space left on device\n")
    }

    @Test func aFileSizeLimitIsAnErrorNotASignal() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db])
        // `ulimit -f 200` allows 100 or 200 KB; a query of a million rows writes about 7 MB.
        let script = "ulimit -f 200; exec \"$0\" \"$@\" > \"$OUT\""
        let result = try Tool.run(
            ["-c", script, Tool.executable.path, "query", "--db", db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000) SELECT x FROM c"],
            environment: ["OUT": workspace.path("out.txt")], program: URL(fileURLWithPath: "/bin/sh")
        )
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: cannot write to stdout: File too large\n")
    }
}
