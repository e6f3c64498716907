/// One of SwiftUI's own runtime warnings, recognised in a message: which one, and the values
/// its text carries (a type, a repeated ID, an attribute number).
///
/// SwiftUI prints these itself, without any developer print, and each names a lifecycle problem:
/// a model published or state modified while a body ran, an `onChange` or preference that fired
/// several times in one frame, a cycle in the attribute graph, a `ForEach` ID that occurs twice,
/// a `@StateObject` or `@State` read outside a view, a `NavigationLink` value nobody handles.
/// The texts are known; `SwiftUIWarning+Table.swift` holds them, each with its sample lines.
public struct SwiftUIWarning: Sendable, Equatable {
    /// Which warning: the value stored in `warnings.warning`.
    public enum Identifier: String, CaseIterable, Sendable {
        /// `Publishing changes from within view updates is not allowed, ...`
        case publishDuringUpdate = "publish_during_update"
        /// `Modifying state during view update, this will cause undefined behavior.`
        case stateModifiedDuringUpdate = "state_modified_during_update"
        /// `onChange(of: T) action tried to update multiple times per frame.` and
        /// `Bound preference K tried to update multiple times per frame.`
        case updateMultipleTimesPerFrame = "update_multiple_times_per_frame"
        /// `=== AttributeGraph: cycle detected through attribute N ===`
        case attributeGraphCycle = "attribute_graph_cycle"
        /// `ForEach<...>: the ID X occurs multiple times within the collection, ...` and the
        /// lazy layouts' `LazyVStackLayout: the ID X is used by multiple child views, ...`
        case duplicateForEachID = "duplicate_foreach_id"
        /// `ForEach<...> count (6) != its initial count (0). `ForEach(_:content:)` should only be
        /// used for *constant* data. ...`: rows identified by their offset over data that changed.
        case forEachCountChanged = "foreach_count_changed"
        /// `Accessing StateObject's object without being installed on a View. ...`
        case stateObjectOutsideView = "state_object_outside_view"
        /// `Accessing State's value outside of being installed on a View. ...`
        case stateOutsideView = "state_outside_view"
        /// `Accessing Environment<T>'s value outside of being installed on a View. This will
        /// always read the default value and will not update.`
        case environmentOutsideView = "environment_outside_view"
        /// `A NavigationLink is presenting a value of type "T" but there is no matching
        /// navigationDestination declaration visible from the location of the link. ...`
        case missingNavigationDestination = "missing_navigation_destination"
        /// `NavigationLink presenting a value must appear inside a NavigationContent-based
        /// NavigationView. Link will be disabled.`: a value-based link with no stack around it.
        case navigationLinkOutsideStack = "navigation_link_outside_stack"
    }

    /// Which warning it is.
    public var identifier: Identifier
    /// The type the text names: the `onChange` value or preference key, the `ForEach` or
    /// layout type, the `StateObject`/`State` value type, the link's value type.
    public var type: String?
    /// The ID a duplicate-ID warning repeats, as SwiftUI printed it.
    public var elementID: String?
    /// The attribute an attribute-graph cycle runs through.
    public var attribute: Int?

    /// Creates a warning.
    public init(_ identifier: Identifier, type: String? = nil, elementID: String? = nil, attribute: Int? = nil) {
        self.identifier = identifier
        self.type = type
        self.elementID = elementID
        self.attribute = attribute
    }

    /// The warning `message` holds, or nil for any other message.
    ///
    /// Cheap for ordinary lines, which is nearly all of them: one table look-up on the first byte
    /// rejects a message no known text can start with, and a short prefix comparison the rest.
    /// Before that, a wrapper some consoles put around the text is stepped over: `[SwiftUI] `
    /// (Xcode's console) and `/path/File.swift:12: warning run: ` (Xcode's runtime issues, the
    /// path also as `~/…`).
    @inline(__always)
    public static func parse(_ message: UnsafeRawBufferPointer) -> SwiftUIWarning? {
        // A message may share its first bytes with a known text and still be one read from its
        // end (`NavigationRequestObserver tried to update …` starts like `NavigationLink …`).
        if mayStart(message), let warning = parseCandidate(message) { return warning }
        return parseDecorated(message) ?? parseTrailing(message)
    }

    /// A warning pasted into notes with decoration in front: indented, quoted (`> `), set in
    /// emphasis (`*`, `_`, backticks), bulleted, or after an emoji (`⚠️ `, `🟣 `). Nil when what
    /// follows the decoration is no known text. Out of line: ordinary lines fail the first test.
    @inline(never)
    public static func parseDecorated(_ message: UnsafeRawBufferPointer) -> SwiftUIWarning? {
        guard let first = message.first, first >= 0xC0 || isDecoration(first) else { return nil }
        var start = 0
        // At most a short run of decoration: a sentence before the text is not decoration.
        while start < min(message.count, 24) {
            let byte = message[start]
            if byte >= 0x80 || isDecoration(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ":") {
                start += 1
            } else {
                break
            }
        }
        guard start > 0, start < message.count else { return nil }
        var rest = UnsafeRawBufferPointer(rebasing: message[start...])
        // `_"EndpointPickers[4226:63591] [SwiftUI] Accessing …"_`: Xcode's line, its date cut off.
        if !mayStart(rest), let undated = NSLogEnvelope.parseUndated(rest) {
            rest = UnsafeRawBufferPointer(rebasing: rest[undated.message])
        }
        return mayStart(rest) ? parseCandidate(rest) : nil
    }

