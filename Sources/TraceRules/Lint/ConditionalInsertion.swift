/// Views an `if` or `switch` in a view builder shows in some branches and not others: each
/// time the condition brings one back it is a new view, with fresh state.
enum ConditionalInsertion {
    static func sites(in source: LintSource) -> [SourceSite] {
        let file = source.file
        var sites: [SourceSite] = []
        for index in file.tokens.indices where file.isIdentifier(index, "if") || file.isIdentifier(index, "switch") {
            guard !file.isPunctuation(index - 1, "#"), !file.continuesChain(index), !file.isIdentifier(index - 1, "case"),
                  !file.isPunctuation(index + 1, "#"), file.inViewBuilder(index, scopes: source.scopes) else { continue }
            let isIf = file.text(index) == "if"
            let branches = isIf ? file.ifBranches(at: index) : file.switchBranches(at: index)
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
