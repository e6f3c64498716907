/// One column's values for the row group being built, and their encoding into pages.
///
/// INTEGER is written PLAIN as INT64, REAL PLAIN as DOUBLE. TEXT starts dictionary-encoded (a
/// dictionary page, then RLE_DICTIONARY indices), which suits repeated strings such as kinds,
/// views and rule ids; a column whose distinct values outgrow `dictionaryLimit` bytes in a row
/// group (messages, mostly unique) turns PLAIN for the rest of that row group.
final class ParquetColumnBuffer {
    let column: ExportTable.Column
    private(set) var rows = 0
    private var definitionLevels: [UInt32] = []
    private var nonNull = 0
    private var plain: [UInt8] = []
    private var dictionary: [[UInt8]] = []
    private var dictionaryIndex: [[UInt8]: UInt32] = [:]
    private var dictionaryBytes = 0
    private var indices: [UInt32] = []
    private var usesDictionary: Bool

    private let dictionaryLimit: Int

    init(column: ExportTable.Column, dictionaryLimit: Int) {
        self.column = column
        self.dictionaryLimit = dictionaryLimit
        usesDictionary = column.type == .text
    }

    /// Bytes held, roughly: what bounds a row group.
    var bufferedBytes: Int { plain.count + dictionaryBytes + indices.count * 4 + definitionLevels.count * 4 }

    /// Appends column `index` of the statement's current row.
    func append(from row: Statement, at index: Int32) {
        rows += 1
        switch column.type {
        case .integer:
            guard let value = row.int(at: index) else { return appendNull() }
            appendDefined()
            withUnsafeBytes(of: Int64(value).littleEndian) { plain.append(contentsOf: $0) }
        case .real:
            guard let value = row.double(at: index) else { return appendNull() }
            appendDefined()
            withUnsafeBytes(of: value.bitPattern.littleEndian) { plain.append(contentsOf: $0) }
        case .text:
            guard let bytes = row.bytes(at: index) else { return appendNull() }
            appendDefined()
            if usesDictionary {
                let key = [UInt8](bytes)
                if let existing = dictionaryIndex[key] {
                    indices.append(existing)
                } else {
                    let next = UInt32(dictionary.count)
                    dictionary.append(key)
                    dictionaryIndex[key] = next
                    dictionaryBytes += key.count + 4
                    indices.append(next)
                    if dictionaryBytes > dictionaryLimit { turnPlain() }
                }
            } else {
                appendPlain(bytes)
            }
        }
    }

    private func appendNull() {
        precondition(column.nullable, "NULL in the NOT NULL column \(column.name)")
        definitionLevels.append(0)
    }

    @inline(__always) private func appendDefined() {
        nonNull += 1
        if column.nullable { definitionLevels.append(1) }
    }

    private func appendPlain(_ bytes: UnsafeRawBufferPointer) {
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { plain.append(contentsOf: $0) }
        plain.append(contentsOf: bytes)
    }

    private func turnPlain() {
        usesDictionary = false
        for index in indices {
            dictionary[Int(index)].withUnsafeBytes { appendPlain($0) }
        }
        dictionary = []
        dictionaryIndex = [:]
        dictionaryBytes = 0
        indices = []
    }

    /// The column chunk for the rows appended since the last call: its pages (a dictionary page
    /// when dictionary-encoded, then one data page) as parts to write in order from file offset
    /// `start` (parts, not one array: the largest column is not copied again), and its metadata.
    /// Empties the buffer for the next row group.
    func takeChunk(at start: Int) -> (parts: [[UInt8]], metadata: ParquetColumnChunk) {
        var parts: [[UInt8]] = []
        var size = 0
        func add(_ part: [UInt8]) {
            size += part.count
            parts.append(part)
        }
        var dictionaryOffset: Int?
        let dictionaryEncoded = usesDictionary && !dictionary.isEmpty
        var values: [UInt8] = []
        if dictionaryEncoded {
            var page: [UInt8] = []
            for entry in dictionary {
                withUnsafeBytes(of: UInt32(entry.count).littleEndian) { page.append(contentsOf: $0) }
                page.append(contentsOf: entry)
            }
            dictionaryOffset = start
            add(ParquetPageHeader.dictionary(size: page.count, values: dictionary.count))
            add(page)
            let width = RLEHybrid.bitWidth(forMaximum: dictionary.count - 1)
            values.append(UInt8(width))
            RLEHybrid.encode(indices, bitWidth: width, into: &values)
        } else {
            swap(&values, &plain)
        }
        var levels: [UInt8] = []
        if column.nullable {
            var encoded: [UInt8] = []
            RLEHybrid.encode(definitionLevels, bitWidth: 1, into: &encoded)
            withUnsafeBytes(of: UInt32(encoded.count).littleEndian) { levels.append(contentsOf: $0) }
            levels += encoded
        }
        let dataOffset = start + size
        let encoding: ParquetEncoding = dictionaryEncoded ? .rleDictionary : .plain
        add(ParquetPageHeader.data(size: levels.count + values.count, values: rows, encoding: encoding))
        add(levels)
        add(values)
        let metadata = ParquetColumnChunk(
            column: column, values: rows, size: size, dataPageOffset: dataOffset,
            dictionaryPageOffset: dictionaryOffset, encodings: dictionaryEncoded ? [.plain, .rle, .rleDictionary] : [.plain, .rle]
        )
        reset()
        return (parts, metadata)
    }

    private func reset() {
        rows = 0
        nonNull = 0
        definitionLevels.removeAll(keepingCapacity: true)
        plain.removeAll(keepingCapacity: true)
        dictionary = []
        dictionaryIndex = [:]
        dictionaryBytes = 0
        indices.removeAll(keepingCapacity: true)
        usesDictionary = column.type == .text
    }
}
