/// Checks every user pattern's sample lines against what the real parser makes of them.
///
/// Each sample runs alone through a `TraceParser` with all the file's patterns, exactly as
/// `ingest` would parse it (envelope included), so a sample also catches a pattern that an
/// earlier pattern or a built-in recogniser shadows.
public enum PatternSampleCheck {
    /// The verdict on one sample.
    public struct Result: Sendable, Equatable {
        /// The pattern's name.
        public let pattern: String
        /// The sample's place in the file: `patterns[0].samples[1]`.
        public let keyPath: String
        /// The sample line.
        public let line: String
        /// What was wrong; empty when the sample passed.
        public let problems: [String]

        /// True when the parser produced what the sample says.
        public var passed: Bool { problems.isEmpty }
    }

    /// Checks every sample of every pattern, in file order.
    public static func run(_ patterns: [UserPattern]) -> [Result] {
        var results: [Result] = []
        for pattern in patterns {
            for (index, sample) in pattern.samples.enumerated() {
                results.append(Result(
                    pattern: pattern.name, keyPath: "\(pattern.keyPath).samples[\(index)]", line: sample.line,
                    problems: problems(sample, pattern: pattern, all: patterns)
                ))
            }
        }
        return results
    }

    private static func problems(_ sample: UserPattern.Sample, pattern: UserPattern, all: [UserPattern]) -> [String] {
        guard !sample.line.contains(where: { $0 == "\n" || $0 == "\r" }) else { return ["a sample is a single line"] }
        var parser = TraceParser(patterns: all, undatedYear: 2000)
        var events: [Event] = []
        var reader = LineReader()
        Array(sample.line.utf8).withUnsafeBytes { bytes in
            reader.feed(bytes) { line in parser.consume(line) { events.append($0) } }
        }
        reader.finish { line in parser.consume(line) { events.append($0) } }
        parser.finish { events.append($0) }
        guard let event = events.first else { return ["the line produced no event"] }
        let claimed = event.origin == .pattern(pattern.name)
        if sample.kind == .text {
            return claimed ? ["matched (\(event.kind.rawValue) \(event.view ?? "")), but the sample says the pattern must not match"] : []
        }
        guard claimed else { return ["not matched by this pattern: \(describe(event))"] }
        var problems: [String] = []
        func compare(_ field: String, _ expected: String?, _ actual: String?) {
            if expected != actual { problems.append("\(field): expected \(quoted(expected)), got \(quoted(actual))") }
        }
        compare("kind", sample.kind.rawValue, event.kind.rawValue)
        compare("view", sample.view, event.view)
        compare("owner", sample.owner, event.owner)
        compare("instance", sample.instance, event.instance)
        return problems
    }

    private static func describe(_ event: Event) -> String {
        switch event.origin {
        case .pattern(let name): "pattern '\(name)' claimed it first (\(event.kind.rawValue) \(event.view ?? ""))"
        case .printChanges: "it is _printChanges output, read by the built-in parser"
        case .structured: "it is a structured line, read by the built-in parser"
        case .swiftUIWarning: "it is a SwiftUI runtime warning, read by the built-in parser"
        case .lifecycle: "the built-in lifecycle heuristic read it (\(event.kind.rawValue) \(event.view ?? ""))"
        case .text, .lookalike: "no pattern matched it"
        case .instruments: "it is a recorded Instruments row, not a log line"
        }
    }

    private static func quoted(_ value: String?) -> String {
        value.map { "\"\($0)\"" } ?? "none"
    }
}
