import Foundation
import TraceModel
import TraceRules

/// Compares every finding on a rendering with the truth of its run: each figure, owner and
/// claim the message makes must be what happened, or say what the style cannot know ("at
/// least N", "the log does not say which instance was kept"), which is accepted exactly.
public struct OracleCheck {
    /// A finding that says something untrue, by family (what kind of claim it got wrong).
    public struct Mismatch: Sendable, CustomStringConvertible {
        public let family: String
        public let finding: Finding
        public let detail: String
        public var description: String { "[\(family)] \(finding.rule) on \(finding.view ?? "-"): \(detail)\n    message: \(finding.message)\n    count: \(finding.count), root cause: \(finding.rootCause ?? "none")" }
    }

    public private(set) var claims = 0
    public private(set) var mismatches: [Mismatch] = []
    /// Findings of rules the oracle does not model (their figures are not compared), by rule.
    public private(set) var unchecked: [String: Int] = [:]

    private let truth: Truth
    private let log: RenderedLog

    /// The findings the library makes of `log`, in-process: parsed line by line and handed to
    /// the live analyzer, which returns what `check` stores (root causes included).
    public static func findings(of log: RenderedLog, configuration: RuleConfiguration = RuleConfiguration()) -> [Finding] {
        var reader = LineReader()
        var parser = TraceParser()
        let analyzer = LiveAnalyzer(configuration: configuration, traceID: 1, source: log.style.rawValue, decidingEarly: false,
                                    collectingLinesNamingInstances: false)
        let bytes = Array(log.text.utf8)
        if log.style.isRecording {
            // A recording goes through the reader `check` uses for an `xctrace export`.
            var recording = InstrumentsReader()
            bytes.withUnsafeBytes { buffer in
                do {
                    try recording.consume(buffer) { analyzer.observe($0) }
                    try recording.finish { analyzer.observe($0) }
                } catch {
                    preconditionFailure("the oracle's export does not read: \(error)")
                }
            }
            return analyzer.finish().findings
        }
        bytes.withUnsafeBytes { buffer in
            reader.feed(buffer) { line in parser.consume(line) { analyzer.observe($0) } }
            reader.finish { line in parser.consume(line) { analyzer.observe($0) } }
        }
        parser.finish { analyzer.observe($0) }
        return analyzer.finish().findings
    }

    /// Checks `findings` of `log` against `truth`.
    public init(_ findings: [Finding], truth: Truth, log: RenderedLog) {
        self.truth = truth
        self.log = log
        for finding in findings { check(finding) }
    }

    private mutating func claim(_ holds: Bool, _ family: String, _ finding: Finding, _ detail: @autoclosure () -> String) {
        claims += 1
        if !holds { mismatches.append(Mismatch(family: family, finding: finding, detail: detail())) }
    }

    private mutating func check(_ finding: Finding) {
        if let cause = finding.rootCause, let start = log.firstRootBodyLine {
            claim(!Self.cites(line: start, in: cause), "root cause", finding, "cites the trace's start (line \(start)) as a cause")
        }
        switch finding.rule {
        case "redundant_instance_creation": checkRedundant(finding)
        case "state_model_reinit": checkModel(finding)
        case "identity_churn": checkChurn(finding)
        case "heavy_initializer": checkHeavy(finding)
        case "long_body_update": checkLongBody(finding)
        case "non_lazy_navigation_destination": checkEagerDestinations(finding)
        case "repeated_appear": checkRepeatedAppear(finding)
        case "unstable_view_value": checkUnstable(finding)
        default: unchecked[finding.rule, default: 0] += 1
        }
    }

