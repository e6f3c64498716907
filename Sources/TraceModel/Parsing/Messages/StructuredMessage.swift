/// The documented structured line apps can print for exact results:
///
/// ```
/// trace-analyze: kind=init view=DetailView id=0x600003a0c000 owner=RootView ms=0.42
/// ```
///
/// The marker `trace-analyze:` opens the message (leading spaces allowed) and logfmt pairs
/// follow, separated by spaces; a value with spaces, `"` or `=` is quoted with `"` and escapes
/// `\"` and `\\`. Keys: `kind` (body, init, deinit, appear, disappear, task, layout) and `view`
/// are required; `id` (the instance), `owner` (or its alias `parent`) and `ms` (how long the
/// step took, in milliseconds: for an init, the initializer; for a body, its evaluation) are
/// optional. The `TraceProbe` library writes four more: `type` (the type's full name, module
/// and all), `t` (a monotonic clock, in seconds), `identity=new` (on a body line: the first
/// evaluation of a new identity, SwiftUI created the view's state) and `seen=1|0` (on a deinit
/// line: the state token SwiftUI kept, whose death ends the identity, or one it discarded
/// without a body ever reading it). Unknown keys are ignored, so apps may add their own context
/// and old apps keep working. Parsing is exact: a line that opens with the marker but breaks
/// these rules is kept as text and counted in `malformed_structured`.
public enum StructuredMessage {
    /// The marker that opens a structured line.
    public static let marker: StaticString = "trace-analyze:"

    /// The token a probe's first body of an identity stores: `_printChanges()`'s own.
    public static let newIdentityToken = "@identity"
    /// The token a probe's kept state token stores at its deinit: the identity ended.
    public static let endedToken = "@ended"
    /// The token a probe's discarded state token stores at its deinit.
    public static let discardedToken = "@discarded"

    /// A parsed structured line.
    public struct Parsed: Equatable, Sendable {
        /// `kind=`.
        public var kind: EventKind
        /// `view=`.
        public var view: String
        /// `id=`.
        public var instance: String?
        /// `owner=` or `parent=`.
        public var owner: String?
        /// `ms=`.
        public var durationMs: Double?
        /// `type=`: the type's full name (`MyApp.DetailView`); `view` is the name
        /// `_printChanges()` prints, so the two kinds of line meet on one view.
        public var type: String?
        /// `t=`: the probe's monotonic clock, in seconds.
        public var time: Double?
        /// `identity=new`: this body is the first of a new identity.
        public var newIdentity: Bool
        /// `seen=`: for a state token's deinit, whether a body ever read it (true: the identity
        /// ended; false: a discarded instance).
        public var seen: Bool?

        /// Creates a parsed line.
        public init(
            kind: EventKind, view: String, instance: String? = nil, owner: String? = nil, durationMs: Double? = nil,
            type: String? = nil, time: Double? = nil, newIdentity: Bool = false, seen: Bool? = nil
        ) {
            self.kind = kind
            self.view = view
            self.instance = instance
            self.owner = owner
            self.durationMs = durationMs
            self.type = type
            self.time = time
            self.newIdentity = newIdentity
            self.seen = seen
        }

        /// The `_printChanges`-style tokens the line stands for, stored in `changes`: `@identity`
        /// for a new identity's first body, `@ended` and `@discarded` for a state token's deinit.
        public var tokens: [String] {
            if newIdentity { return [StructuredMessage.newIdentityToken] }
            switch seen {
            case true?: return [StructuredMessage.endedToken]
            case false?: return [StructuredMessage.discardedToken]
            case nil: return []
            }
        }
    }

    /// What a message turned out to be.
    public enum Result: Equatable, Sendable {
        /// The message does not open with the marker.
        case notStructured
        /// It opens with the marker but breaks the format, for this reason.
        case malformed(String)
        /// A well-formed structured line.
        case parsed(Parsed)
    }

