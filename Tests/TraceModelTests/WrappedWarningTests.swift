import Testing
import TraceModel

/// SwiftUI's warnings as consoles wrap them, and as people annotate them (issue 46).
@Suite struct WrappedWarningTests {
    @Test func aHeaderEndingInAngleColonJoinsTheIndentedLineAfterIt() {
        let (events, stats) = parseEvents("""
            NamesList: _names changed.
            ForEach<Array<String>, String, Text>: 
              the ID Anna occurs multiple times within the collection, this will give undefined results!
            NamesList: _names changed.

            """)
        // The header line is the warning; the wrapped rest is folded into it, as a continuation.
        #expect(events.map(\.kind) == [.body, .warning, .body])
        #expect(events.map(\.line) == [1, 2, 4])
        #expect(events[1].warning == SwiftUIWarning(.duplicateForEachID, type: "ForEach<Array<String>, String, Text>", elementID: "Anna"))
        #expect(events[1].message.hasSuffix("\n  the ID Anna occurs multiple times within the collection, this will give undefined results!"))
        #expect(stats.continuations == 1)
        #expect(stats.lines == stats.events + stats.continuations)
    }

    @Test func logStreamTabContinuationsJoinTheSameWay() {
        let (events, _) = parseEvents(
            "2026-08-11 17:15:22.031 F  MyApp[80328:9875ec] [com.apple.SwiftUI:Invalid Configuration] ForEach<Array<Item>, UUID, Row>: \n"
                + "\tthe ID 7 occurs multiple times within the collection, this will give undefined results!\n"
        )
        #expect(events.map(\.kind) == [.warning])
        #expect(events[0].warning?.elementID == "7")
    }

    @Test func onlyAHeaderFollowedByItsIndentedRestIsJoined() {
        let (events, _) = parseEvents("""
            ForEach<Array<String>, String, Text>: 
            the ID Anna occurs multiple times within the collection, this will give undefined results!
            Result<Int, Error>: 
              loaded 3 items

            """)
        // Not indented: two lines of their own (the second is the warning's text without its
        // type, which no table entry starts with). Indented but no warning when joined: text.
        #expect(events.map(\.kind) == [.text, .text, .text, .text])
    }

    @Test func anAttributeGraphCycleWithANoteAfterItIsTheWarning() {
        let (events, _) = parseEvents("""
            === AttributeGraph: cycle detected ===                     ← ERROR IMMEDIATELY!
            === AttributeGraph: cycle detected through attribute 1004088 === <- here
            AttributeGraph: cycle detected, again

            """)
        #expect(events.map(\.kind) == [.warning, .warning, .warning])
        #expect(events.map { $0.warning?.attribute } == [nil, 1_004_088, nil])
    }
}
