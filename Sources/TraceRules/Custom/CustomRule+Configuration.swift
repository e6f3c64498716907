import TraceModel
import TraceStore

extension CustomRule {
    /// The most custom rules a file may define.
    public static let maxRules = 64
    /// How long a query may run on one trace when the rule does not say, in seconds.
    public static let defaultTimeout = 10.0
    /// The keys a custom rule may have.
    static let keys = ["name", "description", "severity", "message", "query", "timeout", "triggering_examples", "non_triggering_examples"]
    /// The columns every query must return.
    static let requiredColumns = ["view", "lines"]

    /// Reads and checks the `custom_rules` section of `file`; empty without one.
    ///
    /// Each query is prepared against an empty store of the current schema with `query`'s guard
    /// on, so SQL that would not run (a typo, a missing column, a write) is an error naming the
    /// rule and quoting SQLite, before any input is read.
    public static func load(from file: ConfigurationFile, builtIn registry: RuleRegistry = .builtIn) throws -> [CustomRule] {
        guard let root = file.root, let section = try root.object("custom_rules") else { return [] }
        guard section.order.count <= maxRules else {
            throw root.error("custom_rules", "at most \(maxRules) custom rules are allowed, found \(section.order.count)")
        }
        guard !section.order.isEmpty else { return [] }
        let schema = try Database(path: ":memory:", mode: .readWrite)
        try Schema.migrate(schema)
        return try section.order.map { identifier in
            guard isIdentifier(identifier) else {
                throw section.error(identifier, "a rule id is 1 to 64 lowercase letters, digits and '_', starting with a letter")
            }
            guard registry.rule(identifier) == nil else {
                throw section.error(identifier, "'\(identifier)' is a built-in rule; give the custom rule another id (configure the built-in one under \"rules\")")
            }
            return try CustomRule(reading: section.object(identifier)!, identifier: identifier, schema: schema)
        }
    }

    private init(reading reader: ConfigurationReader, identifier: String, schema: Database) throws {
        try reader.rejectUnknownKeys(Self.keys)
        let location = "\(reader.file): \(reader.keyPath)"
        guard let message = try reader.string("message"), !message.isEmpty else {
            throw Self.missing(reader, "message", "the finding's message, such as \"{view} was created {count} times\"")
        }
        let query = try Self.query(reader)
        let severity = try Self.severity(reader)
        let timeout = try reader.number("timeout") ?? Self.defaultTimeout
        guard timeout > 0, timeout <= 3600 else {
            throw reader.error("timeout", "give a number of seconds above 0 and at most 3600")
        }
        let shape: GuardedQuery.Shape
        do {
            shape = try GuardedQuery.shape(of: query, on: schema)
        } catch let error as SQLiteError {
            throw reader.error("query", "custom rule '\(identifier)': \(error.message)")
        }
        for column in Self.requiredColumns where !shape.columns.contains(column) {
            throw reader.error("query", "custom rule '\(identifier)': the query must return a column named '\(column)' (it returns \(shape.columns.joined(separator: ", "))); each row is a finding: view, lines (the evidence line numbers, e.g. group_concat(line) AS lines), optionally count and instance")
        }
        guard shape.parameters.contains("trace_id") else {
            throw reader.error("query", "custom rule '\(identifier)': the query must select one trace with :trace_id, e.g. WHERE trace_id = :trace_id")
        }
        if let other = shape.parameters.first(where: { $0 != "trace_id" }) {
            throw reader.error("query", "custom rule '\(identifier)': unknown parameter '\(other)'; the only one bound is :trace_id")
        }
        for name in Self.placeholders(in: message) where name != "count" && !shape.columns.contains(name) {
            throw reader.error("message", "{\(name)} is not a column of the query; it returns \(shape.columns.joined(separator: ", "))")
        }
        let triggering = try Self.examples(reader, "triggering_examples")
        let nonTriggering = try Self.examples(reader, "non_triggering_examples")
        for (index, example) in triggering.enumerated() where example.markedLines.isEmpty {
            throw reader.error("triggering_examples[\(index)]", "mark each line the finding must cite with ↓ at its start")
        }
        self.init(
            identifier: identifier, title: try reader.string("name") ?? identifier,
            summary: try reader.string("description") ?? "Custom rule: \(message)", severity: severity, message: message,
            query: query, columns: shape.columns, timeout: timeout, triggeringExamples: triggering,
            nonTriggeringExamples: nonTriggering, location: location
        )
    }

    /// `query`: one string, or an array of strings read as lines (JSON has no multi-line strings).
    private static func query(_ reader: ConfigurationReader) throws -> String {
        if case .array = reader.members["query"] {
            return try reader.strings("query")!.joined(separator: "\n")
        }
        guard let query = try reader.string("query"), !query.isEmpty else {
            throw missing(reader, "query", "one read-only SELECT over the schema (`trace-analyze schema`) taking :trace_id")
        }
        return query
    }

    private static func severity(_ reader: ConfigurationReader) throws -> Severity {
        guard let name = try reader.string("severity") else { return .warning }
        guard let severity = Severity(rawValue: name) else {
            let valid = Severity.allCases.reversed().map(\.rawValue).joined(separator: ", ")
            throw reader.error("severity", "unknown severity '\(name)'; valid: \(valid)")
        }
        return severity
    }

    /// An example list: at least one log, each a string (lines separated by `\n`) or an array of lines.
    private static func examples(_ reader: ConfigurationReader, _ key: String) throws -> [Example] {
        guard let value = reader.members[key] else {
            throw missing(reader, key, "at least one example log, so `trace-analyze rules --check` can test the rule")
        }
        guard case .array(let items) = value else {
            throw reader.error(key, "expected an array of example logs, found \(value.typeName)")
        }
        guard !items.isEmpty else {
            throw reader.error(key, "give at least one example log, so `trace-analyze rules --check` can test the rule")
        }
        return try items.enumerated().map { index, item in
            let path = "\(key)[\(index)]"
            let text: String
            switch item {
            case .string(let string): text = string
            case .array(let lines):
                text = try lines.enumerated().map { number, line in
                    guard case .string(let string) = line else { throw reader.error("\(path)[\(number)]", "expected a string, found \(line.typeName)") }
                    return string
                }.joined(separator: "\n")
            default: throw reader.error(path, "expected a log (a string, or an array of lines), found \(item.typeName)")
            }
            return Example(text, source: "\(reader.file): \(reader.path(path))", line: 0)
        }
    }

    private static func missing(_ reader: ConfigurationReader, _ key: String, _ what: String) -> ConfigurationError {
        ConfigurationError(file: reader.file, keyPath: reader.keyPath, reason: "missing \"\(key)\": \(what)")
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.count <= 64, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