    /// Parses `message`.
    public static func parse(_ message: UnsafeRawBufferPointer) -> Result {
        var cursor = ByteCursor(message)
        cursor.skipSpaces()
        guard cursor.skip(marker) else { return .notStructured }
        guard cursor.isAtEnd || cursor.peek == 0x20 || cursor.peek == 0x09 else { return .notStructured }
        var kind: EventKind?
        var view: String?
        var instance: String?
        var owner: String?
        var duration: Double?
        var type: String?
        var time: Double?
        var newIdentity = false
        var seen: Bool?
        while true {
            cursor.skipSpaces()
            if cursor.isAtEnd { break }
            let keyStart = cursor.position
            while let byte = cursor.peek, LifecycleTokenizer.isWordByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
                cursor.position += 1
            }
            let key = String(decoding: UnsafeRawBufferPointer(rebasing: message[keyStart..<cursor.position]), as: UTF8.self)
            guard !key.isEmpty, cursor.skip(UInt8(ascii: "=")) else {
                return .malformed("expected key=value at byte \(keyStart + 1)")
            }
            guard let value = readValue(&cursor) else { return .malformed("unterminated quoted value for \(key)") }
            func set(_ slot: inout String?) -> Result? {
                guard slot == nil else { return .malformed("\(key) given twice") }
                guard !value.isEmpty else { return .malformed("\(key) is empty") }
                slot = value
                return nil
            }
            switch key {
            case "kind":
                guard kind == nil else { return .malformed("kind given twice") }
                guard let parsed = EventKind(rawValue: value), parsed.isLifecycleStep else {
                    return .malformed("unknown kind '\(value)'; valid: body, init, deinit, appear, disappear, task, layout")
                }
                kind = parsed
            case "view": if let error = set(&view) { return error }
            case "id": if let error = set(&instance) { return error }
            case "owner", "parent": if let error = set(&owner) { return error }
            case "ms":
                guard duration == nil else { return .malformed("ms given twice") }
                guard let number = Double(value), number.isFinite, number >= 0 else {
                    return .malformed("ms must be a non-negative number, found '\(value)'")
                }
                duration = number
            case "type": if let error = set(&type) { return error }
            case "t":
                guard time == nil else { return .malformed("t given twice") }
                guard let number = Double(value), number.isFinite, number >= 0 else {
                    return .malformed("t must be a non-negative number of seconds, found '\(value)'")
                }
                time = number
            case "identity":
                guard !newIdentity else { return .malformed("identity given twice") }
                guard value == "new" else { return .malformed("identity must be 'new', found '\(value)'") }
                newIdentity = true
            case "seen":
                guard seen == nil else { return .malformed("seen given twice") }
                guard value == "0" || value == "1" else { return .malformed("seen must be 0 or 1, found '\(value)'") }
                seen = value == "1"
            default:
                break
            }
        }
        guard let kind else { return .malformed("missing kind") }
        guard let view else { return .malformed("missing view") }
        if newIdentity && kind != .body { return .malformed("identity=new belongs on a body line, found kind=\(kind.rawValue)") }
        if seen != nil && kind != .`deinit` { return .malformed("seen belongs on a deinit line, found kind=\(kind.rawValue)") }
        return .parsed(Parsed(
            kind: kind, view: view, instance: instance, owner: owner, durationMs: duration,
            type: type, time: time, newIdentity: newIdentity, seen: seen
        ))
    }

    /// A bare value (up to the next space) or a quoted one; nil for an unterminated quote.
    private static func readValue(_ cursor: inout ByteCursor) -> String? {
        if !cursor.skip(UInt8(ascii: "\"")) {
            let start = cursor.position
            while let byte = cursor.peek, byte != 0x20, byte != 0x09 { cursor.position += 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<cursor.position]), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        while let byte = cursor.peek {
            cursor.position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard cursor.isAtEnd || cursor.peek == 0x20 || cursor.peek == 0x09 else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let next = cursor.peek else { return nil }
                cursor.position += 1
                bytes.append(next)
            default:
                bytes.append(byte)
            }
        }
        return nil
    }
}
