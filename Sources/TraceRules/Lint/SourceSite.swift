/// A place in the Swift sources that can explain a runtime finding: a lint finding, or a
/// shape that explains a finding without being a mistake on its own (a view shown and hidden
/// by an `if` gets a new identity each time it is shown: that is what the `if` is for, but it
/// is the line to look at when `identity_churn` reports the view).
public struct SourceSite: Sendable, Equatable {
    /// The lint rule that found it; nil for a shape no lint rule reports.
    public let rule: String?
    /// The runtime rules whose findings it explains.
    public let explains: [String]
    /// The file, as the directory given plus the path below it.
    public let file: String
    /// Where the shape starts.
    public let position: LintPosition
    /// The view a runtime finding it explains is about.
    public let view: String?
    /// What the code does: `the same view PlayButton in both branches of 'if isPlaying'`.
    public let message: String

    /// Creates a site.
    public init(rule: String?, explains: [String], file: String, position: LintPosition, view: String?, message: String) {
        self.rule = rule
        self.explains = explains
        self.file = file
        self.position = position
        self.view = view
        self.message = message
    }

    /// `PlayerView.swift:42`: the file's last path component and the line.
    public var shortLocation: String {
        "\(file.split(separator: "/").last.map(String.init) ?? file):\(position.line)"
    }
}

extension Linter {
    /// The sites in `files` that explain runtime findings: every lint finding of the built-in
    /// rules, and every view an `if` or `switch` shows in only some of its branches.
    public static func sites(in files: [(path: String, bytes: [UInt8])]) -> (sites: [SourceSite], problems: [String]) {
        let read = read(files)
        let linter = Linter()
        var sites: [SourceSite] = []
        for source in read.sources {
            for finding in linter.findings(in: source) {
                let explains = LintRegistry.builtIn.rule(finding.rule)?.description.explains ?? []
                guard !explains.isEmpty else { continue }
                sites.append(SourceSite(rule: finding.rule, explains: explains, file: finding.file, position: finding.position, view: finding.view, message: finding.message))
            }
            sites += ConditionalInsertion.sites(in: source)
        }
        return (sites, read.problems)
    }
}

/// Views an `if` or `switch` in a view builder shows in some branches and not others: each
/// time the condition brings one back it is a new view, with fresh state.
enum ConditionalInsertion {
    static func sites(in source: LintSource) -> [SourceSite] {
        let file = source.file
        var sites: [SourceSite] = []
        for index in file.tokens.indices where file.isIdentifier(index, "if") || file.isIdentifier(index, "switch") {
            guard !file.isPunctuation(index - 1, "#"), !file.isIdentifier(index - 1, "else"), !file.isIdentifier(index - 1, "case"),
                  !file.isPunctuation(index + 1, "#"), file.inViewBuilder(index, scopes: source.scopes) else { continue }
            let isIf = file.text(index) == "if"
            let branches = isIf ? ConditionalViewIdentityRule.ifBranches(file, at: index) : ConditionalViewIdentityRule.switchBranches(file, at: index)
            guard let body = branches.first?.open else { continue }
            let condition = file.code((index + 1)..<body)
            var counts: [String: Int] = [:]
            for branch in branches {
                for name in Set(branch.views.map { file.text($0) }) { counts[name, default: 0] += 1 }
            }
            // A view in every branch of a complete `if`/`else` is the lint rule's business.
            for (name, count) in counts.sorted(by: { $0.key < $1.key }) where source.isView(name) && (count == 1 || count < branches.count) {
                let token = file.tokens[index]
                sites.append(SourceSite(
                    rule: nil, explains: ["identity_churn"], file: file.path, position: LintPosition(line: token.line, column: token.column),
                    view: name, message: "\(name) is shown and hidden by '\(isIf ? "if" : "switch") \(condition)': each time it comes back it is a new view, with fresh state"
                ))
            }
        }
        return sites
    }
}