    /// Whether `cause` names `line` (`(line 1)`, `lines 1, 5`).
    static func cites(line: Int, in cause: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: "lines? ([0-9, ]+)") else { return false }
        let range = NSRange(cause.startIndex..., in: cause)
        for match in regex.matches(in: cause, range: range) {
            let numbers = (cause as NSString).substring(with: match.range(at: 1)).split(separator: ",")
            if numbers.contains(where: { Int($0.trimmingCharacters(in: .whitespaces)) == line }) { return true }
        }
        return false
    }

    /// The number the first capture of `pattern` reads in `message`.
    static func figure(_ pattern: String, in message: String) -> Int? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)),
              let range = Range(match.range(at: 1), in: message) else { return nil }
        return Int(message[range])
    }

    private mutating func checkRedundant(_ finding: Finding) {
        guard let view = finding.view, let facts = truth.views[view] else {
            return claim(false, "redundant: view", finding, "no such view in the run")
        }
        claim(facts.dropped > 0, "redundant: false positive", finding, "no value of \(view) was dropped (truth: \(facts))")
        // The figure the message states is the count the JSON, fix first and views carry.
        if let exact = Self.figure("([0-9]+) (?:instances|values) were built and dropped", in: finding.message)
            ?? Self.figure("([0-9]+) (?:instance|value) was built and dropped", in: finding.message) {
            claim(exact == finding.count, "redundant: one account", finding, "message says \(exact) dropped, count is \(finding.count)")
            let atLeast = finding.message.contains("at least \(exact)")
            claim(atLeast ? exact <= facts.dropped : exact == facts.dropped, "redundant: dropped", finding,
                  "says \(atLeast ? "at least " : "")\(exact) dropped, truth \(facts.dropped)")
            checkCost(finding, truthMs: facts.droppedInitMs)
        } else if let inits = Self.figure("\\(([0-9]+) inits in", in: finding.message) {
            claim(inits <= facts.inits, "redundant: inits", finding, "says \(inits) inits in runs, truth \(facts.inits)")
            claim(finding.count <= facts.dropped, "redundant: dropped", finding, "count \(finding.count), truth dropped \(facts.dropped)")
            if let part = Self.figure("([0-9]+) of them were built and dropped", in: finding.message) {
                claim(part == finding.count, "redundant: one account", finding, "message says \(part) dropped, count is \(finding.count)")
            }
            // Some of the runs' inits: the cost is at most the truth's (and cheap when that is).
            checkCost(finding, truthMs: facts.droppedInitMs, part: true)
        } else {
            claim(false, "redundant: wording", finding, "no dropped figure in the message")
        }
        if let inits = Self.figure("initialised ([0-9]+) times", in: finding.message) {
            claim(inits == facts.inits, "redundant: inits", finding, "says \(inits) inits, truth \(facts.inits)")
        }
        if let bodies = Self.figure("evaluated only ([0-9]+) times", in: finding.message) ?? (finding.message.contains("evaluated only once") ? 1 : nil) {
            claim(bodies == facts.bodies, "redundant: bodies", finding, "says \(bodies) bodies, truth \(facts.bodies)")
        }
    }

    private mutating func checkModel(_ finding: Finding) {
        guard let owner = finding.view else { return claim(false, "model: owner", finding, "names no owner") }
        // `Owner's Model was initialised N more times`, or a teardown's `Model was initialised during the update that removed Owner`.
        let named = truth.models.first { finding.message.contains("\(owner)'s \($0.key) ") || finding.message.hasPrefix("\($0.key) was initialised") }
        guard let (model, facts) = named else {
            let models = truth.models
            return claim(false, "model: false positive", finding, "names no model of the run (models: \(models))")
        }
        claim(facts.owner == owner || finding.message.contains("one of"), "model: owner", finding, "owner is \(facts.owner), finding says \(owner)")
        claim(facts.extra > 0, "model: false positive", finding, "\(model) (\(facts.holding.rawValue)) was never made again while its owner kept its identity")
        guard facts.extra > 0 else { return }
        if let more = Self.figure("initialised ([0-9]+) more times?", in: finding.message) ?? (finding.message.contains("initialised 1 more time") ? 1 : nil) {
            claim(more == finding.count, "model: one account", finding, "message says \(more), count is \(finding.count)")
            let atLeast = finding.message.contains("at least \(more)")
            claim(atLeast ? more <= facts.extra : more == facts.extra, "model: count", finding, "says \(more) more inits, truth \(facts.extra)")
        } else if finding.message.contains("during the update that removed") {
            claim(false, "model: teardown", finding, "no model is made while its view is removed in these apps")
        }
        // A model replaced under a view on screen loses what the user typed: an error, cheap or not.
        let lost = finding.message.contains("on screen) started over each time")
        claim(!lost || facts.holding == .observedInline, "model: severity", finding, "only a replaced model loses what was typed in it, not a \(facts.holding.rawValue) one")
        if lost { claim(finding.severity == .error || finding.count < 2, "model: severity", finding, "state lost on screen is an error, not \(finding.severity)") }
        checkCost(finding, truthMs: facts.extraMs, lossy: lost)
        let keeps = finding.message.contains("kept the first") || finding.message.contains("keeps the first")
        let replaces = finding.message.contains("replaced the") || finding.message.contains("replaces the")
        let hedges = finding.message.contains("does not say which instance was kept")
        switch facts.holding {
        case .stateClass: claim(!replaces && (keeps || hedges), "model: claim", finding, "a @State model is kept first and the new ones discarded")
        case .observedInline: claim(!keeps && (replaces || hedges), "model: claim", finding, "an inline @ObservedObject is replaced by each new one")
        default: break
        }
        if hedges {
            let style = log.style
            claim(!style.namesModelInstances, "model: claim", finding, "the \(style.rawValue) log names each instance, so it says which was kept")
        }
    }

    /// A measured cost (`They took 0.160 ms in all (measured)`) is the truth's, and a finding
    /// is info for being cheap exactly when it is under a millisecond; a style that measures
    /// inits (the probe) states it.
    private mutating func checkCost(_ finding: Finding, truthMs: Double, part: Bool = false, lossy: Bool = false) {
        guard let regex = try? NSRegularExpression(pattern: "They took ([0-9.]+) ms in all"),
              let match = regex.firstMatch(in: finding.message, range: NSRange(finding.message.startIndex..., in: finding.message)),
              let range = Range(match.range(at: 1), in: finding.message), let stated = Double(finding.message[range]) else {
            let style = log.style
            return claim(!(style == .probe || style == .probeAndPrintChanges), "cost", finding, "the \(style.rawValue) log measures every init but the finding states no cost")
        }
        claim(part ? stated <= truthMs + 0.0015 : abs(stated - truthMs) < 0.0015, "cost", finding, "says \(stated) ms, truth \(truthMs) ms")
        let cheap = finding.message.contains("cheap, so reported as info")
        // Lost state outranks cost: such a finding is never lowered for being cheap.
        claim(lossy ? !cheap : cheap == (stated < 1.0) && (part || cheap == (truthMs < 1.0)), "severity", finding, "cheap is \(cheap), truth \(truthMs) ms")
        if cheap { claim(finding.severity == .info, "severity", finding, "a cheap finding is info, not \(finding.severity)") }
    }

    /// `DetailView's init created DetailViewModel (3 times; measured: 7.5 ms in all, up to 2.5 ms each)`
    /// names the model's owner and its inits; `2 inits of Banner took longer than 1 ms (measured:
    /// up to 1.9 ms)` counts the view's slow inits.
    private mutating func checkHeavy(_ finding: Finding) {
        guard let view = finding.view else { return claim(false, "heavy: view", finding, "names no view") }
        if let (model, facts) = truth.models.first(where: { finding.message.contains("init created \($0.key) (") }) {
            claim(facts.owner == view, "heavy: owner", finding, "\(model)'s owner is \(facts.owner)")
            let times = Self.figure("init created [A-Za-z]+ \\(([0-9]+) times", in: finding.message)
                ?? (finding.message.contains("init created \(model) (once") ? 1 : nil)
            if let times { claim(times == facts.inits, "heavy: inits", finding, "says \(times) inits, truth \(facts.inits)") }
            // Fix first's waste: the inits beyond the first of each of the owner's lifetimes;
            // where slow inits of the view are counted too, at most the inits that began none.
            if let waste = finding.waste {
                if finding.message.contains(" took longer than "), let owner = truth.views[view] {
                    let repeats = max(0, owner.inits - owner.identities)
                    claim(waste <= repeats, "heavy: waste", finding, "says \(waste) need not have happened, truth at most \(repeats)")
                } else {
                    claim(waste == facts.extra, "heavy: waste", finding, "says \(waste) need not have happened, truth \(facts.extra)")
                }
            }
            if let stated = Self.decimal("measured: ([0-9.]+) ms in all", in: finding.message) {
                claim(abs(stated - facts.initMs) < 0.05 + 0.001 * Double(facts.inits), "heavy: cost", finding, "says \(stated) ms, truth \(facts.initMs) ms")
            }
        } else if let slow = Self.figure("([0-9]+) inits? of [A-Za-z]+ took longer than", in: finding.message),
                  let threshold = Self.decimal("took longer than ([0-9.]+) ms", in: finding.message), let facts = truth.views[view] {
            // A probe measures the init's own time; a gap between printed lines includes the
            // models its property initialisers made: either reading is true of its own measure.
            let most = Self.decimal("up to ([0-9.]+) ms", in: finding.message)
            let readings = [facts.initMs, facts.initWithModelsMs].map { times in
                (slow: times.filter { $0 > threshold }.count, most: times.max() ?? 0)
            }
            claim(readings.contains { $0.slow == slow && (most == nil || abs(most! - $0.most) < 0.051) }, "heavy: inits", finding,
                  "says \(slow) slow inits up to \(most ?? 0) ms, truth \(readings)")
            if let waste = finding.waste {
                let repeats = max(0, facts.inits - facts.identities)
                claim(waste <= repeats, "heavy: waste", finding, "says \(waste) need not have happened, truth at most \(repeats)")
            }
        } else {
            unchecked[finding.rule, default: 0] += 1
        }
    }

    /// `Row's body took 1.718 ms at most (measured): 6 of 6 measured evaluations above 0.5 ms, ... 10.308 ms in all.`
    private mutating func checkLongBody(_ finding: Finding) {
        guard let view = finding.view, let facts = truth.views[view] else { return claim(false, "long body: view", finding, "no such view") }
        let truthMost = facts.bodies > 0 ? facts.bodyMs / Double(facts.bodies) : 0
        if let most = Self.decimal("took ([0-9.]+) ms at most", in: finding.message) {
            claim(abs(most - truthMost) < 0.0015, "long body: max", finding, "says \(most) ms at most, truth \(truthMost)")
        }
        if let measured = Self.figure("of ([0-9]+) measured evaluations", in: finding.message) {
            claim(measured == facts.bodies, "long body: evaluations", finding, "says \(measured) measured, truth \(facts.bodies)")
        }
        if let total = Self.decimal("([0-9.]+) ms in all", in: finding.message) {
            claim(abs(total - facts.bodyMs) < 0.0015 * Double(max(1, facts.bodies)), "long body: total", finding, "says \(total) ms, truth \(facts.bodyMs)")
        }
    }

    /// `3 destination views were initialised together ... shown only much later or never: A (17.2 s later), B (never)`:
    /// each named view was made early and shown that much later, or never.
    private mutating func checkEagerDestinations(_ finding: Finding) {
        // `3 OrderDetail values were initialised together ... first shown only 12.5 s later`: one detail type.
        if finding.message.contains(" values were initialised together"), let view = finding.message.split(separator: " ").dropFirst().first {
            let destinations = truth.destinations
            claim(destinations.contains(String(view)), "eager: destination", finding, "\(view) is no navigation destination (the app's: \(destinations))")
            return
        }
        guard let list = finding.message.components(separatedBy: "or never: ").last else { return }
        for entry in list.components(separatedBy: ", ") {
            guard let open = entry.firstIndex(of: "(") else { continue }
            let view = entry[..<open].trimmingCharacters(in: .whitespaces)
            let destinations = truth.destinations
            claim(destinations.contains(view), "eager: destination", finding, "\(view) is no navigation destination (the app's: \(destinations))")
            let steps = truth.steps
            let firstInit = steps.first { if case let .viewInit(name, _, _) = $0.step { return name == view } else { return false } }?.time
            let firstAppear = steps.first { if case let .appear(name, _) = $0.step { return name == view } else { return false } }?.time
            if entry.contains("(never)") {
                claim(firstAppear == nil, "eager: never shown", finding, "\(view) appeared (its first init and appear are one update apart at most)")
            } else if let later = Self.decimal("\\(([0-9.]+) s later", in: entry), let firstInit {
                let truthLater = firstAppear.map { Double($0 - firstInit) / 1e9 } ?? .infinity
                claim(abs(later - truthLater) < 0.1, "eager: shown later", finding, "\(view) says \(later) s later, truth \(truthLater) s")
            }
        }
    }

    /// `FeedTab appeared 3 times within one lifetime (no new identity in between)`: one identity
    /// of the view appeared that many times (the generated apps' views that appear again are
    /// tabs, one identity each, so the figure is exact).
    private mutating func checkRepeatedAppear(_ finding: Finding) {
        guard let view = finding.view else { return claim(false, "appear: view", finding, "names no view") }
        var appears: [Int: Int] = [:]
        for timed in truth.steps {
            if case let .appear(name, token) = timed.step, name == view { appears[token, default: 0] += 1 }
        }
        let most = appears.values.max() ?? 0
        claim(most >= 2, "appear: false positive", finding, "no identity of \(view) appeared twice (appears per identity: \(appears.values.sorted()))")
        // The count is the appears after the first, which had to happen: what fix first calls waste.
        let stated = Self.figure("ran again ([0-9]+) times", in: finding.message) ?? (finding.message.contains("ran again once") ? 1 : nil)
        claim(stated == finding.count, "appear: one account", finding, "message says \(stated.map(String.init) ?? "no figure"), count is \(finding.count)")
        let shown = Self.figure("appeared ([0-9]+) times", in: finding.message) ?? (finding.message.contains("appeared twice") ? 2 : nil)
        claim(shown == most, "appear: appears", finding, "message says \(shown.map(String.init) ?? "no figure") appears, truth: \(most) of one identity")
        claim(finding.count == most - 1, "appear: count", finding, "count \(finding.count), truth: \(most) appears of one identity, so \(most - 1) again")
    }

    /// `ItemRow's body re-ran by @self alone in 5 updates of HomeScreen, whatever had changed
    /// (...), and never sat one out`: the root updates in which the view's body ran for a new
    /// value alone, and none in which a value of it made for a kept identity went unread. (The
    /// stored value it blames is hedged: the generated children read what changed instead,
    /// which the message says the log cannot tell apart.)
    private mutating func checkUnstable(_ finding: Finding) {
        guard let view = finding.view, let facts = truth.views[view] else { return claim(false, "unstable: view", finding, "no such view") }
        var update = -1
        var updates: Set<Int> = []
        for timed in truth.steps {
            guard case let .body(name, _, changes, _, _) = timed.step else { continue }
            if name == truth.root { update += 1 } else if name == view, changes == ["@self"] { updates.insert(update) }
        }
        let stated = Self.figure("alone in ([0-9]+) updates", in: finding.message)
        claim(stated == finding.count, "unstable: one account", finding, "message says \(stated.map(String.init) ?? "no figure"), count is \(finding.count)")
        claim(finding.count == updates.count, "unstable: updates", finding, "count \(finding.count), truth: \(updates.count) updates with a body by @self alone")
        claim(facts.dropped == 0, "unstable: sat out", finding, "\(facts.dropped) values of \(view) went unread")
    }

    /// The decimal the first capture of `pattern` reads in `message`.
    static func decimal(_ pattern: String, in message: String) -> Double? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)),
              let range = Range(match.range(at: 1), in: message) else { return nil }
        return Double(message[range].trimmingCharacters(in: CharacterSet(charactersIn: ".")))
    }

    private mutating func checkChurn(_ finding: Finding) {
        guard let view = finding.view else { return claim(false, "churn: view", finding, "names no view") }
        if truth.views[view] == nil, truth.models.contains(where: { $0.value.owner == view }) || truth.models[view] != nil {
            return claim(false, "churn: false positive", finding, "no model of the run was released and made again under a kept owner")
        }
        guard let facts = truth.views[view] else { return claim(false, "churn: view", finding, "no such view in the run") }
        // A view only removed and shown again (an `if` branch): a new lifetime, one level below.
        // Without its disappears or deinits printed, the log shows that by the change that made it
        // anew printing none of it the time before, and says it cannot confirm; the claims hold alike.
        if finding.message.contains(" was removed and shown again ") && !finding.message.contains("created anew") {
            claim(facts.reinsertions > 0, "churn: false positive", finding, "\(view) was never shown again after it was removed (truth: \(facts))")
            claim(facts.recreations == 0, "churn: reset called reinsertion", finding, "truth: \(facts.recreations) resets of \(view)")
            claim(finding.count == facts.reinsertions, "churn: reinsertions", finding, "count \(finding.count), truth \(facts.reinsertions)")
            claim(finding.severity != .error, "churn: severity", finding, "a re-insertion loses no state on screen, yet \(finding.severity)")
            return
        }
        claim(facts.recreations > 0, "churn: false positive", finding, "\(view) never got a new identity in place of one still shown (truth: \(facts))")
        guard facts.recreations > 0 else { return }
        // The count is the state resets (new identities), as fix first words it.
        claim(finding.count == facts.recreations, "churn: resets", finding, "count \(finding.count), truth \(facts.recreations) resets")
        if let identities = Self.figure("\\(([0-9]+) new identit", in: finding.message) ?? Self.figure("began ([0-9]+) times", in: finding.message) {
            claim(identities == finding.count, "churn: one account", finding, "message says \(identities) resets, count \(finding.count)")
        }
        if let updates = Self.figure("created anew in ([0-9]+) updates", in: finding.message) {
            claim(updates == facts.recreationUpdates, "churn: updates", finding, "says \(updates) updates, truth \(facts.recreationUpdates)")
        }
    }
}
