import Testing
import TraceModel

func parsePrintChanges(_ text: String) -> PrintChangesMessage.Parsed? {
    Array(text.utf8).withUnsafeBytes { PrintChangesMessage.parse($0) }
}

@Suite struct PrintChangesMessageTests {
    @Test(arguments: [
        ("ContentView: @self, @identity, _showPlayButton changed.", "ContentView", ["@self", "@identity", "_showPlayButton"]),
        ("PlayButton: _isPlaying changed.", "PlayButton", ["_isPlaying"]),
        ("CountText: unchanged.", "CountText", []),
        ("CategoryList.Container: @dependencies changed.", "CategoryList.Container", ["@dependencies"]),
        ("BaseGraphView<WeekSectionViewModel>: @16, __value changed.", "BaseGraphView<WeekSectionViewModel>", ["@16", "__value"]),
        ("Row<Dictionary<String, Int>>: @self changed.", "Row<Dictionary<String, Int>>", ["@self"]),
        ("$s10StateGraph4ViewV4bodyQrvp7ContentfMu_.Parent: @self changed.", "$s10StateGraph4ViewV4bodyQrvp7ContentfMu_.Parent", ["@self"]),
        ("   Indented: @self changed.", "Indented", ["@self"]),
        ("StatusView: \\Storage<Optional<Status>>.output changed.", "StatusView", ["\\Storage<Optional<Status>>.output"]),
        ("SpreadView: \\SpreadsCoordinator.<computed> (Optional<Spread>), @self changed.", "SpreadView", ["\\SpreadsCoordinator.<computed> (Optional<Spread>)", "@self"]),
        // As developers paste and annotate it.
        ("ContentView: `@self`, `_count` changed.", "ContentView", ["@self", "_count"]),
        ("`ContentView: @self changed.`", "ContentView", ["@self"]),
        // A fence opened on the line itself (real: `fixtures/realworld/074-…`), and closed on it.
        ("```ParentView: \\CounterViewModel.<computed 0x000000034006f8b0 (String)> changed.", "ParentView",
         ["\\CounterViewModel.<computed 0x000000034006f8b0 (String)>"]),
        ("```ContentView: @self changed.```", "ContentView", ["@self"]),
        ("ContentView: @self changed. // first tap", "ContentView", ["@self"]),
        ("ContentView: @self changed", "ContentView", ["@self"]),
        ("ContentView: unchanged. <- why?", "ContentView", []),
        ("ListView body: @self, _items changed.", "ListView", ["@self", "_items"]),
        ("ListView.body: @self changed.", "ListView", ["@self"]),
        ("📺 ContentView: _count changed.", "ContentView", ["_count"]),
        ("[12:01:33Z] ContentView: @identity changed.", "ContentView", ["@identity"]),
        ("// ContentView: @self changed.", "ContentView", ["@self"]),
    ])
    func recognisesPrintChangesOutput(line: String, view: String, tokens: [String]) {
        let parsed = parsePrintChanges(line)
        #expect(parsed == PrintChangesMessage.Parsed(view: view, tokens: tokens))
    }

    @Test(arguments: [
        "hello",
        "Note: something changed.",
        "Warning: the value changed.",
        "FirstView init",
        "ContentView: changed.",
        "ContentView: @self changed.but more",
        "ContentView: @self changes.",
        "http://example.com: @self changed.",
        ": @self changed.",
        "```swift",
        "```",
    ])
    func leavesOtherLinesAlone(line: String) {
        #expect(parsePrintChanges(line) == nil)
    }
}