    /// Space, tab, `>`, `*`, `_`, backtick, `-`, `|`, `"`: what notes put before a pasted line.
    /// A switch, not a set's `contains`: it runs on every text line.
    @inline(__always)
    static func isDecoration(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "-"),
             UInt8(ascii: "|"), UInt8(ascii: "\""):
            true
        default:
            false
        }
    }

    /// True when a known text, or a wrapper around one, can start with `message`'s first two
    /// bytes.
    ///
    /// A switch over constants rather than a look-up in a table built from `known`: it touches
    /// no memory and runs no lazy initialiser, on every line of every log, and two bytes turn
    /// away nearly every ordinary line (`FirstView init` shares the `F` of `ForEach<`, not the
    /// `Fo`). A text added to `known` whose start is missing here fails its own samples' tests.
    @inline(__always)
    public static func mayStart(_ message: UnsafeRawBufferPointer) -> Bool {
        guard message.count >= 2 else { return false }
        return switch (message[0], message[1]) {
        case (UInt8(ascii: "P"), UInt8(ascii: "u")), (UInt8(ascii: "M"), UInt8(ascii: "o")), (UInt8(ascii: "o"), UInt8(ascii: "n")),
             (UInt8(ascii: "B"), UInt8(ascii: "o")), (UInt8(ascii: "F"), UInt8(ascii: "o")), (UInt8(ascii: "U"), UInt8(ascii: "p")),
             (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "A"), UInt8(ascii: "c")), (UInt8(ascii: "A"), UInt8(ascii: " ")),
             (UInt8(ascii: "A"), UInt8(ascii: "t")), (UInt8(ascii: "L"), UInt8(ascii: "a")), (UInt8(ascii: "["), UInt8(ascii: "S")),
             (UInt8(ascii: "c"), UInt8(ascii: "y")), (UInt8(ascii: "N"), UInt8(ascii: "a")), (UInt8(ascii: "<"), _), (UInt8(ascii: "/"), _),
             (UInt8(ascii: "~"), UInt8(ascii: "/")):
            true
        default:
            false
        }
    }

    /// The rest of `parse`, for a message that passed `mayStart`.
    @inline(never)
    static func parseCandidate(_ message: UnsafeRawBufferPointer) -> SwiftUIWarning? {
        var text = message
        // `~/…/File.swift:12: warning run:` is the runtime issue's path as people paste it, with
        // their home folder shortened.
        if message[0] == UInt8(ascii: "[") || message[0] == UInt8(ascii: "/") || message[0] == UInt8(ascii: "~") {
            guard let inner = Self.unwrapped(message), mayStart(inner) else { return nil }
            text = inner
        }
        // The prefixes alone (plain static strings) are scanned first, so a line that merely
        // shares a first byte with a known text costs a few byte comparisons.
        for (index, prefix) in prefixes.enumerated() where hasPrefix(text, prefix) {
            if let warning = known[index].match(text, prefix.utf8CodeUnitCount) { return warning }
        }
        return nil
    }

    /// Each known text's prefix, in `known`'s order.
    private static let prefixes: [StaticString] = known.map(\.prefix)

    /// The text inside a console's wrapper, or nil when `message` is not wrapped that way.
    static func unwrapped(_ message: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var cursor = ByteCursor(message)
        if cursor.skip("[SwiftUI]") {
            cursor.skipSpaces()
            return cursor.rest
        }
        // `/…/File.swift:63: warning run: text`, `/…/File.swift:381 text`: a path, a line
        // number, maybe a column, maybe a severity word.
        guard let swift = Self.range(of: ".swift:", in: message) else { return nil }
        cursor = ByteCursor(message, position: swift.upperBound)
        guard cursor.readInt() != nil else { return nil }
        if cursor.skip(UInt8(ascii: ":")), cursor.readInt() != nil { _ = cursor.skip(UInt8(ascii: ":")) }
        cursor.skipSpaces()
        if cursor.skip("warning run:") || cursor.skip("runtime warning:") || cursor.skip("warning:") || cursor.skip("runtime:") {
            cursor.skipSpaces()
        }
        if cursor.skip("SwiftUI:") { cursor.skipSpaces() }
        return cursor.rest
    }

    /// True when `text` starts with `prefix`.
    @inline(__always)
    static func hasPrefix(_ text: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
        var cursor = ByteCursor(text)
        return cursor.skip(prefix)
    }

    /// The first place `needle` occurs in `text` at or after `from`.
    static func range(of needle: StaticString, in text: UnsafeRawBufferPointer, from: Int = 0) -> Range<Int>? {
        needle.withUTF8Buffer { needle in
            guard let head = needle.first, needle.count <= text.count else { return nil }
            var start = from
            while start + needle.count <= text.count {
                if text[start] == head,
                   UnsafeRawBufferPointer(needle).elementsEqual(UnsafeRawBufferPointer(rebasing: text[start..<(start + needle.count)])) {
                    return start..<(start + needle.count)
                }
                start += 1
            }
            return nil
        }
    }

    /// The bytes of `range` as a string, nil when empty.
    static func string(_ text: UnsafeRawBufferPointer, _ range: Range<Int>) -> String? {
        range.isEmpty ? nil : String(decoding: UnsafeRawBufferPointer(rebasing: text[range]), as: UTF8.self)
    }
}
