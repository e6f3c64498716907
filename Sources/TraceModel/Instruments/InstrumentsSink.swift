#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The state machine behind `InstrumentsReader`: schemas, rows and the id table, fed by the
/// `XMLScanner`'s tags; finished rows become events in `ready`.
struct InstrumentsSink: XMLSink {
    var stats = ParseStats()
    /// Events made from the rows of the last chunk, handed on after it.
    private var ready: [(event: Event, row: InstrumentsRow)] = []
    private var edges: [InstrumentsEdge] = []
    private var values = InstrumentsValueTable()

    /// The table being read (nil for one trace-analyze does not read, or outside any).
    private var table: InstrumentsTable?
    /// Where the table being read counts its rows in `stats.instrumentsTableRows`.
    private var tableRows: Int?
    /// Within `<schema>`: the columns so far, by position.
    private var columns: [InstrumentsColumn?] = []
    private var inSchema = false
    private var inMnemonic = false
    /// Within `<row>`: its line, the depth below it, the cells read so far.
    private var rowLine = 0
    private var rowDepth = 0
    private var cellIndex = 0
    private var cells = [InstrumentsValue](repeating: .none, count: InstrumentsColumn.allCases.count)
    /// One frame per element open inside a row.
    private var frames: [Frame] = []
    /// The text of the innermost element (or of `<mnemonic>`).
    private var text: [UInt8] = []

    /// The `fmt=` bytes of the open elements, back to back: frames open and close as a stack,
    /// so one buffer holds them all and nothing is allocated per element.
    private var fmts = ByteStack()

    private struct Frame {
        var id: Int?
        /// Set from `ref=` or `<sentinel/>`: the value is known at the start tag.
        var known: InstrumentsValue?
        var isTypedArray: Bool
        /// Where the element's `fmt=` starts in `fmts`; it runs to the end.
        var fmtStart: Int
        var firstChild: InstrumentsValue = .none
    }

    /// The update kind of each interned `update-type` text, decided once per distinct text.
    private var kinds: [Int32: EventKind?] = [:]
    /// The tokens of each interned `root-causes` text, likewise.
    private var tokens: [Int32: [String]] = [:]
    /// Each interned `process` text split into name and pid, likewise: splitting it on every
    /// row took a tenth of an ingest's instructions.
    private var processes: [Int32: InstrumentsProcess] = [:]

    mutating func start(name: UnsafeRawBufferPointer, attributes: UnsafeRawBufferPointer, empty: Bool, line: Int, offset: Int) throws {
        stats.lines = line
        if rowDepth > 0 {
            rowDepth += 1
            clearText()
            let parsed = XMLAttributes(attributes)
            var frame = Frame(id: parsed.id, known: nil, isTypedArray: LifecycleWords.equals(name, "typed-array"), fmtStart: fmts.count)
            if let ref = parsed.ref {
                if let value = values.resolve(ref) {
                    frame.known = value
                } else {
                    stats.instrumentsUnresolvedRefs += 1
                    frame.known = InstrumentsValue.none
                }
            } else if LifecycleWords.equals(name, "sentinel") {
                frame.known = InstrumentsValue.none
            } else if let fmt = parsed.fmt {
                fmts.append(fmt)
            }
            frames.append(frame)
            return
        }
        switch name.count {
        case 3 where LifecycleWords.equals(name, "row"):
            rowDepth = 1
            rowLine = line
            cellIndex = 0
            for index in cells.indices { cells[index] = .none }
        case 6 where LifecycleWords.equals(name, "schema"):
            let schema = XMLAttributes(attributes).name.map { XMLText.decode($0) } ?? ""
            table = InstrumentsTable(schema: schema)
            if let known = stats.instrumentsTableRows.firstIndex(where: { $0.table == schema }) {
                tableRows = known
            } else {
                tableRows = stats.instrumentsTableRows.count
                stats.instrumentsTableRows.append(InstrumentsTableRows(table: schema, rows: 0))
            }
            columns.removeAll()
            inSchema = true
            stats.instrumentsTables += 1
            if table == nil { stats.instrumentsOtherTables += 1 }
        case 8 where LifecycleWords.equals(name, "mnemonic") && inSchema:
            inMnemonic = true
            clearText()
        default:
            break
        }
    }

    mutating func end(name: UnsafeRawBufferPointer) throws {
        if rowDepth > 1 {
            rowDepth -= 1
            let frame = frames.removeLast()
            let value = frame.known ?? settle(frame)
            fmts.truncate(to: frame.fmtStart)
            if let id = frame.id { values.define(id, value) }
            if !frames.isEmpty {
                if frames[frames.count - 1].firstChild.isNone { frames[frames.count - 1].firstChild = value }
            } else {
                if cellIndex < columns.count, let column = columns[cellIndex], cells[column.rawValue].isNone {
                    cells[column.rawValue] = value
                }
                cellIndex += 1
            }
            clearText()
            return
        }
        if rowDepth == 1 {
            rowDepth = 0
            finishRow()
            return
        }
        if inMnemonic {
            inMnemonic = false
            // Spaces around the name (a reformatted export) are not part of it.
            columns.append(InstrumentsColumn(mnemonic: XMLText.decode(XMLScanner.trimmed(text[...]))))
        } else if LifecycleWords.equals(name, "schema") {
            inSchema = false
        }
    }

