import Foundation

extension UserPattern {
    /// The most patterns a file may define.
    public static let maxPatterns = 64

    /// Reads and checks the `patterns` section of a configuration file; empty without one.
    ///
    /// Every error names the file and the key path: `.trace-analyze.json: patterns[1].regex: ...`.
    public static func load(from file: ConfigurationFile) throws -> [UserPattern] {
        guard let root = file.root, let readers = try root.objects("patterns") else { return [] }
        guard readers.count <= maxPatterns else {
            throw root.error("patterns", "at most \(maxPatterns) patterns are allowed, found \(readers.count)")
        }
        var patterns: [UserPattern] = []
        for reader in readers {
            let pattern = try UserPattern(reader: reader)
            if patterns.contains(where: { $0.name == pattern.name }) {
                throw reader.error("name", "another pattern is already named '\(pattern.name)'")
            }
            patterns.append(pattern)
        }
        return patterns
    }

    /// Reads one pattern object.
    public init(reader: ConfigurationReader) throws {
        try reader.rejectUnknownKeys(["name", "regex", "kinds", "kind", "samples"])
        guard let name = try reader.string("name") else { throw ConfigurationError(file: reader.file, keyPath: reader.keyPath, reason: "missing \"name\"") }
        guard !name.isEmpty, name.count <= 64,
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_.-".unicodeScalars.contains($0)) })
        else {
            throw reader.error("name", "use 1 to 64 letters, digits, '_', '.' or '-'")
        }
        guard let pattern = try reader.string("regex") else {
            throw ConfigurationError(file: reader.file, keyPath: reader.keyPath, reason: "missing \"regex\"")
        }
        guard pattern.count <= Self.maxRegexLength else {
            throw reader.error("regex", "longer than \(Self.maxRegexLength) characters (\(pattern.count)); patterns are bounded so they cannot slow ingest down")
        }
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: pattern)
        } catch {
            throw reader.error("regex", "not a valid regular expression (ICU syntax, as NSRegularExpression reads it)")
        }
        let hasKindGroup = pattern.contains("(?<kind>")
        guard pattern.contains("(?<view>") else {
            throw reader.error("regex", "needs a named group (?<view>...) for the view")
        }
        var fixedKind: EventKind?
        if let kindName = try reader.string("kind") {
            guard let kind = EventKind(rawValue: kindName), kind.isLifecycleStep else {
                throw reader.error("kind", "unknown kind '\(kindName)'; valid: \(Self.kindNames)")
            }
            fixedKind = kind
        }
        guard hasKindGroup || fixedKind != nil else {
            throw reader.error("regex", "needs a named group (?<kind>...), or give the pattern a fixed \"kind\"")
        }
        var kinds: [String: EventKind] = [:]
        if let map = try reader.object("kinds") {
            for word in map.order {
                guard let kindName = try map.string(word) else { continue }
                guard let kind = EventKind(rawValue: kindName), kind.isLifecycleStep else {
                    throw map.error(word, "unknown kind '\(kindName)'; valid: \(Self.kindNames)")
                }
                kinds[word] = kind
                kinds[word.lowercased()] = kinds[word.lowercased()] ?? kind
            }
        }
        guard let sampleReaders = try reader.objects("samples"), !sampleReaders.isEmpty else {
            throw reader.error("samples", "give at least one sample line with what it must yield, so `trace-analyze patterns test` can check the pattern")
        }
        let samples = try sampleReaders.map(Sample.init(reader:))
        self.name = name
        self.keyPath = reader.keyPath
        self.samples = samples
        self.regex = regex
        self.kinds = kinds
        self.fixedKind = fixedKind
        self.hasKindGroup = hasKindGroup
        self.hasOwnerGroup = pattern.contains("(?<owner>")
        self.hasInstanceGroup = pattern.contains("(?<instance>")
    }

    static let kindNames = EventKind.allCases.filter(\.isLifecycleStep).map(\.rawValue).joined(separator: ", ")
}

extension UserPattern.Sample {
    /// Reads one sample object.
    init(reader: ConfigurationReader) throws {
        try reader.rejectUnknownKeys(["line", "kind", "view", "owner", "instance"])
        guard let line = try reader.string("line") else {
            throw ConfigurationError(file: reader.file, keyPath: reader.keyPath, reason: "missing \"line\"")
        }
        guard let kindName = try reader.string("kind") else {
            throw ConfigurationError(file: reader.file, keyPath: reader.keyPath, reason: "missing \"kind\" (use \"text\" for a line the pattern must not match)")
        }
        guard let kind = EventKind(rawValue: kindName), kind != .warning else {
            throw reader.error("kind", "unknown kind '\(kindName)'; valid: \(UserPattern.kindNames), text")
        }
        let view = try reader.string("view")
        if kind != .text && view == nil {
            throw ConfigurationError(file: reader.file, keyPath: reader.keyPath, reason: "missing \"view\"")
        }
        self.init(line: line, kind: kind, view: view, owner: try reader.string("owner"), instance: try reader.string("instance"))
    }
}
