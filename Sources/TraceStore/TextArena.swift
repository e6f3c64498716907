import CSQLite
import Foundation

/// Text parameters gathered into one reusable buffer and bound without copying.
///
/// `sqlite3_bind_text` with `SQLITE_TRANSIENT` copies every string into a fresh allocation;
/// on the ingest path that copy and its `malloc`/`free` cost more than the insert's b-tree work.
/// The arena appends each string's bytes once into a buffer that keeps its capacity, then binds
/// pointers into it with `SQLITE_STATIC`. SQLite reads them only during `sqlite3_step`, and every
/// parameter is bound again before the next step, so no stale pointer is ever read.
///
/// A NULL is not queued at all: the writer sets a parameter NULL itself, and only when it held
/// a value for an earlier row.
struct TextArena {
    /// Room for the bytes of one statement's text; `used` of them are taken.
    private var bytes = [UInt8](repeating: 0, count: 1 << 16)
    private var used = 0
    private var slots: [(index: Int32, start: Int, count: Int)] = []

    init() {
        slots.reserveCapacity(16 * 16)
    }

    /// Queues `text` for parameter `index`; nil leaves the parameter as it is (the caller sets
    /// it NULL where it held a value). True when there was text.
    @discardableResult @inline(__always)
    mutating func add(_ text: String?, at index: Int32) -> Bool {
        guard let text else { return false }
        Self.withBytes(of: text) { append($0, at: index) }
        return true
    }

    /// Runs `body` on the UTF-8 bytes of `text` where they lie: a native string (every string
    /// the parser makes) is read in place, where `withUTF8` needed a `var` copy, a retain and
    /// a release of the string for each of the five texts of a row.
    @inline(__always)
    static func withBytes<T>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int32) {
        let count = utf8.count
        while used + count > bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
        if count > 0 {
            bytes.withUnsafeMutableBytes { _ = memcpy($0.baseAddress! + used, utf8.baseAddress!, count) }
        }
        slots.append((index, used, count))
        used += count
    }

    /// Queues `text` for parameter `index` without its leading `prefix` when it begins with
    /// those bytes (and `prefix` is not empty); true when it did.
    mutating func add(_ text: String, droppingPrefix prefix: String?, at index: Int32) -> Bool {
        guard let prefix, !prefix.isEmpty else {
            add(text, at: index)
            return false
        }
        return Self.withBytes(of: text) { utf8 in
            let kept = Self.withBytes(of: prefix) { head in
                utf8.count >= head.count && memcmp(utf8.baseAddress!, head.baseAddress!, head.count) == 0 ? head.count : 0
            }
            append(UnsafeBufferPointer(rebasing: utf8[kept...]), at: index)
            return kept > 0
        }
    }

    /// Binds every queued parameter to `statement`, runs `body` (which steps it), and empties the
    /// arena for the next row.
    mutating func bind<T>(to statement: Statement, _ body: () throws -> T) rethrows -> T {
        defer {
            used = 0
            slots.removeAll(keepingCapacity: true)
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            // `bytes` is never empty, so '' gets a valid pointer (a nil one would bind NULL).
            let base = UnsafeRawPointer(buffer.baseAddress!)
            for slot in slots {
                sqlite3_bind_text64(
                    statement.handle, slot.index, (base + slot.start).assumingMemoryBound(to: CChar.self),
                    UInt64(slot.count), sqliteStatic, UInt8(SQLITE_UTF8)
                )
            }
            return try body()
        }
    }
}

/// SQLite's SQLITE_STATIC: the bytes stay valid while SQLite reads them; do not copy.
let sqliteStatic = unsafeBitCast(0, to: sqlite3_destructor_type.self)