    /// Empties `text`, keeping its storage; most elements held none, and an empty array's
    /// `removeAll` still went through the generic replacement path.
    @inline(__always) private mutating func clearText() {
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
    }

    mutating func text(_ bytes: UnsafeRawBufferPointer) {
        if rowDepth > 1 || inMnemonic { text.append(contentsOf: bytes) }
    }

    /// An element's value from what it held: its text (a number when it is one), the first
    /// value inside a `typed-array` (its node's name), else its display text.
    private mutating func settle(_ frame: Frame) -> InstrumentsValue {
        let trimmed = text.drop { XMLScanner.isSpace($0) }
        if !trimmed.isEmpty {
            if let number = Self.integer(trimmed) { return .number(number) }
            return values.intern(XMLText.decode(trimmed))
        }
        if frame.isTypedArray { return frame.firstChild }
        if frame.fmtStart < fmts.count { return values.intern(XMLText.decode(fmts.suffix(from: frame.fmtStart))) }
        return .none
    }

    /// A decimal integer, saturating: `18446744073709551615`, the unset duration of an
    /// unfinished interval, reads as `Int64.max`.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var digits = bytes
        var negative = false
        if digits.first == UInt8(ascii: "-") { negative = true; digits = digits.dropFirst() }
        while let last = digits.last, XMLScanner.isSpace(last) { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 40 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflowTen) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            value = overflowTen || overflowAdd ? Int64.max : sum
        }
        return negative ? -value : value
    }

    private mutating func finishRow() {
        stats.instrumentsRows += 1
        if let tableRows { stats.instrumentsTableRows[tableRows].rows += 1 }
        guard let table else { return }
        stats.linesByEnvelope[EnvelopeFormat.instruments.index] += 1
        var kind: EventKind?? = nil
        if table == .updates, case .string(let index) = cells[InstrumentsColumn.updateType.rawValue] {
            if let known = kinds[index] {
                kind = .some(known)
            } else {
                let decided = InstrumentsRecord.updateKind(values.strings[Int(index)])
                kinds[index] = decided
                kind = .some(decided)
            }
        }
        var causeTokens: [String]?
        if case .string(let index) = cells[InstrumentsColumn.rootCauses.rawValue] {
            if let known = tokens[index] {
                causeTokens = known
            } else {
                let made = InstrumentsCauses.tokens(values.strings[Int(index)])
                tokens[index] = made
                causeTokens = made
            }
        }
        var process: InstrumentsProcess?? = nil
        if case .string(let index) = cells[InstrumentsColumn.process.rawValue] {
            if let known = processes[index] {
                process = .some(known)
            } else {
                let text = values.strings[Int(index)]
                let split = text.isEmpty ? nil : InstrumentsProcess(text)
                if let split { processes[index] = split }
                process = .some(split)
            }
        }
        let record = InstrumentsRecord(table: table, line: rowLine, cells: cells, values: values)
        switch record.event(updateKind: kind, tokens: causeTokens, process: process) {
        case .event(let event, let interval):
            stats.eventsByKind[event.kind.index] += 1
            if event.kind == .hitch { count(event) }
            ready.append((event, InstrumentsRow(node: record.node, interval: interval)))
        case .unfinished:
            stats.instrumentsUnfinished += 1
        case .otherUpdate:
            stats.instrumentsOtherUpdates += 1
        case .cachedLayout:
            stats.instrumentsCachedLayouts += 1
        case .counted:
            break
        case .causeEdge(let edge):
            stats.instrumentsCauseEdges += 1
            if let edge { edges.append(edge) }
        }
    }

    /// Counts a hitch or hang by Apple's classes, for the summary of what the export held.
    private mutating func count(_ event: Event) {
        let milliseconds = event.durationMs ?? 0
        if event.recorded.contains(.hang) {
            guard !event.recorded.contains(.offMainThread) else { return }
            if milliseconds >= 250 { stats.instrumentsHangs += 1 } else if milliseconds >= 100 { stats.instrumentsMicrohangs += 1 }
        } else if event.recorded.contains(.system) {
            stats.instrumentsSystemHitches += 1
        } else if milliseconds > 100 {
            stats.instrumentsHitchesOver100ms += 1
        }
    }

    /// Hands the events made so far to `emit`, each with its row's node id and details, and the
    /// edges to `link`.
    mutating func drain(_ emit: (consuming Event, InstrumentsRow) -> Void, _ link: (InstrumentsEdge) -> Void) {
        for (event, row) in ready { emit(event, row) }
        ready.removeAll(keepingCapacity: true)
        for edge in edges { link(edge) }
        edges.removeAll(keepingCapacity: true)
    }
}
