import Foundation
import RequiredTools
import Testing

/// A database left by ingest can be read where its reader cannot write: a read-only directory
/// or mount, or a copy someone received.
@Suite struct ReadOnlyPlaceTests {
    static let log = Tool.fixture("seeds/004-navigation-eager.log")

    /// Runs the tool as a user who cannot write `directory`: `nobody` when the tests run as root
    /// (root writes anywhere), else the current user after `chmod 555`.
    static func runInReadOnly(_ directory: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Tool.Result {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
        if getuid() == 0 {
            return try Tool.run(["--reuid=65534", "--regid=65534", "--clear-groups", Tool.executable.path] + arguments,
                                environment: environment, program: URL(fileURLWithPath: "/usr/bin/setpriv"))
        }
        return try Tool.run(arguments, environment: environment)
    }

    /// Every command that reads a stored trace works where the database can only be read, and
    /// none copies it: with no temporary directory to copy into, each still answers as it does
    /// where the file can be written, and the file's bytes stay as they were.
    @Test func everyReadingCommandReadsTheFileInPlaceWithoutACopy() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Tool.fixture("seeds/001-playbutton-toggle.log"), "--db", db])
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: output.path)
        defer { try? FileManager.default.removeItem(at: output) }
        let commands: [[String]] = [
            ["report", "--db", db],
            ["report", "--db", db, "--format", "json"],
            ["views", "--db", db],
            ["why", "PlayButton", "--db", db],
            ["timeline", "--db", db, "--output", output.appendingPathComponent("page.html").path],
            ["timeline", "--trace", "1", "--db", db, "--output", output.appendingPathComponent("page2.html").path],
            ["export", "--db", db, "--format", "chrome-trace", "--output", output.appendingPathComponent("t.json").path],
            ["diff", "1", "1", "--db", db],
            ["query", "--db", db, "SELECT count(*) FROM events"],
            ["traces", "--db", db],
        ]
        var readOnly: [[String]: Tool.Result] = [:]
        for command in commands {
            let result = try Self.runInReadOnly(workspace.url, command, environment: ["TMPDIR": "/nonexistent-trace-analyze-tmp"])
            #expect([0, 2].contains(result.status), "\(command.joined(separator: " ")): \(result.stderr)")
            #expect(!result.stderr.contains("copy"), "\(command.joined(separator: " ")): \(result.stderr)")
            readOnly[command] = result
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path).sorted() == ["t.sqlite"])
        // Where the file can be written, the same commands store what they work out; they print
        // what the read-only runs printed.
        for command in commands where ["report", "views", "why"].contains(command[0]) {
            let writable = try Tool.run(command)
            #expect(readOnly[command]?.stdout == writable.stdout, "\(command.joined(separator: " ")) reads the same as where it can write")
        }
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
