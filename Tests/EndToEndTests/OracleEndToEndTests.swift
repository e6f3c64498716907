import Foundation
import Oracle
import Testing
import TraceRules

/// A few oracle runs through the built binary (docs/oracle.md): the JSON report's findings are
/// the library's, fix first's waste is each finding's count, and `views` counts what happened.
@Suite struct OracleEndToEndTests {
    static let seeds: [UInt64] = [1, 2, 5, 15, 48]

    @Test(arguments: seeds) func theReportsSayWhatTheLibraryChecked(seed: UInt64) throws {
        let truth = Simulator.play(GeneratedApp(seed: seed))
        let workspace = try Workspace()
        for style in LogStyle.allCases {
            let log = style.render(truth)
            let expected = OracleCheck.findings(of: log)
            #expect(OracleCheck(expected, truth: truth, log: log).mismatches.isEmpty, "seed \(seed), \(style.rawValue)")
            let path = try workspace.write("\(seed)-\(style.rawValue).\(style.isRecording ? "xml" : "log")", log.text)
            let json = try Tool.run(["check", path, "--fail-on", "never", "--format", "json"])
            let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let findings = try #require(document["findings"] as? [[String: Any]])
            let reported = findings.map { "\($0["rule"] as? String ?? "") \($0["view"] as? String ?? "-") \($0["count"] as? Int ?? -1) \($0["message"] as? String ?? "")" }
            #expect(reported.sorted() == expected.map { "\($0.rule) \($0.view ?? "-") \($0.count) \($0.message)" }.sorted(),
                    "seed \(seed), \(style.rawValue)")
            // One account: fix first's waste is the waste of the finding it ranks, the library's, and at most its count.
            for entry in document["fix_first"] as? [[String: Any]] ?? [] {
                let ranked = findings.filter { $0["rule"] as? String == entry["rule"] as? String && $0["view"] as? String == entry["view"] as? String }
                #expect(ranked.contains { $0["waste"] as? Int == entry["waste"] as? Int && ($0["waste"] as? Int ?? 0) <= ($0["count"] as? Int ?? -1) },
                        "seed \(seed), \(style.rawValue): \(entry)")
                let library = expected.filter { $0.rule == entry["rule"] as? String && $0.view == entry["view"] as? String }
                #expect(library.contains { ($0.waste ?? $0.count) == entry["waste"] as? Int }, "seed \(seed), \(style.rawValue): \(entry)")
            }
            guard style == .plain || style == .probe else { continue }
            // Styles with one line per init and per body: `views` counts exactly what happened.
            let views = try Tool.run(["views", path, "--format", "json"])
            let rows = try #require(JSONSerialization.jsonObject(with: Data(views.stdout.utf8)) as? [[String: Any]])
            for (view, facts) in truth.views {
                let row = rows.filter { $0["view"] as? String == view }
                #expect(row.reduce(0) { $0 + ($1["inits"] as? Int ?? 0) } == facts.inits, "seed \(seed), \(style.rawValue), \(view) inits")
                #expect(row.reduce(0) { $0 + ($1["bodies"] as? Int ?? 0) } == facts.bodies, "seed \(seed), \(style.rawValue), \(view) bodies")
            }
            let why = try Tool.run(["why", truth.root, path])
            #expect(why.status == 0, "seed \(seed), \(style.rawValue): \(why.stderr)")
        }
    }
}

/// With `--sources`, a model re-init's wording follows the property that holds the model, the
/// line the finding cites (issue 42: an inline `@ObservedObject` said "keeps the first").
@Suite struct ModelWordingFollowsSourcesTests {
    static let log = """
        ContentView: @self, @identity changed.
        ItemRow init
        DetailViewModel init
        DetailView init
        ItemRow: @self, @identity changed.
        DetailView: @self, @identity, _model changed.
        ContentView: _count changed.
        ItemRow init
        DetailViewModel init
        DetailView init
        DetailView: @self changed.
        ContentView: _count changed.
        ItemRow init
        DetailViewModel init
        DetailView init
        DetailView: @self changed.

        """

    static func message(holding property: String) throws -> String {
        let workspace = try Workspace()
        let path = try workspace.write("detail.log", Self.log)
        let sources = (path as NSString).deletingLastPathComponent + "/src"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        _ = try workspace.write("src/DetailView.swift", """
            import SwiftUI
            import Observation

            @Observable final class DetailViewModel {
                init() { print("DetailViewModel init") }
            }

            struct DetailView: View {
                \(property) var model = DetailViewModel()
                var body: some View { Text("detail") }
            }

            """)
        return try message(of: path, sources: sources)
    }

    static func message(of path: String, sources: String) throws -> String {
        let json = try Tool.run(["check", path, "--sources", sources, "--format", "json", "--fail-on", "never"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let finding = try #require(findings.first { $0["rule"] as? String == "state_model_reinit" })
        #expect(finding["view"] as? String == "DetailView")
        #expect(finding["count"] as? Int == 2)
        return finding["message"] as? String ?? ""
    }

    @Test func anInlineObservedObjectIsReplaced() throws {
        let message = try Self.message(holding: "@ObservedObject")
        #expect(message.contains("the source makes it inline in an @ObservedObject (DetailView.swift:9), so each new instance replaces the one before it"))
        #expect(!message.contains("keeps the first"))
    }

    /// `@StateObject` runs its initial value once per identity: inits while the view kept its
    /// identity cannot be SwiftUI keeping the first, and the finding says what else they mean.
    @Test func aStateObjectMakesItOncePerIdentity() throws {
        let workspace = try Workspace()
        let path = try workspace.write("detail.log", Self.log)
        let sources = Tool.packageRoot.path + "/fixtures/sources/042-state-object"
        let message = try Self.message(of: path, sources: sources)
        #expect(message.contains("the source holds it in @StateObject (DetailView.swift:11), whose initial value SwiftUI runs once per identity of DetailView, "
            + "so SwiftUI did not keep the first here: either DetailView got a new identity the log does not show, "
            + "or DetailViewModel is also made outside that property"))
        #expect(!message.contains("keeps the first"))
        #expect(!message.contains("kept the first"))
        // The text report lists the property as where the model is held, not as a cause.
        let text = try Tool.run(["check", path, "--sources", sources, "--fail-on", "never"]).stdout
        #expect(text.contains("\n  held at \(sources)/DetailView.swift:11:5: DetailView holds its DetailViewModel in @StateObject var model: "
            + "SwiftUI makes it once per identity of DetailView [confirmed]\n"), "\(text)")
        #expect(!text.contains("caused at \(sources)"))
    }

    @Test func aClassInStateKeepsTheFirst() throws {
        let message = try Self.message(holding: "@State")
        #expect(message.contains("the source holds it in @State (DetailView.swift:9), so SwiftUI keeps the first instance"))
    }
}

