import Foundation
import Testing

/// Huge values in a query's result: bounded memory, printing that Ctrl-C and `--timeout` cut short.
@Suite struct LargeValueTests {
    static func seeded() throws -> (Workspace, String) {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "A: @self changed.\nhello\n")
        return (workspace, db)
    }

    @Test(arguments: ["SELECT zeroblob(1000000000)", "SELECT length(zeroblob(40000000))", "SELECT hex(zeroblob(20000000))"])
    func aValuePastTheLimitIsAnError(sql: String) throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, sql])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: a value in the result is larger than the 32 MiB query limit (in: \(sql))\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aValueUnderTheLimitPrintsInFull() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT zeroblob(1000000) AS b"])
        #expect(result.status == 0)
        #expect(result.stdout == "b\n" + String(repeating: "00", count: 1_000_000) + "\n")
    }

    @Test func aTableCellShowsOnlyTheStartOfABlob() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "SELECT zeroblob(1000) AS b, x'00ff' AS s"])
        let cell = "x'" + String(repeating: "00", count: 58) + "'…"
        #expect(result.stdout == "b\(String(repeating: " ", count: cell.count - 1))  s\n\(String(repeating: "-", count: cell.count))  -------\n\(cell)  x'00ff'\n(1 row)\n")
    }

    @Test func escapingIsUnchanged() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let sql = "SELECT 'a' || char(8232) || 'b' AS t, 'q\"' || char(1) || char(9) || 'é' AS u, 'plain é' AS v"
        let csv = try Tool.run(["query", "--db", db, "--format", "csv", sql])
        #expect(csv.stdout == "t,u,v\n\"a\u{2028}b\",\"q\"\"\u{1}\té\",plain é\n")
        let json = try Tool.run(["query", "--db", db, "--format", "ndjson", sql])
        #expect(json.stdout == "{\"t\":\"a\u{2028}b\",\"u\":\"q\\\"\\u0001\\té\",\"v\":\"plain é\"}\n")
    }

    /// Starts a query printing an 8 MB value (16 MB of hex) into a pipe the test reads only when told.
    static func startPrinting(_ db: String, extra: [String] = []) throws -> (Process, Pipe, ReadAll) {
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["query", "--db", db, "--format", "csv"] + extra + ["SELECT zeroblob(8000000) AS b"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stderr = ReadAll(errors.fileHandleForReading)
        try process.run()
        Watchdog.kill(process, after: 120)
        return (process, output, stderr)
    }

    @Test func controlCStopsPrintingAHugeValue() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let (process, output, stderr) = try Self.startPrinting(db)
        // Printing has begun and, with nobody reading, soon blocks on the full pipe: the value
        // cannot be finished before the signal arrives.
        let first = output.fileHandleForReading.availableData
        #expect(!first.isEmpty)
        process.interrupt()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: stderr.wait(), as: UTF8.self) == "trace-analyze: error: query interrupted\n")
        #expect(first.count + rest.count < 16_000_000)
    }

    @Test func theTimeoutStopsPrintingAHugeValue() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let (process, output, stderr) = try Self.startPrinting(db, extra: ["--timeout", "0.5"])
        // Printing has begun, so the limit started counting before now; read nothing more until it
        // has surely passed: the tool is blocked on the full pipe, or has stopped.
        let first = output.fileHandleForReading.availableData
        let started = Date()
        while Date().timeIntervalSince(started) < 1 { usleep(50_000) }
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(String(decoding: stderr.wait(), as: UTF8.self) == "trace-analyze: error: query stopped after the 0.5 s --timeout\n")
        #expect(first.count + rest.count < 16_000_000)
    }
}
