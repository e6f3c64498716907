import Foundation
import RequiredTools
import Testing

/// Every report says how much of the log was recognised and shows lines that look like
/// lifecycle prints but were not; a log with no lifecycle line at all fails `check`.
@Suite struct CoverageEndToEndTests {
    static let systemLines = """
        2024-05-01 10:00:00.000000+0000 MyApp[812:1234] nw_connection_copy_connected_local_endpoint_block_invoke [C1] Connection has no local endpoint
        2024-05-01 10:00:00.100000+0000 MyApp[812:1234] [Common] _BSMachError: port 1234; (os/kern) invalid capability (0x14)
        2024-05-01 10:00:00.200000+0000 MyApp[812:1234] Unable to simultaneously satisfy constraints.
        2024-05-01 10:00:00.300000+0000 MyApp[812:1234] Failed to initialize the cache

        """

    @Test(arguments: ["empty", "system"])
    func aLogWithoutLifecycleLinesFailsCheck(kind: String) throws {
        let workspace = try Workspace()
        let path: String
        switch kind {
        case "empty": path = try workspace.write("empty.log", "")
        default: path = try workspace.write("system.log", Self.systemLines)
        }
        let result = try Tool.run(["check", path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: no SwiftUI lifecycle lines found in \(path): "))
        if kind == "empty" {
            // Nothing to describe: a user pattern would not help, the capture did not work.
            #expect(result.stderr.contains("it is empty: the capture recorded nothing.\nCheck that the app ran and printed"), "\(result.stderr)")
            #expect(!result.stderr.contains("pattern"), "\(result.stderr)")
        } else {
            #expect(result.stderr.contains("trace-analyze patterns --help"))
        }
        #expect(result.stderr.contains("--allow-empty"))
        // The report still comes first, saying what was read.
        #expect(result.stdout.contains("\(path): recognised 0 of"))
        if kind == "system" {
            #expect(result.stderr.contains("\n  1: nw_connection_copy_connected_local_endpoint_block_invoke [C1]"))
        }

        let allowed = try Tool.run(["check", path, "--allow-empty"])
        #expect(allowed.status == 0)
        #expect(allowed.stderr.isEmpty)
    }

    /// The JSON report's `coverage` entry for the one input.
    static func jsonCoverage(_ arguments: [String]) throws -> [String: Any] {
        let result = try Tool.run(arguments + ["--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require((document?["coverage"] as? [[String: Any]])?.first, "\(result.stdout)\n\(result.stderr)")
    }

    /// An executable is no log: its string tables can read as prints (this tool's own binary
    /// gave 52 findings). The report says so first, and `check` fails after it, --allow-empty or not.
    @Test(arguments: ["/bin/ls", Tool.executable.path])
    func aBinaryFileIsNamedAsOneAndFailsCheck(path: String) throws {
        for arguments in [["check", path], ["check", path, "--allow-empty"]] {
            let result = try Tool.run(arguments)
            #expect(result.status == 1)
            #expect(result.stdout.contains("\(path) looks like a binary file, not a text log: "))
            #expect(result.stderr.hasPrefix("trace-analyze: error: \(path) looks like a binary file, not a text log: "))
            #expect(result.stderr.contains("% of its first 64 KiB are NUL or control bytes; the report above read only text found inside it."))
            #expect(result.stderr.split(separator: "\n").count == 1)
            // No control character that would garble a terminal.
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
        let workspace = try Workspace()
        let stats = try BadInputTests.ingestAndReadStats(path, workspace: workspace)
        #expect((stats["binary_percent"] ?? 0) >= 30)
        // The JSON report carries the same figure.
        #expect(try Self.jsonCoverage(["check", path])["binary_percent"] as? Int == stats["binary_percent"])
        // ingest stores it all the same, and says what it looks like.
        let ingested = try Tool.run(["ingest", path, "--db", workspace.path("again.sqlite")])
        #expect(ingested.status == 0)
        #expect(ingested.stderr.contains("; looks like a binary file, not a text log ("), "\(ingested.stderr)")
    }

    /// A log saved as UTF-16 (with or without a byte-order mark, either byte order) is decoded,
    /// and the report says it was; a UTF-8 log says nothing of it.
    @Test(arguments: ["UTF-16", "UTF-16LE", "UTF-16BE"])
    func aUTF16LogIsDecoded(encoding: String) throws {
        let workspace = try Workspace()
        let text = try String(contentsOfFile: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8)
        // Names of one length: the reports are compared with the names swapped.
        let utf8 = try workspace.write("app08.log", text)
        let path = workspace.path("app16.log")
        let converted = try Tool.run(["-f", "UTF-8", "-t", encoding, "-o", path, utf8], program: URL(fileURLWithPath: "/usr/bin/iconv"))
        #expect(converted.status == 0, "\(converted.stderr)")
        let decoded = try Tool.run(["check", path])
        let plain = try Tool.run(["check", utf8])
        #expect(decoded.status == 0)
        #expect(decoded.stdout.contains("\(path): decoded from UTF-16; recognised 10 of 10 lines as lifecycle events\n"))
        #expect(decoded.stdout.replacingOccurrences(of: path, with: utf8).replacingOccurrences(of: "decoded from UTF-16; ", with: "") == plain.stdout)
        #expect(!plain.stdout.contains("UTF-16"))
        #expect(try Self.jsonCoverage(["check", path])["encoding"] as? String == "utf-16")
        #expect(try Self.jsonCoverage(["check", utf8])["encoding"] as? String == "utf-8")
        let stats = try BadInputTests.ingestAndReadStats(path, workspace: workspace)
        #expect(stats["utf16_bytes"] == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        #expect(try Tool.run(["ingest", path, "--db", workspace.path("again.sqlite")]).stderr.hasSuffix(" unrecognized; decoded from UTF-16\n"))
    }

    /// A probe line that breaks the format is counted, and the report says which line and why,
    /// with the value it most likely meant.
    @Test func malformedProbeLinesAreShownWithTheirReason() throws {
        let workspace = try Workspace()
        let log = try workspace.write("probe.log", """
            trace-analyze: kind=init view=RootView id=1
            trace-analyze: kind=body view=RootView id=1 identity=new
            trace-analyze: kind=bodyy view=RootView id=1
            trace-analyze: kind=body veiw=RootView id=1
            trace-analyze: kind=appear view=RootView id=1

            """)
        let expected = """
            \(log): recognised 3 of 5 lines as lifecycle events
            \(log): 2 probe lines (`trace-analyze: kind=… view=…`) were malformed and read as text:
                \(log):3  unknown kind 'bodyy' (did you mean 'body'?); valid: body, init, deinit, appear, disappear, task, layout
                \(log):4  missing view ('veiw=' given: did you mean 'view='?)
            0 findings in 1 trace

            """
        let checked = try Tool.run(["check", log])
        #expect(checked.status == 0)
        #expect(checked.stdout == expected)
        let coverage = try Self.jsonCoverage(["check", log])
        #expect(coverage["malformed_probes"] as? Int == 2)
        #expect((coverage["malformed_probe_lines"] as? [[String: Any]])?.compactMap { $0["line"] as? Int } == [3, 4])
        // A stored trace says the same: the lines are read back from the store.
        let db = workspace.path("t.sqlite")
        let ingested = try Tool.run(["ingest", log, "--db", db])
        #expect(ingested.stderr.contains(", 2 malformed probe (`trace-analyze report` says why)"), "\(ingested.stderr)")
        #expect(try Tool.run(["report", "--db", db]).stdout == expected)
    }

    @Test func aLogFromStdinIsNamedAsStdin() throws {
        let result = try Tool.run(["check", "-"], stdin: "hello\n")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: no SwiftUI lifecycle lines found in <stdin>: none of its 1 line is"))
    }

    @Test func lookalikeLinesAreCountedAndShown() throws {
        let workspace = try Workspace()
        let log = try workspace.write("app.log", """
            ContentView: @self changed.
            >> ContentView will be Initialized soon
            Loaded 3 items
            ⚠️ DetailView viewWillAppear
            """ + "\n")
        let result = try Tool.run(["check", log])
        #expect(result.status == 0)
        #expect(result.stdout == """
            \(log): recognised 1 of 4 lines as lifecycle events; 2 more look like lifecycle prints but were not recognised:
                \(log):2  >> ContentView will be Initialized soon
                \(log):4  ⚠️ DetailView viewWillAppear
              Describe them with a user pattern to have them read: `trace-analyze patterns --help`.
            0 findings in 1 trace

            """)
        let json = try Tool.run(["check", log, "--format", "json"])
        #expect(json.stdout.contains(#"{"line": 2, "text": ">> ContentView will be Initialized soon"}"#))
        #expect(json.stdout.contains(#""lifecycle_events": 1,"#))
        #expect(json.stdout.contains(#""lookalikes": 2,"#))

        // Stored with their own origin, so they can be queried.
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", log, "--db", db])
        let rows = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT line, kind FROM events WHERE origin = 'lookalike'"])
        #expect(rows.stdout == "line,kind\n2,text\n4,text\n")
        let report = try Tool.run(["report", "--db", db])
        #expect(report.stdout.contains("2 more look like lifecycle prints"))
    }
}

/// The text report shows what each cited line says, fitted to the terminal, and where to read
/// about the fix.
@Suite struct EvidenceTextEndToEndTests {
    /// Seed 001's four evidence rows in `report`, citing `log`, fitted to `width` characters,
    /// some of them cut.
    private static func expectFourRowsFitted(_ report: String, log: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let rows = report.split(separator: "\n").filter { $0.hasPrefix("    \(log):") }
        #expect(rows.count == 4, sourceLocation: sourceLocation)
        #expect(rows.allSatisfy { $0.count <= width }, sourceLocation: sourceLocation)
        #expect(rows.contains { $0.hasSuffix("…") }, sourceLocation: sourceLocation)
    }

    @Test func evidenceLinesCarryTheirTextCutToTheWidth() throws {
        let log = "fixtures/seeds/001-playbutton-toggle-twice.log"
        let result = try Tool.run(["check", log], in: Tool.packageRoot, environment: ["COLUMNS": "70"])
        Self.expectFourRowsFitted(result.stdout, log: log, width: 70)
        #expect(result.stdout.contains("  How to fix it: trace-analyze rules identity_churn\n"))
    }

    @Test func rowsWithCharactersOfSeveralBytesAreCutAtCharacters() throws {
        let workspace = try Workspace()
        let seed = try String(contentsOfFile: Tool.packageRoot.appendingPathComponent("fixtures/seeds/001-playbutton-toggle-twice.log").path, encoding: .utf8)
        // The same trace with views named in letters of two and four bytes.
        let log = "é.log"
        _ = try workspace.write(log, seed.replacingOccurrences(of: "PlayButton", with: "PläyBüttön🎵"))
        let result = try Tool.run(["check", log], in: workspace.url, environment: ["COLUMNS": "60"])
        Self.expectFourRowsFitted(result.stdout, log: log, width: 60)
        #expect(result.stdout.contains("identity_churn: PläyBüttön🎵"))
        // No letter was cut in two.
        #expect(!result.stdout.contains("\u{FFFD}"))
    }

    /// `check` looks up, for a heading's instance, only the lines its rules saw name one;
    /// `report` on the stored trace looks up every line: the two print the same.
    @Test(.enabled(if: RequiredTool.python3.shouldRun("CoverageEndToEndTests.checkAndReportNameTheSameInstancesInHeadings")))
    func checkAndReportNameTheSameInstancesInHeadings() throws {
        let workspace = try Workspace()
        var tabs: [String] = []
        for (instance, times) in [("", 12), (" 1", 3), ("", 12), (" 2", 3)] {
            for _ in 0 ..< times { tabs += ["tab\(instance) appear", "load data", "tab\(instance) disappear"] }
        }
        let script = Tool.packageRoot.appendingPathComponent("bench/generate.py").path
        let generated = try workspace.write(
            "generated.log", Tool.run([script, "20000"], program: RequiredTool.python3.url()).stdout
        )
        let tabsLog = try workspace.write("tabs.log", tabs.joined(separator: "\n") + "\n")
        for log in [tabsLog, generated] {
            let checked = try Tool.run(["check", log, "--fail-on", "never"])
            let db = workspace.path("\((log as NSString).lastPathComponent).sqlite")
            try Tool.run(["ingest", log, "--db", db])
            let reported = try Tool.run(["report", "--db", db, "--fail-on", "never"])
            #expect(checked.stdout.contains(log == tabsLog ? "repeated_appear: tab 1\n" : "identity_churn: "))
            #expect(checked.stdout == reported.stdout)
            // `check` takes the count of a finding's lines past the tenth from its writer, `report`
            // counts the stored rows: the generated log has such findings, printed alike.
            if log == generated { #expect(checked.stdout.contains(" more lines\n")) }
        }
    }

    @Test func findingsOnOneViewNameTheirInstances() throws {
        let result = try Tool.run(["check", "fixtures/seeds/000-tabview-appear.log"], in: Tool.packageRoot)
        #expect(result.stdout.contains("repeated_appear: tab 1\n"))
        #expect(result.stdout.contains("repeated_appear: tab 2\n"))
        #expect(result.stdout.contains("    fixtures/seeds/000-tabview-appear.log:3  tab 2 appear\n"))
    }
}
