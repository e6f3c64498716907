/// Reads an `xctrace export` XML stream (one or more tables of one run) into events, a chunk at
/// a time, in flat memory: the source of recorded evidence beside the log parser.
///
/// An export is a `<schema>` naming its columns (`<col><mnemonic>…`), then one `<row>` per
/// record, each cell an element whose text is its value (`<duration …>2430000</duration>`),
/// `<sentinel/>` when empty, or `ref="n"` to a value written earlier with `id="n"`; `fmt=`
/// holds the display text. Rows of `swiftui-updates` and `swiftui-layout-updates` become `body`
/// and `layout` events, `hitches` and `potential-hangs` become `hitch` events
/// (`InstrumentsRecord`); `hang-risks`, `hitches-renders` and other tables are read through and
/// their rows counted per table.
public struct InstrumentsReader {
    /// The counters so far: XML lines as `lines`, events per kind, and the `instruments_*` counters.
    public var stats: ParseStats { sink.stats }

    private var scanner = XMLScanner()
    private var sink = InstrumentsSink()
    /// The input's first bytes while they may still be a byte-order mark (a chunk may end inside
    /// one); nil once that is decided.
    private var lead: [UInt8]? = []
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Creates a reader at the start of an export.
    public init() {}

    /// True when `prefix` (the first bytes of an input) is XML: an `xctrace export` is read by
    /// this reader, anything else by the log parser. A byte-order mark and leading whitespace
    /// are skipped; the first tag must be `<?xml`, `<trace-query-result` or `<trace-toc`.
    public static func recognises(_ prefix: UnsafeRawBufferPointer) -> Bool {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let trimmed = bytes.drop { XMLScanner.isSpace($0) }
        return ["<?xml", "<trace-query-result", "<trace-toc"].contains { trimmed.starts(with: $0.utf8) }
    }

    /// Reads `chunk` and hands each finished event to `emit`.
    ///
    /// Throws `XMLError` at the first malformed byte; every event of the rows before it has
    /// been emitted by then.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer, emit: (consuming Event) -> Void) throws {
        try consume(chunk, emit: { event, _ in emit(event) }, link: { _ in })
    }

    /// Reads `chunk`; each finished event goes to `emit` with its row's extras (the update's
    /// recorded node id, the row's details), each Cause & Effect edge to `link`.
    public mutating func consume(
        _ chunk: UnsafeRawBufferPointer, emit: (consuming Event, InstrumentsRow) -> Void, link: (InstrumentsEdge) -> Void
    ) throws {
        defer { sink.drain(emit, link) }
        guard var lead else { return try scanner.feed(chunk, into: &sink) }
        // A byte-order mark is taken off, however the chunks cut it; the offsets still count it.
        var rest = chunk[...]
        while lead.count < Self.byteOrderMark.count, let byte = rest.first, byte == Self.byteOrderMark[lead.count] {
            lead.append(byte)
            rest = rest.dropFirst()
        }
        if lead.count < Self.byteOrderMark.count && rest.isEmpty {
            self.lead = lead
            return
        }
        self.lead = nil
        if lead.count == Self.byteOrderMark.count {
            scanner.skip(lead.count)
        } else {
            try lead.withUnsafeBytes { try scanner.feed($0, into: &sink) }
        }
        try scanner.feed(UnsafeRawBufferPointer(rebasing: rest), into: &sink)
    }

    /// Ends the input: a document cut short is an error naming the byte where it stops.
    public mutating func finish(emit: (consuming Event) -> Void) throws {
        try finish(emit: { event, _ in emit(event) }, link: { _ in })
    }

    /// `finish`, handing on node ids and edges as `consume` does.
    public mutating func finish(emit: (consuming Event, InstrumentsRow) -> Void, link: (InstrumentsEdge) -> Void) throws {
        defer { sink.drain(emit, link) }
        if let lead, !lead.isEmpty {
            // An input shorter than a byte-order mark that began like one: its bytes are the input.
            self.lead = nil
            try lead.withUnsafeBytes { try scanner.feed($0, into: &sink) }
        }
        try scanner.finish()
    }
}
