import Testing
import TraceModel

@Suite struct TraceParserTests {
    @Test func anAddressLineNamesTheInstanceOfTheInitBeforeIt() {
        let (events, stats) = parseEvents("""
            PlayButton DataModel init
            DataModel address: 0x0000600000c435d0
            PlayButton DataModel deinit
            Other address: 0x0000600000c435d0
            DataModel address: 0x0000600000c43000

            """)
        // The attached line is folded into the init it names, as a continuation line: no text
        // line stands between two events of one update.
        #expect(events.map(\.kind) == [.`init`, .`deinit`, .text, .text])
        #expect(events[0].instance == "0x0000600000c435d0")
        #expect(events[0].owner == "PlayButton")
        #expect(events[0].message == "PlayButton DataModel init\nDataModel address: 0x0000600000c435d0")
        #expect(events.map(\.line) == [1, 3, 4, 5])
        #expect(stats.continuations == 1)
        #expect(stats.lines == stats.events + stats.continuations)
        // Another type's address, and an address not right after the deinit, attach to nothing.
        #expect(events[1].instance == nil)
        #expect(stats.attachments == 1)
        #expect(stats.named.contains { $0 == ("instance_attachments", 1) })
    }

    @Test func everyLineIsAnEventAndTheCountersAddUp() {
        let (events, stats) = parseEvents("A: @self changed.\nhello\n\n2020-03-23 01:10:46.546218+0800 App[1:2] FirstView init\n")
        #expect(events.map(\.line) == [1, 2, 3, 4])
        #expect(events.map(\.kind) == [.body, .text, .text, .`init`])
        #expect(stats.lines == 4)
        #expect(stats.events == 4)
        #expect(stats.unrecognized == 2)
        #expect(stats.linesByEnvelope[EnvelopeFormat.plain.index] == 3)
        #expect(stats.linesByEnvelope[EnvelopeFormat.nslog.index] == 1)
    }

    @Test func invalidUTF8IsReplacedAndCounted() {
        let (events, stats) = parseEvents([0x41, 0xFF, 0x20, 0x69, 0x6E, 0x69, 0x74, 0x0A])
        #expect(events.count == 1)
        #expect(events[0].message == "A\u{FFFD} init")
        #expect(stats.invalidUTF8 == 1)
    }

    @Test func flushReleasesTheHeldEvent() {
        var parser = TraceParser()
        var events: [Event] = []
        var reader = LineReader()
        Array("FirstView init\n".utf8).withUnsafeBytes { bytes in
            reader.feed(bytes) { line in parser.consume(line) { events.append($0) } }
        }
        #expect(events.isEmpty)
        parser.flush { events.append($0) }
        #expect(events.map(\.kind) == [.`init`])
        #expect(parser.stats.events == 1)
    }
}
