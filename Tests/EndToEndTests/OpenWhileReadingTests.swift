import Foundation
import RequiredTools
import Testing

/// `ingest` starts reading its input before it opens the database (the first lines parse while
/// the file is opened and migrated): a database it cannot use must still end the run at once,
/// with the same message, even while the input stays open, and must not keep what was read.
@Suite struct OpenWhileReadingTests {
    /// Starts `ingest -` on a pipe that is never closed, feeds it lines, and returns the exit
    /// status and stderr. A run that waited for the end of its input would be killed by the
    /// watchdog, and its status would say so (SIGKILL, not 1).
    static func ingestFromAnOpenPipe(into db: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["ingest", "-", "--db", db]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TRACE_ANALYZE_DB")
        process.environment = environment
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = ReadAll(errors.fileHandleForReading)
        Tool.feed(Data(String(repeating: "ContentView: @self changed.\n", count: 1000).utf8), to: input.fileHandleForWriting)
        Watchdog.kill(process, after: 60)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        return (process.terminationStatus, String(decoding: stderr.wait(), as: UTF8.self))
    }

    @Test func aDatabaseInAMissingDirectoryEndsTheRunWhileTheInputIsStillOpen() throws {
        let workspace = try Workspace()
        let db = workspace.path("missing-dir/t.sqlite")
        let result = try Self.ingestFromAnOpenPipe(into: db)
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: cannot create \(db): the directory \(workspace.path("missing-dir")) does not exist\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test(.enabled(if: RequiredTool.sqlite3.shouldRun("OpenWhileReadingTests.aForeignDatabaseEndsTheRunWhileTheInputIsStillOpen")))
    func aForeignDatabaseEndsTheRunWhileTheInputIsStillOpen() throws {
        let workspace = try Workspace()
        let db = workspace.path("app.db")
        try Tool.run([db, "CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ann')"], program: RequiredTool.sqlite3.url())
        let result = try Self.ingestFromAnOpenPipe(into: db)
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: \(db) is a SQLite database but not a trace-analyze one (it holds users); refusing to add tables to it, choose another --db path\n")
        // Nothing read from the input went into the file.
        let tables = try Tool.run([db, "SELECT group_concat(name) FROM sqlite_schema"], program: RequiredTool.sqlite3.url())
        #expect(tables.stdout == "users\n")
    }
}
