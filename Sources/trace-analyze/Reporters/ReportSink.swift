/// Where a report goes as reporters write it: stdout, or `--output`'s path (a regular file
/// written beside it and renamed into place when the report is complete, so a reader never sees
/// half of it; a device or FIFO written in place).
///
/// Reporters write piece by piece while the findings stream from the store; a report of
/// tens of megabytes is never one String.
final class ReportSink {
    private let file: ByteSink?
    private var compactor: JSONText.Compactor?
    /// While true, what is written is plain text inside a page: it is escaped (`HTMLText`).
    var escapingHTML = false

    /// A sink to `path`, or to stdout when it is nil; `what` names the file in errors. With
    /// `compactingJSON` the JSON written is put on one line, and the line ended when the sink
    /// finishes (`watch`'s last NDJSON record).
    init(path: String?, what: String = "report", compactingJSON: Bool = false) throws {
        // A link, a device or `-` is ByteSink's to tell apart: written as every output is.
        file = try path.map { try ByteSink(path: $0, what: what) }
        compactor = compactingJSON ? JSONText.Compactor() : nil
    }

    /// Appends `text`.
    func write(_ text: String) {
        var text = compactor?.compact(text) ?? text
        text.withUTF8 { send(UnsafeRawBufferPointer($0)) }
    }

    /// Appends UTF-8 `bytes`: a report laid out as bytes needs no String made of them.
    func write(bytes: UnsafeRawBufferPointer) {
        guard compactor == nil else { return write(String(decoding: bytes, as: UTF8.self)) }
        send(bytes)
    }

    private func send(_ bytes: UnsafeRawBufferPointer) {
        if escapingHTML {
            escapingHTML = false
            defer { escapingHTML = true }
            return HTMLText.escape(bytes) { send($0) }
        }
        if let file { file.write(bytes: bytes.assumingMemoryBound(to: UInt8.self)) } else { Console.write(bytes: bytes) }
    }

    /// Ends the report: the file, if any, takes its place.
    func finish() throws {
        if compactor != nil {
            compactor = nil
            write("\n")
        }
        try file?.finish()
    }

    /// Removes an unfinished file after a failure.
    func abandon() { file?.abandon() }

    /// Runs `body` on the sink to `path` and finishes it; after a failure the unfinished file is removed.
    static func writing(to path: String?, what: String = "report", compactingJSON: Bool = false, _ body: (ReportSink) throws -> Void) throws {
        let sink = try ReportSink(path: path, what: what, compactingJSON: compactingJSON)
        do {
            try body(sink)
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
    }
}
