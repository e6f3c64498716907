import Foundation

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
    ///
    /// Keys and values are read as bytes where they lie: only the names an event keeps become
    /// strings, and a plain decimal number is read without `strtod`. A probe line is a dozen
    /// pairs, and a `String` per key and value with a string `switch` over the key cost twice
    /// the parse of a `_printChanges` line.
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
            let keyBytes = UnsafeRawBufferPointer(rebasing: message[keyStart..<cursor.position])
            // The key's text, for messages only.
            var key: String { String(decoding: keyBytes, as: UTF8.self) }
            guard !keyBytes.isEmpty, cursor.skip(UInt8(ascii: "=")) else {
                return .malformed("expected key=value at byte \(keyStart + 1)")
            }
            guard let value = readValue(&cursor) else { return .malformed("unterminated quoted value for \(key)") }
            func set(_ slot: inout String?) -> Result? {
                guard slot == nil else { return .malformed("\(key) given twice") }
                guard !value.isEmpty else { return .malformed("\(key) is empty") }
                slot = value.string(in: message)
                return nil
            }
            switch Key(keyBytes) {
            case .kind:
                guard kind == nil else { return .malformed("kind given twice") }
                guard let parsed = value.withBytes(in: message, Self.kind), parsed.isLifecycleStep else {
                    return .malformed(Suggestion.unknown("kind", value.string(in: message), valid: lifecycleKindNames))
                }
                kind = parsed
            case .view: if let error = set(&view) { return error }
            case .id: if let error = set(&instance) { return error }
            case .owner: if let error = set(&owner) { return error }
            case .ms:
                guard duration == nil else { return .malformed("ms given twice") }
                guard let number = value.withBytes(in: message, Self.number), number.isFinite, number >= 0 else {
                    return .malformed("ms must be a non-negative number, found '\(value.string(in: message))'")
                }
                duration = number
            case .type: if let error = set(&type) { return error }
            case .t:
                guard time == nil else { return .malformed("t given twice") }
                guard let number = value.withBytes(in: message, Self.number), number.isFinite, number >= 0 else {
                    return .malformed("t must be a non-negative number of seconds, found '\(value.string(in: message))'")
                }
                time = number
            case .identity:
                guard !newIdentity else { return .malformed("identity given twice") }
                guard value.withBytes(in: message, { LifecycleWords.equals($0, "new") }) else {
                    return .malformed("identity must be 'new', found '\(value.string(in: message))'")
                }
                newIdentity = true
            case .seen:
                guard seen == nil else { return .malformed("seen given twice") }
                let flag = value.withBytes(in: message) { $0.count == 1 && ($0[0] == UInt8(ascii: "0") || $0[0] == UInt8(ascii: "1")) ? $0[0] : nil }
                guard let flag else { return .malformed("seen must be 0 or 1, found '\(value.string(in: message))'") }
                seen = flag == UInt8(ascii: "1")
            case .other:
                break
            }
        }
        guard let kind else { return .malformed("missing kind" + misspelled("kind", in: message)) }
        guard let view else { return .malformed("missing view" + misspelled("view", in: message)) }
        if newIdentity && kind != .body { return .malformed("identity=new belongs on a body line, found kind=\(kind.rawValue)") }
        if seen != nil && kind != .`deinit` { return .malformed("seen belongs on a deinit line, found kind=\(kind.rawValue)") }
        return .parsed(Parsed(
            kind: kind, view: view, instance: instance, owner: owner, durationMs: duration,
            type: type, time: time, newIdentity: newIdentity, seen: seen
        ))
    }

    /// Why `message` (a stored event's text) was refused as a structured line, or nil when it
    /// is none or was read: for reports that show the malformed lines a trace counted.
    public static func whyMalformed(_ message: String) -> String? {
        var message = message
        return message.withUTF8 { bytes in
            if case .malformed(let reason) = parse(UnsafeRawBufferPointer(bytes)) { return reason }
            return nil
        }
    }

    /// The kinds a structured line may name, in the order messages list them.
    private static let lifecycleKindNames = EventKind.allCases.filter(\.isLifecycleStep).map(\.rawValue)

    /// ` ('veiw=' given: did you mean 'view='?)` when a key of `message` looks like a misspelled
    /// `key`, else nothing. Only a line already refused pays for it.
    private static func misspelled(_ key: String, in message: UnsafeRawBufferPointer) -> String {
        let keys = String(decoding: message, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
            .compactMap { pair in pair.firstIndex(of: "=").map { String(pair[..<$0]) } }
        guard let typed = keys.first(where: { $0 != key && Suggestion.closest(to: $0, in: [key]) != nil }) else { return "" }
        return " ('\(typed)=' given: did you mean '\(key)='?)"
    }

    /// The keys the format gives a meaning to; any other is ignored.
    private enum Key {
        case kind, view, id, owner, ms, type, t, identity, seen, other

        init(_ bytes: UnsafeRawBufferPointer) {
            switch bytes.count {
            case 1: self = bytes[0] == UInt8(ascii: "t") ? .t : .other
            case 2: self = LifecycleWords.equals(bytes, "id") ? .id : LifecycleWords.equals(bytes, "ms") ? .ms : .other
            case 4:
                if LifecycleWords.equals(bytes, "kind") { self = .kind }
                else if LifecycleWords.equals(bytes, "view") { self = .view }
                else if LifecycleWords.equals(bytes, "type") { self = .type }
                else if LifecycleWords.equals(bytes, "seen") { self = .seen }
                else { self = .other }
            case 5: self = LifecycleWords.equals(bytes, "owner") ? .owner : .other
            case 6: self = LifecycleWords.equals(bytes, "parent") ? .owner : .other
            case 8: self = LifecycleWords.equals(bytes, "identity") ? .identity : .other
            default: self = .other
            }
        }
    }

    /// A value as read: where it lies in the message when bare, its unescaped bytes when quoted.
    private struct Value {
        var bare: Range<Int>?
        var quoted: [UInt8] = []

        var isEmpty: Bool {
            if let bare { return bare.isEmpty }
            return quoted.isEmpty
        }

        func withBytes<R>(in message: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
            if let bare { return body(UnsafeRawBufferPointer(rebasing: message[bare])) }
            return quoted.withUnsafeBytes(body)
        }

        func string(in message: UnsafeRawBufferPointer) -> String {
            withBytes(in: message) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// A bare value (up to the next space) or a quoted one; nil for an unterminated quote.
    private static func readValue(_ cursor: inout ByteCursor) -> Value? {
        if !cursor.skip(UInt8(ascii: "\"")) {
            let start = cursor.position
            while let byte = cursor.peek, byte != 0x20, byte != 0x09 { cursor.position += 1 }
            return Value(bare: start..<cursor.position)
        }
        var bytes: [UInt8] = []
        while let byte = cursor.peek {
            cursor.position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard cursor.isAtEnd || cursor.peek == 0x20 || cursor.peek == 0x09 else { return nil }
                return Value(bare: nil, quoted: bytes)
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

    /// The event kind `bytes` name, as `EventKind(rawValue:)` reads it.
    private static func kind(_ bytes: UnsafeRawBufferPointer) -> EventKind? {
        kindNames.first { name, _ in
            name.count == bytes.count && name.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        }?.kind
    }

    /// Every kind with its name's bytes, made once: `EventKind(rawValue:)` made a string a line.
    private static let kindNames: [(name: [UInt8], kind: EventKind)] = EventKind.allCases.map { (Array($0.rawValue.utf8), $0) }

    /// The number `bytes` spell, as `Double(String)` reads it.
    ///
    /// Digits with at most one point and 15 significant digits, most of all a probe's `t=` and
    /// `ms=`, are read here: the digits as an integer, exact in a `Double`, divided by a power
    /// of ten that is exact too (at most 10^22), which IEEE division rounds correctly, so the
    /// result is the correctly rounded value `strtod` gives. Anything else goes to `Double`.
    static func number(_ bytes: UnsafeRawBufferPointer) -> Double? {
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = -1
        for byte in bytes {
            if byte == UInt8(ascii: "."), fraction < 0 {
                fraction = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 || (mantissa == 0 && byte == UInt8(ascii: "0")) else {
                return Double(String(decoding: bytes, as: UTF8.self))
            }
            if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            if fraction >= 0 { fraction += 1 }
        }
        // Empty, a lone point, or a point first or last: what `Double` accepts or refuses.
        guard !bytes.isEmpty, bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: "."), fraction <= 22 else {
            return Double(String(decoding: bytes, as: UTF8.self))
        }
        return fraction > 0 ? Double(mantissa) / powersOfTen[fraction] : Double(mantissa)
    }

    /// 10^0 through 10^22, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}
