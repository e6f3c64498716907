import TraceModel

/// One step of a chain from an update's root cause down to an evaluation: an event of the trace
/// and what the log says about it.
public struct ChainLink: Sendable, Equatable {
    /// The event's line in the source.
    public let line: Int
    /// The event's kind; `text` for the unrecognised line an update began after.
    public let kind: EventKind
    /// The view or object type the line is about.
    public let view: String?
    /// Why it happened (nil for appears, disappears and text).
    public let cause: Cause?
    /// The first changed dynamic property.
    public let property: String?
    /// How its parent was found.
    public let basis: CauseBasis?
    /// The line's message as logged.
    public let text: String
    /// The step in words, without its line number: `ContentView._count changed → ContentView body`.
    public let phrase: String
    /// How long the step took, in milliseconds, when it was measured (`events.duration_ms`).
    public var durationMs: Double? = nil
    /// For a body evaluation, whether it had to happen (`EvaluationVerdicts`); nil for other steps.
    public var verdict: Verdict? = nil
}

/// The chains that led to a group of evaluations of one view which share their chain but for
/// line numbers.
public struct ChainGroup: Sendable, Equatable {
    /// The chain in words without line numbers: what the group shares.
    public let summary: String
    /// The first evaluation's chain, with its links' line numbers.
    public let sentence: String
    /// The first evaluation's chain, root first.
    public let links: [ChainLink]
    /// The line of every evaluation in the group, in input order.
    public let lines: [Int]
    /// How many of its evaluations got each verdict, in `Verdict.allCases` order, none zero.
    /// A chain can hold both: a developer's first body print is expected, the next unknown.
    public var verdicts: [(verdict: Verdict, count: Int)] = []
    /// The group's measured evaluations: how many, their total and the longest, in
    /// milliseconds; nil when none was measured.
    public var measured: (count: Int, totalMs: Double, maxMs: Double)? = nil

    /// Equal when every field is (`measured` is a tuple, which is not `Equatable`).
    public static func == (lhs: ChainGroup, rhs: ChainGroup) -> Bool {
        lhs.summary == rhs.summary && lhs.sentence == rhs.sentence && lhs.links == rhs.links && lhs.lines == rhs.lines
            && lhs.measured?.count == rhs.measured?.count && lhs.measured?.totalMs == rhs.measured?.totalMs
            && lhs.measured?.maxMs == rhs.measured?.maxMs
            && lhs.verdicts.map(\.verdict) == rhs.verdicts.map(\.verdict) && lhs.verdicts.map(\.count) == rhs.verdicts.map(\.count)
    }
}

/// What `why` says about a view (or one line) of one trace.
public struct Explanation: Sendable, Equatable {
    /// The trace's id in the store.
    public let traceID: Int
    /// The trace's source as ingested: a path, or `-` for stdin.
    public let source: String
    /// The view asked about (for `--line`, the line's view).
    public let view: String?
    /// The line asked about with `--line`.
    public let line: Int?
    /// Evaluations (or, for `--line`, events) explained.
    public let evaluations: Int
    /// How many evaluations each cause accounts for, most first.
    public let causes: [(cause: Cause, count: Int)]
    /// The distinct chains, in order of first occurrence.
    public let groups: [ChainGroup]
    /// How many evaluations got each verdict, in `Verdict.allCases` order, none left out.
    public var verdicts: [(verdict: Verdict, count: Int)] = []

    /// Equal when every field is (`causes` holds tuples, which are not `Equatable`).
    public static func == (lhs: Explanation, rhs: Explanation) -> Bool {
        lhs.traceID == rhs.traceID && lhs.source == rhs.source && lhs.view == rhs.view && lhs.line == rhs.line
            && lhs.evaluations == rhs.evaluations && lhs.groups == rhs.groups
            && lhs.causes.map(\.cause) == rhs.causes.map(\.cause) && lhs.causes.map(\.count) == rhs.causes.map(\.count)
            && lhs.verdicts.map(\.verdict) == rhs.verdicts.map(\.verdict) && lhs.verdicts.map(\.count) == rhs.verdicts.map(\.count)
    }
}

/// The words for each step of a chain.
enum ChainPhrase {
    /// `_count` reads as `ContentView._count`; `@dependencies` and key paths after a space.
    static func changed(_ view: String, _ property: String?) -> String {
        guard let property else { return "\(view) changed" }
        return "\(named(view, property)) changed"
    }

