/// A configuration file problem, naming the file and the key path: `rules.identity_churn.severity`.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// The configuration file.
    public let file: String
    /// The key path within it, empty for the whole file.
    public let keyPath: String
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    public init(file: String, keyPath: String, reason: String) {
        self.file = file
        self.keyPath = keyPath
        self.reason = reason
    }

    /// One line whatever the file holds: a key or value quoted from it with a line break or
    /// another control character shows it escaped (`\n`), as a JSON string would.
    public var description: String {
        let line = keyPath.isEmpty ? "\(file): \(reason)" : "\(file): \(keyPath): \(reason)"
        guard line.unicodeScalars.contains(where: Self.isControl) else { return line }
        var escaped = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where Self.isControl(scalar): escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
