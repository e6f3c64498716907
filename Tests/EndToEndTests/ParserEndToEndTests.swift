import Foundation
import Testing

/// The parser through the built binary: fixtures in, rows out via `trace-analyze query`.
@Suite struct ParserEndToEndTests {
    static let seeds = [
        "000-tabview-appear", "000-update-circle", "000-update-subview", "000-zstack-appear",
        "001-count-text", "001-observable-datamodel", "001-playbutton-toggle-twice", "001-playbutton-toggle",
        "002-onappear-timing", "003-subview-init", "004-navigation-eager", "004-navigation-lazyview",
    ]

    @Test func everySeedStoresTheKindsCountedByHand() throws {
        let workspace = try Workspace()
        let db = workspace.path("seeds.sqlite")
        let ingest = try Tool.run(["ingest"] + Self.seeds.map { Tool.fixture("seeds/\($0).log") } + ["--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let query = try Tool.run(["query", "--db", db, "--format", "csv",
                                  "SELECT trace_id, kind, count(*) AS count FROM events GROUP BY trace_id, kind ORDER BY trace_id, kind"])
        var expected = "trace_id,kind,count\n"
        for (index, seed) in Self.seeds.enumerated() {
            let counts = try String(contentsOfFile: Tool.fixture("seeds/\(seed).counts.tsv"), encoding: .utf8)
            for row in counts.split(separator: "\n").dropFirst() {
                expected += "\(index + 1)," + row.replacingOccurrences(of: "\t", with: ",") + "\n"
            }
        }
        #expect(query.stdout == expected)
    }

