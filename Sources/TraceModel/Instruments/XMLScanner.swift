#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What an `XMLScanner` hands on: tags and text, as bytes valid only during the call.
///
/// Generic rather than a protocol existential, so the scanner's loop is specialised for its one
/// sink and each call is direct.
public protocol XMLSink {
    /// An element opened (`<name attributes>`); `empty` for `<name/>`, which gets no `end`.
    /// `line` is the 1-based line the tag starts on, `offset` its byte offset in the input.
    mutating func start(name: UnsafeRawBufferPointer, attributes: UnsafeRawBufferPointer, empty: Bool, line: Int, offset: Int) throws
    /// The element `name` closed.
    mutating func end(name: UnsafeRawBufferPointer) throws
    /// Character data between tags (entities not yet decoded; CDATA as it stands).
    mutating func text(_ bytes: UnsafeRawBufferPointer)
}

/// A streaming XML tokenizer on bytes: feed it chunks of any size, it keeps the unfinished tag
/// or text for the next one, so memory is one chunk plus the longest token, whatever the file.
///
/// It checks what a truncated or garbled export breaks: tags close in order, a tag ends before
/// the input does, every element is closed at the end. It does not validate names or
/// attributes beyond that, nor read a DTD: `xctrace export` writes none. Several documents one
/// after another (tables exported apart, then concatenated) are read as one stream.
public struct XMLScanner {
    /// Bytes of an unfinished token, carried from one chunk to the next.
    private var pending: [UInt8] = []
    /// Bytes consumed before `pending`'s first byte: error offsets count from the input's start.
    private var consumed = 0
    /// The current 1-based line.
    private var line = 1
    /// The names of open elements, back to back, and where each starts in `names` and the input.
    private var names = ByteStack()
    private var open: [OpenElement] = []

    /// Where an open element's name starts in `names`, and its tag in the input. A struct
    /// rather than a tuple: an array of tuples asked the runtime for the tuple's metadata on
    /// every push and pop.
    private struct OpenElement {
        let start: Int
        let offset: Int
    }

    /// Creates a scanner at the start of an input.
    public init() {}

    /// Bytes read so far, up to the last complete token.
    public var offset: Int { consumed }

    /// Counts `count` bytes before the first one fed as read (a byte-order mark the reader took
    /// off), so that error offsets stay the input's own.
    mutating func skip(_ count: Int) {
        precondition(consumed == 0 && pending.isEmpty, "only the input's first bytes are skipped")
        consumed = count
    }

    /// True while an element is open: the input is inside a document.
    public var isInsideDocument: Bool { !open.isEmpty }

