import Testing
import TraceModel

/// How many times a line says its event happened (`Multiplicity`), read by the real parser:
/// multipliers, a body counter's steps, repetition lines, and a body print beside its
/// `_printChanges` line.
@Suite struct MultiplicityTests {
    /// Kind, view and multiplicity of each event that is not text, by line.
    static func counted(_ log: String) -> [String] {
        parseEvents(log).events.filter { $0.kind != .text }.map { "\($0.line) \($0.kind) \($0.view ?? "-") ×\($0.multiplicity)" }
    }

    @Test(arguments: [
        ("Card init (×3)", "1 init Card ×3"),
        ("Card init x 12", "1 init Card ×12"),
        ("Row body [repeated 40 times]", "1 body Row ×40"),
        ("Model init // INITIALIZED 3 TIMES", "1 init Model ×3"),
        ("Row init <--- called 5 times", "1 init Row ×5"),
        ("TrackLaneView: @self, @identity, _viewModel changed.  (×3 per track per zoom step)", "1 body TrackLaneView ×3"),
        ("Card init (3x)", "1 init Card ×3"),
        ("Card init", "1 init Card ×1"),
        // A number that is data, not a count of the event, is nothing.
        ("ProfileCard initialized for user 42", "1 init ProfileCard ×1"),
        ("Row body evaluated - count: 3", "1 body Row ×1"),
    ])
    func aMultiplierOnTheLineCounts(line: String, expected: String) {
        #expect(Self.counted(line + "\n") == [expected])
    }

    @Test func aCounterCountsByItsStepFromTheViewsLastOne() {
        let log = """
            >>> Card.body: 61
            >>> Card.body: 94
            >>> Card.body: 95
            Card body [count: 2]
            Card body (eval 7)
            """
        // The first counter stands for its own line; one that goes back (a relaunch, a new
        // instance) too; `#12` after a body word counts, it names no instance.
        #expect(Self.counted(log + "\n") == [
            "1 body Card ×1", "2 body Card ×33", "3 body Card ×1", "4 body Card ×1", "5 body Card ×5",
        ])
        #expect(parseEvents(log + "\n").events.allSatisfy { $0.instance == nil })
    }

    @Test func aRepetitionLineCountsTheLifecycleLineBeforeIt() {
        let log = """
            Row body
            last message repeated 3 times
            Header init
            --- last message repeated 1 time ---
            BaseGraphView<Week>: _viewModel changed.
            ... (× ~25 more lines)
            Footer init
            (×4)
            note: nothing here repeats
            done
            last message repeated 9 times
            """
        #expect(Self.counted(log + "\n") == [
            "1 body Row ×4", "3 init Header ×2", "5 body BaseGraphView<Week> ×26", "7 init Footer ×4",
        ])
        // The repetition lines stay text: every line is still an event.
        #expect(parseEvents(log + "\n").events.count == 11)
    }

    @Test func aBodyPrintBesideItsPrintChangesLineIsOneEvaluation() {
        let log = """
            Card: _count changed.
            Card body
            Card body
            List body
            List: @self changed.
            """
        // The `_printChanges` print counts, in either order: it says why the body ran.
        #expect(Self.counted(log + "\n") == ["1 body Card ×1", "2 body Card ×0", "3 body Card ×1", "4 body List ×0", "5 body List ×1"])
    }

    /// The number of a multiplier counts the events; it names no instance (real:
    /// `fixtures/realworld/078-…`, `` - `CompanionPanel.onAppear` × 7 `` in a pasted list). An
    /// instance printed before the multiplier stays the instance.
    @Test(arguments: [
        ("ShelfRow.onAppear × 4", "appear ShelfRow ×4"),
        ("- `Banner.onAppear` × 6", "appear Banner ×6"),
        ("TabPanel onAppear (×3)", "appear TabPanel ×3"),
        ("- `Store.init()` × 9", "init Store ×9"),
        ("CardView #7 onAppear (×2)", "appear CardView #7 ×2"),
    ])
    func aMultipliersNumberNamesNoInstance(line: String, expected: String) {
        let events = parseEvents(line + "\n").events
        #expect(events.map { [$0.kind.rawValue, $0.view ?? "-", $0.instance, "×\($0.multiplicity)"].compactMap { $0 }.joined(separator: " ") } == [expected])
    }

    @Test(arguments: [
        ("Card body re-rendered", "body Card"),
        ("Card redrawn", "body Card"),
        ("Card re-evaluated", "body Card"),
        ("Card body recomputed", "body Card"),
        // `drawn` after `body`, as `redrawn` (real: `fixtures/realworld/075-…`, a title in parentheses).
        ("ContentView body drawn", "body ContentView"),
        ("NestedToggle(Binding(get:set:)) body drawn", "body NestedToggle"),
        ("CardView recomputed", "body CardView"),
        ("<MyApp.DetailViewModel: 0x600000c435d0> init", "init DetailViewModel 0x600000c435d0"),
        ("ItemRow(id: 1) init", "init ItemRow 1"),
        ("DetailView#42 onAppear", "appear DetailView #42"),
    ])
    func moreSpellingsAreRead(line: String, expected: String) {
        let events = parseEvents(line + "\n").events
        #expect(events.map { [$0.kind.rawValue, $0.view ?? "-", $0.instance].compactMap { $0 }.joined(separator: " ") } == [expected])
    }

    @Test(arguments: [
        "Data refreshed successfully",
        "The image was redrawn at 2x",
        "A body drawn in ink",
        "Loading took 3 times longer than expected",
        "--- 42 ---",
        "(3)",
    ])
    func proseStaysText(line: String) {
        #expect(parseEvents("FirstView init\n" + line + "\n").events.map(\.multiplicity) == [1, 1])
        #expect(parseEvents(line + "\n").events.map(\.kind) == [.text])
    }
}
