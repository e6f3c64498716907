import Foundation
import TraceModel

/// The events of `check`'s temporary store, kept in a file beside it rather than in `event_rows`.
///
/// `check` reads events back only for its report: what the lines its findings cite say (text,
/// instance, durations), a trace's first lines and lookalike lines for the coverage, and the
/// views it names for `--sources`. Inserted into SQLite, every event cost the writer's thread
/// about as much as parsing it, and `check` took 1.4–1.6× the time of `ingest`; appended here,
/// an event is a copy into a buffer. The writer still numbers events as SQLite would and fills
/// `traces`, `stats`, `warnings` and `multiplicities` as before: only reads of the events
/// themselves come here, through `EvidenceLookup`, `TraceCoverage` and `MentionedViews`.
///
/// Written by the ingest's writer thread, one trace at a time; a finished trace is read from
/// any thread (reads touch no shared state but the files, through `pread`).
final class EventSpool: @unchecked Sendable {
    /// One record per event, in id order: a `RecordHeader`, then its view, instance and message.
    private let records = SpillFile()
    /// Per line of each trace, from its first line on, the offset of the first record on that
    /// line, or `noRecord` for a line no event starts on (the continuation of one before it).
    private let lineIndex = SpillFile()
    private var finished: [Int: Trace] = [:]
    /// The trace being appended to, if any, and where it lies so far. The writer's hot path
    /// mutates them in place, without the dynamic exclusivity check a class's `var` costs:
    /// only the writer's thread touches them.
    @exclusivity(unchecked) private var openID: Int?
    @exclusivity(unchecked) private var openTrace = Trace(firstEntry: 0, recordsStart: 0, recordsEnd: 0)
    /// The id the last event appended took: ids run on across traces, as `event_rows`' do.
    @exclusivity(unchecked) private(set) var lastEventID = 0

    private static let noRecord: Int64 = -1

    /// Where one trace lies in the files, and what its coverage shows.
    struct Trace {
        /// The trace's first entry in `lineIndex`, which is for `firstLine`.
        let firstEntry: Int64
        var firstLine = 0
        var lastLine = 0
        let recordsStart: Int64
        var recordsEnd: Int64
        /// Its first lines, and its first lookalike lines (`TraceCoverage`).
        var firstLines: [TraceCoverage.Line] = []
        var lookalikes: [TraceCoverage.Line] = []
    }

    /// The fixed part of a record, in the file as in memory.
    private struct RecordHeader {
        var line: Int64
        var duration: Double
        /// -1 for none.
        var viewLength: Int32
        var instanceLength: Int32
        var messageLength: Int32
        var hasDuration: UInt32

        var payloadLength: Int { Int(max(viewLength, 0)) + Int(max(instanceLength, 0)) + Int(messageLength) }
    }

    private static let headerSize = MemoryLayout<RecordHeader>.size

    /// An empty spool; its files are made when the first bytes leave their buffers.
    init() {}

    /// True when trace `traceID`'s events are kept here.
    func holds(_ traceID: Int) -> Bool { finished[traceID] != nil || openID == traceID }

    // MARK: Writing

    /// Starts trace `traceID`: the events appended until `finishTrace` are its.
    func beginTrace(_ traceID: Int) {
        finishTrace()
        let start = records.size
        openID = traceID
        openTrace = Trace(firstEntry: lineIndex.size / 8, recordsStart: start, recordsEnd: start)
    }

    /// Appends the event at `event` to the open trace and numbers it.
    @inline(__always)
    func append(_ event: UnsafePointer<Event>) {
        precondition(openID != nil, "an event appended to the spool outside a trace")
        let line = event.pointee.line
        let offset = records.size
        if openTrace.firstLine == 0 {
            openTrace.firstLine = line
            openTrace.lastLine = line
            Self.appendEntry(offset, to: lineIndex)
        } else if line > openTrace.lastLine {
            // Lines grow with ids, as the parser writes them; a line no event starts on gets an
            // empty entry, so a line's entry is found by subtraction.
            for _ in (openTrace.lastLine + 1)..<line { Self.appendEntry(Self.noRecord, to: lineIndex) }
            Self.appendEntry(offset, to: lineIndex)
            openTrace.lastLine = line
        }
        var header = RecordHeader(
            line: Int64(line), duration: event.pointee.durationMs ?? 0,
            viewLength: Self.length(of: event.pointee.view), instanceLength: Self.length(of: event.pointee.instance),
            messageLength: Int32(event.pointee.message.utf8.count), hasDuration: event.pointee.durationMs == nil ? 0 : 1
        )
        withUnsafeBytes(of: &header) { _ = records.append($0) }
        Self.append(event.pointee.view, to: records)
        Self.append(event.pointee.instance, to: records)
        Self.append(event.pointee.message, to: records)
        openTrace.recordsEnd = records.size
        if openTrace.firstLines.count < TraceCoverage.sampleCount {
            openTrace.firstLines.append(TraceCoverage.Line(line: line, text: event.pointee.message))
        }
        if openTrace.lookalikes.count < TraceCoverage.sampleCount, case .lookalike = event.pointee.origin {
            openTrace.lookalikes.append(TraceCoverage.Line(line: line, text: event.pointee.message))
        }
        lastEventID += 1
    }

    /// Ends the open trace, if any: its events can be read from then on.
    func finishTrace() {
        guard let openID else { return }
        finished[openID] = openTrace
        self.openID = nil
    }

    private static func length(of text: String?) -> Int32 {
        text.map { Int32($0.utf8.count) } ?? -1
    }

