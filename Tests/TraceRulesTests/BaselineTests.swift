import Foundation
import Testing
import TraceModel
@testable import TraceRules

/// Fingerprints and baselines: what makes two findings "the same", and what a baseline hides.
@Suite struct BaselineTests {
    private func finding(_ message: String, rule: String = "heavy_initializer", view: String? = "FirstView", lines: [Int] = [2, 3]) -> Finding {
        Finding(rule: rule, severity: .warning, view: view, message: message, count: 1, lines: lines, traceID: 1, source: "a.log")
    }

    @Test func namesAreTypesAndPropertiesWithTheirDotsAndGenerics() {
        #expect(Fingerprint.names(in: "FirstView's init created FirstCoordinator, Logger (once); a view's init runs again.")
                == ["FirstView", "FirstCoordinator", "Logger"])
        #expect(Fingerprint.names(in: "PlayButton was created anew in 2 updates of ContentView; its state (_isPlaying, __count) reset.")
                == ["PlayButton", "ContentView", "_isPlaying", "__count"])
        #expect(Fingerprint.names(in: "CategoryList.Container and BaseGraphView<Dictionary<String, Int>> changed.")
                == ["CategoryList.Container", "BaseGraphView<Dictionary<String, Int>>"])
        #expect(Fingerprint.names(in: "3 destination views (17.2 s later), never") == [])
    }

    @Test func countsTimingsAndWordingAreNotPartOfTheFingerprint() {
        let once = finding("FirstView's init created FirstCoordinator (once); a view's init runs again.")
        let thrice = finding("FirstView's init created FirstCoordinator (3 times); a view's init runs again.", lines: [40, 41, 90])
        #expect(Fingerprint(once) == Fingerprint(thrice))
        let otherHelper = finding("FirstView's init created FirstCoordinator, Logger (once); a view's init runs again.")
        #expect(Fingerprint(once) != Fingerprint(otherHelper))
        #expect(Fingerprint(once) != Fingerprint(finding(once.message, rule: "redundant_instance_creation")))
        #expect(Fingerprint(once) != Fingerprint(finding(once.message, view: "SecondView")))
    }

    @Test func eachRecordedFindingHidesOneFinding() {
        let first = finding("FirstView's init created FirstCoordinator (once).")
        let second = finding("SecondView's init created SecondCoordinator (once).", view: "SecondView")
        let baseline = Baseline(findings: [first])
        let again = finding("FirstView's init created FirstCoordinator (twice).", lines: [7, 8])
        let (reported, hidden) = baseline.partition([again, second, first])
        #expect(hidden == [again])
        #expect(reported == [second, first])
    }

    @Test func theFileRoundTripsAndIsSorted() throws {
        let findings = try Pipeline(path: Fixture.path("seeds/004-navigation-eager.log")).analyze()
        let baseline = Baseline(findings: findings)
        #expect(baseline.entries.map { "\($0.rule) \($0.view ?? "-") \($0.names)" } == [
            #"heavy_initializer FirstView ["FirstCoordinator", "FirstView"]"#,
            #"heavy_initializer SecondView ["SecondCoordinator", "SecondView"]"#,
            #"heavy_initializer ThirdView ["ThirdCoordinator", "ThirdView"]"#,
            #"non_lazy_navigation_destination MyRootView ["FirstView", "MyRootView", "SecondView", "ThirdView"]"#,
            #"repeated_appear MyRootView ["MyRootView"]"#,
        ])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(baseline.json.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try Baseline.load(path: path)
        #expect(loaded == baseline)
        let (reported, hidden) = loaded.partition(findings)
        #expect(reported.isEmpty)
        #expect(hidden == findings)
        #expect(baseline.json.hasPrefix("{\n  \"findings\" : [\n    {\n      \"message\" : \"FirstView's init created"))
    }

    @Test(arguments: [
        ("{\"version\": 1, \"findings\": [", "malformed JSON at line 1, column 29: "),
        ("{\"version\": 2, \"findings\": []}", "version: version 2 is not supported; this trace-analyze reads version 1"),
        ("{\"findings\": []}", "version: missing; a baseline file says its version"),
        ("{\"version\": 1, \"findings\": [{\"rule\": 3}]}", "findings[0].rule: expected a string, found a number"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"x\", \"line\": 3}]}", "findings[0].line: unknown key; valid keys here: rule, view, names, message"),
        ("{\"version\": 1, \"extra\": true}", "extra: unknown key; valid keys here: version, findings"),
    ])
    func mistakesInTheFileNameTheKeyPath(text: String, reason: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: ConfigurationError.self) { try Baseline.load(path: path) }
        #expect(error.description.hasPrefix("\(path): \(reason)"))
    }
}