    /// Scans `chunk`, handing every complete token to `sink`; an incomplete one waits for more.
    public mutating func feed<Sink: XMLSink>(_ chunk: UnsafeRawBufferPointer, into sink: inout Sink) throws {
        if let first = pending.first {
            // Finish the carried token with the chunk's bytes up to its end (the next `>` of a
            // tag, the next `<` after text), then scan the rest of the chunk where it lies:
            // appending every chunk to the carry copied the whole input once more.
            let delimiter = first == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "<")
            if let index = chunk.firstIndex(of: delimiter) {
                let end = index + 1
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<end]))
                let buffer = pending
                let used = try buffer.withUnsafeBytes { try scan($0, into: &sink) }
                let leftover = buffer.count - used
                consumed += used
                if leftover <= end {
                    // What is left came from this chunk: scan on from there.
                    pending.removeAll(keepingCapacity: true)
                    try feed(UnsafeRawBufferPointer(rebasing: chunk[(end - leftover)...]), into: &sink)
                } else {
                    // Still not done (a `>` inside quotes, a comment): carry the rest too.
                    pending.removeFirst(used)
                    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[end...]))
                    let rest = pending
                    let more = try rest.withUnsafeBytes { try scan($0, into: &sink) }
                    pending.removeFirst(more)
                    consumed += more
                }
                return
            }
        }
        if pending.isEmpty {
            let used = try scan(chunk, into: &sink)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[used...]))
            consumed += used
        } else {
            pending.append(contentsOf: chunk)
            let buffer = pending
            let used = try buffer.withUnsafeBytes { try scan($0, into: &sink) }
            pending.removeFirst(used)
            consumed += used
        }
    }

    /// Ends the input: anything left unfinished is an error naming where it began.
    public mutating func finish() throws {
        if let index = pending.firstIndex(where: { !Self.isSpace($0) }) {
            let what = pending[index] == UInt8(ascii: "<") ? "a tag" : "text"
            throw XMLError(offset: consumed + index, reason: "the input ends inside \(what) begun here (truncated export?)")
        }
        if let last = open.last {
            let name = String(decoding: names.suffix(from: last.start), as: UTF8.self)
            throw XMLError(offset: consumed + pending.count, reason: "the input ends before <\(name)> (opened at byte \(last.offset)) is closed (truncated export?)")
        }
    }

    /// Scans as many complete tokens of `bytes` as there are; returns how many bytes they took.
    private mutating func scan<Sink: XMLSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws -> Int {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let count = bytes.count
        var index = 0
        while index < count {
            if base[index] != UInt8(ascii: "<") {
                // Text runs to the next tag; without one in this chunk it waits, unless it is
                // only the whitespace between rows, which is handed on at once.
                let start = index
                var newlines = 0
                while index < count, base[index] != UInt8(ascii: "<") {
                    if base[index] == 0x0A { newlines += 1 }
                    index += 1
                }
                if index == count {
                    // Whitespace between tags is all a chunk's end can hold and still be done
                    // with; a value cut by the chunk waits for the rest. Inside an element the
                    // whitespace is its text's, handed on as one chunk would have: the text an
                    // element gets must not depend on where the chunks were cut.
                    guard Self.allSpace(base + start, index - start) else { return start }
                    line += newlines
                    if !open.isEmpty, index > start { sink.text(UnsafeRawBufferPointer(start: base + start, count: index - start)) }
                    return count
                }
                line += newlines
                if !open.isEmpty {
                    sink.text(UnsafeRawBufferPointer(start: base + start, count: index - start))
                } else if !Self.allSpace(base + start, index - start) {
                    // At the text's first byte that is not a space: the spaces before it may have
                    // been handed on with an earlier chunk, and the offset must not depend on that.
                    var first = start
                    while Self.isSpace(base[first]) { first += 1 }
                    throw XMLError(offset: consumed + first, reason: "text outside any element")
                }
                continue
            }
            guard let end = try tagEnd(base, from: index, count: count) else { return index }
            try token(base, from: index, to: end, into: &sink)
            index = end + 1
        }
        return index
    }

    /// The index of the `>` that ends the construct starting at `start` (a `<`), or nil when the
    /// chunk ends first. Quoted attribute values may hold `>`; comments, CDATA and processing
    /// instructions end at their own terminators.
    private func tagEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) throws -> Int? {
        guard start + 1 < count else { return nil }
        let second = base[start + 1]
        if second == UInt8(ascii: "!") || second == UInt8(ascii: "?"), let terminator = Self.specialTerminator(base, from: start, count: count) {
            guard let terminator else { return nil }
            var index = start + 1
            while index + terminator.count <= count {
                if base[index] == terminator[0], zip(terminator.indices, terminator).allSatisfy({ base[index + $0] == $1 }) {
                    return index + terminator.count - 1
                }
                index += 1
            }
            return nil
        }
        var index = start + 1
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: ">") { return index }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Attribute values are most of a tag's bytes (`fmt="…"`): `memchr` skips to the
                // closing quote where a byte-at-a-time loop with a quote state spent about 13
                // instructions a byte.
                guard let close = memchr(base + index + 1, Int32(byte), count - index - 1) else { return nil }
                index = close.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base) + 1
                continue
            }
            if byte == UInt8(ascii: "<") {
                if Self.startsDocumentType(base + start, count: index - start) {
                    // `<!DOCTYPE x [ <!ENTITY …> ]>`: the one place XML declares entities, and the way
                    // in for entity expansion attacks. No xctrace export has one; none is expanded.
                    throw XMLError(offset: consumed + start, reason: "a document type declaration with its own declarations (<!DOCTYPE … [ … ]>), which no xctrace export has; it is refused and no entity in it is expanded")
                }
                throw XMLError(offset: consumed + index, reason: "'<' inside a tag (the tag begun at byte \(consumed + start) is not closed)")
            }
            index += 1
        }
        return nil
    }

    /// Whether the `count` bytes at `tag` begin `<!DOCTYPE` (in any case, as SGML allowed).
    private static func startsDocumentType(_ tag: UnsafePointer<UInt8>, count: Int) -> Bool {
        let name = Array("<!DOCTYPE".utf8)
        guard count >= name.count else { return false }
        return name.indices.allSatisfy { tag[$0] | 0x20 == name[$0] | 0x20 }
    }

    /// For `<!--`, `<![CDATA[` and `<?`: the bytes that end them (`.some(nil)` when the chunk is
    /// too short to tell yet); nil for an ordinary tag.
    private static func specialTerminator(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> [UInt8]?? {
        func hasPrefix(_ prefix: StaticString) -> Bool? {
            let length = prefix.utf8CodeUnitCount
            let available = min(length, count - start)
            for offset in 0..<available where base[start + offset] != prefix.utf8Start[offset] { return false }
            return available == length ? true : nil
        }
        for (prefix, terminator) in [("<!--" as StaticString, Array("-->".utf8)), ("<![CDATA[", Array("]]>".utf8)), ("<?", Array("?>".utf8))] {
            switch hasPrefix(prefix) {
            case true?: return .some(terminator)
            case nil: return .some(nil)
            case false?: continue
            }
        }
        return nil
    }

    /// One complete construct from `start` (`<`) to `end` (`>`).
    private mutating func token<Sink: XMLSink>(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, into sink: inout Sink) throws {
        let tagLine = line
        // Newlines inside a tag are rare: `memchr` finds there are none at memory speed.
        var from = base + start
        let stop = base + end + 1
        while from < stop, let newline = memchr(from, 0x0A, stop - from) {
            line += 1
            from = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) + 1
        }
        let second = start + 1 < end ? base[start + 1] : 0
        switch second {
        case UInt8(ascii: "?"):
            return
        case UInt8(ascii: "!"):
            if end - start >= 11, base[start + 2] == UInt8(ascii: "[") {
                // CDATA: `<![CDATA[` … `]]>`.
                guard !open.isEmpty else { throw XMLError(offset: consumed + start, reason: "CDATA outside any element") }
                sink.text(UnsafeRawBufferPointer(start: base + start + 9, count: end - 2 - (start + 9)))
            }
            return // comments and a DOCTYPE carry nothing the tables need
        case UInt8(ascii: "/"):
            var nameEnd = start + 2
            while nameEnd < end, !Self.isSpace(base[nameEnd]) { nameEnd += 1 }
            let name = UnsafeRawBufferPointer(start: base + start + 2, count: nameEnd - start - 2)
            guard let top = open.popLast() else {
                throw XMLError(offset: consumed + start, reason: "closing tag </\(String(decoding: name, as: UTF8.self))> with no element open")
            }
            guard names.suffix(from: top.start, equals: name) else {
                let expected = names.suffix(from: top.start)
                throw XMLError(
                    offset: consumed + start,
                    reason: "closing tag </\(String(decoding: name, as: UTF8.self))> does not match <\(String(decoding: expected, as: UTF8.self))> opened at byte \(top.offset)"
                )
            }
            names.truncate(to: top.start)
            try sink.end(name: name)
        default:
            let empty = base[end - 1] == UInt8(ascii: "/")
            let last = empty ? end - 1 : end
            var nameEnd = start + 1
            while nameEnd < last, !Self.isSpace(base[nameEnd]) { nameEnd += 1 }
            guard nameEnd > start + 1, Self.isNameStart(base[start + 1]) else {
                throw XMLError(offset: consumed + start, reason: "'<' not followed by a tag name")
            }
            let name = UnsafeRawBufferPointer(start: base + start + 1, count: nameEnd - start - 1)
            let attributes = UnsafeRawBufferPointer(start: base + nameEnd, count: last - nameEnd)
            if !empty {
                open.append(OpenElement(start: names.count, offset: consumed + start))
                names.append(name)
            }
            try sink.start(name: name, attributes: attributes, empty: empty, line: tagLine, offset: consumed + start)
            if empty { try sink.end(name: name) }
        }
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// `bytes` without the XML spaces before and after them.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        return bytes[start..<end]
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func allSpace(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for index in 0..<count where !isSpace(start[index]) { return false }
        return true
    }
}

/// A malformed or truncated XML input, with the byte offset where reading stopped.
public struct XMLError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The byte offset (0-based) of the construct that is wrong.
    public let offset: Int
    /// What is wrong, in words.
    public let reason: String

    /// Creates an error at `offset`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "malformed XML at byte \(offset): \(reason)" }
}
