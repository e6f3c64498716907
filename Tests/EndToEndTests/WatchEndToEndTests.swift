import Foundation
import Testing

/// `watch` through the built binary, without a terminal: NDJSON and plain lines while the input
/// is still open, then `check`'s report.
@Suite struct WatchEndToEndTests {
    static let toggleTwice = Tool.fixture("seeds/001-playbutton-toggle-twice.log")
    /// PlayButton reset while shown, twice: an info finding that becomes an error.
    static let reset = Tool.fixture("rules/playbutton-if-else-reset.log")

    private func objects(_ ndjson: String) throws -> [[String: Any]] {
        try ndjson.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test(arguments: ["seeds/001-playbutton-toggle-twice.log", "seeds/000-tabview-appear.log", "rules/body-storm.log", "rules/004-navigation-mixed.log"])
    func ndjsonFindingsThenCheckReportOnTheLastLine(_ fixture: String) throws {
        let log = try String(contentsOfFile: Tool.fixture(fixture), encoding: .utf8)
        let watched = try Tool.run(["watch", "-", "--format", "json"], stdin: log)
        let checked = try Tool.run(["check", "-", "--format", "json"], stdin: log)
        #expect(watched.status == checked.status, "\(watched.stderr)")
        #expect(!watched.stdout.contains("\u{1B}"), "no escape codes without a terminal")
        let records = try objects(watched.stdout)
        let report = try #require(records.last)
        let expected = try #require(JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? NSDictionary)
        #expect(NSDictionary(dictionary: report) == expected, "the last line is check's JSON report")
        let live = records.dropLast()
        #expect(live.allSatisfy { $0["type"] as? String == "finding" })
        // The last report of each finding is the report's finding, at the same severity.
        var last: [Int: [String: Any]] = [:]
        for record in live { last[record["id"] as! Int] = record }
        let final = try #require(report["findings"] as? [[String: Any]])
        #expect(last.count == final.count)
        let reported = last.values.map { "\($0["rule"]!) \($0["view"]!) \($0["severity"]!)" }.sorted()
        #expect(reported == final.map { "\($0["rule"]!) \($0["view"]!) \($0["severity"]!)" }.sorted())
    }

    @Test func theFirstFindingArrivesWhileTheInputIsStillOpen() throws {
        let lines = try String(contentsOfFile: Self.reset, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
        let input = Pipe(), output = Pipe()
        let process = try Self.watch(["-"], stdin: input, stdout: output)
        // Lines 1-7: line 7 begins the next update, which judges the first reset; the parser hands
        // line 7 on once the input closes or another line comes.
        input.fileHandleForWriting.write(Data(lines[0..<7].joined().utf8))
        let first = try #require(readLine(output.fileHandleForReading))
        let record = try #require(try objects(first).first)
        #expect(record["rule"] as? String == "identity_churn")
        #expect(record["view"] as? String == "PlayButton")
        #expect(record["severity"] as? String == "info")
        let evidence = try #require(record["evidence"] as? [[String: Any]])
        #expect(evidence.map { $0["text"] as? String } == ["ContentView: _isCompact changed.", "PlayButton: @self, @identity, _isPlaying changed."])
        input.fileHandleForWriting.write(Data(lines[7...].joined().utf8))
        try input.fileHandleForWriting.close()
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let records = try objects(rest)
        #expect(records.first?["previous_severity"] as? String == "info")
        #expect(records.first?["severity"] as? String == "error")
        #expect((records.last?["summary"] as? [String: Any])?["error"] as? Int == 1)
    }

    @Test func plainLinesThenTheTextReportOfCheck() throws {
        let watched = try Tool.run(["watch", Self.reset, "--no-follow"])
        let checked = try Tool.run(["check", Self.reset])
        #expect(watched.status == 2)
        #expect(watched.stdout.hasSuffix(checked.stdout))
        let live = watched.stdout.dropLast(checked.stdout.count).split(separator: "\n")
        #expect(live == [
            "info identity_churn PlayButton (\(Self.reset):4,5): PlayButton was created anew in an update of ContentView after it already existed; its state (_isPlaying) reset. Reported as info: 1 reset is below min_recreations (2). [so far: 0 errors, 0 warnings, 1 info]",
            "error (was info) identity_churn PlayButton (\(Self.reset):4,5,7,8): PlayButton was created anew in 2 updates of ContentView (2 new identities) after it already existed; its state (_isPlaying) reset each time. [so far: 1 error, 0 warnings, 0 info]",
        ])
    }

