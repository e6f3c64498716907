import Foundation
import Testing

/// What a new user met in the first hour and was surprised by, each as that user sees it now.
@Suite struct FirstHourTests {
    static let log = Tool.fixture("seeds/004-navigation-eager.log")
    static let playButton = Tool.fixture("seeds/001-playbutton-toggle.log")

    /// A line past the reader's 1 MiB limit is read only up to it: the report says so, in text,
    /// in JSON and in the error for a log with nothing recognised, rather than cutting it silently.
    @Test func aLineOverOneMebibyteIsSaidToBeCut() throws {
        let workspace = try Workspace()
        let long = try workspace.write("long.log", "ContentView: @self changed. " + String(repeating: "x", count: 2 << 20) + "\nContentView: @self changed.\n")
        let text = try Tool.run(["check", long])
        #expect(text.status == 0)
        #expect(text.stdout.contains("\(long): 1 line is longer than 1 MiB and was read only up to its first 1 MiB: the rest of it is not in the trace\n"), "got: \(text.stdout)")
        let json = try Tool.run(["check", long, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let coverage = try #require((document["coverage"] as? [[String: Any]])?.first)
        #expect(coverage["over_long_lines"] as? Int == 1)
        let noise = try workspace.write("noise.log", String(repeating: "y", count: 2 << 20) + "\n")
        let empty = try Tool.run(["check", noise])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("none of its 1 line is _printChanges()/_logChanges() output or a lifecycle print (`ContentView init`, `DetailView onAppear`).\n\(noise): 1 line is longer than 1 MiB"), "got: \(empty.stderr)")
    }

    /// `views` and `traces` are listings for people: a missing value is a blank cell, not SQL's
    /// `NULL` or `''` (which `query` keeps, to tell them apart).
    @Test func listingsShowBlankCellsNotNULLOrQuotes() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db])
        let views = try Tool.run(["views", "--db", db])
        #expect(views.status == 0)
        #expect(!views.stdout.contains("NULL"), "got: \(views.stdout)")
        #expect(views.stdout.contains("FirstCoordinator"))
        let traces = try Tool.run(["traces", "--db", db])
        #expect(traces.status == 0)
        #expect(!traces.stdout.contains("''"), "got: \(traces.stdout)")
        let query = try Tool.run(["query", "--db", db, "SELECT NULL AS a, '' AS b"])
        #expect(query.stdout.contains("NULL  ''"), "query keeps them apart: \(query.stdout)")
    }

    /// `check --output` and `--timeline` say what they wrote, as `timeline` and
    /// `--write-baseline` do; a report to stdout says nothing of the kind.
    @Test func checkSaysWhatItWrote() throws {
        let workspace = try Workspace()
        let result = try Tool.run(["check", Self.log, "--format", "sarif", "--output", "r.sarif", "--timeline", "t.html"], in: workspace.url)
        #expect(result.status == 0)
        #expect(result.stderr.contains("wrote timeline t.html: 7 lanes, 16 marks, 5 findings\n"), "got: \(result.stderr)")
        #expect(result.stderr.contains("wrote sarif report r.sarif: 5 findings\n"), "got: \(result.stderr)")
        let toStdout = try Tool.run(["check", Self.log, "--output", "-"], in: workspace.url)
        #expect(!toStdout.stderr.contains("wrote"), "got: \(toStdout.stderr)")
    }

    /// A view name with a typo gets the view it most likely meant, as a wrong case always did.
    @Test func whyGuessesAMisspeltView() throws {
        for typed in ["PlayButon", "playbutton"] {
            let result = try Tool.run(["why", typed, Self.playButton])
            #expect(result.status == 1)
            #expect(result.stderr == "trace-analyze: error: \(typed) has no body evaluations in trace 1; did you mean PlayButton?\n", "got: \(result.stderr)")
        }
    }

    /// `query` on a misspelt table names the table meant and where the list of them is.
    @Test func queryNamesTheTableAMisspeltOneMeant() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.log, "--db", db])
        let result = try Tool.run(["query", "--db", db, "SELECT * FROM event"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: no such table: event (did you mean 'events'?); the tables are traces, events, "), "got: \(result.stderr)")
        #expect(result.stderr.contains("(`trace-analyze schema` describes them) (in: SELECT * FROM event)"), "got: \(result.stderr)")
    }

    /// An example's comment is never wrapped with ` \`: pasted, the comment would swallow the
    /// continuation and the shell would run the next line as a command of its own. At every width,
    /// in every command's help, a line ending in ` \` holds no comment.
    @Test func helpExamplesStayPasteableAtEveryWidth() throws {
        let commands = try Tool.run(["--help"]).stdout
            .split(separator: "\n").filter { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.contains("completions"))
        for width in [40, 60, 80, 100] {
            for command in commands {
                let help = try Tool.run([command, "--help"], environment: ["COLUMNS": String(width)]).stdout
                for line in help.split(separator: "\n") where line.hasSuffix(" \\") {
                    #expect(!line.contains(" # "), "\(command) --help at \(width) columns: '\(line)'")
                }
            }
        }
        let completions = try Tool.run(["completions", "--help"], environment: ["COLUMNS": "80"]).stdout
        #expect(completions.contains("\n  # this bash; or, for every shell:\n  source <(trace-analyze completions bash)\n"), "got: \(completions)")
    }
}
