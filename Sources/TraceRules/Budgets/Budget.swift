import TraceModel

/// One entry of `"budgets"` in `.trace-analyze.json`: for the views a name or glob matches
/// (in the traces a test tag picks, if given), the most, or the exact number, of each measure.
///
/// ```json
/// "budgets": [
///   {"view": "ContentView", "test": "testScrollFeed", "body": {"max": 3}, "init": {"exactly": 1}},
///   {"view": "Feed*", "appears": {"max": 2}, "ms": {"max": 16}, "severity": "warning"}
/// ]
/// ```
public struct Budget: Sendable, Equatable {
    /// What a budget counts, per view and trace.
    public enum Measure: String, Sendable, CaseIterable {
        /// Body evaluations.
        case body
        /// Init lines.
        case `init`
        /// Body evaluations with a new identity (`@identity`), the first one included.
        case identities
        /// Identities replaced while the old one was on screen: what `identity_churn` counts.
        case resets
        /// Appear lines.
        case appears
        /// Values built and thrown away unused: what `redundant_instance_creation` counts.
        case dropped
        /// Measured body time, in milliseconds (TraceProbe lines, Instruments).
        case ms

        /// `3 body evaluations`, `1 init`, `12.5 ms`.
        func amount(_ value: Double) -> String {
            switch self {
            case .ms: return "\(Budget.number(value)) ms of measured body time"
            case .body: return Budget.number(value) + (value == 1 ? " body evaluation" : " body evaluations")
            case .`init`: return Budget.number(value) + (value == 1 ? " init" : " inits")
            case .identities: return Budget.number(value) + (value == 1 ? " identity" : " identities")
            case .resets: return Budget.number(value) + (value == 1 ? " reset" : " resets")
            case .appears: return Budget.number(value) + (value == 1 ? " appear" : " appears")
            case .dropped: return Budget.number(value) + (value == 1 ? " dropped value" : " dropped values")
            }
        }
    }

    /// A measure's limit.
    public enum Limit: Sendable, Equatable {
        /// At most this much.
        case max(Double)
        /// Exactly this much.
        case exactly(Double)

        /// True when `value` keeps to the limit.
        public func holds(_ value: Double) -> Bool {
            switch self {
            case .max(let limit): value <= limit
            case .exactly(let limit): value == limit
            }
        }

        /// `at most 3`, `exactly 1`.
        public var words: String {
            switch self {
            case .max(let limit): "at most \(Budget.number(limit))"
            case .exactly(let limit): "exactly \(Budget.number(limit))"
            }
        }

        /// The limit's value.
        public var value: Double {
            switch self {
            case .max(let limit), .exactly(let limit): limit
            }
        }
    }

    /// The view's name as logs print it, or a glob (`*` any run of characters, `?` one).
    public let view: String
    /// The value of the trace tag `test` the budget is for (`--tag test=…`); nil: every trace.
    public let test: String?
    /// The severity of its findings (default `error`).
    public let severity: Severity
    /// The limits, in `Measure` order.
    public let limits: [(measure: Measure, limit: Limit)]
    /// `budgets[2]`, for notes and messages.
    public let keyPath: String

    public static func == (lhs: Budget, rhs: Budget) -> Bool {
        lhs.view == rhs.view && lhs.test == rhs.test && lhs.severity == rhs.severity && lhs.keyPath == rhs.keyPath
            && lhs.limits.map(\.measure) == rhs.limits.map(\.measure) && lhs.limits.map(\.limit) == rhs.limits.map(\.limit)
    }

    /// Creates a budget.
    public init(view: String, test: String? = nil, severity: Severity = .error, limits: [(measure: Measure, limit: Limit)], keyPath: String = "budgets") {
        self.view = view
        self.test = test
        self.severity = severity
        self.limits = limits
        self.keyPath = keyPath
    }

    /// True when `view` is a glob.
    public var isGlob: Bool { ViewNamePattern.isGlob(view) }

    /// True when the budget names `name`: equal, or matched by the glob.
    public func matches(_ name: String) -> Bool { ViewNamePattern.matches(view, name) }

    /// `3`, `2.5`: a figure without a needless `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String((value * 1000).rounded() / 1000)
    }
}

extension Budget {
    /// The `budgets` of `file`, every key and value checked; empty when it has none.
    public static func load(from file: ConfigurationFile) throws -> [Budget] {
        guard let root = file.root, let entries = try root.objects("budgets") else { return [] }
        return try entries.enumerated().map { index, entry in try Budget(reading: entry, keyPath: "budgets[\(index)]") }
    }

    init(reading reader: ConfigurationReader, keyPath: String) throws {
        let measures = Measure.allCases.map(\.rawValue)
        try reader.rejectUnknownKeys(["view", "test", "severity"] + measures)
        guard let view = try reader.string("view"), !view.isEmpty else {
            throw reader.error("view", "a budget names the view it is for (\"view\": \"ContentView\", or a glob such as \"Feed*\")")
        }
        var severity = Severity.error
        if let name = try reader.string("severity") {
            guard let parsed = Severity(rawValue: name) else {
                throw reader.error("severity", "unknown severity '\(name)'; valid: \(Severity.allCases.reversed().map(\.rawValue).joined(separator: ", "))")
            }
            severity = parsed
        }
        var limits: [(Measure, Limit)] = []
        for measure in Measure.allCases where reader.members[measure.rawValue] != nil {
            if case .number(let value)? = reader.members[measure.rawValue] {
                let shown = Budget.number(value)
                throw reader.error(measure.rawValue, "a limit is an object: {\"max\": \(shown)} or {\"exactly\": \(shown)}")
            }
            guard let limit = try reader.object(measure.rawValue) else { continue }
            try limit.rejectUnknownKeys(["max", "exactly"])
            let most = try limit.number("max"), exact = try limit.number("exactly")
            switch (most, exact) {
            case (let value?, nil): limits.append((measure, .max(try Self.checked(value, limit, "max"))))
            case (nil, let value?): limits.append((measure, .exactly(try Self.checked(value, limit, "exactly"))))
            case (.some, .some): throw limit.error("max", "give max or exactly, not both")
            case (nil, nil): throw reader.error(measure.rawValue, "a limit needs max or exactly: {\"max\": 3}")
            }
        }
        guard !limits.isEmpty else {
            throw reader.error("view", "the budget for '\(view)' limits nothing; give at least one of \(measures.joined(separator: ", ")), e.g. \"body\": {\"max\": 3}")
        }
        self.init(view: view, test: try reader.string("test"), severity: severity, limits: limits, keyPath: keyPath)
    }

    private static func checked(_ value: Double, _ reader: ConfigurationReader, _ key: String) throws -> Double {
        guard value >= 0, value.isFinite else { throw reader.error(key, "a limit is a number of zero or more, not \(value)") }
        return value
    }
}
