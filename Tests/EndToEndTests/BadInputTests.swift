import Foundation
import Testing

/// Hostile input never crashes ingest, never stops it, and every line is counted.
@Suite struct BadInputTests {
    /// Ingests `path` into a fresh database and returns the stored `stats` counters.
    static func ingestAndReadStats(_ path: String, workspace: Workspace) throws -> [String: Int] {
        let db = workspace.path("t.sqlite")
        let result = try Tool.run(["ingest", path, "--db", db])
        #expect(result.status == 0, "ingest of \(path) failed: \(result.stderr)")
        let stats = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT name, value FROM stats WHERE trace_id = (SELECT max(id) FROM traces)"])
        #expect(stats.status == 0)
        var values: [String: Int] = [:]
        for row in stats.stdout.split(separator: "\n").dropFirst() {
            let parts = row.split(separator: ",")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        let integrity = try Tool.run(["query", "--db", db, "--format", "csv", "PRAGMA integrity_check"])
        #expect(integrity.stdout == "integrity_check\nok\n")
        return values
    }

    /// Every line is an event, or folded into one (continuations, multi-line JSON objects).
    static func expectEveryLineAccountedFor(_ stats: [String: Int], lines: Int) {
        #expect(stats["lines"] == lines)
        let folded = (stats["continuation_lines"] ?? 0)
        #expect((stats["events"] ?? -1) + folded == lines, "events \(stats["events"] ?? -1) + folded \(folded) != lines \(lines)")
    }

    @Test(arguments: [
        ("empty.log", 0), ("whitespace.log", 4), ("crlf.log", 3), ("lone-cr.log", 3),
        ("no-final-newline.log", 2), ("invalid-utf8.log", 3), ("nul-bytes.log", 3),
        ("truncated.ndjson", 2), ("cut-off.json", 11),
    ])
    func fixturesIngestWithEveryLineCounted(name: String, lines: Int) throws {
        let workspace = try Workspace()
        let stats = try Self.ingestAndReadStats(Tool.fixture("bad/\(name)"), workspace: workspace)
        Self.expectEveryLineAccountedFor(stats, lines: lines)
    }

    @Test func invalidUTF8IsCountedAndKeptWithReplacementCharacters() throws {
        let workspace = try Workspace()
        let stats = try Self.ingestAndReadStats(Tool.fixture("bad/invalid-utf8.log"), workspace: workspace)
        #expect(stats["invalid_utf8"] == 2)
        let rows = try Tool.run(["query", "--db", workspace.path("t.sqlite"), "--format", "csv", "SELECT line, kind, instr(message, char(65533)) > 0 FROM events ORDER BY line"])
        // Line 3 is printChanges output with broken bytes in the remark after `changed.`.
        #expect(rows.stdout.split(separator: "\n").dropFirst() == ["1,body,0", "2,text,1", "3,body,1"])
    }

    @Test func aCompiledExecutableIsJustUnrecognisedText() throws {
        let workspace = try Workspace()
        let stats = try Self.ingestAndReadStats(Tool.executable.path, workspace: workspace)
        #expect((stats["lines"] ?? 0) > 100)
        #expect((stats["invalid_utf8"] ?? 0) > 0)
        Self.expectEveryLineAccountedFor(stats, lines: stats["lines"] ?? -1)
    }

    @Test func aFiftyMegabyteLineIsCutAndCountedInBoundedMemory() throws {
        let workspace = try Workspace()
        let path = workspace.path("huge.log")
        var data = Data("A: @self changed.\n".utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: 50 << 20))
        data.append(Data("\nB: @self changed.\n".utf8))
        try data.write(to: URL(fileURLWithPath: path))
        let run = try PeakMemory.ofRun(["ingest", path, "--db", workspace.path("measured.sqlite")])
        #expect(run.status == 0)
        #expect(run.megabytes < 200, "peak \(run.megabytes) MB")
        let stats = try Self.ingestAndReadStats(path, workspace: workspace)
        Self.expectEveryLineAccountedFor(stats, lines: 3)
        #expect(stats["over_long_lines"] == 1)
        #expect(stats["events_body"] == 2)
    }

    @Test func aMillionOneCharacterLines() throws {
        let workspace = try Workspace()
        let path = workspace.path("million.log")
        try Data(String(repeating: "x\n", count: 1_000_000).utf8).write(to: URL(fileURLWithPath: path))
        let stats = try Self.ingestAndReadStats(path, workspace: workspace)
        Self.expectEveryLineAccountedFor(stats, lines: 1_000_000)
        #expect(stats["events_text"] == 1_000_000)
    }

    @Test func aHundredThousandDistinctViewNames() throws {
        let workspace = try Workspace()
        let path = workspace.path("views.log")
        let text = (0..<100_000).map { "View\($0): @self changed.\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let stats = try Self.ingestAndReadStats(path, workspace: workspace)
        #expect(stats["events_body"] == 100_000)
        let views = try Tool.run(["query", "--db", workspace.path("t.sqlite"), "--format", "csv", "SELECT count(DISTINCT view) AS n FROM events"])
        #expect(views.stdout == "n\n100000\n")
    }

    @Test func aPrintChangesLineWithTenThousandTokens() throws {
        let workspace = try Workspace()
        let tokens = (0..<10_000).map { "_p\($0)" }.joined(separator: ", ")
        let path = try workspace.write("tokens.log", "Big: @self, \(tokens) changed.\n")
        let stats = try Self.ingestAndReadStats(path, workspace: workspace)
        #expect(stats["events_body"] == 1)
        let count = try Tool.run(["query", "--db", workspace.path("t.sqlite"), "--format", "csv", "SELECT count(*) AS n, max(position) AS last FROM changes"])
        #expect(count.stdout == "n,last\n10001,10000\n")
    }
}

/// The largest resident set of any child process this test process has waited for.
/// The peak memory of one run of the tool: the largest `VmHWM` (the process's own high-water
/// mark) read from /proc while it runs.
///
/// `rusage` cannot say this: `getrusage(RUSAGE_CHILDREN)` is the largest of *every* child reaped
/// so far (with tests in parallel, a million-line ingest's), and even one child's `ru_maxrss`
/// starts at the spawning test process's own size, which Linux carries across fork and exec.
/// Polling may miss a spike in the last few milliseconds; the bound tested is far above it.
enum PeakMemory {
    /// Runs the tool with `arguments` (output discarded) and returns its exit status and peak
    /// resident memory in megabytes; 0 megabytes where /proc does not exist.
    static func ofRun(_ arguments: [String]) throws -> (status: Int32, megabytes: Int) {
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Watchdog.kill(process, after: 300)
        let status = "/proc/\(process.processIdentifier)/status"
        var peak = 0
        while process.isRunning {
            let text = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                peak = max(peak, kilobytes)
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        return (process.terminationStatus, peak / 1024)
    }
}
