import Foundation
import Testing
import TraceModel

/// The parser's fast path (`RepeatedMessages`: a message seen a moment ago answered as the
/// classifier answered it then) against the general path alone, token for token: every event's
/// every field and every counter, on every file of the corpus.
@Suite struct RepeatedMessagesTests {
    /// Every file under fixtures/, by its path there: logs of every wrapper and shape, the
    /// real-world corpus, fuzz regressions, and the rest (sources, configurations, exports),
    /// which a user may pipe in by mistake and which must come out the same too.
    static let corpus: [String] = {
        let root = fixtureURL("").standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }()

    @Test func theCorpusIsThere() {
        // Guards the comparison below against passing on an empty list.
        #expect(Self.corpus.count > 400, "\(Self.corpus.count) files found under fixtures/")
    }

    /// Each file, and each file twice over: the second copy meets every message of the first
    /// again, so the fast path answers most of its lines.
    @Test(arguments: corpus)
    func bothPathsMakeTheSameEvents(path: String) throws {
        let bytes = Array(try Data(contentsOf: fixtureURL(path)))
        for input in [bytes, bytes + [0x0A] + bytes] {
            let general = parseEvents(input, parser: TraceParser(undatedYear: 2024, reusingRepeatedMessages: false))
            let fast = parseEvents(input, parser: TraceParser(undatedYear: 2024))
            #expect(fast.stats == general.stats, "\(path): counters")
            #expect(fast.events.count == general.events.count, "\(path): events")
            if let index = fast.events.indices.first(where: { $0 < general.events.count && fast.events[$0] != general.events[$0] }) {
                Issue.record("\(path): event \(index) differs\n  fast:    \(fast.events[index])\n  general: \(general.events[index])")
            }
        }
    }

    /// Lines whose answer depends on the lines before them are never answered from the table:
    /// a counter's step (`>>> Card.body: 61`), and a probe line's time filling a plain envelope.
    @Test func linesThatDependOnTheirPastAreClassifiedEachTime() {
        let text = """
        >>> Card.body: 60
        >>> Card.body: 62
        >>> Card.body: 60
        >>> Card.body: 63
        >>> Card.body: 63
        trace-analyze: kind=body view=Card t=12.5
        trace-analyze: kind=body view=Card t=12.5
        trace-analyze: kind=init view=
        trace-analyze: kind=init view=
        """
        let general = parseEvents(text, parser: TraceParser(undatedYear: 2024, reusingRepeatedMessages: false))
        let fast = parseEvents(text, parser: TraceParser(undatedYear: 2024))
        #expect(fast.events == general.events)
        #expect(fast.stats == general.stats)
        #expect(fast.events.prefix(5).map(\.multiplicity) == [1, 2, 1, 3, 1])
        #expect(fast.stats.malformedStructured == 2)
    }
}
