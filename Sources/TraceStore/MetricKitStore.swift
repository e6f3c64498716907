import Foundation
import TraceModel

/// Ingests a file of MetricKit payloads (`MetricKitReader`) as one trace: each payload is
/// stored as it is read, in batches of transactions, so memory holds one payload and an input
/// that breaks off keeps every payload before the break.
enum MetricKitStore {
    /// Payloads per transaction: enough that commits cost nothing next to parsing.
    static let payloadsPerCommit = 500

    /// True when the first bytes of the file at `descriptor` are MetricKit JSON; the file is
    /// left at its start either way.
    static func recognises(descriptor: Int32) -> Bool {
        var prefix = [UInt8](repeating: 0, count: InputSniff.blockSize)
        let count = prefix.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        return prefix.withUnsafeBytes { MetricKitReader.recognises(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Reads `descriptor` to its end into a new trace named `source`.
    static func ingest(descriptor: Int32, source: String, database: Database, tags: [TraceTags.Tag]) throws -> Ingestor.Summary {
        try ingest(source: source, database: database, tags: tags) { buffer in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 { throw InputError(path: source, errno: errno) }
            return count
        }
    }

    /// Reads `input` to its end into a new trace named `source`: stdin, whose first bytes
    /// (`StandardInputHead`) were read to tell it is MetricKit and come first.
    static func ingest(input: any ByteInput, source: String, database: Database, tags: [TraceTags.Tag]) throws -> Ingestor.Summary {
        try ingest(source: source, database: database, tags: tags) { buffer in
            while true {
                switch input.read(into: buffer) {
                case .bytes(let count): return count
                case .quiet, .restarted: continue
                case .end: return 0
                case .failed(let code): throw InputError(path: source, errno: code)
                }
            }
        }
    }

    /// Reads what `next` puts in its buffer (a count of bytes, 0 at the end) into a new trace.
    private static func ingest(
        source: String, database: Database, tags: [TraceTags.Tag], next: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws -> Ingestor.Summary {
        try database.run("INSERT INTO traces (source, format, ingested_at) VALUES (?, 'metrickit', ?)", [source, ISO8601DateFormatter().string(from: Date())])
        let traceID = database.lastInsertRowID
        try TraceTags.store(tags, traceID: traceID, in: database)
        let writer = try MetricKitWriter(database: database, traceID: traceID)
        var reader = MetricKitReader()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Ingestor.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var failure: String?
        var stored = 0
        try database.execute("BEGIN")
        do {
            while true {
                let count = try next(buffer)
                if count == 0 { break }
                try reader.consume(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { payload in
                    try writer.store(payload)
                    stored += 1
                    if stored % payloadsPerCommit == 0 {
                        try database.execute("COMMIT")
                        try database.execute("BEGIN")
                    }
                }
            }
            try reader.finish()
        } catch let error as MetricKitError {
            failure = error.description
        }
        try writer.finish(reader: reader, complete: failure == nil)
        try database.execute("COMMIT")
        if let failure {
            throw IncompleteTraceError(input: InputError(path: source, reason: failure), traceID: traceID, events: reader.payloads, unit: "payload")
        }
        return Ingestor.Summary(traceID: traceID, source: source, stats: ParseStats(), complete: true, metricKitPayloads: reader.payloads)
    }
}
