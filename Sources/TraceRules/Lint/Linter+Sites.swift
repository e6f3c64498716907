extension Linter {
    /// The sites in `files` that explain runtime findings: every lint finding of the built-in
    /// rules, every view an `if` or `switch` shows in only some of its branches, and every
    /// `@StateObject` property (the words of a model re-init follow it).
    public static func sites(in files: [(path: String, bytes: [UInt8])]) -> (sites: [SourceSite], problems: [String]) {
        let read = read(files)
        let linter = Linter()
        var sites: [SourceSite] = []
        for source in read.sources {
            for finding in linter.findings(in: source) {
                let explains = LintRegistry.builtIn.rule(finding.rule)?.description.explains ?? []
                guard !explains.isEmpty else { continue }
                sites.append(SourceSite(rule: finding.rule, explains: explains, file: finding.file, position: finding.position, view: finding.view, message: finding.message, change: finding.change))
            }
            sites += ConditionalInsertion.sites(in: source)
            sites += StateObjectHolders.sites(in: source)
        }
        return (sites, read.problems)
    }
}
