import Foundation
import Testing
import TraceModel

/// Exports that broke a promise of the Instruments reader, found by `fuzz/run.sh --target
/// instruments`, kept as `fixtures/fuzz-regressions/*.xml` (they seed the fuzzer too): read
/// whole or a byte at a time, an export gives the same events, counters and error.
@Suite struct InstrumentsFuzzRegressionTests {
    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtureURL("fuzz-regressions").path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }()

    @Test(arguments: inputs)
    func chunksChangeNothing(name: String) throws {
        let bytes = Array(try Data(contentsOf: fixtureURL("fuzz-regressions/" + name)))
        let whole = InstrumentsReaderTests.read(bytes)
        for chunk in [1, 2, 7] {
            let chunked = InstrumentsReaderTests.read(bytes, chunk: chunk)
            #expect(chunked.events == whole.events, "\(name), chunks of \(chunk)")
            #expect(chunked.stats == whole.stats, "\(name), chunks of \(chunk)")
            #expect(chunked.error == whole.error, "\(name), chunks of \(chunk)")
        }
    }

    /// Found: text before the document, after spaces, was placed at the first space when read
    /// whole and at its own first byte when the spaces came in an earlier chunk.
    @Test func strayTextIsPlacedAtItsFirstByte() throws {
        let bytes = Array(try Data(contentsOf: fixtureURL("fuzz-regressions/xml-text-after-spaces-before-the-root.xml")))
        let error = try #require(InstrumentsReaderTests.read(bytes).error)
        #expect(error.offset == 14)
        #expect(error.reason == "text outside any element")
    }

    /// Found: a column's name with a line break before it (`<mnemonic>\nseverity</mnemonic>`)
    /// was read as "\nseverity" whole and as "severity" when a chunk ended after the break (the
    /// scanner dropped whitespace at a chunk's end). Whitespace inside an element is now its text
    /// whatever the chunks, and a column's name is read without the spaces around it.
    @Test func aColumnNameIsReadWithoutTheSpacesAroundIt() throws {
        let bytes = Array(try Data(contentsOf: fixtureURL("fuzz-regressions/xml-line-break-in-a-column-name.xml")))
        let whole = InstrumentsReaderTests.read(bytes)
        #expect(whole.events.first?.envelope.level == "Low", "the severity column is found")
        #expect(InstrumentsReaderTests.read(bytes, chunk: 1).events == whole.events)
    }
}
