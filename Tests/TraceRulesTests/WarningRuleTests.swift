import Foundation
import Testing
import TraceModel
@testable import TraceRules

/// The rules over SwiftUI's own warnings, on real excerpts and on the healthy seed logs.
@Suite struct WarningRuleTests {
    static let warningRules = ["update_loop", "duplicate_identity", "offset_identity", "state_object_outside_view", "missing_navigation_destination"]

    static var seeds: [String] {
        let directory = Fixture.root.appendingPathComponent("fixtures/seeds")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".log") }.sorted()
    }

    /// The seed logs hold no SwiftUI warning, so none of these rules may speak.
    @Test(arguments: seeds)
    func aHealthySeedGetsNoWarningFinding(_ seed: String) throws {
        let findings = try Pipeline(path: Fixture.path("seeds/" + seed)).analyze(RuleConfiguration().restricted(to: Self.warningRules))
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func thereAreSeedsToCheck() {
        #expect(Self.seeds.count >= 10)
    }

    /// Per real excerpt: `rule severity count` of each finding.
    @Test(arguments: [
        ("001-cork-publishing-repeated.log", ["update_loop error 13"]),
        ("002-sdwebimage-publishing-runtime-issue.log", ["update_loop warning 1"]),
        ("003-tca-modifying-state-nslog.log", ["update_loop warning 1"]),
        ("004-fixtim-attributegraph-cycle.log", ["update_loop warning 1"]),
        ("005-sound-visualizer-foreach-duplicate-id.log", ["duplicate_identity warning 1"]),
        ("006-subconscious-foreach-and-lazyvstack.log", ["duplicate_identity warning 2"]),
        ("007-auroraeditor-foreach-path-ids.log", ["duplicate_identity warning 4"]),
        ("008-marquee-onchange-multiple-per-frame.log", ["update_loop warning 1", "update_loop warning 1"]),
        ("011-berkeley-stateobject-runtime-issue.log", ["state_object_outside_view warning 1"]),
        ("013-better-step-state-outside-view-nslog.log", ["state_object_outside_view warning 1"]),
        ("014-devtoys-navigation-destination.log", ["missing_navigation_destination warning 1"]),
    ] as [(String, [String])])
    func aLogOfOnlyWarningsGetsFindings(_ name: String, expected: [String]) throws {
        let findings = try Pipeline(path: Fixture.path("realworld/warnings/" + name)).analyze()
        #expect(findings.map { "\($0.rule) \($0.severity.rawValue) \($0.count)" } == expected, "\(findings.map(\.message))")
    }

    @Test func duplicateIdentityNamesElementRowAndIDs() throws {
        let findings = try Pipeline(path: Fixture.path("realworld/warnings/007-auroraeditor-foreach-path-ids.log"))
            .analyze(RuleConfiguration().restricted(to: ["duplicate_identity"]))
        let finding = try #require(findings.first)
        #expect(finding.view == "Button<TupleView<(ModifiedContent<Image, _EnvironmentKeyWritingModifier<Optional<Color>>>, Text)>>")
        #expect(finding.message.hasPrefix("A ForEach over FileItem (rows: Button<TupleView<"))
        #expect(finding.message.contains(": 3 IDs /Users/wesley/Documents/Aurora Editor/EditorTests/\"0, /Users/wesley/Documents/Aurora Editor/EditorTests/\"1, /Users/wesley/Documents/Aurora Editor/EditorTests/\"71 (4 warnings)"))
        #expect(finding.lines == [1, 2, 3, 4])
    }

    @Test func theViewsEvaluatedAroundAWarningAreNamedAndCited() throws {
        let log = """
            ContentView: @self, @identity, _model changed.
            ItemRow: @self, @identity changed.
            Publishing changes from within view updates is not allowed, this will cause undefined behavior.
            unrelated text
            ContentView: _model changed.
            Publishing changes from within view updates is not allowed, this will cause undefined behavior.
            ContentView: _model changed.
            """
        let findings = try Pipeline.findings("update_loop", log)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .error)
        #expect(finding.view == "ContentView")
        #expect(finding.lines == [2, 3, 5, 6, 7])
        #expect(finding.message == "SwiftUI warned 2 times that an observable object published changes while views were being updated "
            + "(\"Publishing changes from within view updates\"); views evaluated around it: ContentView (2 of 2), ItemRow (1 of 2).")
    }

    @Test func aRaisedRepeatThresholdKeepsRepeatsAWarning() throws {
        let configuration = RuleConfiguration().restricted(to: ["update_loop"])
            .with(thresholds: ["min_repeats": 20], for: UpdateLoopRule.self)
        let findings = try Pipeline(path: Fixture.path("realworld/warnings/001-cork-publishing-repeated.log")).analyze(configuration)
        #expect(findings.map(\.severity) == [.warning])
    }

    @Test(arguments: [
        ("ForEach<Array<Item>, String, ItemRow>", "Item", "ItemRow", "ItemRow"),
        ("ForEach<Range<Int>, Int, ModifiedContent<Cell, _PaddingLayout>>", "Range<Int>", "ModifiedContent<Cell, _PaddingLayout>", "Cell"),
        ("ForEach<IdentifiedArray<UUID, Todo>, UUID, TodoRow>", "Todo", "TodoRow", "TodoRow"),
    ])
    func collectionTypesNameTheirElementAndRow(_ type: String, _ element: String, _ row: String, _ rowView: String) throws {
        let parts = try #require(DuplicateIdentityRule.CollectionType(type))
        #expect(parts.element == element)
        #expect(parts.row == row)
        #expect(parts.rowView == rowView)
    }
}
