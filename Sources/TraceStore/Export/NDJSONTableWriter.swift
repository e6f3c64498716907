import Foundation

/// One JSON object per row and line, keys in column order; NULL is `null`, a REAL that is not
/// finite is `null` too (JSON has no infinity).
final class NDJSONTableWriter: TableFileWriter {
    private let output: FileOutput
    /// `{"id":`, `,"source":`, ...: each column's key with its punctuation, encoded once.
    private let keys: [[UInt8]]
    private let types: [ExportTable.ColumnType]

    init(path: String, table: ExportTable) throws {
        output = try FileOutput(path: path)
        keys = table.columns.enumerated().map { index, column in
            Array(((index == 0 ? "{" : ",") + JSONText.quoted(column.name) + ":").utf8)
        }
        types = table.columns.map(\.type)
    }

    func append(_ row: Statement) throws {
        for (index, type) in types.enumerated() {
            let column = Int32(index)
            try output.write(keys[index])
            switch type {
            case .integer:
                if let value = row.int(at: column) { try output.write(String(value)) } else { try output.write(JSONText.null) }
            case .real:
                if let value = row.double(at: column), value.isFinite { try output.write(String(value)) } else { try output.write(JSONText.null) }
            case .text:
                if let bytes = row.bytes(at: column) { JSONText.appendQuoted(bytes, to: output) } else { try output.write(JSONText.null) }
            }
        }
        output.write(byte: UInt8(ascii: "}"))
        output.write(byte: UInt8(ascii: "\n"))
        try output.flushIfFull()
    }

    func finish() throws -> Int {
        try output.finish()
        return output.offset
    }

    func abandon() { output.abandon() }
}

/// JSON string quoting for the NDJSON export and its sidecar.
enum JSONText {
    static let null: [UInt8] = Array("null".utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        var text = text
        text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0), to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes UTF-8 `bytes` as a JSON string literal.
    static func appendQuoted(_ bytes: UnsafeRawBufferPointer, to output: FileOutput) {
        var quoted: [UInt8] = []
        quoted.reserveCapacity(bytes.count + 2)
        appendQuoted(bytes, to: &quoted)
        for byte in quoted { output.write(byte: byte) }
    }

    static func appendQuoted(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\\")); output.append(byte)
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\")); output.append(byte)
            case 0x0A: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "\\")); output.append(UInt8(ascii: "t"))
            case 0..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// `schema.json`, written next to the NDJSON files: NDJSON has no place for metadata, and a
/// first line of metadata would be read as a row by every engine that loads the files.
enum SchemaSidecar {
    static func write(to path: String, version: Int, tables: [ExportTable], written: [TableExporter.Written], metadata: [(key: String, value: String)]) throws {
        var text = "{\n  \"\(TableExporter.schemaVersionKey)\": \(version),\n  \"format\": \"ndjson\",\n  \"metadata\": {"
        text += metadata.map { "\(JSONText.quoted($0.key)): \(JSONText.quoted($0.value))" }.joined(separator: ", ")
        text += "},\n  \"tables\": [\n"
        text += zip(tables, written).map { table, file in
            let columns = table.columns.map {
                "{\"name\": \(JSONText.quoted($0.name)), \"type\": \"\($0.type.rawValue)\", \"nullable\": \($0.nullable)}"
            }.joined(separator: ", ")
            let name = (file.path as NSString).lastPathComponent
            return "    {\"name\": \(JSONText.quoted(table.name)), \"file\": \(JSONText.quoted(name)), \"rows\": \(file.rows), \"columns\": [\(columns)]}"
        }.joined(separator: ",\n")
        text += "\n  ]\n}\n"
        let output = try FileOutput(path: path)
        try output.write(text)
        try output.finish()
    }
}
