import TraceStore

/// A rule a team writes in SQL under `custom_rules` in `.trace-analyze.json`: a read-only
/// query over the documented schema that returns one row per finding.
///
/// The query runs once per trace with `:trace_id` bound, under `query`'s read-only guard and a
/// time limit. Each row is a finding: its `view`, its evidence `lines` (a line number, or a list
/// such as `group_concat(line)` makes) and optionally `count` and `instance`; every column can
/// be named in the message template as `{column}`. The rule's examples are logs it must flag
/// (`↓` on each line it must cite) and logs it must leave alone, run by `rules --check`.
public struct CustomRule: Sendable {
    /// The rule's id, snake_case, distinct from every built-in rule's.
    public let identifier: String
    /// A short title (`name` in the file; the id when absent).
    public let title: String
    /// One sentence: what the rule flags (`description` in the file).
    public let summary: String
    /// The severity its findings get.
    public let severity: Severity
    /// The message template: `{view} was created {count} times`.
    public let message: String
    /// The SQL, one read-only statement taking `:trace_id`.
    public let query: String
    /// The result columns the query returns, in order.
    public let columns: [String]
    /// How long the query may run on one trace, in seconds.
    public let timeout: Double
    /// Logs the rule must flag, with `↓` on every line it must cite.
    public let triggeringExamples: [Example]
    /// Logs the rule must not flag.
    public let nonTriggeringExamples: [Example]
    /// Where the rule sits in its file: `.trace-analyze.json: custom_rules.no_second_root`.
    public let location: String

    /// Creates a rule whose query has already been checked (`CustomRule.load` checks it).
    init(
        identifier: String, title: String, summary: String, severity: Severity, message: String, query: String,
        columns: [String], timeout: Double, triggeringExamples: [Example], nonTriggeringExamples: [Example], location: String
    ) {
        self.identifier = identifier
        self.title = title
        self.summary = summary
        self.severity = severity
        self.message = message
        self.query = query
        self.columns = columns
        self.timeout = timeout
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.location = location
    }

    /// The rule as reporters and `rules ID` know rules: its description, the query in its fix's place.
    public var description: RuleDescription {
        RuleDescription(
            identifier: identifier, title: title, defaultSeverity: severity, summary: summary,
            rationale: "A custom rule of this project, defined at \(location).",
            fix: "See the rule's definition at \(location).", seed: "custom rule (\(location))",
            triggeringExamples: triggeringExamples, nonTriggeringExamples: nonTriggeringExamples
        )
    }

    /// The finding's message for one result row: each `{column}` replaced by the row's value
    /// (NULL as empty text), `{count}` by the finding's count.
    func render(_ values: [String: SQLValue], count: Int) -> String {
        var text = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if name == "count", values["count"] == nil {
                text += String(count)
            } else {
                text += Self.text(values[name] ?? .null)
            }
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// The placeholders `{name}` of a message template, in order.
    static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// A result value as text: integers without a decimal point, NULL as nothing.
    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let int): String(int)
        case .real(let double): double == double.rounded() && abs(double) < 1e15 ? String(Int64(double)) : String(double)
        case .text(let string): string
        case .blob(let bytes): "<\(bytes.count) bytes>"
        }
    }
}
