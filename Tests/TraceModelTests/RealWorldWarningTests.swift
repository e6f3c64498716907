import Foundation
import Testing
import TraceModel

/// The real excerpts in `fixtures/realworld/warnings/` (sources in its SOURCES.md): each line
/// is recognised as the warning it is, with its values, and other lines stay text.
@Suite struct RealWorldWarningTests {
    /// Per file, every event in order: a warning's identifier and values, or `text`.
    @Test(arguments: [
        ("001-cork-publishing-repeated.log", Array(repeating: "publish_during_update", count: 13)),
        ("002-sdwebimage-publishing-runtime-issue.log", ["publish_during_update"]),
        ("003-tca-modifying-state-nslog.log", ["state_modified_during_update"]),
        ("004-fixtim-attributegraph-cycle.log", ["attribute_graph_cycle attribute=278848", "text", "text", "text", "text", "text"]),
        ("005-sound-visualizer-foreach-duplicate-id.log", ["duplicate_foreach_id type=ForEach<Array<Float>, Float, BarView> id=-47.630486"]),
        ("006-subconscious-foreach-and-lazyvstack.log", [
            "duplicate_foreach_id type=ForEach<Array<Suggestion>, Suggestion, ModifiedContent<Button<SuggestionLabelView>, ButtonStyleModifier<WrappedButtonStyle<RowButtonStyle>>>> id=Thinkertoys",
            "duplicate_foreach_id type=LazyVStackLayout id=Thinkertoys",
        ]),
        ("007-auroraeditor-foreach-path-ids.log", ["0", "1", "71", "0"].map {
            "duplicate_foreach_id type=ForEach<Array<FileItem>, String, Button<TupleView<(ModifiedContent<Image, _EnvironmentKeyWritingModifier<Optional<Color>>>, Text)>>> id=/Users/wesley/Documents/Aurora Editor/EditorTests/\"\($0)"
        }),
        ("008-marquee-onchange-multiple-per-frame.log", ["update_multiple_times_per_frame type=Date", "update_multiple_times_per_frame type=CGFloat"]),
        ("009-popupview-onchange-cgsize.log", ["update_multiple_times_per_frame type=CGSize"]),
        ("010-clouds-bound-preference.log", ["update_multiple_times_per_frame type=FramePreferenceKey"]),
        ("011-berkeley-stateobject-runtime-issue.log", ["state_object_outside_view type=GymOccupancyViewModel"]),
        ("012-sbpasyncimage-stateobject.log", ["state_object_outside_view"]),
        ("013-better-step-state-outside-view-nslog.log", ["state_outside_view"]),
        ("014-devtoys-navigation-destination.log", ["missing_navigation_destination type=Tool", "text", "text"]),
        ("015-onmyway-navigation-destination.log", ["missing_navigation_destination type=Route"]),
        ("016-waterfallgrid-bound-preference.log", ["update_multiple_times_per_frame type=ElementPreferenceKey"]),
        ("017-textual-onchange.log", ["update_multiple_times_per_frame type=AnyTextLayoutCollection"]),
        ("018-kiwix-publishing.log", ["publish_during_update"]),
        ("019-gem-wallet-navigation-multiple-per-frame.log", [
            "update_multiple_times_per_frame type=NavigationRequestObserver",
            "update_multiple_times_per_frame type=NavigationAuthority bound path",
        ]),
        ("020-tca-viewstore-publishing-quoted-runtime-issue.log", ["text", "text", "publish_during_update"] + Array(repeating: "text", count: 9)),
        ("021-feedbackapp-accessory-attributegraph-cycles.log", ["attribute_graph_cycle attribute=29528", "attribute_graph_cycle attribute=324264"]),
        ("022-molten-navigation-request-observer-without-update.log", ["update_multiple_times_per_frame type=NavigationRequestObserver"]),
        ("023-stripes-foreach-count-changed.log", ["foreach_count_changed type=ForEach<Range<Int>, Int, ModifiedContent<Color, _FrameLayout>>"]),
        ("024-chartview-foreach-count-changed-observed-data.log", [
            "text",
            "foreach_count_changed type=ForEach<Range<Int>, Int, ModifiedContent<ModifiedContent<BarChartCell, _ScaleEffect>, _TransactionModifier>>",
            "text",
        ]),
        ("025-swiftrnbo-onchange-double-backticks.log", ["update_multiple_times_per_frame type=Double"]),
        ("026-artemis-modifying-state-new-wording-quoted.log", ["state_modified_during_update"]),
        ("027-swifttermapp-cycle-then-exclusivity-crash.log", ["attribute_graph_cycle attribute=762904"] + Array(repeating: "text", count: 11)),
        ("028-exhibition-publishing-own-backtick-line.log", ["text", "publish_during_update"]),
        ("029-richtextkit-publishing-triple-backticks-inline.log", ["text", "publish_during_update", "text"]),
        ("030-minimizableview-publishing-backtick-wrapped.log", ["publish_during_update", "text", "text", "text"]),
        ("031-diffabletextviews-publishing-code-block.log", ["text", "text", "text", "publish_during_update", "text"]),
        ("032-mapview-modifying-state-chinese-note.log", ["text", "state_modified_during_update", "text", "text"]),
        ("033-floatinglabel-modifying-state-without-period.log", ["text", "text", "state_modified_during_update"]),
        ("034-nuplay-richtext-modifying-state-webview.log", ["state_modified_during_update", "text", "text"]),
        ("035-forumate-attributegraph-cycles-with-notes.log", ["text", "text"]
            + ["33496", "33496", "32904"].map { "attribute_graph_cycle attribute=\($0)" } + Array(repeating: "text", count: 4)),
        ("036-cytev2-attributegraph-cycle-without-number.log", ["attribute_graph_cycle", "text", "text", "text"]),
        ("037-compactslider-environment-outside-view.log", ["text", "environment_outside_view type=Bool"]),
        ("038-navigationbackport-link-outside-navigationcontent-quoted.log", ["text", "text", "navigation_link_outside_stack"]),
        ("039-kingfisher-lazyvgrid-duplicate-id.log", [
            "text", "text", "duplicate_foreach_id type=LazyVGridLayout id=Kingfisher.KFImage.Context<SwiftUI.Image>", "text", "text",
        ]),
        ("040-auroraeditor-foreach-array-id-between-log-lines.log", [
            "text", "text",
            "duplicate_foreach_id type=ForEach<Array<ThemeSetting>, Array<String>, ModifiedContent<EditorThemeAttributeView, _TraitWritingModifier<TransitionTraitKey>>> id=[\"variable\"]",
            "text",
        ]),
        ("041-richtextkit-foreach-empty-id.log", ["text", "text", "text",
            "duplicate_foreach_id type=ForEach<Array<RichTextAction>, String, Button> id=",
            "duplicate_foreach_id type=ForEach<Array<RichTextAction>, String, ModifiedContent<Button, _FlexFrameLayout>> id="]
            + Array(repeating: "text", count: 6) + ["duplicate_foreach_id type=ForEach<Array<RichTextAction>, String, Button> id="]),
        ("042-tca-foreach-objectidentifier-title-cut.log", [
            "duplicate_foreach_id type=ForEach<_StoreCollection<String, State, Action>, ObjectIdentifier, SingleTaskView> id=ObjectIdentifier(0x0000600003fe8b40)",
        ]),
        ("043-customalert-onchange-uuid-backticks.log", ["text", "update_multiple_times_per_frame type=UUID"]),
        ("044-shuffleit-onchange-report-block.log", ["text", "text", "update_multiple_times_per_frame type=CGFloat", "text"]),
        // Prose that quotes or names a warning's text is not the warning.
        ("045-wrappinghstack-bound-preference-prose.log", ["text"]),
        ("046-numberfield-modifying-state-discussed.log", ["text"]),
        ("047-openillumi-publishing-japanese-prose.log", ["text"]),
        ("048-securelogin-modifying-state-swiftui-prefix-title.log", ["state_modified_during_update", "text"]),
        ("049-securelogin-attributegraph-cycle-backticks-then-prose.log", ["text", "attribute_graph_cycle attribute=11640"]),
        ("050-lottie-modifying-state-fix-title.log", ["text"]),
        ("051-richtext-modifying-state-fix-bullets.log", ["text", "text", "text", "text"]),
        // Xcode's NSLog prefix with its date cut off, inside the author's `_"…"_`.
        ("052-swiftmidi-stateobject-in-app-nslog-italic-quoted.log", ["text", "text", "state_object_outside_view"]),
        // Pasted as a nested bullet in backticks under `- Xcode logged:`.
        ("053-treningscoach-publishing-xcode-logged-bullet.log", ["text", "text", "publish_during_update", "text"]),
        // Pasted in a code block under a Chinese sentence saying the warnings appeared.
        ("054-kumarajiva-foreach-word-ids-chinese-note.log", ["text"] + ["right", "can", "the", "ducks"].map {
            "duplicate_foreach_id type=ForEach<Array<String>, String, AnyView> id=\($0)"
        }),
        // A warning quoted inside a sentence is prose, as in 046; a simulator line in backticks is not SwiftUI's.
        ("055-guidomia-foreach-empty-id-readme-backticks.log", ["text", "text", "text", "text"]),
    ] as [(String, [String])])
    func excerpt(_ name: String, expected: [String]) throws {
        let data = try Data(contentsOf: fixtureURL("realworld/warnings/" + name))
        let events = parseEvents([UInt8](data)).events
        #expect(events.map(Self.describe) == expected)
    }

    @Test func everyExcerptIsListedWithItsSource() throws {
        let directory = fixtureURL("realworld/warnings")
        let sources = try String(contentsOf: directory.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        let logs = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".log") }
        #expect(logs.count == 55)
        for log in logs {
            let row = sources.split(separator: "\n").first { $0.hasPrefix("| \(log) | https://") }
            #expect(row != nil, "\(log) has no row with its source address in SOURCES.md")
        }
    }

    private static func describe(_ event: Event) -> String {
        guard let warning = event.warning else { return event.kind.rawValue }
        var text = warning.identifier.rawValue
        if let type = warning.type { text += " type=\(type)" }
        if let id = warning.elementID { text += " id=\(id)" }
        if let attribute = warning.attribute { text += " attribute=\(attribute)" }
        return text
    }
}
