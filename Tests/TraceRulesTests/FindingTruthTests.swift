import Testing
import TraceRules

/// The defects of issue 42, each as the shape a user wrote by hand: what a finding says is what
/// happened (the oracle, `OracleTests`, checks the same on thousands of generated runs).
@Suite struct FindingTruthTests {
    /// `rows` rows made again on each of `updates` parent updates, their bodies evaluated once.
    static func listLog(rows: Int, updates: Int) -> String {
        var lines = ["ListView: @self, @identity changed."]
        lines += (1...rows).map { _ in "ItemRow init" }
        lines += (1...rows).map { _ in "ItemRow: @self, @identity changed." }
        for _ in 0..<updates {
            lines.append("ListView: _items changed.")
            lines += (1...rows).map { _ in "ItemRow init" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [(3, 4), (2, 6), (5, 2)])
    func rowsRemadeOnParentUpdatesDropWhatNoBodyTook(rows: Int, updates: Int) throws {
        let finding = try #require(try Pipeline.findings("redundant_instance_creation", Self.listLog(rows: rows, updates: updates)).first)
        let dropped = rows * updates
        #expect(finding.count == dropped)
        #expect(finding.message.contains("; \(dropped) instances were built and dropped before any use."))
    }

    @Test func probeRowsDropExactlyTheValuesNoBodyRead() throws {
        // Two rows, four inits each, one body each (their first): six values dropped.
        var lines: [String] = []
        var number = 1
        for update in 0..<4 {
            let made = (0..<2).map { _ in defer { number += 1 }; return number }
            for id in made { lines.append("trace-analyze: kind=init view=ItemRow id=#\(id)") }
            if update == 0 { for id in made { lines.append("trace-analyze: kind=body view=ItemRow id=#\(id) ms=0.1 identity=new") } }
            else { for id in made { lines.append("trace-analyze: kind=deinit view=ItemRow id=#\(id) seen=0") } }
        }
        let finding = try #require(try Pipeline.findings("redundant_instance_creation", lines.joined(separator: "\n") + "\n").first)
        #expect(finding.count == 6)
        #expect(finding.message.contains("; 6 instances were built and dropped before any use."))
    }

    @Test func aModelMadeByAViewsPropertyBelongsToThatView() throws {
        // `@ObservedObject var model = DetailViewModel()`: the model's init prints before its
        // view's, right after the rows'; the rows own nothing.
        var lines = ["ContentView: @self, @identity changed.", "ItemRow init", "ItemRow init", "DetailViewModel init 0x600000c40010",
                     "DetailView init", "ItemRow: @self, @identity changed.", "ItemRow: @self, @identity changed.",
                     "DetailView: @self, @identity, _model changed."]
        var address = 2
        for _ in 0..<3 {
            lines += ["ContentView: _count changed.", "ItemRow init", "ItemRow init",
                      "DetailViewModel init 0x600000c400\(address)0", "DetailView init", "DetailView: @self changed.",
                      "DetailViewModel deinit 0x600000c400\(address - 1)0"]
            address += 1
        }
        let findings = try Pipeline.findings("state_model_reinit", lines.joined(separator: "\n") + "\n")
        let finding = try #require(findings.first)
        #expect(findings.map(\.view) == ["DetailView"])
        #expect(finding.count == 3)
        // The earlier instance goes each time: replaced, not "kept the first".
        #expect(finding.message.contains("each new instance replaced the one before it"))
        #expect(!finding.message.contains("kept the first"))
    }

    @Test func withoutInstanceIdsTheFindingSaysItCannotTellWhichWasKept() throws {
        var lines = ["ContentView: @self, @identity changed.", "DetailViewModel init", "DetailView init", "DetailView: @self, @identity, _model changed."]
        for _ in 0..<2 {
            lines += ["ContentView: _count changed.", "DetailViewModel init", "DetailView init", "DetailView: @self changed.", "DetailViewModel deinit"]
        }
        let finding = try #require(try Pipeline.findings("state_model_reinit", lines.joined(separator: "\n") + "\n").first)
        #expect(finding.view == "DetailView")
        #expect(finding.message.contains("the log does not say which instance was kept"))
    }
}

/// `non_lazy_navigation_destination` names only views that were not on screen: a child shown
/// and made again by its parent's update is no destination waiting to be pushed.
@Suite struct EagerDestinationTruthTests {
    @Test func aChildOnScreenMadeAgainIsNoDestination() throws {
        let log = """
            HomeScreen appear
            Banner init
            Banner appear
            HomeScreen body
            Banner init
            AboutScreen init
            SettingsView init

            """
        let findings = try Pipeline.findings("non_lazy_navigation_destination", log)
        #expect(findings.allSatisfy { !$0.message.contains("Banner") }, "\(findings.map(\.message))")
    }
}
