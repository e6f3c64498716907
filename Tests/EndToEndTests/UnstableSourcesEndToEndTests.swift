import Foundation
import Testing

/// `unstable_view_value` with `--sources`: the finding names the stored property behind it,
/// and the report points at the view's declaration.
@Suite struct UnstableSourcesEndToEndTests {
    static let causes = "fixtures/rules/001-unstable-value-causes.log"

    @Test func theFindingNamesTheStoredProperty() throws {
        let result = try Tool.run(
            ["check", Self.causes, "--sources", "fixtures/sources/001-state", "--format", "xcode"], in: Tool.packageRoot
        )
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // Located on the property that differs on every init, not the declaration.
        #expect(result.stdout == "fixtures/sources/001-state/PlayButton.swift:6:17: warning: PlayButton's body re-ran by @self "
            + "alone in 6 updates of ContentView, whatever had changed (`_count`; `_isEditing`; `_filter`), and never sat one "
            + "out: its declaration stores `uuid` (UUID(), fixtures/sources/001-state/PlayButton.swift:6), new on every init, "
            + "so SwiftUI can never skip it. (unstable_view_value)\n")
    }

    @Test func withoutSourcesTheLogAloneIsQuoted() throws {
        let result = try Tool.run(["check", Self.causes, "--format", "xcode"], in: Tool.packageRoot)
        #expect(result.stdout.contains("likely differs on every init, so SwiftUI can never skip it. The log cannot tell this "
            + "from a child that reads every one of those values. (unstable_view_value)\n"))
    }
}
