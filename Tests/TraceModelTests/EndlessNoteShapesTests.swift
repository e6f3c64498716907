import Testing
import TraceModel

/// The author's closing line after pasted output, read by the real parser:
/// `fixtures/shapes/endless-notes.tsv` (every spelling of "what led up to it goes on without
/// end", and the lines that must stay text and mark nothing).
@Suite struct EndlessNoteShapesTests {
    /// One row of `endless-notes.tsv`.
    struct Shape: CustomStringConvertible, Sendable {
        let family: String
        let context: [String]
        let line: String
        /// What the note says (`EndlessNote.Words.text`); empty when the line marks nothing.
        let words: String

        var description: String { "\(family): \(line)" }
    }

    static let shapes: [Shape] = tsvRows("shapes/endless-notes.tsv").map { fields in
        Shape(family: fields[0], context: fields[1].components(separatedBy: " ⏎ "), line: fields[2], words: fields[3])
    }

    @Test func theFileHoldsSpellingsAndLinesThatStayText() {
        #expect(Self.shapes.filter { !$0.words.isEmpty }.count >= 20)
        #expect(Self.shapes.filter { $0.words.isEmpty }.count >= 10)
        // Every spelling the grammar knows has a row.
        let spelled = Set(Self.shapes.map(\.words))
        for words in EndlessNote.Words.allCases {
            #expect(spelled.contains(words.text), "no row spells \(words.text)")
        }
    }

    @Test(arguments: shapes)
    func eachLineIsReadAsLabelled(shape: Shape) {
        let events = parseEvents((shape.context + [shape.line]).joined(separator: "\n") + "\n").events
        #expect(events.count == shape.context.count + 1)
        guard events.count >= 2, let note = events.last else { return }
        // The note itself stays text, whatever it says.
        #expect(note.kind == .text, "\(shape.line)")
        let marked = events[events.count - 2]
        #expect((marked.endlessNote?.words.text ?? "") == shape.words, "\(shape.line)")
        if let mark = marked.endlessNote {
            #expect(marked.line + Int(mark.distance) == note.line)
        }
    }

    /// The grammar alone, on the bytes of a line: what it reads does not depend on the line before.
    @Test func theGrammarReadsTheLineAlone() {
        func words(_ line: String) -> EndlessNote.Words? {
            var line = line
            return line.withUTF8 { EndlessNote.words(in: UnsafeRawBufferPointer($0)) }
        }
        #expect(words("…forever") == .forever)
        #expect(words("[REPEAT INFINITELY]") == .infinitely)
        #expect(words("(and so on, until the watchdog kills it)") == .andSoOn)
        #expect(words("The app hangs forever") == nil)
        #expect(words(String(repeating: "forever ", count: 30)) == nil)
    }

    /// A note marks the event before it for every reader: the line's own text is unchanged.
    @Test func theMarkedEventKeepsItsText() {
        let events = parseEvents("GalleryView: _offset changed.\n…forever\n").events
        #expect(events.map(\.message) == ["GalleryView: _offset changed.", "…forever"])
        #expect(events[0].tokens == ["_offset"])
        #expect(events[0].endlessNote == EndlessNote.Mark(distance: 1, words: .forever))
        #expect(events[1].endlessNote == nil)
    }
}
