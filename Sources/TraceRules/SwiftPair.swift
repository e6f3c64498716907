/// The Swift behind a runtime or lint rule's finding and its correction: a small, complete
/// SwiftUI file before and after the fix.
///
/// `rules ID` and the rule's page show it under "How to fix it"; a test type-checks both files
/// with `swiftc` against the SwiftUI stand-in (Swift 6 and Swift 5 language modes), and runs lint
/// over them: `before` must be flagged by exactly the rules in `lintRules`, `after` by none.
public struct SwiftPair: Sendable {
    /// What changes and why, in a sentence or two.
    public let note: String
    /// The code that makes what the rule sees.
    public let before: String
    /// The same code, corrected.
    public let after: String
    /// The lint rules that find the shape of `before` in source (empty when none does).
    public let lintRules: [String]
    /// The source file that wrote the pair.
    public let filePath: String
    /// The line in that file where the pair starts.
    public let line: Int

    /// Creates a pair; `before` and `after` end with a newline.
    public init(note: String, before: String, after: String, lintRules: [String] = [], filePath: StaticString = #filePath, line: UInt = #line) {
        self.note = note
        self.before = before.hasSuffix("\n") ? before : before + "\n"
        self.after = after.hasSuffix("\n") ? after : after + "\n"
        self.lintRules = lintRules
        self.filePath = "\(filePath)"
        self.line = Int(line)
    }
}
