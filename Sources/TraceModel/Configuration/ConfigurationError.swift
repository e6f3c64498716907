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

    public var description: String {
        keyPath.isEmpty ? "\(file): \(reason)" : "\(file): \(keyPath): \(reason)"
    }
}
