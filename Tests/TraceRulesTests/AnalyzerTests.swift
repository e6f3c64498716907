import Foundation
import Testing
import TraceRules
import TraceStore

@Suite struct AnalyzerTests {
    static let churn = """
        ContentView: @self, @identity, _showPlayButton changed.
        PlayButton: @self, @identity, _isPlaying changed.
        ContentView: _showPlayButton changed.
        ContentView: _showPlayButton changed.
        PlayButton: @self, @identity, _isPlaying changed.
        ContentView: _showPlayButton changed.
        ContentView: _showPlayButton changed.
        PlayButton: @self, @identity, _isPlaying changed.
        """

    @Test func findingsAndTheirEvidenceAreStored() throws {
        let pipeline = try Pipeline(log: Self.churn)
        let findings = try pipeline.analyze()
        #expect(findings.map(\.rule) == ["identity_churn"])
        let finding = try #require(findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.view == "PlayButton")
        #expect(finding.count == 2)
        #expect(finding.lines == [4, 5, 7, 8])
        #expect(finding.source.hasSuffix("example.log"))
        // Seed 001 prints no disappear of PlayButton, but each update of the change before a new
        // identity printed none of it: shown again by the `if`, which no end line confirms.
        #expect(finding.message.hasPrefix("PlayButton was removed and shown again 2 times by changes of ContentView._showPlayButton:"))
        #expect(finding.message.hasSuffix(" Each time, the run of the same change before printed none of PlayButton, as when that change removes it;"
            + " the log prints no disappear or deinit of PlayButton to confirm it left the screen, and if it stayed, its state was reset while shown."))
        let database = pipeline.database
        #expect(try database.scalarText("SELECT rule || '|' || severity || '|' || view || '|' || count || '|' || first_line || '|' || last_line FROM findings")
                == "identity_churn|warning|PlayButton|2|4|8")
        #expect(try database.scalarText("SELECT group_concat(line, ',') FROM (SELECT line FROM evidence ORDER BY line)") == "4,5,7,8")
    }

    @Test func analysingAgainReplacesTheTracesFindings() throws {
        let pipeline = try Pipeline(log: Self.churn)
        _ = try pipeline.analyze()
        _ = try pipeline.analyze()
        #expect(try pipeline.database.scalarInt("SELECT count(*) FROM findings") == 1)
        #expect(try pipeline.database.scalarInt("SELECT count(*) FROM evidence") == 4)
        let none = try pipeline.analyze(RuleConfiguration().restricted(to: ["heavy_initializer"]))
        #expect(none.isEmpty)
        #expect(try pipeline.database.scalarInt("SELECT count(*) FROM findings") == 0)
        #expect(try pipeline.database.scalarInt("SELECT count(*) FROM evidence") == 0)
    }

    @Test func aMissingTraceIsNamed() throws {
        let pipeline = try Pipeline(log: "x\n")
        let error = try #require(throws: AnalysisError.self) {
            _ = try Analyzer(database: pipeline.database).analyze(traceID: 42)
        }
        #expect(error.description == "no trace 42 in a temporary database")
    }

    @Test func anEmptyTraceHasNoFindings() throws {
        let pipeline = try Pipeline(log: "")
        #expect(try pipeline.analyze().isEmpty)
    }

    /// What every seed fixture must produce: `rule view lines`, one per finding, in report order.
    @Test(arguments: [
        ("000-tabview-appear.log", ["repeated_appear tab 1,6,10", "repeated_appear tab 3,8"]),
        ("000-update-circle.log", []),
        ("000-update-subview.log", []),
        ("000-zstack-appear.log", []),
        ("001-count-text.log", []),
        ("001-observable-datamodel.log", [
            "heavy_initializer PlayButton 2,10,14,19",
            "state_model_reinit PlayButton 14,19",
            // The article toggles the button off and on once: one reset, a hint.
            "identity_churn PlayButton 9,12",
        ]),
        // One tap, one reset: a hint (info) below min_recreations.
        ("001-playbutton-toggle.log", ["identity_churn PlayButton 5,6"]),
        ("001-playbutton-toggle-twice.log", ["identity_churn PlayButton 5,6,9,10"]),
        ("002-onappear-timing.log", []),
        // Three subview1 inits against one body: below the default of five instances.
        ("003-subview-init.log", []),
        // Each destination's init ran once: its heavy init is a hint, the eager burst the warning.
        ("004-navigation-eager.log", [
            "non_lazy_navigation_destination MyRootView 1,3,5,7",
            "repeated_appear MyRootView 1,9,12,15",
            "heavy_initializer FirstView 2,3",
            "heavy_initializer SecondView 4,5",
            "heavy_initializer ThirdView 6,7",
        ]),
        // The LazyView fix: nothing above info.
        ("004-navigation-lazyview.log", [
            "repeated_appear MyRootView 1,5,11",
            "heavy_initializer FirstView 2,3",
            "heavy_initializer SecondView 7,8",
            "heavy_initializer ThirdView 13,14",
        ]),
    ] as [(String, [String])])
    func seedFixtures(_ name: String, expected: [String]) throws {
        let findings = try Pipeline(path: Fixture.path("seeds/" + name)).analyze()
        let summary = findings.map { "\($0.rule) \($0.view ?? "-") \($0.lines.map(String.init).joined(separator: ","))" }
        #expect(summary == expected, "\(findings.map(\.message))")
    }

    @Test func seed003TappedMoreOftenIsRedundantInstanceCreation() throws {
        let log = try String(contentsOfFile: Fixture.path("seeds/003-subview-init.log"), encoding: .utf8)
        let lowered = RuleConfiguration().with(thresholds: ["min_instances": 3], for: RedundantInstanceCreationRule.self)
        let findings = try Pipeline(log: log).analyze(lowered)
        #expect(findings.map(\.rule) == ["redundant_instance_creation"])
        #expect(findings.first?.message == "subview1 was initialised 3 times but its body was evaluated only once; at least 2 instances were built and dropped before any use (a body line that names no cause may have re-read a kept value).")
        #expect(findings.first?.lines == [7, 11])
    }
}
