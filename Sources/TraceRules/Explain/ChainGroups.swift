/// The chains of one `why` question folded into groups as they are made: per distinct chain its
/// first occurrence's links and the line of every evaluation that shares it, and per cause a
/// count and per verdict a count. A view evaluated on every few lines of a long trace then costs a line number per
/// evaluation, not a chain of links with their texts (which grew `why` with the trace).
struct ChainGroups {
    private var groups: [(summary: String, links: [ChainLink], lines: [Int], measured: (count: Int, totalMs: Double, maxMs: Double)?,
                          verdicts: [Verdict: Int])] = []
    private var index: [String: Int] = [:]
    private var causes: [Cause: Int] = [:]
    private var verdicts: [Verdict: Int] = [:]
    /// How many chains were added.
    private(set) var count = 0

    /// Adds the chain `links`, root first, of one evaluation (its last link).
    mutating func add(_ links: [ChainLink]) {
        count += 1
        let subject = links[links.count - 1]
        if let cause = subject.cause { causes[cause, default: 0] += 1 }
        if let verdict = subject.verdict { verdicts[verdict, default: 0] += 1 }
        let summary = links.map(\.phrase).joined(separator: " → ")
        let position: Int
        if let known = index[summary] {
            position = known
            groups[position].lines.append(subject.line)
        } else {
            position = groups.count
            index[summary] = position
            groups.append((summary, links, [subject.line], nil, [:]))
        }
        if let verdict = subject.verdict { groups[position].verdicts[verdict, default: 0] += 1 }
        if let duration = subject.durationMs {
            let sum = groups[position].measured ?? (0, 0, 0)
            groups[position].measured = (sum.count + 1, sum.totalMs + duration, max(sum.maxMs, duration))
        }
    }

    /// The explanation of trace `traceID` (read from `source`) that the chains added make.
    func explanation(traceID: Int, source: String, view: String?, line: Int?) -> Explanation {
        Explanation(
            traceID: traceID, source: source, view: view, line: line, evaluations: count,
            causes: causes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
                .map { (cause: $0.key, count: $0.value) },
            // Most frequent first; ties keep the order of first occurrence (the sort is stable).
            groups: groups.enumerated().sorted {
                $0.element.lines.count != $1.element.lines.count ? $0.element.lines.count > $1.element.lines.count : $0.offset < $1.offset
            }.map(\.element).map { group in
                ChainGroup(
                    summary: group.summary,
                    sentence: group.links.map { ChainPhrase.withLine($0.phrase, $0.line) }.joined(separator: " → "),
                    links: group.links, lines: group.lines,
                    verdicts: Verdict.allCases.compactMap { verdict in group.verdicts[verdict].map { (verdict, $0) } },
                    measured: group.measured
                )
            },
            verdicts: verdicts.isEmpty ? [] : Verdict.allCases.map { (verdict: $0, count: verdicts[$0] ?? 0) }
        )
    }
}