/// One verdict per new identity, whoever reads it (issue 52): on generated runs through the
/// binary, the resets `why` and `views` store (`causes.lifetime`), the lifetimes the Chrome trace
/// export and the timeline page draw as resets, and the identity_churn findings `check` reports
/// with waste are the same, view by view.
@Suite struct VerdictAgreementTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 15, 21, 48]
    static let losesState: Set<String> = ["reset", "reset_or_inserted"]

    /// Per view, how many of `lifetimes` (parallel arrays of lane and verdict) lose state.
    static func resets(lanes: [String], lifetimeLanes: [Int], verdicts: [Any]) -> [String: Int] {
        var resets: [String: Int] = [:]
        for (lane, verdict) in zip(lifetimeLanes, verdicts) where losesState.contains(verdict as? String ?? "") {
            resets[lanes[lane], default: 0] += 1
        }
        return resets
    }

    @Test(arguments: seeds) func checkWhyTimelineAndExportAgreeOnEveryReset(seed: UInt64) throws {
        let truth = Simulator.play(GeneratedApp(seed: seed))
        let workspace = try Workspace()
        for style in [LogStyle.plain, .probe] {
            let path = try workspace.write("\(seed)-\(style.rawValue).log", style.render(truth).text)
            let db = workspace.path("\(seed)-\(style.rawValue).sqlite")
            let views = try Tool.run(["views", path, "--db", db, "--format", "json"])
            #expect(views.status == 0, "\(views.stderr)")
            let stored = try Tool.run(["query", "--db", db, "--format", "json", """
                SELECT e.view AS view, count(*) AS resets FROM causes AS c JOIN events AS e ON e.id = c.event_id
                WHERE c.lifetime IN ('reset', 'reset_or_inserted') GROUP BY e.view
                """])
            #expect(stored.status == 0, "\(stored.stderr)")
            let rows = try #require(JSONSerialization.jsonObject(with: Data(stored.stdout.utf8)) as? [[String: Any]])
            let why = Dictionary(uniqueKeysWithValues: rows.map { ($0["view"] as? String ?? "", $0["resets"] as? Int ?? 0) })

            // The Chrome trace: a lifetime per thread, its verdict in args.
            let exported = try Tool.run(["export", "--trace", "1", "--db", db, "--format", "chrome-trace"])
            #expect(exported.status == 0, "\(exported.stderr)")
            let document = try #require(JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
            var chrome: [String: Int] = [:]
            for event in document["traceEvents"] as? [[String: Any]] ?? [] where event["cat"] as? String == "lifetime" {
                let verdict = (event["args"] as? [String: Any])?["verdict"] as? String ?? ""
                if Self.losesState.contains(verdict) { chrome[event["name"] as? String ?? "", default: 0] += 1 }
            }

            // The timeline page's data, as its script reads it.
            let page = workspace.path("\(seed)-\(style.rawValue).html")
            let drawn = try Tool.run(["timeline", "--trace", "1", "--db", db, "--detail", "exact", "--output", page])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            let json = try #require(html.components(separatedBy: "id=\"timeline-data\">").last?.components(separatedBy: "</script>").first)
            let data = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let lanes = try #require((data["lanes"] as? [String: Any])?["view"] as? [String])
            let lifetimes = try #require(data["lifetimes"] as? [String: Any])
            let timeline = Self.resets(
                lanes: lanes, lifetimeLanes: lifetimes["lane"] as? [Int] ?? [], verdicts: lifetimes["verdict"] as? [Any] ?? []
            )

            let context = "seed \(seed), \(style.rawValue)"
            #expect(chrome == why, "\(context): Chrome trace \(chrome), causes \(why)")
            #expect(timeline == why, "\(context): timeline \(timeline), causes \(why)")

            // `check`: a view whose identities were reset has an identity_churn finding that
            // counts waste (what fix first ranks); one whose were not has none with waste.
            let checkDB = workspace.path("\(seed)-\(style.rawValue)-check.sqlite")
            let checked = try Tool.run(["check", path, "--fail-on", "never", "--db", checkDB])
            #expect(checked.status == 0, "\(checked.stderr)")
            let churn = try Tool.run(["query", "--db", checkDB, "--format", "json", """
                SELECT DISTINCT view, message FROM findings WHERE rule = 'identity_churn' AND coalesce(waste, count) > 0
                """])
            let findings = try #require(JSONSerialization.jsonObject(with: Data(churn.stdout.utf8)) as? [[String: Any]])
            let wasteful = Set(findings.compactMap { $0["view"] as? String })
            #expect(wasteful == Set(why.keys), "\(context): check's identity_churn with waste \(wasteful), causes \(why): \(findings)")
        }
    }
}
