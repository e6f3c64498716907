import Foundation
import Testing

/// A query whose reader went away (`| head`) stops instead of running on to the end.
@Suite struct ClosedPipeTests {
    /// Starts `query SQL`, reads its first bytes, closes the pipe as `head` does, and returns the
    /// exit status. A query that ran on would be killed by the watchdog and fail the status check.
    static func statusAfterTheReaderLeaves(_ sql: String, format: String = "table") throws -> Int32 {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Tool.fixture("seeds/004-navigation-eager.log"), "--db", db])
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["query", "--db", db, "--format", format, sql]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        Watchdog.kill(process, after: 120)
        let first = output.fileHandleForReading.availableData
        #expect(!first.isEmpty)
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        return process.terminationStatus
    }

    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, 'row ' || x AS label FROM c"

    @Test(arguments: ["table", "csv", "json", "ndjson"])
    func anEndlessQueryPipedIntoHeadEnds(format: String) throws {
        #expect(try Self.statusAfterTheReaderLeaves(Self.endless, format: format) == 141)
    }

    @Test func aCrossJoinTooBigToFinishEnds() throws {
        // 16^6 rows: far past any pipe buffer, and minutes of work if it ran to the end.
        let sql = "SELECT a.message FROM events a, events b, events c, events d, events e, events f"
        #expect(try Self.statusAfterTheReaderLeaves(sql) == 141)
    }
}
