/// XML character data to a `String`: the five named entities and numeric character references
/// decoded, invalid UTF-8 replaced.
enum XMLText {
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"), let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                output.append(byte)
                index = bytes.index(after: index)
                continue
            }
            let entity = String(decoding: bytes[bytes.index(after: index)..<semicolon], as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch entity {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
                }
            }
            if let scalar {
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                index = bytes.index(after: semicolon)
            } else {
                output.append(byte)
                index = bytes.index(after: index)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
