import CSQLite

/// A prepared statement: binds parameters, steps, reads typed columns, finalises on deinit.
public final class Statement {
    let handle: OpaquePointer
    /// The statement's SQL text.
    public let sql: String
    private unowned let database: Database

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw database.error(code: code, sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.database = database
    }

    init(database: Database, handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// True when the statement does not write to the database file.
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// The number of result columns.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The result column names.
    public var columnNames: [String] {
        (0..<Int32(columnCount)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// The names of the statement's parameters (`:trace_id`), in index order; nil for an
    /// unnamed one (`?`).
    public var parameterNames: [String?] {
        (0..<sqlite3_bind_parameter_count(handle)).map { index in
            sqlite3_bind_parameter_name(handle, index + 1).map { String(cString: $0) }
        }
    }

    /// Resets the statement but keeps its bindings: for hot loops that bind every parameter anew.
    @inline(__always) public func rewind() {
        sqlite3_reset(handle)
    }

    /// Resets the statement and clears its bindings, ready to run again.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to parameters 1...n.
    public func bind(_ values: [SQLBindable]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value.sqlValue, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    public func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
        case .real(let double): code = sqlite3_bind_double(handle, index, double)
        case .text(let string): code = bindText(string, at: index)
        case .blob(let bytes):
            code = bytes.withUnsafeBytes {
                sqlite3_bind_blob64(handle, index, $0.baseAddress, UInt64($0.count), sqliteTransient)
            }
        }
        guard code == SQLITE_OK else { throw database.error(code: code, sql: sql) }
    }

    /// Binds an integer; the fast path for the writer.
    @inline(__always) public func bind(_ value: Int, at index: Int32) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    /// Binds an optional integer.
    @inline(__always) public func bind(_ value: Int?, at index: Int32) {
        if let value { sqlite3_bind_int64(handle, index, Int64(value)) } else { sqlite3_bind_null(handle, index) }
    }

    /// Sets one parameter to NULL.
    @inline(__always) public func bindNull(at index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    /// Sets every parameter to NULL: one call, for rows whose NULLs are then left unbound.
    @inline(__always) public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// Binds `value` unless it is nil, which leaves the parameter as it is (NULL after
    /// `clearBindings`).
    @inline(__always) public func bind(ifPresent value: Int?, at index: Int32) {
        if let value { sqlite3_bind_int64(handle, index, Int64(value)) }
    }

    /// Binds `value` unless it is nil, which leaves the parameter as it is.
    @inline(__always) public func bind(ifPresent value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(handle, index, value) }
    }

    /// Binds an optional double.
    @inline(__always) public func bind(_ value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds optional text.
    @inline(__always) public func bind(_ value: String?, at index: Int32) {
        if let value { _ = bindText(value, at: index) } else { sqlite3_bind_null(handle, index) }
    }

    private func bindText(_ string: String, at index: Int32) -> Int32 {
        var string = string
        return string.withUTF8 { utf8 in
            // An empty buffer may have no base address, and a nil pointer would bind NULL, not ''.
            guard let base = utf8.baseAddress, !utf8.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
            }
            return sqlite3_bind_text64(handle, index, base, UInt64(utf8.count), sqliteTransient, UInt8(SQLITE_UTF8))
        }
    }

    /// Runs one step: true when a row is ready, false when done.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code: code, sql: sql)
        }
    }

    /// Runs the statement to completion, ignoring rows.
    public func run(_ values: [SQLBindable] = []) throws {
        reset()
        try bind(values)
        while try step() {}
    }

    /// The value of column `index` in the current row.
    public func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default:
            return .text(text(at: index) ?? "")
        }
    }

    /// Column `index` as an integer, nil when NULL.
    public func int(at index: Int32) -> Int? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` of a NOT NULL integer column: one call into SQLite instead of two.
    @inline(__always) public func integer(at index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` as a double, nil when NULL.
    public func double(at index: Int32) -> Double? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_double(handle, index)
    }

    /// Column `index` as text, nil when NULL.
    public func text(at index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Column `index` as raw bytes, nil when NULL: no String is made. The bytes are valid only
    /// until the next `step`, `reset` or read of the same column as another type.
    @inline(__always) public func bytes(at index: Int32) -> UnsafeRawBufferPointer? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Every value of the current row.
    public func row() -> [SQLValue] {
        (0..<Int32(columnCount)).map { value(at: $0) }
    }
}

/// SQLite's SQLITE_TRANSIENT: copy the bound bytes before returning.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
