import Foundation
import Testing

/// Killed, concurrent and misdirected ingests leave a consistent database and a clear message.
@Suite struct FaultTests {
    /// Starts `trace-analyze ingest -` reading from a pipe the test writes to.
    final class PipedIngest {
        let process = Process()
        let input = Pipe()
        let errors: ReadAll

        init(db: String) throws {
            process.executableURL = Tool.executable
            process.arguments = ["ingest", "-", "--db", db]
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            let errorPipe = Pipe()
            process.standardError = errorPipe
            errors = ReadAll(errorPipe.fileHandleForReading)
            try process.run()
        }

        func write(_ text: String) { Tool.feed(Data(text.utf8), to: input.fileHandleForWriting) }
    }

    static func scalar(_ db: String, _ sql: String) throws -> String {
        let result = try Tool.run(["query", "--db", db, "--format", "csv", sql])
        return String(result.stdout.split(separator: "\n").dropFirst().first ?? "")
    }

    /// Polls `condition` until it holds or `seconds` pass (waiting on the ingest, not timing it).
    static func waitUntil(seconds: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return true }
            usleep(50_000)
        }
        return false
    }

    static let batch = (0..<1000).map { "Row\($0 % 50): @self, @identity, _tick changed.\nhello \($0)\n" }.joined()

    /// 1 when trace 1's counters agree with its stored rows.
    static let countersMatchRows = """
        SELECT events = (SELECT count(*) FROM events WHERE trace_id = 1)
           AND unrecognized = (SELECT count(*) FROM events WHERE trace_id = 1 AND kind = 'text')
           AND lines = (SELECT coalesce(max(line), 0) FROM events WHERE trace_id = 1) AS ok
        FROM traces WHERE id = 1
        """

    @Test func killNineKeepsEveryCommittedBatchAndIngestWorksAgain() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try PipedIngest(db: db)
        for _ in 0..<20 { ingest.write(Self.batch) }
        // Wait until the stream has committed something a reader can see, then kill it hard.
        let committed = try Self.waitUntil {
            try FileManager.default.fileExists(atPath: db) && (Int(Self.scalar(db, "SELECT count(*) FROM events")) ?? 0) > 0
        }
        #expect(committed)
        let seen = Int(try Self.scalar(db, "SELECT count(*) FROM events")) ?? 0
        kill(ingest.process.processIdentifier, SIGKILL)
        ingest.process.waitUntilExit()
        #expect(ingest.process.terminationReason == .uncaughtSignal)

        #expect(try Self.scalar(db, "PRAGMA integrity_check") == "ok")
        let kept = Int(try Self.scalar(db, "SELECT count(*) FROM events")) ?? 0
        #expect(kept >= seen)
        #expect(try Self.scalar(db, "SELECT count(*) FROM changes WHERE event_id NOT IN (SELECT id FROM events)") == "0")
        #expect(try Self.scalar(db, "SELECT complete FROM traces WHERE id = 1") == "0")
        // The counters were stored with each batch: they match the rows that survived.
        #expect(try Self.scalar(db, Self.countersMatchRows) == "1")

        let again = try Tool.run(["ingest", "-", "--db", db], stdin: "A: @self changed.\n")
        #expect(again.status == 0)
        #expect(try Self.scalar(db, "SELECT count(*) FROM events WHERE trace_id = 2") == "1")
    }

    @Test func twoIngestsIntoOneDatabaseBothComplete() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let log = try workspace.write("big.log", String(repeating: Self.batch, count: 30))
        let first = Process()
        first.executableURL = Tool.executable
        first.arguments = ["ingest", log, "--db", db]
        first.standardError = FileHandle.nullDevice
        try first.run()
        let second = try Tool.run(["ingest", log, "--db", db])
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.status == 0, "second ingest: \(second.stderr)")
        #expect(try Self.scalar(db, "SELECT group_concat(events || '/' || complete) FROM traces") == "\"60000/1,60000/1\"")
        #expect(try Self.scalar(db, "PRAGMA integrity_check") == "ok")
    }

    @Test func aReaderDuringAStreamSeesWholeBatchesGrowing() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try PipedIngest(db: db)
        var counts: [Int] = []
        for _ in 0..<10 {
            ingest.write(Self.batch)
            _ = Self.waitUntil(seconds: 5) { FileManager.default.fileExists(atPath: db) }
            // Every body event stored has its three tokens: no half-written batch is visible.
            let row = try Self.scalar(db, """
                SELECT (SELECT count(*) FROM events WHERE kind = 'body') * 3 = (SELECT count(*) FROM changes),
                       (SELECT count(*) FROM events)
                """)
            let parts = row.split(separator: ",")
            if parts.count == 2 {
                #expect(parts[0] == "1", "tokens and events disagree: \(row)")
                counts.append(Int(parts[1]) ?? 0)
            }
        }
        try ingest.input.fileHandleForWriting.close()
        ingest.process.waitUntilExit()
        #expect(ingest.process.terminationStatus == 0)
        #expect(counts == counts.sorted())
        #expect(try Self.scalar(db, "SELECT count(*) FROM events") == "20000")
    }

    @Test func aLiveStreamIsVisibleWithinASecondWhileThePipeStaysOpen() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try PipedIngest(db: db)
        defer {
            try? ingest.input.fileHandleForWriting.close()
            ingest.process.waitUntilExit()
        }
        ingest.write("First: @self, @identity changed.\n")
        // The pipe stays open: only the writer's latency bound can make this line visible.
        let visible = try Self.waitUntil(seconds: 10) {
            try FileManager.default.fileExists(atPath: db) && (Self.scalar(db, "SELECT count(*) FROM events")) == "1"
        }
        #expect(visible)
    }

    /// A missing directory and a file in the way are different mistakes, and say so.
    @Test(arguments: [("missing-dir/t.sqlite", "does not exist"), ("afile/t.sqlite", "is not a directory")])
    func anImpossibleDatabasePathIsNamed(relative: String, reason: String) throws {
        let workspace = try Workspace()
        _ = try workspace.write("afile", "x")
        let db = workspace.path(relative)
        let result = try Tool.run(["ingest", "-", "--db", db], stdin: "x\n")
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: cannot create \(db): the directory \((db as NSString).deletingLastPathComponent) \(reason)\n")
    }
}
