import Foundation
import Testing
import TraceModel

/// Console output as people paste it into notes and bug reports (issue 59), read by the real
/// parser: `fixtures/shapes/pasted-console.tsv` (annotated, elided and counted `_printChanges`
/// lines, counters, pasted lists, and the lines that must stay text) and
/// `fixtures/shapes/device-log-envelopes.tsv` (the device-log wrappers around them).
@Suite struct PastedConsoleShapesTests {
    /// One row of `pasted-console.tsv`.
    struct Shape: CustomStringConvertible, Sendable {
        let family: String
        let context: [String]
        let line: String
        let kind: String
        let view: String
        let count: Int32
        let before: String

        var description: String { "\(family): \(line)" }
    }

    /// One row of `device-log-envelopes.tsv`.
    struct Wrapped: CustomStringConvertible, Sendable {
        let line: String
        let envelope: String
        let process: String
        let pid: String
        let level: String
        let subsystem: String
        let category: String
        let kind: String
        let view: String

        var description: String { line }
    }

    static let shapes: [Shape] = tsvRows("shapes/pasted-console.tsv").map { fields in
        Shape(
            family: fields[0], context: fields[1].isEmpty ? [] : fields[1].components(separatedBy: " ⏎ "), line: fields[2],
            kind: fields[3], view: fields[4], count: Int32(fields[5]) ?? -1, before: fields[6]
        )
    }

    static let wrapped: [Wrapped] = tsvRows("shapes/device-log-envelopes.tsv").map { fields in
        Wrapped(
            line: fields[0], envelope: fields[1], process: fields[2], pid: fields[3], level: fields[4],
            subsystem: fields[5], category: fields[6], kind: fields[7], view: fields[8]
        )
    }

    @Test func theFilesHoldEveryFamilyItsNegativesAndWhatWasMissed() {
        let families = Set(Self.shapes.map(\.family))
        #expect(families.isSuperset(of: ["annotated _printChanges", "elided tokens", "counted", "counters over time", "pasted list"]))
        #expect(Self.shapes.filter { $0.kind == "text" }.count >= 6)
        // Rows read wrong before this issue and right now: what the change is for.
        #expect(Self.shapes.filter { $0.before != "read" && $0.kind != "text" }.count >= 8)
        #expect(Self.wrapped.count >= 10)
    }

    @Test(arguments: shapes)
    func eachLineIsReadAsLabelled(shape: Shape) {
        let log = (shape.context + [shape.line]).joined(separator: "\n") + "\n"
        let events = parseEvents(log).events
        #expect(events.count == shape.context.count + 1)
        guard let event = events.last else { return }
        #expect(event.kind.rawValue == shape.kind, "\(shape.line)")
        if shape.kind != "text", shape.kind != "warning" {
            #expect(event.view == shape.view, "\(shape.line)")
            #expect(event.multiplicity == shape.count, "\(shape.line)")
        }
    }

    @Test(arguments: wrapped)
    func eachWrapperIsSplitAsLabelled(row: Wrapped) {
        let events = parseEvents(row.line + "\n").events
        #expect(events.count == 1)
        guard let event = events.first else { return }
        let envelope = event.envelope
        #expect(envelope.format.rawValue == row.envelope, "\(row.line)")
        #expect((envelope.process ?? "") == row.process)
        #expect((envelope.pid.map(String.init) ?? "") == row.pid)
        #expect((envelope.level ?? "") == row.level)
        #expect((envelope.subsystem ?? "") == row.subsystem)
        #expect((envelope.category ?? "") == row.category)
        #expect(event.kind.rawValue == row.kind, "\(row.line)")
        #expect((event.view ?? "") == row.view)
    }

    /// The label pymobiledevice3 adds with `--label` is the envelope's, not the message's: the
    /// message is what the app logged, so `_printChanges` output reads the same with or without it.
    @Test func aLabelledDeviceLineKeepsItsMessageWithoutTheLabel() {
        let line = "2025-03-11 08:14:02.571230 Shelf{SwiftUI}[812] <INFO>: ShelfView: _books changed. [com.apple.SwiftUI][Changed Body Properties]"
        let event = parseEvents(line + "\n").events[0]
        #expect(event.message == "ShelfView: _books changed.")
        #expect(event.tokens == ["_books"])
        #expect(abs((event.envelope.timestamp ?? 0) - 1_741_680_842.571_23) < 0.000_01)
    }

    /// An elision keeps the tokens printed around it and adds none of its own: `…` names no
    /// property, and a cause read from it would be a guess.
    @Test func elidedTokensKeepWhatWasPrinted() {
        let events = parseEvents("GalleryView: … _selection, _zoom … changed.\nComposerPanel: @self … changed\n").events
        #expect(events.map(\.tokens) == [["_selection", "_zoom"], ["@self"]])
    }
}
