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
        #expect(finding.severity == .error)
        #expect(finding.view == "PlayButton")
        #expect(finding.count == 2)
        #expect(finding.lines == [4, 5, 7, 8])
        #expect(finding.source.hasSuffix("example.log"))
        #expect(finding.message == "PlayButton was created anew in 2 updates of ContentView (2 new identities) after it already existed; its state (_isPlaying) reset each time.")
        let database = pipeline.database
        #expect(try database.scalarText("SELECT rule || '|' || severity || '|' || view || '|' || count || '|' || first_line || '|' || last_line FROM findings")
                == "identity_churn|error|PlayButton|2|4|8")
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
        #expect(error.description == "no trace 42 in :memory:")
    }

    @Test func anEmptyTraceHasNoFindings() throws {
        let pipeline = try Pipeline(log: "")
        #expect(try pipeline.analyze().isEmpty)
    }

    @Test func seed001ToggledTwiceIsIdentityChurn() throws {
        let findings = try Pipeline(path: Fixture.path("seeds/001-playbutton-toggle-twice.log")).analyze()
        #expect(findings.map(\.rule) == ["identity_churn"])
        #expect(findings.first?.lines == [5, 6, 9, 10])
    }

    @Test(arguments: ["001-playbutton-toggle.log", "001-count-text.log", "000-update-circle.log", "000-update-subview.log", "000-zstack-appear.log", "002-onappear-timing.log"])
    func seedsWithoutAProblemHaveNoFindings(_ name: String) throws {
        let findings = try Pipeline(path: Fixture.path("seeds/" + name)).analyze()
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }
}
