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
        #expect(rows.stdout.split(separator: "\n").dropFirst() == ["1,body,0", "2,text,1", "3,text,1"])
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
        let run = PeakMemory.ofRun(["ingest", path, "--db", workspace.path("measured.sqlite")])
        #expect(run.status == 0)
        #expect(run.megabytes > 0 && run.megabytes < 200, "peak \(run.megabytes) MB")
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
/// The peak memory of one run of the tool, read from that child's own `rusage`.
///
/// `getrusage(RUSAGE_CHILDREN)` gives the largest of *every* child reaped so far, so with tests
/// running in parallel it measured whichever command was biggest (a million-line ingest), not
/// the one under test.
enum PeakMemory {
    /// Runs the tool with `arguments` (output discarded) and returns its exit status and peak
    /// resident memory in megabytes.
    static func ofRun(_ arguments: [String]) -> (status: Int32, megabytes: Int) {
        let argv: [UnsafeMutablePointer<CChar>?] = ([Tool.executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        guard posix_spawn(&pid, Tool.executable.path, &actions, nil, argv, environ) == 0 else { return (-1, -1) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        #if os(Linux)
        let megabytes = Int(usage.ru_maxrss) / 1024          // kilobytes on Linux
        #else
        let megabytes = Int(usage.ru_maxrss) / (1024 * 1024) // bytes on macOS
        #endif
        return ((status >> 8) & 0xFF, megabytes)
    }
}
