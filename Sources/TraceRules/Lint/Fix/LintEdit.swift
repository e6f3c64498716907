/// A mechanical change to one file that fixes a lint finding: the bytes at `range` replaced
/// by `replacement`.
public struct LintEdit: Sendable, Equatable {
    /// Byte offsets in the file as it was read.
    public let range: Range<Int>
    /// The new text.
    public let replacement: String

    /// Creates an edit.
    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// `bytes` with `edits` made. Edits are made last to first, so earlier offsets stay valid;
    /// an edit that overlaps one already kept is left out (the next run makes it, if it still applies).
    public static func apply(_ edits: [LintEdit], to bytes: [UInt8]) -> (bytes: [UInt8], applied: [LintEdit]) {
        var kept: [LintEdit] = []
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            guard edit.range.upperBound <= bytes.count else { continue }
            if let last = kept.last, last.range.upperBound > edit.range.lowerBound || last.range == edit.range { continue }
            kept.append(edit)
        }
        var result = bytes
        for edit in kept.reversed() {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return (result, kept)
    }
}

/// A finding's fix as a reader sees it: the lines it touches, before and after.
public struct SourceChange: Sendable, Equatable {
    /// The edits, in file order.
    public let edits: [LintEdit]
    /// The 1-based line of the first line shown.
    public let line: Int
    /// Those lines as they are.
    public let before: [String]
    /// Those lines with the edits made.
    public let after: [String]
    /// Where each edit's range starts and ends, as 1-based lines and columns (Unicode scalars,
    /// the end exclusive), in `edits` order: SARIF's `deletedRegion`.
    public let regions: [Region]

    /// A stretch of a file by lines and columns.
    public struct Region: Sendable, Equatable {
        public let startLine: Int
        public let startColumn: Int
        public let endLine: Int
        public let endColumn: Int
    }

    /// The change `edits` make to `source`: the whole lines they touch.
    public init(edits: [LintEdit], in source: [UInt8]) {
        self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let lower = self.edits.map(\.range.lowerBound).min() ?? 0
        let upper = self.edits.map(\.range.upperBound).max() ?? 0
        var start = min(lower, source.count)
        while start > 0, source[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = min(upper, source.count)
        // An edit that ends at a line's end keeps that line; one that ends inside runs to it.
        while end < source.count, source[end] != UInt8(ascii: "\n") { end += 1 }
        line = source[..<start].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let shifted = self.edits.map { LintEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), replacement: $0.replacement) }
        let old = Array(source[start..<end])
        let new = LintEdit.apply(shifted, to: old).bytes
        before = Self.lines(old)
        after = Self.lines(new)
        regions = self.edits.map { edit in
            let start = Self.position(of: edit.range.lowerBound, in: source), end = Self.position(of: edit.range.upperBound, in: source)
            return Region(startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column)
        }
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`.
    private static func position(of offset: Int, in source: [UInt8]) -> (line: Int, column: Int) {
        let offset = min(offset, source.count)
        var lineStart = offset
        while lineStart > 0, source[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let line = source[..<lineStart].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = String(decoding: source[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    /// `- old` / `+ new` lines, as the text report shows a fix.
    public var diffLines: [String] {
        before.map { "- " + $0 } + after.map { "+ " + $0 }
    }
}
