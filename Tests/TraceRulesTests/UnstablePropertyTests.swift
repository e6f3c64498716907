import Foundation
import Testing
@testable import TraceRules

/// With `--sources`, `unstable_view_value` names the stored properties that differ on every init.
@Suite struct UnstablePropertyTests {
    /// The unstable properties `Probe` declares, as `name reason line`, read from a real file.
    private func properties(_ body: String) throws -> [String]? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unstable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = "import SwiftUI\n\nstruct Probe: View {\n" + body + "\n}\n"
        try Data(source.utf8).write(to: directory.appendingPathComponent("Probe.swift"))
        let index = try SourceIndex.scan(directory: directory.path)
        return UnstableViewValueRule.unstableProperties(of: "Probe", in: index)?.map { "\($0.name) \($0.reason) \($0.line)" }
    }

    @Test(arguments: [
        ("    private let uuid = UUID()", ["uuid UUID() 4"]),
        ("    let id: Int = .random(in: 0 ... 100_000)", ["id .random(…) 4"]),
        ("    let emoji = emojis.randomElement() ?? \"\"", ["emoji .randomElement(…) 4"]),
        ("    let onTap: () -> Void", ["onTap a closure 4"]),
        ("    var onChange: ((Int) -> Void)?", ["onChange a closure 4"]),
        ("    let format = { (value: Int) in \"\\(value)\" }", ["format a closure 4"]),
        ("    let created = Date()\n    var shown: Date = .now", ["created Date() 4", "shown .now 5"]),
        ("    let id: UUID\n    init() {\n        self.id = UUID()\n    }", ["id UUID() 6"]),
        ("    let count: Int\n    let title: String", []),
        ("    @State private var id = UUID()\n    @Environment(\\.dismiss) private var dismiss", []),
        ("    static let shared = UUID()", []),
        ("    var count = 0 {\n        didSet { print(count) }\n    }", []),
        ("    var body: some View {\n        let id = UUID()\n        Text(\"\\(id)\")\n    }", []),
        ("    struct Row: View {\n        let id = UUID()\n        var body: some View { EmptyView() }\n    }", []),
        ("    func make() -> UUID {\n        UUID()\n    }", []),
    ] as [(String, [String])])
    func storedProperties(_ body: String, expected: [String]) throws {
        #expect(try properties(body) == expected)
    }

    @Test func aViewTheSourcesDoNotDeclareHasNoAnswer() throws {
        let index = SourceIndex(files: [(path: "Other.swift", text: "struct Other: View { var body: some View { EmptyView() } }")])
        #expect(UnstableViewValueRule.unstableProperties(of: "Probe", in: index) == nil)
    }

    @Test func withSourcesTheFindingNamesTheStoredProperty() throws {
        let pipeline = try Pipeline(path: Fixture.path("rules/001-unstable-value-causes.log"))
        let sources = try SourceIndex.scan(directory: Fixture.path("sources/001-state"))
        let findings = try Analyzer(
            database: pipeline.database, configuration: RuleConfiguration().restricted(to: ["unstable_view_value"]), sources: sources
        ).analyze(traceID: pipeline.traceID)
        #expect(findings.map(\.message) == [
            "PlayButton's body re-ran by @self alone in 6 updates of ContentView, whatever had changed (`_count`; "
                + "`_isEditing`; `_filter`), and never sat one out: its declaration stores `uuid` (UUID(), "
                + Fixture.path("sources/001-state/PlayButton.swift") + ":6), new on every init, so SwiftUI can never skip it.",
        ])
    }

    @Test func aDeclarationWithoutSuchAPropertySaysWhereElseToLook() throws {
        let pipeline = try Pipeline(log: """
            ContentView: _count changed.
            CountText: @self changed.
            ContentView: _filter changed.
            CountText: @self changed.
            ContentView: _count changed.
            CountText: @self changed.
            """)
        let sources = try SourceIndex.scan(directory: Fixture.path("sources/001-state"))
        let findings = try Analyzer(
            database: pipeline.database, configuration: RuleConfiguration().restricted(to: ["unstable_view_value"]), sources: sources
        ).analyze(traceID: pipeline.traceID)
        #expect(findings.first?.message.hasSuffix("never sat one out: its declaration stores no UUID(), Date(), random number "
            + "or closure, so look for a value passed in that is made anew on every update of the parent (or a child that "
            + "reads every one of those values).") == true)
    }
}
