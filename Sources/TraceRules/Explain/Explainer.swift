import TraceModel
import TraceStore

/// Answers `why`: for each evaluation of a view, the chain from its update's root cause down to
/// it, read from the `updates` and `causes` tables that `Analyzer` fills.
public struct Explainer {
    private let database: Database
    private let traceID: Int
    private var nodes: [Int: ChainNode] = [:]
    /// The most events `nodes` holds.
    private static let cachedNodes = 4096

    /// An explainer of trace `traceID`, which must have been analysed (`Explainer.prepare`).
    public init(database: Database, traceID: Int) throws {
        self.database = database
        self.traceID = traceID
        guard try Self.isAnalysed(traceID, in: database) else {
            throw AnalysisError("trace \(traceID) in \(database.path) has no updates yet; run `trace-analyze report --trace \(traceID)` first")
        }
    }

    /// True when trace `traceID` has its updates and causes stored (`check` or `report` ran on it).
    public static func isAnalysed(_ traceID: Int, in database: Database) throws -> Bool {
        try database.scalarInt("SELECT value FROM stats WHERE trace_id = ? AND name = 'updates'", [traceID]) != nil
    }

    /// Analyses trace `traceID` (rules, updates and causes) when it has not been yet, as `report`
    /// would with `configuration`; `database` must be open for writing then.
    public static func prepare(_ traceID: Int, in database: Database, configuration: RuleConfiguration = RuleConfiguration()) throws {
        guard try !isAnalysed(traceID, in: database) else { return }
        // Into the store as the rules make them: only the stored findings and causes are read
        // later, and holding a long trace's findings with their evidence grew with the trace.
        try Analyzer(database: database, configuration: configuration).analyzeIntoStore(traceID: traceID)
    }

    /// Every body evaluation of `view`, grouped by distinct chain.
    public mutating func explain(view: String) throws -> Explanation {
        var ids: [Int] = []
        try database.forEachRow(
            "SELECT id FROM events WHERE trace_id = ? AND view = ? AND kind = 'body' ORDER BY id", [traceID, view]
        ) { ids.append($0.integer(at: 0)) }
        guard !ids.isEmpty else {
            throw AnalysisError("\(view) has no body evaluations in trace \(traceID)\(try suggestion(for: view))")
        }
        // Whether a new identity was a reset is what identity_churn judged it (`causes.lifetime`,
        // exact from TraceProbe's state tokens where it printed them): ten rows shown at once are
        // ten created, a sheet presented again is shown again, and only a replacement is a reset.
        var chains = ChainGroups()
        for id in ids { chains.add(try chain(for: try self.node(id))) }
        return try explanation(view: view, line: nil, chains: chains)
    }

    /// The events of line `line` that have a cause (a body evaluation or an init).
    public mutating func explain(line: Int) throws -> Explanation {
        var ids: [Int] = []
        try database.forEachRow("""
            SELECT e.id FROM events AS e JOIN causes AS c ON c.event_id = e.id
            WHERE e.trace_id = ? AND e.line = ? ORDER BY e.id
            """, [traceID, line]) { ids.append($0.integer(at: 0)) }
        guard !ids.isEmpty else {
            let kind = try database.scalarText("SELECT kind FROM events WHERE trace_id = ? AND line = ? LIMIT 1", [traceID, line])
            throw AnalysisError(kind.map { "line \(line) of trace \(traceID) is \($0 == "text" ? "a text line" : "a \($0) line"); why explains body evaluations and inits" }
                ?? "trace \(traceID) has no line \(line)")
        }
        var chains = ChainGroups()
        for id in ids { chains.add(try chain(for: try self.node(id))) }
        return try explanation(view: try node(ids[0]).view, line: line, chains: chains)
    }

    private func explanation(view: String?, line: Int?, chains: ChainGroups) throws -> Explanation {
        let source = try database.scalarText("SELECT source FROM traces WHERE id = ?", [traceID]) ?? "?"
        return chains.explanation(traceID: traceID, source: source, view: view, line: line)
    }

    /// The chain from the root down to `subject`: its parents, then (when the top is not a change
    /// of its own) the unrecognised line its update began after.
    private mutating func chain(for subject: ChainNode) throws -> [ChainLink] {
        var subject = subject
        if subject.kind == .`init` { subject.owners = try owners(ofInitAt: subject.line, view: subject.view) }
        var nodes = [subject]
        var seen: Set<Int> = [subject.id]
        while let parent = nodes[0].parent, !seen.contains(parent), nodes.count < 64 {
            seen.insert(parent)
            nodes.insert(try node(parent), at: 0)
        }
        var links = nodes.enumerated().map { position, node in
            node.link(isTop: position == 0 && node.parent == nil, isSubject: position == nodes.count - 1)
        }
        let top = nodes[0]
        if top.parent == nil, top.cause == nil || top.cause == .unknown || top.cause == .parent,
           let text = try textBefore(updateOf: top) {
            // The unrecognised line is most likely the parent's own print: the top is no longer
            // a step whose cause the log leaves out.
            links[0] = top.link(isTop: false, isSubject: nodes.count == 1)
            links.insert(text, at: 0)
        }
        return links
    }