    /// `--evaluations all` reaches the live rules as it reaches `check`'s: the three expected
    /// evaluations of seed 000's circle, quiet by default, are an info finding in both.
    @Test func evaluationsAllCountsWhatCheckCounts() throws {
        let log = Tool.fixture("seeds/000-update-circle.log")
        let quiet = try Tool.run(["watch", log, "--no-follow"])
        #expect(quiet.stdout.hasSuffix("0 findings in 1 trace\n"), "\(quiet.stdout)")
        let watched = try Tool.run(["watch", log, "--no-follow", "--evaluations", "all"])
        let checked = try Tool.run(["check", log, "--evaluations", "all"])
        #expect(checked.stdout.contains("avoidable_body_evaluation"))
        #expect(watched.stdout.hasSuffix(checked.stdout), "\(watched.stdout)")
        let wrong = try Tool.run(["watch", log, "--no-follow", "--evaluations", "some"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "trace-analyze: error: unknown evaluations 'some'; valid: avoidable, all (see 'trace-analyze watch --help')\n")
    }

    @Test func dbKeepsTheTraceAndItsFindingsAsCheckDoes() throws {
        let workspace = try Workspace()
        let database = workspace.path("live.sqlite")
        let log = try String(contentsOfFile: Self.reset, encoding: .utf8)
        let watched = try Tool.run(["watch", "-", "--db", database, "--format", "json"], stdin: log)
        #expect(watched.status == 2)
        let query = try Tool.run(["query", "--db", database, "--format", "csv",
                                  "SELECT t.source, t.lines, t.complete, f.rule, f.view, f.severity, f.first_line, f.last_line FROM traces t JOIN findings f ON f.trace_id = t.id"])
        #expect(query.stdout == "source,lines,complete,rule,view,severity,first_line,last_line\n-,8,1,identity_churn,PlayButton,error,4,8\n", "\(query.stderr)")
        // The events and their tokens are there to query, as `ingest` stores them: a temporary
        // database keeps its events in a spool, one the user names never does.
        let events = try Tool.run(["query", "--db", database, "--format", "csv",
                                   "SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM changes WHERE token = '@identity')"])
        #expect(events.stdout.hasSuffix("\n8,4\n"), "\(events.stdout)")
    }

    @Test func aFileFollowedSurvivesRotationAndTruncationAndEndsOnCtrlC() throws {
        let workspace = try Workspace()
        let path = try workspace.write("app.log", "")
        let output = Pipe()
        let process = try Self.watch([path], stdout: output)
        let seed = try String(contentsOfFile: Self.toggleTwice, encoding: .utf8)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        file.write(Data(seed.split(separator: "\n")[0..<8].map { $0 + "\n" }.joined().utf8))
        try file.close()
        let first = try #require(readLine(output.fileHandleForReading))
        #expect(first.contains("\"view\":\"PlayButton\""))
        // Rotated: the old file was read to its end, the new one is read from its start. It holds
        // the rest of the same run (the whole log again would be a relaunch: fresh lifetimes).
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        // The tap after it closes the update that re-created PlayButton, which decides the finding.
        let rest = seed.split(separator: "\n")[8...].map { $0 + "\n" }.joined() + "PlayButton: _isPlaying changed.\n"
        try Data(rest.utf8).write(to: URL(fileURLWithPath: path))
        #expect(readLine(output.fileHandleForReading, until: "\"previous_severity\":\"info\"") != nil, "PlayButton raised after the rotation")
        // Truncated to less than was read: read again from its top.
        let rotated = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try rotated.truncate(atOffset: 0)
        rotated.write(Data("TabView appear\nTabView disappear\nTabView appear\n".utf8))
        try rotated.close()
        #expect(readLine(output.fileHandleForReading, until: "\"rule\":\"repeated_appear\"") != nil, "the truncated file read from its top")
        kill(process.processIdentifier, SIGINT)
        let tail = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        let report = try #require(try objects(tail).last)
        #expect((report["coverage"] as? [[String: Any]])?.first?["lines"] as? Int == 8 + 3 + 3)
    }

    /// As `tail -F`: a file not there yet is waited for, saying so once; its lines are read
    /// from its start once it is made.
    @Test func aFileNotThereYetIsWaitedFor() throws {
        let workspace = try Workspace()
        let path = workspace.path("later.log")
        let output = Pipe(), errors = Pipe()
        let process = try Self.watch([path], stdout: output, stderr: errors)
        // Made only once the watcher said it waits: the wait itself is what is tested.
        #expect(readLine(errors.fileHandleForReading) == "trace-analyze: waiting for \(path) to appear (Ctrl-C to stop)")
        try Data(try String(contentsOfFile: Self.toggleTwice, encoding: .utf8).utf8).write(to: URL(fileURLWithPath: path))
        let first = try #require(readLine(output.fileHandleForReading))
        #expect(first.contains("\"view\":\"PlayButton\""))
        kill(process.processIdentifier, SIGINT)
        let tail = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        let report = try #require(try objects(tail).last)
        #expect((report["coverage"] as? [[String: Any]])?.first?["lines"] as? Int == 10)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!said.contains("waiting"), "said once: \(said)")
    }

    /// `watch ARGUMENTS --format json` started, its NDJSON on `stdout`; killed after a minute.
    private static func watch(_ arguments: [String], stdin: Pipe? = nil, stdout: Pipe, stderr: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["watch"] + arguments + ["--format", "json"]
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        Watchdog.kill(process, after: 60)
        return process
    }

    /// Lines from `handle` until one containing `text` (which is returned), at most `limit`.
    private func readLine(_ handle: FileHandle, until text: String, limit: Int = 20) -> String? {
        for _ in 0..<limit {
            guard let line = readLine(handle) else { return nil }
            if line.contains(text) { return line }
        }
        return nil
    }

    /// One line from `handle`, read byte by byte so nothing after it is consumed; nil at the end.
    private func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}
