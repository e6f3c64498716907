import Foundation
import Testing

/// SwiftUI's own warnings through the built binary: stored and queryable, and findings in `check`.
@Suite struct WarningsEndToEndTests {
    static let repeated = "fixtures/realworld/warnings/001-cork-publishing-repeated.log"

    @Test func aLogOfOnlyRepeatedWarningsFailsCheckWithAnUpdateLoopError() throws {
        let result = try Tool.run(["check", Self.repeated], in: Tool.packageRoot)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.contains("update_loop"))
        #expect(result.stdout.contains("SwiftUI warned 13 times that an observable object published changes while views were being updated"))
        #expect(result.stdout.contains("1 finding (1 error) in 1 trace"), "\(result.stdout)")
    }

    @Test func warningsAreStoredWithTheirValuesAndQueryable() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try Tool.run(["ingest", Tool.fixture("realworld/warnings/006-subconscious-foreach-and-lazyvstack.log"), "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let rows = try Tool.run(["query", "--db", db, "--format", "csv", """
            SELECT e.line, e.kind, e.origin, w.warning, w.type, w.element_id
            FROM warnings AS w JOIN events AS e ON e.id = w.event_id ORDER BY e.line
            """])
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(rows.stdout.split(separator: "\n").dropFirst() == [
            "1,warning,swiftui_warning,duplicate_foreach_id,\"ForEach<Array<Suggestion>, Suggestion, ModifiedContent<Button<SuggestionLabelView>, ButtonStyleModifier<WrappedButtonStyle<RowButtonStyle>>>>\",Thinkertoys",
            "2,warning,swiftui_warning,duplicate_foreach_id,LazyVStackLayout,Thinkertoys",
        ])
        let stats = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT value FROM stats WHERE name = 'events_warning'"])
        #expect(stats.stdout.split(separator: "\n").dropFirst() == ["2"])
    }

    @Test func withSourcesTheFindingsPointAtTheViewsAroundTheWarnings() throws {
        let workspace = try Workspace()
        let source = "import SwiftUI\n\nstruct FeedView: View {\n    var body: some View { Text(\"feed\") }\n}\n\nstruct PostRow: View {\n    var body: some View { Text(\"post\") }\n}\n"
        try Data(source.utf8).write(to: workspace.url.appendingPathComponent("Feed.swift"))
        let result = try Tool.run(["check", "fixtures/rules/warnings-feed.log", "--sources", workspace.url.path, "--format", "xcode"], in: Tool.packageRoot)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(workspace.path("Feed.swift") + ":3:8: error: SwiftUI warned 2 times") == true, "\(lines)")
        #expect(lines.last?.hasPrefix(workspace.path("Feed.swift") + ":7:8: warning: A ForEach over Post (rows: PostRow)") == true, "\(lines)")
    }

    @Test func theSchemaDocumentsTheWarningsTable() throws {
        let result = try Tool.run(["schema"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("warnings"))
        #expect(result.stdout.contains("element_id"))
    }
}