    @inline(__always)
    private static func append(_ text: String?, to file: SpillFile) {
        guard let text else { return }
        TextArena.withBytes(of: text) { _ = file.append(UnsafeRawBufferPointer($0)) }
    }

    private static func appendEntry(_ offset: Int64, to file: SpillFile) {
        withUnsafeBytes(of: offset) { _ = file.append($0) }
    }

    // MARK: Reading

    /// One stored event, as a report reads it back.
    struct Record {
        let view: String?
        let instance: String?
        let message: String
        let duration: Double?
    }

    /// The events trace `traceID` stored on `line`, in id order; none for a line of no event.
    func events(onLine line: Int, traceID: Int) -> [Record] {
        guard let trace = finished[traceID], line >= trace.firstLine, line <= trace.lastLine else { return [] }
        var offset: Int64 = 0
        withUnsafeMutableBytes(of: &offset) { lineIndex.read(at: (trace.firstEntry + Int64(line - trace.firstLine)) * 8, into: $0) }
        guard offset != Self.noRecord else { return [] }
        var found: [Record] = []
        // The line's records usually fit in one small read, which a report makes for every
        // line it shows (a read per header and per payload took twice the system calls).
        scanRecords(from: offset, to: trace.recordsEnd, readingAtOnce: 2048) { header, record in
            guard header.line == Int64(line) else { return false }
            found.append(record())
            return true
        }
        return found
    }

    /// The first `limit` events of trace `traceID` whose message `matches`, with their lines;
    /// reads the spool only as far as it must.
    func lines(ofTrace traceID: Int, limit: Int, where matches: (String) -> Bool) -> [TraceCoverage.Line] {
        guard let trace = finished[traceID], limit > 0 else { return [] }
        var found: [TraceCoverage.Line] = []
        scanRecords(from: trace.recordsStart, to: trace.recordsEnd, readingAtOnce: 1 << 20) { header, record in
            let message = record().message
            if matches(message) { found.append(TraceCoverage.Line(line: Int(header.line), text: message)) }
            return found.count < limit
        }
        return found
    }

    /// Calls `body` with every event of trace `traceID`, in id order, reading the file once in
    /// large pieces: a read per record would be a system call per event.
    func forEachEvent(ofTrace traceID: Int, _ body: (Record) throws -> Void) rethrows {
        guard let trace = finished[traceID] else { return }
        try scanRecords(from: trace.recordsStart, to: trace.recordsEnd, readingAtOnce: 1 << 20) { _, record in
            try body(record())
            return true
        }
    }

    /// Calls `body` with each record from `start` up to `end` in file order, its header and a
    /// way to decode it, until `body` returns false. Reads `size` bytes at a time and takes
    /// every whole record in them; a record larger than that is read alone.
    private func scanRecords(
        from start: Int64, to end: Int64, readingAtOnce size: Int, _ body: (RecordHeader, () -> Record) throws -> Bool
    ) rethrows {
        try withUnsafeTemporaryAllocation(byteCount: size, alignment: 8) { buffer in
            var offset = start
            while offset < end {
                let count = Int(min(Int64(size), end - offset))
                records.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
                let bytes = UnsafeRawBufferPointer(buffer)
                var used = 0
                while used + Self.headerSize <= count {
                    let header = UnsafeRawBufferPointer(rebasing: bytes[used...]).loadUnaligned(as: RecordHeader.self)
                    let recordEnd = used + Self.headerSize + header.payloadLength
                    guard recordEnd <= count else { break }
                    let payload = UnsafeRawBufferPointer(rebasing: bytes[(used + Self.headerSize)..<recordEnd])
                    guard try body(header, { Self.record(header, payload: payload) }) else { return }
                    used = recordEnd
                }
                if used == 0 {
                    // A record larger than what is read at once: read alone.
                    let header = readHeader(at: offset)
                    guard try body(header, { readRecord(header, at: offset + Int64(Self.headerSize)) }) else { return }
                    used = Self.headerSize + header.payloadLength
                }
                offset += Int64(used)
            }
        }
    }

    /// The first lines of trace `traceID`, and its first lookalike lines; nil for a trace not kept here.
    func samples(of traceID: Int) -> (first: [TraceCoverage.Line], lookalikes: [TraceCoverage.Line])? {
        finished[traceID].map { ($0.firstLines, $0.lookalikes) }
    }

    private func readHeader(at offset: Int64) -> RecordHeader {
        var header = RecordHeader(line: 0, duration: 0, viewLength: 0, instanceLength: 0, messageLength: 0, hasDuration: 0)
        withUnsafeMutableBytes(of: &header) { records.read(at: offset, into: $0) }
        return header
    }

    private func readRecord(_ header: RecordHeader, at offset: Int64) -> Record {
        let payload = [UInt8](unsafeUninitializedCapacity: header.payloadLength) { buffer, count in
            records.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
            count = header.payloadLength
        }
        return payload.withUnsafeBytes { Self.record(header, payload: $0) }
    }

    /// The record `header` heads, from its payload's bytes.
    private static func record(_ header: RecordHeader, payload bytes: UnsafeRawBufferPointer) -> Record {
        var cursor = 0
        func text(_ length: Int32) -> String? {
            guard length >= 0 else { return nil }
            defer { cursor += Int(length) }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[cursor ..< cursor + Int(length)]), as: UTF8.self)
        }
        let view = text(header.viewLength)
        let instance = text(header.instanceLength)
        let message = text(header.messageLength) ?? ""
        return Record(view: view, instance: instance, message: message, duration: header.hasDuration != 0 ? header.duration : nil)
    }
}
