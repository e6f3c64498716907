/// A log snippet that documents a rule and tests it.
///
/// In a triggering example, `↓` at the start of a line marks a line the rule must cite as
/// evidence; the marker is removed before the snippet is parsed. The example remembers where it
/// was written, so a failing example is reported at its own line, not at the test's.
public struct Example: Sendable {
    /// The marker that starts a line which must be cited.
    public static let marker: Character = "↓"

    /// What the example shows, in one sentence; printed above it by `rules ID`.
    public let note: String?
    /// The log text as the parser sees it, markers removed.
    public var log: String { Self.read(text).log }
    /// The 1-based line numbers marked with `↓`.
    public var markedLines: [Int] { Self.read(text).marked }
    /// The text as written, markers in place. Read into `log` and `markedLines` only when they
    /// are asked for: every run builds each rule's description, examples included, to learn its
    /// settings, and splitting every example into lines up front cost `check` 17M instructions.
    private let text: String
    /// Threshold values this example runs with instead of the defaults (`["min_instances": 3]`).
    public let thresholds: [String: Double]
    /// The source file that wrote the example.
    public let filePath: String
    /// The line in that file where the example starts.
    public let line: Int

    /// Creates an example from marked log text.
    public init(
        note: String? = nil,
        _ text: String,
        thresholds: [String: Double] = [:],
        filePath: StaticString = #filePath,
        line: UInt = #line
    ) {
        self.init(note: note, text, thresholds: thresholds, source: "\(filePath)", line: Int(line))
    }

    /// Creates an example written somewhere other than Swift source: a custom rule's example in
    /// a configuration file, whose `source` is the file and key path (`.trace-analyze.json:
    /// custom_rules.x.triggering_examples[0]`) and `line` 0.
    public init(note: String? = nil, _ text: String, thresholds: [String: Double] = [:], source: String, line: Int) {
        self.note = note
        self.text = text
        self.thresholds = thresholds
        self.filePath = source
        self.line = line
    }

    /// `text` without its markers, and the lines they marked.
    private static func read(_ text: String) -> (log: String, marked: [Int]) {
        var lines: [Substring] = []
        var marked: [Int] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if rawLine.first == Self.marker {
                marked.append(index + 1)
                lines.append(rawLine.dropFirst())
            } else {
                lines.append(rawLine)
            }
        }
        return (lines.joined(separator: "\n") + "\n", marked)
    }

    /// The log with `↓` restored on the marked lines, as the example was written.
    public var annotatedLog: String {
        var lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for number in markedLines where number <= lines.count {
            lines[number - 1] = String(Self.marker) + lines[number - 1]
        }
        return lines.joined(separator: "\n")
    }
}
