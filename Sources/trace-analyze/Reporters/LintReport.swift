import TraceRules

/// What a report of `lint` knows beyond its stored findings: how many files were read, and
/// each finding's column, which the `findings` table (made for log lines) has no place for.
struct LintReport {
    /// How many Swift files were read.
    let files: Int
    private let columns: [Key: Int]

    private struct Key: Hashable {
        let file: String
        let line: Int
        let rule: String
    }

    init(_ result: Linter.Result) {
        files = result.files
        var columns: [Key: Int] = [:]
        for finding in result.findings {
            // Two findings of one rule on one line: the first one's column.
            let key = Key(file: finding.file, line: finding.position.line, rule: finding.rule)
            if columns[key] == nil { columns[key] = finding.position.column }
        }
        self.columns = columns
    }

    /// The column of `finding`'s line, as the lint rule found it.
    func column(of finding: Finding) -> Int? {
        guard let line = finding.lines.first else { return nil }
        return columns[Key(file: finding.source, line: line, rule: finding.rule)]
    }
}
