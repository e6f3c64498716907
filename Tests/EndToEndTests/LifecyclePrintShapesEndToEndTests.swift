import Foundation
import Testing

/// Prints in the styles issue 29 found missing, through the built binary: a log written with
/// verbs before their subjects (`Initializing SettingsSheet`, `Creating SettingsViewModel`,
/// `Deinit called for SettingsViewModel`) is read whole, and `check` finds the sheet built three
/// times for one appearance, which it reported as unrecognised lookalikes before.
@Suite struct LifecyclePrintShapesEndToEndTests {
    static let log = "fixtures/shapes/sheet-built-three-times-verb-first.log"

    @Test func checkFindsTheSheetBuiltThreeTimes() throws {
        let text = try Tool.run(["check", Self.log, "--strict"], in: Tool.packageRoot)
        // Warnings, and `--strict` fails on warnings.
        #expect(text.status == 2, "\(text.stderr)")
        #expect(text.stdout.contains("recognised 13 of 13 lines as lifecycle events"))
        #expect(!text.stdout.contains("look like lifecycle prints but were not recognised"))

        let json = try Tool.run(["check", Self.log, "--format", "json", "--fail-on", "never"], in: Tool.packageRoot)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        let cited = findings.map { finding in
            "\(finding["rule"] as? String ?? "") \(finding["view"] as? String ?? "") "
                + ((finding["evidence"] as? [[String: Any]]) ?? []).map { "\($0["line"] as? Int ?? 0)" }.joined(separator: ",")
        }
        #expect(cited == [
            "heavy_initializer SettingsSheet 3,4,6,7,9,10",
            // The third init (line 9) is the value that appeared (line 11); the two before were dropped.
            "redundant_instance_creation SettingsSheet 3,6,11",
        ])
    }

    @Test func theVerbFirstLinesAreStoredWithTheirSubjects() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try Tool.run(["ingest", Tool.fixture("shapes/sheet-built-three-times-verb-first.log"), "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let rows = try Tool.run(["query", "--db", db, "--format", "csv",
                                 "SELECT line, kind, view FROM events WHERE line IN (1, 3, 4, 12) ORDER BY line"])
        #expect(rows.stdout == """
            line,kind,view
            1,body,ContentView
            3,init,SettingsSheet
            4,init,SettingsViewModel
            12,deinit,SettingsViewModel

            """)
    }
}
