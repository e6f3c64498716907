import Foundation
import Testing

/// The commands that read a stored trace (`why`, `views`, `report`, `timeline --trace`,
/// `export --trace`, `diff --db`, `query`, `traces`) leave the database file as they found it:
/// its journal mode, no `-wal`/`-shm` beside it; and they work where it cannot be written.
@Suite struct ReadingCommandsTests {
    static let log = Tool.fixture("seeds/001-playbutton-toggle-twice.log")

    /// Each reading command, the output it must print (a piece of it), and its exit status.
    /// `OUT` stands for a directory the command may write its own output into.
    static let commands: [(arguments: [String], prints: String, status: Int32)] = [
        (["why", "PlayButton"], "PlayButton in ", 0),
        (["views"], "PlayButton", 0),
        (["report"], "identity_churn: PlayButton", 0),
        (["timeline", "--trace", "1", "--output", "OUT/t.html"], "", 0),
        (["export", "--trace", "1", "--format", "chrome-trace"], "\"traceEvents\"", 0),
        (["export", "--format", "ndjson", "--output", "OUT/e"], "", 0),
        (["diff", "1", "1"], "", 0),
        (["query", "SELECT count(*) AS n FROM events"], "10", 0),
        (["traces"], "001-playbutton-toggle-twice.log", 0),
    ]

    /// The journal mode a SQLite file's header records: bytes 18 and 19 are 1 for a rollback
    /// journal, 2 for WAL (read from the file, so no connection can change what it reports).
    static func headerJournal(_ path: String) throws -> String {
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        switch (header[18], header[19]) {
        case (1, 1): return "rollback"
        case (2, 2): return "wal"
        case let other: return "unknown \(other)"
        }
    }

    static func arguments(_ command: [String], db: String, out: String) -> [String] {
        command.map { $0.replacingOccurrences(of: "OUT", with: out) } + ["--db", db]
    }

    @Test(arguments: commands.indices)
    func aReadingCommandKeepsTheRollbackJournalAndLeavesNoFileBeside(index: Int) throws {
        let command = Self.commands[index]
        let workspace = try Workspace()
        let output = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db, "--quiet"])
        #expect(try Self.headerJournal(db) == "rollback")
        let result = try Tool.run(Self.arguments(command.arguments, db: db, out: output.url.path))
        #expect(result.status == command.status, "\(command.arguments): \(result.stderr)")
        #expect(command.prints.isEmpty || result.stdout.contains(command.prints), "\(command.arguments): \(result.stdout)")
        #expect(try Self.headerJournal(db) == "rollback", "\(command.arguments) switched the file to WAL")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path) == ["t.sqlite"], "\(command.arguments)")
    }

    /// As a user who can write neither the file nor its directory (`nobody` when the tests
    /// run as root): the command works, on a trace never analysed, and the file is byte for
    /// byte what it was.
    @Test(arguments: commands.indices)
    func aReadingCommandWorksOnADatabaseItCannotWrite(index: Int) throws {
        let command = Self.commands[index]
        let workspace = try Workspace()
        let output = try Workspace()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: output.url.path)
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db, "--quiet"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try ReadOnlyPlaceTests.runInReadOnly(workspace.url, Self.arguments(command.arguments, db: db, out: output.url.path))
        #expect(result.status == command.status, "\(command.arguments): \(result.stderr)")
        #expect(command.prints.isEmpty || result.stdout.contains(command.prints), "\(command.arguments): \(result.stdout)")
        #expect(!result.stderr.contains("readonly"), "\(command.arguments): \(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "\(command.arguments) changed the file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path) == ["t.sqlite"], "\(command.arguments)")
    }

    /// A writing command on such a file says plainly that it cannot write it, before SQLite
    /// would fail at some statement in the middle.
    @Test func ingestIntoADatabaseItCannotWriteSaysSo() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db, "--quiet"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try ReadOnlyPlaceTests.runInReadOnly(workspace.url, ["ingest", Self.log, "--db", db])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: cannot write \(db): this user may not write it or its directory (the reading commands, such as query and report, still read it)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// What `why` and `views` work out is kept where the file can be written, so the second
    /// run finds it; in a private copy where it cannot, so the same answer comes each time.
    /// Analysed beforehand (`views` stored updates and causes) or not, the answer is the same.
    @Test(arguments: [false, true])
    func analysisOnAReadOnlyDatabaseGivesTheSameAnswerAsOnAWritableOne(analysedBefore: Bool) throws {
        let workspace = try Workspace()
        let writable = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db, "--quiet"])
        if analysedBefore { try Tool.run(["views", "--db", db]) }
        let copy = writable.path("t.sqlite")
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        let readOnly = try ReadOnlyPlaceTests.runInReadOnly(workspace.url, ["why", "PlayButton", "--db", db])
        let stored = try Tool.run(["why", "PlayButton", "--db", copy])
        #expect(readOnly.status == 0, "\(readOnly.stderr)")
        #expect(readOnly.stdout == stored.stdout.replacingOccurrences(of: copy, with: db))
    }
}