    @Test func ownersInstancesAndAttachedAddressesReachTheirColumns() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Tool.fixture("seeds/001-observable-datamodel.log"), "--db", db])
        let rows = try Tool.run(["query", "--db", db, "--format", "csv",
                                 "SELECT line, kind, view, owner, instance, origin FROM events WHERE kind IN ('init', 'deinit') ORDER BY line LIMIT 3"])
        #expect(rows.stdout == """
            line,kind,view,owner,instance,origin
            2,init,DataModel,PlayButton,0x0000600000c435d0,lifecycle
            7,deinit,DataModel,PlayButton,0x0000600000c435d0,lifecycle
            10,init,DataModel,PlayButton,0x0000600000c30690,lifecycle

            """)
        let stats = try Tool.run(["query", "--db", db, "--format", "csv",
                                  "SELECT value FROM stats WHERE name = 'instance_attachments'"])
        #expect(stats.stdout == "value\n8\n")
    }

    @Test func aMixedFileCountsEachEnvelopeAndKeepsEnvelopeFields() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try Tool.run(["ingest", Tool.fixture("formats/mixed.log"), "--db", db])
        #expect(ingest.stderr.contains("11 lines, 11 events"))
        let envelopes = try Tool.run(["query", "--db", db, "--format", "csv",
                                      "SELECT name, value FROM stats WHERE name LIKE 'envelope_%' AND value > 0 ORDER BY name"])
        #expect(envelopes.stdout == """
            name,value
            envelope_idevicesyslog,1
            envelope_ndjson,1
            envelope_noise,2
            envelope_nslog,1
            envelope_oslog,1
            envelope_oslog_compact,1
            envelope_plain,2
            envelope_swiftlog,1
            envelope_syslog,1

            """)
        let row = try Tool.run(["query", "--db", db, "--format", "csv",
                                "SELECT kind, view, ts, process, pid, tid, subsystem, category, envelope, level FROM events WHERE line = 2"])
        #expect(row.stdout == """
            kind,view,ts,process,pid,tid,subsystem,category,envelope,level
            body,ContentView,1728142278.068529,MyApp,5224,80259,com.apple.SwiftUI,Changed Body Properties,oslog,Info

            """)
    }

    @Test func aTruncatedJSONArrayLosesNoLine() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Tool.fixture("formats/json-truncated.log"), "--db", db])
        let rows = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT line, kind, envelope, message FROM events ORDER BY line"])
        #expect(rows.stdout == """
            line,kind,envelope,message
            1,init,json,ListView init
            11,text,plain,"  ""eventMessage"" : ""ListView onAppear"","
            12,text,plain,"  ""subsystem"" : ""com.example.MyApp"","
            13,text,plain,"  ""category"" : ""lifec"

            """)
        let malformed = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT value FROM stats WHERE name = 'malformed_envelopes'"])
        #expect(malformed.stdout == "value\n1\n")
    }

    @Test func structuredLinesStoreTheirDuration() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "trace-analyze: kind=init view=DetailView id=7 owner=Root ms=12.5\n")
        let rows = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT kind, view, owner, instance, origin, duration_ms FROM events"])
        #expect(rows.stdout == "kind,view,owner,instance,origin,duration_ms\ninit,DetailView,Root,7,structured,12.5\n")
    }

    static let config = """
        {"patterns": [
          {"name": "house",
           "regex": "^\\\\[(?<owner>\\\\w+)/(?<view>\\\\w+)(?:#(?<instance>\\\\d+))?\\\\] (?<kind>created|destroyed|shown)$",
           "kinds": {"created": "init", "destroyed": "deinit", "shown": "appear"},
           "samples": [
             {"line": "[Feed/Row#3] created", "kind": "init", "view": "Row", "owner": "Feed", "instance": "3"},
             {"line": "Feed created", "kind": "text"}
           ]}
        ]}
        """

    @Test func patternsTestReportsEachSample() throws {
        let workspace = try Workspace()
        let good = try workspace.write("good.json", Self.config)
        let pass = try Tool.run(["patterns", "test", "--config", good])
        #expect(pass.status == 0)
        #expect(pass.stdout == """
            PASS  house  patterns[0].samples[0]  [Feed/Row#3] created
            PASS  house  patterns[0].samples[1]  Feed created
            1 pattern, 2 samples: 2 passed, 0 failed

            """)
        let bad = try workspace.write("bad.json", Self.config.replacingOccurrences(of: "\"instance\": \"3\"", with: "\"instance\": \"4\""))
        let fail = try Tool.run(["patterns", "test", "--config", bad])
        #expect(fail.status == 1)
        #expect(fail.stdout == """
            FAIL  house  patterns[0].samples[0]  [Feed/Row#3] created
                  instance: expected "4", got "3"
            PASS  house  patterns[0].samples[1]  Feed created
            1 pattern, 2 samples: 1 passed, 1 failed

            """)
        // The working directory's file is found without --config.
        _ = try workspace.write(".trace-analyze.json", Self.config)
        #expect(try Tool.run(["patterns", "test"], in: workspace.url).status == 0)
    }

    /// A pattern longer than 256 UTF-16 units (where Foundation on Linux copies it to the heap:
    /// the shape the config fuzz target found) compiles and reads its sample like a short one.
    @Test func aLongPatternReadsItsSample() throws {
        let long = try Tool.run(["patterns", "test", "--config", Tool.fixture("configs/long-regex.trace-analyze.json")])
        #expect(long.status == 0, "\(long.stderr)")
        #expect(long.stdout.hasSuffix("1 pattern, 1 sample: 1 passed, 0 failed\n"))
    }

    @Test func aBadRegexIsAConfigurationErrorNamingThePattern() throws {
        let workspace = try Workspace()
        let path = try workspace.write("c.json", Self.config.replacingOccurrences(of: "(?<kind>", with: "((?<kind>"))
        for arguments in [["patterns", "test", "--config", path], ["ingest", "-", "--config", path, "--db", workspace.path("t.sqlite")]] {
            let result = try Tool.run(arguments, stdin: "x\n")
            #expect(result.status == 1)
            #expect(result.stderr == "trace-analyze: error: \(path): patterns[0].regex: not a valid regular expression (ICU syntax, as NSRegularExpression reads it)\n")
        }
        let none = try Tool.run(["patterns", "test"], in: workspace.url)
        #expect(none.status == 1)
        #expect(none.stderr == "trace-analyze: error: no configuration file: pass --config PATH or create ./.trace-analyze.json\n")
    }

    @Test func ingestUsesThePatterns() throws {
        let workspace = try Workspace()
        let config = try workspace.write("c.json", Self.config)
        let db = workspace.path("t.sqlite")
        let ingest = try Tool.run(["ingest", "-", "--config", config, "--db", db],
                                  stdin: "[Feed/Row#3] created\n[Feed/Row#3] destroyed\nFirstView init\n")
        #expect(ingest.status == 0)
        let rows = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT kind, view, owner, instance, origin FROM events ORDER BY line"])
        #expect(rows.stdout == """
            kind,view,owner,instance,origin
            init,Row,Feed,3,pattern:house
            deinit,Row,Feed,3,pattern:house
            init,FirstView,,,lifecycle

            """)
    }
}
