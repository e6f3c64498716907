import Foundation

/// A reader written for the tests from the Parquet and Thrift specifications, independent of the
/// writer's code: it decodes the footer generically and a column's pages into values.
enum ThriftValue: Equatable {
    case int(Int64)
    case bool(Bool)
    case binary([UInt8])
    case list([ThriftValue])
    case structure([Int16: ThriftValue])

    var int: Int64? { if case .int(let value) = self { value } else { nil } }
    var string: String? { if case .binary(let bytes) = self { String(decoding: bytes, as: UTF8.self) } else { nil } }
    var list: [ThriftValue] { if case .list(let values) = self { values } else { [] } }
    subscript(_ id: Int16) -> ThriftValue? { if case .structure(let fields) = self { fields[id] } else { nil } }
}

struct ThriftCompactReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    mutating func varint() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func zigzag() -> Int64 {
        let raw = varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func structure() -> ThriftValue {
        var fields: [Int16: ThriftValue] = [:]
        var last: Int16 = 0
        while true {
            let header = bytes[position]
            position += 1
            if header == 0 { return .structure(fields) }
            let type = header & 0x0F
            let delta = Int16(header >> 4)
            let id = delta == 0 ? Int16(zigzag()) : last + delta
            last = id
            fields[id] = value(ofType: type)
        }
    }

    mutating func value(ofType type: UInt8) -> ThriftValue {
        switch type {
        case 1: return .bool(true)
        case 2: return .bool(false)
        case 3: position += 1; return .int(Int64(Int8(bitPattern: bytes[position - 1])))
        case 4, 5, 6: return .int(zigzag())
        case 7: position += 8; return .int(0)
        case 8:
            let count = Int(varint())
            defer { position += count }
            return .binary(Array(bytes[position..<(position + count)]))
        case 9, 10:
            let header = bytes[position]
            position += 1
            var count = Int(header >> 4)
            if count == 15 { count = Int(varint()) }
            let element = header & 0x0F
            // Booleans in lists are one byte each.
            return .list((0..<count).map { _ in element == 1 || element == 2 ? { position += 1; return .bool(bytes[position - 1] == 1) }() : value(ofType: element) })
        case 12: return structure()
        default: fatalError("thrift type \(type) not expected in a Parquet footer")
        }
    }
}

/// RLE / bit-packed hybrid decoding, as the Parquet encodings document describes it.
func decodeHybrid(_ bytes: [UInt8], at start: inout Int, end: Int, bitWidth: Int, count: Int) -> [UInt32] {
    var values: [UInt32] = []
    while values.count < count, start < end {
        var reader = ThriftCompactReader(bytes, at: start)
        let header = reader.varint()
        start = reader.position
        if header & 1 == 0 {
            let run = Int(header >> 1)
            var value: UInt32 = 0
            for byte in 0..<((bitWidth + 7) / 8) { value |= UInt32(bytes[start + byte]) << (8 * byte) }
            start += (bitWidth + 7) / 8
            values += Array(repeating: value, count: run)
        } else {
            let total = Int(header >> 1) * 8
            var bitOffset = 0
            for _ in 0..<total {
                var value: UInt32 = 0
                for bit in 0..<bitWidth {
                    let absolute = bitOffset + bit
                    if bytes[start + absolute / 8] >> (absolute % 8) & 1 == 1 { value |= 1 << bit }
                }
                bitOffset += bitWidth
                values.append(value)
            }
            start += total * bitWidth / 8
        }
    }
    return Array(values.prefix(count))
}

/// A decoded Parquet file: its footer and, per column, every value (nil for NULL).
struct ParquetTestFile {
    enum Value: Equatable { case int(Int64), double(Double), text(String) }

    let footer: ThriftValue
    let columns: [String: [Value?]]

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        precondition(bytes.count >= 12 && Array(bytes.prefix(4)) == Array("PAR1".utf8) && Array(bytes.suffix(4)) == Array("PAR1".utf8), "no PAR1 magic")
        let length = bytes[(bytes.count - 8)..<(bytes.count - 4)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        var reader = ThriftCompactReader(bytes, at: bytes.count - 8 - length)
        footer = reader.structure()
        let schema = footer[2]!.list.dropFirst()
        var columns: [String: [Value?]] = [:]
        for (index, element) in schema.enumerated() {
            let name = element[4]!.string!
            let type = element[1]!.int!
            let optional = element[3]!.int == 1
            var values: [Value?] = []
            for group in footer[4]!.list {
                let meta = group[1]!.list[index][3]!
                var position = Int(meta[11]?.int ?? meta[9]!.int!)
                let end = position + Int(meta[7]!.int!)
                var dictionary: [Value] = []
                while position < end {
                    var header = ThriftCompactReader(bytes, at: position)
                    let page = header.structure()
                    position = header.position
                    let size = Int(page[3]!.int!)
                    var cursor = position
                    if page[1]!.int == 2 {
                        dictionary = Self.plain(bytes, at: &cursor, type: type, count: Int(page[7]![1]!.int!))
                    } else {
                        let count = Int(page[5]![1]!.int!)
                        var levels = Array(repeating: UInt32(1), count: count)
                        if optional {
                            let length = bytes[cursor..<(cursor + 4)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
                            cursor += 4
                            var levelCursor = cursor
                            levels = decodeHybrid(bytes, at: &levelCursor, end: cursor + length, bitWidth: 1, count: count)
                            cursor += length
                        }
                        let defined = levels.filter { $0 == 1 }.count
                        var decoded: [Value]
                        if page[5]![2]!.int == 8 {
                            let width = Int(bytes[cursor])
                            cursor += 1
                            decoded = decodeHybrid(bytes, at: &cursor, end: position + size, bitWidth: width, count: defined).map { dictionary[Int($0)] }
                        } else {
                            decoded = Self.plain(bytes, at: &cursor, type: type, count: defined)
                        }
                        var next = decoded.makeIterator()
                        values += levels.map { $0 == 1 ? next.next()! : nil }
                    }
                    position += size
                }
            }
            columns[name] = values
        }
        self.columns = columns
    }

    static func plain(_ bytes: [UInt8], at cursor: inout Int, type: Int64, count: Int) -> [Value] {
        (0..<count).map { _ in
            func word(_ size: Int) -> UInt64 {
                defer { cursor += size }
                return bytes[cursor..<(cursor + size)].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            }
            switch type {
            case 2: return .int(Int64(bitPattern: word(8)))
            case 5: return .double(Double(bitPattern: word(8)))
            default:
                let length = Int(word(4))
                defer { cursor += length }
                return .text(String(decoding: bytes[cursor..<(cursor + length)], as: UTF8.self))
            }
        }
    }

    /// The footer's key-value metadata.
    var metadata: [String: String] {
        Dictionary(uniqueKeysWithValues: (footer[5]?.list ?? []).map { ($0[1]!.string!, $0[2]?.string ?? "") })
    }

    /// The schema's column names, in order.
    var columnNames: [String] { footer[2]!.list.dropFirst().map { $0[4]!.string! } }
}
