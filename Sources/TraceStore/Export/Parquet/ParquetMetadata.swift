/// Parquet's enums, as the format's Thrift definition numbers them.
enum ParquetEncoding: Int32 {
    case plain = 0, rle = 3, rleDictionary = 8
}

/// One column chunk's footer entry.
struct ParquetColumnChunk {
    let column: ExportTable.Column
    let values: Int
    let size: Int
    let dataPageOffset: Int
    let dictionaryPageOffset: Int?
    let encodings: [ParquetEncoding]

    /// The first byte of the chunk.
    var start: Int { dictionaryPageOffset ?? dataPageOffset }
}

/// One row group's footer entry.
struct ParquetRowGroup {
    let columns: [ParquetColumnChunk]
    let rows: Int
}

/// Page headers: uncompressed pages, so both sizes are the page's size.
enum ParquetPageHeader {
    static func dictionary(size: Int, values: Int) -> [UInt8] {
        var thrift = ThriftCompactWriter()
        thrift.field(1, i32: 2) // DICTIONARY_PAGE
        thrift.field(2, i32: Int32(size))
        thrift.field(3, i32: Int32(size))
        thrift.beginStruct(7) // dictionary_page_header
        thrift.field(1, i32: Int32(values))
        thrift.field(2, i32: ParquetEncoding.plain.rawValue)
        thrift.endStruct()
        thrift.stop()
        return thrift.bytes
    }

    static func data(size: Int, values: Int, encoding: ParquetEncoding) -> [UInt8] {
        var thrift = ThriftCompactWriter()
        thrift.field(1, i32: 0) // DATA_PAGE
        thrift.field(2, i32: Int32(size))
        thrift.field(3, i32: Int32(size))
        thrift.beginStruct(5) // data_page_header
        thrift.field(1, i32: Int32(values))
        thrift.field(2, i32: encoding.rawValue)
        thrift.field(3, i32: ParquetEncoding.rle.rawValue) // definition levels
        thrift.field(4, i32: ParquetEncoding.rle.rawValue) // repetition levels (none: no nesting)
        thrift.endStruct()
        thrift.stop()
        return thrift.bytes
    }
}

/// The footer: FileMetaData with the schema, the row groups and the key-value metadata.
enum ParquetFooter {
    static func encode(columns: [ExportTable.Column], rowGroups: [ParquetRowGroup], metadata: [(String, String)], createdBy: String) -> [UInt8] {
        var thrift = ThriftCompactWriter()
        thrift.field(1, i32: 2) // version
        thrift.beginList(2, of: .structure, count: columns.count + 1)
        thrift.beginListStruct() // the root: a group of the columns
        thrift.field(4, string: "schema")
        thrift.field(5, i32: Int32(columns.count))
        thrift.endStruct()
        for column in columns {
            thrift.beginListStruct()
            thrift.field(1, i32: physicalType(column.type))
            thrift.field(3, i32: column.nullable ? 1 : 0) // OPTIONAL : REQUIRED
            thrift.field(4, string: column.name)
            if column.type == .text {
                thrift.field(6, i32: 0) // converted type UTF8, for older readers
                thrift.beginStruct(10) // logicalType
                thrift.beginStruct(1) // STRING
                thrift.endStruct()
                thrift.endStruct()
            }
            thrift.endStruct()
        }
        thrift.field(3, i64: Int64(rowGroups.reduce(0) { $0 + $1.rows }))
        thrift.beginList(4, of: .structure, count: rowGroups.count)
        for group in rowGroups {
            thrift.beginListStruct()
            thrift.beginList(1, of: .structure, count: group.columns.count)
            for chunk in group.columns { encode(chunk, into: &thrift) }
            let size = group.columns.reduce(0) { $0 + $1.size }
            thrift.field(2, i64: Int64(size)) // total_byte_size
            thrift.field(3, i64: Int64(group.rows))
            thrift.field(5, i64: Int64(group.columns.first?.start ?? 0)) // file_offset
            thrift.field(6, i64: Int64(size)) // total_compressed_size
            thrift.endStruct()
        }
        thrift.beginList(5, of: .structure, count: metadata.count)
        for (key, value) in metadata {
            thrift.beginListStruct()
            thrift.field(1, string: key)
            thrift.field(2, string: value)
            thrift.endStruct()
        }
        thrift.field(6, string: createdBy)
        thrift.stop()
        return thrift.bytes
    }

    private static func encode(_ chunk: ParquetColumnChunk, into thrift: inout ThriftCompactWriter) {
        thrift.beginListStruct() // ColumnChunk
        thrift.field(2, i64: Int64(chunk.start)) // file_offset
        thrift.beginStruct(3) // ColumnMetaData
        thrift.field(1, i32: physicalType(chunk.column.type))
        thrift.beginList(2, of: .i32, count: chunk.encodings.count)
        for encoding in chunk.encodings { thrift.element(i32: encoding.rawValue) }
        thrift.beginList(3, of: .binary, count: 1)
        thrift.element(string: chunk.column.name)
        thrift.field(4, i32: 0) // UNCOMPRESSED
        thrift.field(5, i64: Int64(chunk.values))
        thrift.field(6, i64: Int64(chunk.size))
        thrift.field(7, i64: Int64(chunk.size))
        thrift.field(9, i64: Int64(chunk.dataPageOffset))
        if let offset = chunk.dictionaryPageOffset { thrift.field(11, i64: Int64(offset)) }
        thrift.endStruct()
        thrift.endStruct()
    }

    /// INT64, DOUBLE or BYTE_ARRAY.
    static func physicalType(_ type: ExportTable.ColumnType) -> Int32 {
        switch type {
        case .integer: 2
        case .real: 5
        case .text: 6
        }
    }
}