    /// `ContentView._count`, or `ContentView @dependencies` for a token that is no property.
    static func named(_ view: String, _ property: String) -> String {
        property.hasPrefix("_") ? "\(view).\(property)" : "\(view) \(property)"
    }

    /// The phrase for `node`; `isTop` when nothing above it in the chain, `isSubject` when it is
    /// the evaluation explained.
    static func phrase(_ node: ChainNode, isTop: Bool, isSubject: Bool) -> String {
        let view = node.view ?? "an unnamed view"
        switch node.kind {
        case .text:
            return "\"\(node.text)\" (not recognised; the update began after it)"
        case .appear: return "\(view) appeared"
        case .disappear: return "\(view) disappeared"
        case .`init`:
            // An object's owner, as the rules about it found it: the view whose init made it.
            let owner = !isSubject || node.owners.isEmpty ? ""
                : node.owners.count == 1 ? ", made by \(node.owners[0])'s init"
                : ", made by the init of one of \(node.owners.joined(separator: ", ")) (the log does not say which)"
            if isTop && node.cause == .unknown { return "\(view) init\(owner) (its creator is not in the log)" }
            return "\(view) init\(owner)"
        case .body:
            switch node.cause {
            case .state?, .observedObject?, .environment?, .dependency?:
                return "\(changed(view, node.property)) → \(view) body"
            case .identity?:
                guard isSubject else { return "\(view) new identity" }
                let state = node.property.map { " (\($0))" } ?? ""
                switch node.lifetime {
                case "reset"?: return "\(view) new identity: state reset\(state), it replaced one still on screen"
                case "reinserted"?: return "\(view) new identity: shown again after it was removed, state started over\(state)"
                case "reinserted_unconfirmed"?:
                    return "\(view) new identity: shown again after it was removed, state started over\(state) "
                        + "(the change's run before printed none of it; no disappear or deinit printed to confirm)"
                case "inserted_unconfirmed"?:
                    return "\(view) new identity: state created\(state), added beside others of its type that outlived earlier updates "
                        + "(no disappear or deinit printed to confirm that none was replaced)"
                case "reset_or_inserted"?:
                    return "\(view) new identity: state reset or created\(state) (one of this update's new identities replaced one on screen; the log does not say which)"
                default: return "\(view) new identity: state created\(state)"
                }
            case .parent?:
                if isTop { return "\(view) new value from a parent the log does not show (@self)" }
                guard isSubject else { return "\(view) body" }
                switch node.basis {
                case .`init`?: return "\(view) body: its parent made it anew"
                case .order?: return "\(view) body, printed after its parent"
                default: return "\(view) new value from its parent (@self)"
                }
            case .unknown?, nil:
                // `X: unchanged.`: the one body without a cause that still says something.
                if node.printedUnchanged && (isSubject || isTop) { return "\(view) body though nothing it reads changed (unchanged)" }
                return isSubject || isTop ? "\(view) body (the log does not say why)" : "\(view) body"
            }
        default:
            return "\(view) \(node.kind.rawValue)"
        }
    }

    /// Puts the line number after a phrase's first step: `X._count changed (line 4) → X body`.
    static func withLine(_ phrase: String, _ line: Int) -> String {
        if let arrow = phrase.range(of: " → ") {
            return phrase[..<arrow.lowerBound] + " (line \(line))" + phrase[arrow.lowerBound...]
        }
        return "\(phrase) (line \(line))"
    }
}

/// An event as the explainer reads it from the store.
struct ChainNode {
    let id: Int
    let line: Int
    let kind: EventKind
    let view: String?
    let text: String
    let cause: Cause?
    let property: String?
    let parent: Int?
    let basis: CauseBasis?
    let update: Int?
    var durationMs: Double? = nil
    /// Its verdict (`EvaluationVerdicts.sql`), for a body evaluation.
    var verdict: Verdict? = nil
    /// Its own line's verdict was avoidable: `_printChanges()` printed `unchanged`.
    var printedUnchanged = false
    /// For a new identity, what `identity_churn` judged it (`causes.lifetime`), if it judged it.
    var lifetime: String? = nil
    /// For an object's init, the views whose init made it (`Explainer.owners(ofInitAt:view:)`).
    var owners: [String] = []

    func link(isTop: Bool, isSubject: Bool) -> ChainLink {
        ChainLink(
            line: line, kind: kind, view: view, cause: cause, property: property, basis: basis, text: text,
            phrase: ChainPhrase.phrase(self, isTop: isTop, isSubject: isSubject), durationMs: durationMs,
            verdict: verdict
        )
    }
}
