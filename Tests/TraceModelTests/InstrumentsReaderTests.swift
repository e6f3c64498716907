import Foundation
import Testing
import TraceModel

/// `InstrumentsReader` on the synthetic exports of `fixtures/instruments` (written from the
/// documented schema, see its README): the events each row becomes and the counters.
@Suite struct InstrumentsReaderTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/instruments")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Reads `bytes` in chunks of `chunk` bytes; the error, if any, after the events before it.
    static func read(_ bytes: [UInt8], chunk: Int = 1 << 18) -> (events: [Event], stats: ParseStats, error: XMLError?) {
        var reader = InstrumentsReader()
        var events: [Event] = []
        do {
            var start = 0
            while start < bytes.count {
                let end = min(start + chunk, bytes.count)
                try bytes[start..<end].withUnsafeBytes { try reader.consume($0) { events.append($0) } }
                start = end
            }
            try reader.finish { events.append($0) }
            return (events, reader.stats, nil)
        } catch {
            return (events, reader.stats, error as? XMLError)
        }
    }

    @Test func realHangRowsKeepTheirTypeAndThreadAndRealHitchesTheirDisplay() throws {
        let (hangs, hangStats, hangError) = Self.read(try Self.bytes("xcode27-real-potential-hangs.xml"), chunk: 97)
        #expect(hangError == nil)
        #expect(hangs.count == 23)
        let first = try #require(hangs.first)
        #expect(first.kind == .hitch && first.recorded == [.hang])
        #expect(first.message == "Brief Unresponsiveness 234.839 ms on Main Thread (0x2732bb)")
        #expect(first.envelope.level == "Brief Unresponsiveness" && first.envelope.tid == 0x2732bb)
        #expect(hangs.filter { $0.envelope.level == "Potential Interaction Delay" }.count == 17)
        #expect(hangStats.instrumentsMicrohangs == 6 && hangStats.instrumentsHangs == 0)
        #expect(hangStats.instrumentsTableRows == [InstrumentsTableRows(table: "potential-hangs", rows: 23)])

        let (hitches, hitchStats, _) = Self.read(try Self.bytes("xcode27-real-hitches.xml"))
        #expect(hitches.count == 11 && hitches.allSatisfy { $0.recorded.isEmpty })
        #expect(hitches[0].message == "hitch 216.667 ms on Display 2: Potentially expensive app update(s)")
        // Row 6's narrative is empty (`fmt=""`): no text after the display.
        #expect(hitches[5].message == "hitch 16.667 ms on Display 2")
        #expect(hitchStats.instrumentsHitchesOver100ms == 2 && hitchStats.instrumentsSystemHitches == 0)
    }

    @Test func tablesCountedNotReadMakeNoEventsButCountTheirRows() throws {
        let (events, stats, error) = Self.read(try Self.bytes("xcode27-real-hitches-renders.xml"))
        #expect(error == nil && events.isEmpty)
        #expect(stats.instrumentsTableRows == [InstrumentsTableRows(table: "hitches-renders", rows: 12)])
        #expect(stats.named.contains { $0.name == "instruments_rows:hitches-renders" && $0.value == 12 })
    }

    /// Known gap: a `hang-risks` row is counted, not read. The real export beside this file has
    /// the table's columns but no row, so its message, severity and top frame are not taken
    /// from a guess at their cells (a narrative and a text-backtrace, as other real tables write them).
    @Test func hangRiskRowsAreCountedNotRead() throws {
        let export = #"""
            <?xml version="1.0"?>
            <trace-query-result><node><schema name="hang-risks"><col><mnemonic>time</mnemonic></col><col><mnemonic>message</mnemonic></col><col><mnemonic>severity</mnemonic></col><col><mnemonic>backtrace</mnemonic></col></schema>
            <row><event-time id="1">2000000000</event-time><narrative id="2" fmt="Main thread I/O: 12 ms"><narrative-text id="3" fmt="Main thread I/O: ">Main thread I/O: </narrative-text></narrative><short-string id="4" fmt="Warning">Warning</short-string><text-backtrace id="5"><frame id="6" name="DataStore.load()" addr="0x100a1b2c0"/></text-backtrace></row>
            </node></trace-query-result>
            """#
        let (events, stats, error) = Self.read(Array(export.utf8))
        #expect(error == nil)
        #expect(stats.instrumentsTableRows == [InstrumentsTableRows(table: "hang-risks", rows: 1)])
        withKnownIssue("hang-risks rows are counted, not read: no public export holds one") {
            #expect(events.map(\.message) == ["Warning: Main thread I/O: 12 ms in DataStore.load()"])
        }
    }

    @Test func aLayoutPassCountsItsSelfTimeAndACachedPassIsSkipped() throws {
        let (events, stats, _) = Self.read(try Self.bytes("layout-updates.xml"))
        #expect(events.map(\.view) == ["VStack", "Text", "Image"])
        #expect(events.map(\.durationMs) == [0.5, 1.0, 0.5])
        #expect(stats.instrumentsCachedLayouts == 1)
    }

    @Test func xcode27RowsBecomeBodyAndLayoutEventsWithDurationsAndTokens() throws {
        let (events, stats, error) = Self.read(try Self.bytes("xcode27-updates.xml"))
        #expect(error == nil)
        #expect(events.map(\.kind).filter { $0 == .body }.count == 13)
        #expect(events.filter { $0.kind == .layout }.map(\.view) == ["NavigationSplitView"])
        let first = try #require(events.first)
        #expect(first.view == "ContentView")
        #expect(first.line == 4)
        #expect(first.durationMs == 0.9)
        #expect(first.envelope.timestamp == 1.0)
        #expect(first.envelope.subsystem == "MyApp")
        #expect(first.envelope.level == "Low")
        #expect(first.envelope.process == "MyApp")
        #expect(first.envelope.pid == 1001)
        #expect(first.origin == .instruments)
        #expect(first.tokens == ["@self", "@identity", "_showPlayButton", "_count", "_isEditing", "_filter"])
        #expect(first.message == "ContentView body 900 µs (Low) ← Creation, @State: showPlayButton, @State: count, @State: isEditing, @State: filter")
        // The 2nd PlayButton row refers to its name, duration and severity with ref=.
        #expect(events[4].view == "PlayButton" && events[4].tokens == ["@self"] && events[4].durationMs == 0.3)
        #expect(stats.instrumentsUnfinished == 1)
        #expect(stats.instrumentsOtherUpdates == 1)
        #expect(stats.instrumentsRows == 16)
        #expect(stats.instrumentsUnresolvedRefs == 0)
        #expect(stats.eventsByKind[EventKind.body.index] == 13)
    }

    @Test func twoXcodeColumnSetsGiveTheSameUpdates() throws {
        let newer = Self.read(try Self.bytes("xcode27-updates.xml")).events.filter { $0.kind == .body }
        let older = Self.read(try Self.bytes("instruments26-updates.xml")).events
        #expect(older.count == 13)
        #expect(older.map(\.view) == newer.map(\.view))
        #expect(older.map(\.tokens) == newer.map(\.tokens))
        #expect(older.map(\.durationMs) == newer.map(\.durationMs))
        #expect(older.map(\.envelope.timestamp) == newer.map(\.envelope.timestamp))
        // Instruments 26's columns have no process: the envelope says nothing of it.
        #expect(older.allSatisfy { $0.envelope.process == nil })
    }

    @Test(arguments: [1, 7, 64, 4096])
    func chunkBoundariesChangeNothing(chunk: Int) throws {
        let bytes = try Self.bytes("hitches.xml")
        let whole = Self.read(bytes)
        let cut = Self.read(bytes, chunk: chunk)
        #expect(cut.error == nil)
        #expect(cut.events == whole.events)
        #expect(cut.stats == whole.stats)
        #expect(whole.events.filter { $0.kind == .hitch }.map(\.durationMs) == [42, 16.666666])
    }

    /// A byte-order mark is taken off however the chunks cut it (the instruments fuzz target
    /// found a mark split over 1-byte chunks read as text), and offsets still count it: the same
    /// events, counters and error, whole or in chunks of 1, 2 or 3 bytes.
    @Test(arguments: [1, 2, 3, 5])
    func aByteOrderMarkIsTakenOffWhereverTheChunksCutIt(chunk: Int) throws {
        let export = [0xEF, 0xBB, 0xBF] + (try Self.bytes("hitches.xml"))
        let whole = Self.read(export)
        #expect(whole.error == nil)
        #expect(whole.events == Self.read(try Self.bytes("hitches.xml")).events)
        let cut = Self.read(export, chunk: chunk)
        #expect(cut.error == nil && cut.events == whole.events && cut.stats == whole.stats, "chunks of \(chunk)")
        // The fuzzer's input: a mark, then a log line, not XML. The error is at the input's byte 3.
        let text = [0xEF, 0xBB, 0xBF] + Array("\n2022-08-25 localhost MyApp[1766]: FirstView init".utf8)
        #expect(Self.read(text).error?.offset == 4)
        #expect(Self.read(text, chunk: chunk).error == Self.read(text).error, "chunks of \(chunk)")
        // Input that only begins like a mark is read as it is.
        #expect(Self.read([0xEF, 0xBB], chunk: chunk).error == Self.read([0xEF, 0xBB]).error)
    }

    @Test func sentinelsFallBackAndEntitiesAreDecoded() {
        let xml = """
            <?xml version="1.0"?>
            <trace-query-result><node><schema name="swiftui-updates"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>update-type</mnemonic></col><col><mnemonic>view-name</mnemonic></col><col><mnemonic>cause-graph-node</mnemonic></col><col><mnemonic>root-causes</mnemonic></col></schema>
            <row><start-time>1</start-time><duration>2000</duration><swiftui-update>View Body</swiftui-update><sentinel/><typed-array fmt="x"><string id="9">Grid&lt;Item&gt;</string><sentinel/></typed-array><sentinel/></row>
            <row><start-time>2</start-time><duration>3000</duration><swiftui-update>View Body</swiftui-update><string ref="9"/><sentinel/><description-set fmt="@Environment: colorScheme, Observation: Model.items"/></row>
            </node></trace-query-result>
            """
        let (events, _, error) = Self.read(Array(xml.utf8))
        #expect(error == nil)
        #expect(events.map(\.view) == ["Grid<Item>", "Grid<Item>"])
        #expect(events[0].tokens == [])
        #expect(events[1].tokens == ["_environment.colorScheme", "@dependencies"])
        #expect(events[0].message == "Grid<Item> body 2 µs")
    }

    @Test func aRunWithoutTheTablesGivesNoEventsButSaysWhatItRead() throws {
        let (events, stats, error) = Self.read(try Self.bytes("other-tables.xml"))
        #expect(error == nil)
        #expect(events.isEmpty)
        #expect(stats.instrumentsTables == 1)
        #expect(stats.instrumentsOtherTables == 1)
        #expect(stats.instrumentsRows == 1)
    }

    @Test func aMalformedExportStopsAtTheByteWithTheRowsBeforeIt() throws {
        let bytes = try Self.bytes("malformed.xml")
        let (events, _, error) = Self.read(bytes, chunk: 1000)
        let offset = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("</start-tim>".utf8)) })
        #expect(error?.offset == offset)
        #expect(error?.reason.hasPrefix("closing tag </start-tim> does not match <start-time> opened at byte ") == true)
        #expect(events.count == 7)
    }

    @Test func aTruncatedExportNamesTheOpenRow() throws {
        let bytes = try Self.bytes("truncated.xml")
        let (events, _, error) = Self.read(bytes)
        let lastRow = try #require(bytes.indices.last { bytes[$0...].starts(with: Array("<row>".utf8)) })
        #expect(error == XMLError(offset: bytes.count, reason: "the input ends before <row> (opened at byte \(lastRow)) is closed (truncated export?)"))
        #expect(events.count == 7)
    }

    @Test func exportsAreToldFromLogsByTheirFirstBytes() {
        func recognises(_ text: String) -> Bool { Array(text.utf8).withUnsafeBytes { InstrumentsReader.recognises($0) } }
        #expect(recognises("<?xml version=\"1.0\"?>\n<trace-query-result>"))
        #expect(recognises("\u{FEFF}  <trace-query-result>"))
        #expect(!recognises("ContentView: @self changed."))
        #expect(!recognises("<html><body>"))
        #expect(!recognises("[{\"eventMessage\": \"<?xml\"}]"))
    }

    @Test func causeEdgesAndNodeIDsComeBesideTheEvents() throws {
        var reader = InstrumentsReader()
        var nodes: [Int64?] = []
        var edges: [InstrumentsEdge] = []
        let bytes = try Self.bytes("recorded-causes.xml")
        try bytes.withUnsafeBytes { chunk in
            try reader.consume(chunk, emit: { _, row in nodes.append(row.node) }, link: { edges.append($0) })
        }
        try reader.finish(emit: { _, row in nodes.append(row.node) }, link: { edges.append($0) })
        #expect(nodes == [1, 2, 3, 4, 5, 6])
        #expect(edges == [
            InstrumentsEdge(line: 12, source: 100, destination: 4, label: "@State", valueType: "Int", changedProperties: "count"),
            InstrumentsEdge(line: 13, source: 101, destination: 5, label: "@State", valueType: "Int?", changedProperties: "selection"),
            InstrumentsEdge(line: 14, source: 4, destination: 6, label: "Update", valueType: nil, changedProperties: nil),
        ])
        #expect(reader.stats.instrumentsCauseEdges == 3)
    }

    @Test func quotedBracketsCommentsAndCDATAReadAlikeInAnyChunks() {
        let xml = """
            <?xml version="1.0"?>
            <!-- exported > by hand -->
            <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>narrative-description</mnemonic></col></schema>
            <row><start-time fmt="a > b">1000</start-time><duration fmt='1 > 0'>20000000</duration><string><![CDATA[late <frame>]]></string></row>
            <row><start-time>2000</start-time><duration>30000000</duration><string id="5" fmt="x">Fish &amp; chips &#x263A;</string></row>
            </node></trace-query-result>
            """
        let bytes = Array(xml.utf8)
        let whole = Self.read(bytes)
        #expect(whole.error == nil)
        #expect(whole.events.map(\.message) == ["hitch 20.000 ms: late <frame>", "hitch 30.000 ms: Fish & chips \u{263A}"])
        for chunk in 1...40 {
            let cut = Self.read(bytes, chunk: chunk)
            #expect(cut.error == nil && cut.events == whole.events, "chunks of \(chunk) bytes")
        }
    }

    /// Newlines inside a tag, in a quoted value or between attributes, still count: the rows
    /// after them keep their lines, whatever the chunks.
    @Test func newlinesInsideTagsKeepTheLinesOfLaterRows() {
        let xml = """
            <?xml version="1.0"?>
            <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>narrative-description</mnemonic></col></schema>
            <row><start-time fmt="one
            two">1000</start-time><duration
              fmt='1 ms'>20000000</duration><string>first</string></row>
            <row><start-time>2000</start-time><duration>30000000</duration><string>second</string></row>
            </node></trace-query-result>
            """
        let bytes = Array(xml.utf8)
        for chunk in [1, 3, 17, 1 << 18] {
            let read = Self.read(bytes, chunk: chunk)
            #expect(read.error == nil)
            #expect(read.events.map(\.line) == [3, 6], "chunks of \(chunk) bytes")
            #expect(read.events.map(\.message) == ["hitch 20.000 ms: first", "hitch 30.000 ms: second"])
        }
    }
}
