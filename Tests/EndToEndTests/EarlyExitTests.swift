import Foundation
import Testing

/// The test helper survives a child that exits before reading its input: the suite is not
/// killed by SIGPIPE, whatever the machine's load.
@Suite struct EarlyExitTests {
    /// Far more than a pipe buffers (64 KiB on Linux), so the writer is still writing when the
    /// child has certainly exited.
    static let bigInput = String(repeating: "Row: @self changed.\nhello\n", count: 400_000)

    @Test func anIngestThatStopsOnItsConfigurationLeavesTheTestRunning() throws {
        let workspace = try Workspace()
        let config = try workspace.write("bad.json", #"{"patterns": 3}"#)
        let result = try Tool.run(["ingest", "-", "--db", workspace.path("t.sqlite"), "--config", config], stdin: Self.bigInput)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: \(config): patterns: "))
    }

    @Test func aCommandThatReadsNoStdinLeavesTheTestRunning() throws {
        let result = try Tool.run(["rules"], stdin: Self.bigInput)
        #expect(result.status == 0)
        #expect(result.stdout.contains("identity_churn"))
    }
}