    /// The views whose init made the object inited at `line`, as the rules that own models
    /// found them (`heavy_initializer`'s helpers, `state_model_reinit`'s models): one account of
    /// owners for the finding, fix first, `views` and `why`. Empty when no rule cites the line.
    private func owners(ofInitAt line: Int, view: String?) throws -> [String] {
        var owners: [String] = []
        try database.forEachRow("""
            SELECT DISTINCT f.view FROM evidence AS ev JOIN findings AS f ON f.id = ev.finding_id
            WHERE f.trace_id = ? AND ev.line = ? AND f.rule IN ('heavy_initializer', 'state_model_reinit')
              AND f.view IS NOT NULL AND f.view IS NOT ?
            ORDER BY f.view
            """, [traceID, line, view]) { row in row.text(at: 0).map { owners.append($0) } }
        return owners
    }

    /// The unrecognised line right before the first event of `node`'s update, if there is one.
    private func textBefore(updateOf node: ChainNode) throws -> ChainLink? {
        guard let update = node.update,
              let root = try database.scalarInt("SELECT root_event_id FROM updates WHERE id = ?", [update]) else { return nil }
        var link: ChainLink?
        try database.forEachRow(
            "SELECT line, kind, message FROM events WHERE id < ? AND trace_id = ? ORDER BY id DESC LIMIT 1", [root, traceID]
        ) { row in
            guard row.text(at: 1) == "text" else { return }
            let text = ChainNode(id: 0, line: row.integer(at: 0), kind: .text, view: nil, text: row.text(at: 2) ?? "",
                                 cause: nil, property: nil, parent: nil, basis: nil, update: nil)
            link = text.link(isTop: true, isSubject: false)
        }
        return link
    }

    private mutating func node(_ id: Int) throws -> ChainNode {
        if let node = nodes[id] { return node }
        // Parents recur (an update's root heads every chain in it), subjects do not: the cache
        // starts over when full rather than keep every evaluation of a long trace.
        if nodes.count >= Self.cachedNodes { nodes.removeAll(keepingCapacity: true) }
        var found: ChainNode?
        try database.forEachRow("""
            SELECT e.line, e.kind, e.view, e.message, c.cause, c.property, c.parent_event_id, c.basis, c.update_id, e.duration_ms,
                   CASE WHEN e.kind = 'body' THEN \(EvaluationVerdicts.sql()) END, c.verdict, c.lifetime
            FROM events AS e LEFT JOIN causes AS c ON c.event_id = e.id WHERE e.id = ?
            """, [id]) { row in
            found = ChainNode(
                id: id, line: row.integer(at: 0), kind: EventKind(rawValue: row.text(at: 1) ?? "") ?? .text,
                view: row.text(at: 2), text: row.text(at: 3) ?? "", cause: row.text(at: 4).flatMap(Cause.init(rawValue:)),
                property: row.text(at: 5), parent: row.int(at: 6), basis: row.text(at: 7).flatMap(CauseBasis.init(rawValue:)),
                update: row.int(at: 8), durationMs: row.double(at: 9), verdict: row.text(at: 10).flatMap(Verdict.init(rawValue:)),
                printedUnchanged: row.text(at: 11) == Verdict.avoidable.rawValue, lifetime: row.text(at: 12)
            )
        }
        guard let found else { throw AnalysisError("event \(id) of trace \(traceID) is missing from \(database.path)") }
        nodes[id] = found
        return found
    }

    /// `; did you mean X?` naming views of the trace whose name contains `view` (any case), else
    /// the one a typo away (`PlayButon`), as every other name the tool refuses is guessed.
    private func suggestion(for view: String) throws -> String {
        var views: [String] = []
        try database.forEachRow(
            "SELECT DISTINCT view FROM events WHERE trace_id = ? AND kind = 'body' AND view IS NOT NULL ORDER BY view", [traceID]
        ) { row in row.text(at: 0).map { views.append($0) } }
        var names = Array(views.filter { $0.lowercased().contains(view.lowercased()) }.prefix(5))
        if names.isEmpty, let close = Suggestion.closest(to: view, in: views) { names = [close] }
        return names.isEmpty ? "; `trace-analyze views` lists the views" : "; did you mean \(names.joined(separator: ", "))?"
    }
}
