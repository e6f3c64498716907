import Foundation
import Testing

/// `traces` tells the truth at every moment: counters as batches commit, `complete` only when
/// the input ended, and stdin named one way.
@Suite struct TraceCountersTests {
    @Test func whileAStreamIsOpenTheCountersFollowTheRows() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try FaultTests.PipedIngest(db: db)
        defer {
            try? ingest.input.fileHandleForWriting.close()
            ingest.process.waitUntilExit()
        }
        ingest.write(FaultTests.batch)
        var seen: [String] = []
        let all = try FaultTests.waitUntil {
            guard FileManager.default.fileExists(atPath: db) else { return false }
            let row = try FaultTests.scalar(db, "SELECT lines || '/' || events || '/' || unrecognized || '/' || complete FROM traces WHERE id = 1")
            seen.append(row)
            #expect(try FaultTests.scalar(db, FaultTests.countersMatchRows) == "1", "counters \(row) disagree with the rows")
            return row == "2000/2000/1000/0"
        }
        #expect(all, "last seen: \(seen.last ?? "nothing")")
    }

    /// Ctrl-C, and as much SIGTERM (`kill`, a service manager) and SIGHUP (the terminal closed):
    /// what was read is stored as an incomplete trace with its format, the summary says so, the
    /// file is left in one piece, and the exit status is the shell's for that signal.
    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func aStopSignalStoresWhatWasReadAsIncomplete(signal: Int32, status: Int32) throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try FaultTests.PipedIngest(db: db)
        #expect(Tool.waitUntilCatching(signal, ingest.process))
        ingest.write(FaultTests.batch)
        let visible = try FaultTests.waitUntil {
            try FileManager.default.fileExists(atPath: db) && FaultTests.scalar(db, "SELECT count(*) FROM events") == "2000"
        }
        #expect(visible)
        Watchdog.kill(ingest.process, after: 60)
        kill(ingest.process.processIdentifier, signal)
        ingest.process.waitUntilExit()
        #expect(ingest.process.terminationReason == .exit)
        #expect(ingest.process.terminationStatus == status)
        let stderr = String(decoding: ingest.errors.wait(), as: UTF8.self)
        #expect(stderr.hasPrefix("<stdin>: trace 1, 2000 lines, 2000 events"), "got: \(stderr)")
        #expect(stderr.hasSuffix("; interrupted before the input ended (stored as incomplete)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path) == ["t.sqlite"], "no -wal or -shm left")
        #expect(try FaultTests.scalar(db, "SELECT lines || '/' || events || '/' || complete || '/' || coalesce(format, 'NULL') FROM traces") == "2000/2000/0/plain")
        #expect(try FaultTests.scalar(db, FaultTests.countersMatchRows) == "1")
    }

    @Test func stdinIsNamedOneWay() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try Tool.run(["ingest", "-", "--db", db], stdin: "A: @self changed.\n")
        #expect(ingest.stderr == "<stdin>: trace 1, 1 lines, 1 events (body 1), 0 unrecognized\n")
        let log = try String(contentsOfFile: Tool.fixture("seeds/004-navigation-eager.log"), encoding: .utf8)
        let check = try Tool.run(["check", "-", "--format", "xcode"], stdin: log)
        #expect(check.stdout.hasPrefix("<stdin>:"))
    }
}
