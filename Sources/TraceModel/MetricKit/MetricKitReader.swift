/// Reads MetricKit payloads from a stream of bytes, a chunk at a time: one payload object, a
/// JSON array of them, or NDJSON (one per line, or any whitespace between), as apps save what
/// `MXMetricManagerSubscriber` receives. Memory holds one payload, not the file.
///
/// Only the payload being read is buffered; each complete one is parsed (`JSONParser`) and
/// handed on before the next begins, so an error loses nothing already handed on.
public struct MetricKitReader {
    /// Payloads handed on so far.
    public private(set) var payloads = 0
    /// Top-level keys outside Apple's documented ones, over all payloads.
    public private(set) var unknownKeys = 0

    /// The largest payload kept; a real hang diagnostic with its call stack tree runs to 1.5 MB.
    public static let maxPayloadBytes = 64 << 20

    private var offset = 0
    private var line = 1
    private var inArray = false
    private var nesting = JSONNesting()
    private var object: [UInt8] = []
    private var objectOffset = 0
    private var objectLine = 0

    /// Creates a reader at the start of an input.
    public init() {}

    /// True when `prefix` (an input's first bytes) is MetricKit JSON: an object or an array of
    /// objects whose first bytes hold one of the payloads' own keys. `log show --style json`
    /// arrays and JSON log lines hold none of them.
    public static func recognises(_ prefix: UnsafeRawBufferPointer) -> Bool {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !isSpace($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return signatureKeys.contains { text.contains($0) }
    }

    private static let signatureKeys = [
        "\"metaData\"", "\"timeStampBegin\"", "\"appBuildVersion\"", "\"hangDiagnostics\"", "\"callStackTree\"",
        "\"animationMetrics\"", "\"applicationResponsivenessMetrics\"", "\"applicationLaunchMetrics\"", "\"crashDiagnostics\"",
    ]

    /// Reads `chunk`, handing each complete payload to `emit`.
    ///
    /// Throws `MetricKitError` at the first byte outside the grammar or at a payload that does
    /// not parse; every payload before it has been handed on.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer, emit: (MetricKitPayload) throws -> Void) throws {
        for byte in chunk {
            defer {
                offset += 1
                if byte == 0x0A { line += 1 }
            }
            if nesting.isOpen {
                try take(byte, emit: emit)
                continue
            }
            if Self.isSpace(byte) || (offset < 3 && (byte == 0xEF || byte == 0xBB || byte == 0xBF)) { continue }
            switch byte {
            case UInt8(ascii: "[") where !inArray: inArray = true
            case UInt8(ascii: "]") where inArray: inArray = false
            case UInt8(ascii: ",") where inArray: continue
            case UInt8(ascii: "{"):
                (objectOffset, objectLine) = (offset, line)
                try take(byte, emit: emit)
            default:
                throw MetricKitError(line: line, byte: offset, reason: "expected a payload object, found '\(Character(UnicodeScalar(byte)))'")
            }
        }
    }

    /// Ends the input: one cut inside a payload or an array is an error naming where it began.
    public func finish() throws {
        if nesting.isOpen {
            throw MetricKitError(line: objectLine, byte: objectOffset, reason: "the input ends inside the payload that begins here (truncated?)")
        }
        if inArray { throw MetricKitError(line: line, byte: offset, reason: "the input ends inside the array of payloads (no closing ']')") }
    }

    private mutating func take(_ byte: UInt8, emit: (MetricKitPayload) throws -> Void) throws {
        object.append(byte)
        guard object.count <= Self.maxPayloadBytes else {
            throw MetricKitError(line: objectLine, byte: objectOffset, reason: "a payload over \(Self.maxPayloadBytes >> 20) MB begins here")
        }
        if nesting.step(byte) { try complete(emit: emit) }
    }

    private mutating func complete(emit: (MetricKitPayload) throws -> Void) throws {
        defer { object.removeAll(keepingCapacity: object.count < 1 << 20) }
        var parsed: Result<JSONValue, JSONParser.Failure> = .success(.null)
        object.withUnsafeBytes { bytes in
            do throws(JSONParser.Failure) { parsed = .success(try JSONParser.parse(bytes)) } catch { parsed = .failure(error) }
        }
        let value: JSONValue
        switch parsed {
        case .success(let parsedValue): value = parsedValue
        case .failure(let error):
            let line = objectLine + error.line - 1
            throw MetricKitError(line: line, byte: objectOffset, reason: "the payload that begins at this byte is not JSON: line \(line), column \(error.column): \(error.reason)")
        }
        guard var payload = MetricKitPayload.read(value, json: String(decoding: object, as: UTF8.self)) else { return }
        payload.line = objectLine
        payloads += 1
        unknownKeys += payload.unknownKeys.count
        try emit(payload)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

/// Why MetricKit input could not be read, and where: the 1-based line and the 0-based byte.
public struct MetricKitError: Error, CustomStringConvertible, Sendable, Equatable {
    public let line: Int
    public let byte: Int
    public let reason: String
    public var description: String { "line \(line) (byte \(byte)): \(reason)" }
}
