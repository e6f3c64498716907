import CSQLite

/// Text parameters gathered into one reusable buffer and bound without copying.
///
/// `sqlite3_bind_text` with `SQLITE_TRANSIENT` copies every string into a fresh allocation;
/// on the ingest path that copy and its `malloc`/`free` cost more than the insert's b-tree work.
/// The arena appends each string's bytes once into a buffer that keeps its capacity, then binds
/// pointers into it with `SQLITE_STATIC`. SQLite reads them only during `sqlite3_step`, and every
/// parameter is bound again before the next step, so no stale pointer is ever read.
struct TextArena {
    private var bytes: [UInt8] = []
    private var slots: [(index: Int32, start: Int, count: Int)] = []

    init() {
        bytes.reserveCapacity(1 << 16)
        slots.reserveCapacity(16)
    }

    /// Queues `text` for parameter `index`; nil binds NULL.
    mutating func add(_ text: String?, at index: Int32) {
        guard var text else {
            slots.append((index, -1, 0))
            return
        }
        let start = bytes.count
        text.withUTF8 { bytes.append(contentsOf: $0) }
        slots.append((index, start, bytes.count - start))
    }

    /// Binds every queued parameter to `statement`, runs `body` (which steps it), and empties the
    /// arena for the next row.
    mutating func bind<T>(to statement: Statement, _ body: () throws -> T) rethrows -> T {
        defer {
            bytes.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
        }
        // An empty array may have no storage; give SQLite a valid pointer for '' all the same.
        if bytes.isEmpty { bytes.append(0) }
        return try bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            for slot in slots {
                if slot.start < 0 {
                    sqlite3_bind_null(statement.handle, slot.index)
                } else {
                    sqlite3_bind_text64(
                        statement.handle, slot.index, (base + slot.start).assumingMemoryBound(to: CChar.self),
                        UInt64(slot.count), sqliteStatic, UInt8(SQLITE_UTF8)
                    )
                }
            }
            return try body()
        }
    }
}

/// SQLite's SQLITE_STATIC: the bytes stay valid while SQLite reads them; do not copy.
let sqliteStatic = unsafeBitCast(0, to: sqlite3_destructor_type.self)
