import Foundation
import RequiredTools
import Testing

/// A database left by ingest can be read where its reader cannot write: a read-only directory
/// or mount, or a copy someone received.
@Suite struct ReadOnlyPlaceTests {
    static let log = Tool.fixture("seeds/004-navigation-eager.log")

    /// Runs the tool as a user who cannot write `directory`: `nobody` when the tests run as root
    /// (root writes anywhere), else the current user after `chmod 555`.
    static func runInReadOnly(_ directory: URL, _ arguments: [String]) throws -> Tool.Result {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
        if getuid() == 0 {
            return try Tool.run(["--reuid=65534", "--regid=65534", "--clear-groups", Tool.executable.path] + arguments,
                                program: URL(fileURLWithPath: "/usr/bin/setpriv"))
        }
        return try Tool.run(arguments)
    }

    @Test(.enabled(if: RequiredTool.sqlite3.shouldRun("ReadOnlyPlaceTests.ingestLeavesOneFileInRollbackJournalMode")))
    func ingestLeavesOneFileInRollbackJournalMode() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db])
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path) == ["t.sqlite"])
        let mode = try Tool.run([db, "PRAGMA journal_mode"], program: RequiredTool.sqlite3.url())
        #expect(mode.stdout == "delete\n")
    }

    @Test func aQueryReadsADatabaseInADirectoryItCannotWrite() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db])
        let result = try Self.runInReadOnly(workspace.url, ["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM events"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "n\n16\n")
    }

    @Test(.enabled(if: RequiredTool.sqlite3.shouldRun("ReadOnlyPlaceTests.aDatabaseStillInWALModeIsReadImmutably")))
    func aDatabaseStillInWALModeIsReadImmutably() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db])
        // As an ingest leaves it when a reader still had the file open at its end.
        let shell = try Tool.run([db, "PRAGMA journal_mode = WAL"], program: RequiredTool.sqlite3.url())
        #expect(shell.stdout == "wal\n")
        let result = try Self.runInReadOnly(workspace.url, ["traces", "--db", db, "--format", "csv"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("\(Self.log),"))
    }
}
