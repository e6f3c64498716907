import Foundation

/// Walks one JSON object of a configuration file, checking types and reporting unknown keys.
///
/// Every section of the file (user patterns, rules, reporters...) reads its part through one of
/// these, so every error names the file and the full key path in the same way.
public struct ConfigurationReader: Sendable {
    /// The configuration file, for messages.
    public let file: String
    /// Where this object sits in the file (`rules.identity_churn`); empty at the top.
    public let keyPath: String
    /// The object's members.
    public let members: [String: JSONValue]
    /// Member names in file order, for stable error messages.
    public let order: [String]

    /// Reads `value`, which must be an object, found at `keyPath` in `file`.
    public init(file: String, keyPath: String = "", value: JSONValue) throws {
        guard case .object(let members, let order) = value else {
            throw ConfigurationError(file: file, keyPath: keyPath, reason: "expected an object, found \(value.typeName)")
        }
        self.file = file
        self.keyPath = keyPath
        self.members = members
        self.order = order
    }

    /// The key path of member `key`.
    public func path(_ key: String) -> String { keyPath.isEmpty ? key : keyPath + "." + key }

    /// An error at member `key`.
    public func error(_ key: String, _ reason: String) -> ConfigurationError {
        ConfigurationError(file: file, keyPath: path(key), reason: reason)
    }

    /// Fails on the first member not in `known`, listing the valid keys.
    public func rejectUnknownKeys(_ known: [String]) throws {
        for key in order where !known.contains(key) {
            throw error(key, "unknown key; valid keys here: \(known.joined(separator: ", "))")
        }
    }

    /// Member `key` as a string, nil when absent.
    public func string(_ key: String) throws -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let string) = value else { throw error(key, "expected a string, found \(value.typeName)") }
        return string
    }

    /// Member `key` as a number, nil when absent.
    public func number(_ key: String) throws -> Double? {
        guard let value = members[key] else { return nil }
        guard case .number(let number) = value else { throw error(key, "expected a number, found \(value.typeName)") }
        return number
    }

    /// Member `key` as a boolean, nil when absent.
    public func bool(_ key: String) throws -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let bool) = value else { throw error(key, "expected true or false, found \(value.typeName)") }
        return bool
    }

    /// Member `key` as an array of strings, nil when absent.
    public func strings(_ key: String) throws -> [String]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else { throw error(key, "expected an array of strings, found \(value.typeName)") }
        return try items.enumerated().map { index, item in
            guard case .string(let string) = item else {
                throw error("\(key)[\(index)]", "expected a string, found \(item.typeName)")
            }
            return string
        }
    }

    /// Member `key` as a nested object reader, nil when absent.
    public func object(_ key: String) throws -> ConfigurationReader? {
        guard let value = members[key] else { return nil }
        return try ConfigurationReader(file: file, keyPath: path(key), value: value)
    }

    /// Member `key` as an array of object readers (`patterns[0]`, `patterns[1]`...), nil when absent.
    public func objects(_ key: String) throws -> [ConfigurationReader]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else { throw error(key, "expected an array, found \(value.typeName)") }
        return try items.enumerated().map { index, item in
            try ConfigurationReader(file: file, keyPath: "\(path(key))[\(index)]", value: item)
        }
    }
}

extension ConfigurationReader {
    /// Reads the JSON file at `path` (configuration, baseline): its top-level object, or an error naming the file.
    ///
    /// `kind` names the file in messages ("configuration file", "baseline file").
    public static func load(path: String, kind: String = "configuration file") throws -> ConfigurationReader {
        guard let handle = fopen(path, "rb") else {
            throw ConfigurationError(file: path, keyPath: "", reason: "cannot read the \(kind)")
        }
        defer { fclose(handle) }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > 16 << 20 {
                throw ConfigurationError(file: path, keyPath: "", reason: "\(kind) larger than 16 MiB")
            }
        }
        let value: JSONValue
        do {
            value = try data.withUnsafeBytes { try JSONParser.parse($0) }
        } catch let failure as JSONParser.Failure {
            throw ConfigurationError(file: path, keyPath: "", reason: "malformed JSON at \(failure)")
        }
        return try ConfigurationReader(file: path, value: value)
    }
}
