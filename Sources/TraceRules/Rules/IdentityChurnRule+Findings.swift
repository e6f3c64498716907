import Foundation
import TraceStore

/// What the re-creations add up to, in words: one finding per view, then per model cycled,
/// and the early decisions of a live run.
extension IdentityChurnRule.Recreations {
    func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

    /// One finding per re-created view, then per model cycled, each made (its lines read
    /// back) only when the one before has been taken.
    func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
        closeUpdate()
        resolvePending()
        judgeDeferred(disappearsPrinted: false)
        let symbols = subjects.symbols
        var flagged = Set<String>()
        // Exact findings first; a view they cover is not reported again from heuristics
        // (a log with both probe lines and `_printChanges()` output shows it twice).
        for violation in exact.violations(minRecreations: minRecreations, symbols: symbols) {
            flagged.insert(violation.view ?? "")
            try body(violation)
        }
        let probed = Set(exact.probed.map { symbols[$0] })
        for view in recreatedViews(symbols) where !probed.contains(view.name) {
            var violation = violation(name: view.name, recreated: view.recreated, reinserted: view.reinserted, lines: view.lines, symbols: symbols)
            violation.earlyKey = announced[view.name]?.key
            flagged.insert(view.name)
            try body(violation)
        }
        for model in recreatedModels(symbols) where model.cycles >= minRecreations && !flagged.contains(model.owner) {
            // Released and made anew within one update: replaced while shown. Across updates:
            // its owner was removed and shown again, a new lifetime by the code's design.
            let message = model.inPlace > 0
                ? "\(model.owner)'s \(model.model) was released and created anew \(counted(model.cycles, "time")) "
                    + "(init → deinit → init), \(model.inPlace == model.cycles ? "each time" : "\(model.inPlace) of them") within one update: "
                    + "the state it held reset while \(model.owner) was shown."
                : "\(model.owner)'s \(model.model) was released and created anew \(counted(model.cycles, "time")) "
                    + "(init → deinit → init), each time in a later update than the release: \(model.owner) was removed and "
                    + "shown again (an `if`/`else`, or a sheet or screen presented again), so the state it held started over; "
                    + "nothing on screen lost it."
            try body(Violation(
                view: model.owner, message: message, count: model.cycles,
                lines: model.lists.flatMap { cycleLines.elements(of: $0) }, weight: model.inPlace > 0 ? .full : .lowered
            ))
        }
    }

    /// A view's re-creations are decided once the update they happened in has closed: the
    /// view's finding exists from then on (as a hint below `min_recreations`), and only grows.
    /// Model cycles wait for the end, where a re-created view's owner silences them.
    func decided(_ subjects: Subjects) -> [Violation] {
        guard !newlyRecreated.isEmpty else { return [] }
        defer { newlyRecreated.clear() }
        let symbols = subjects.symbols
        var violations: [Violation] = []
        for view in newlyRecreated {
            isNewlyRecreated[view] = false
            // A view the probe reports is decided by its exact resets, at the end.
            if exact.probed.contains(symbols.symbol(at: view)) { continue }
            let name = symbols[symbols.symbol(at: view)]
            let weight = Self.weight(recreated: recreated[view], reinserted: reinserted[view], minRecreations: minRecreations)
            if let earlier = announced[name], earlier.weight >= weight.rank { continue }
            let key = announced[name]?.key ?? view
            announced[name] = (key, weight.rank)
            var violation = violation(
                name: name, recreated: recreated[view], reinserted: reinserted[view],
                lines: recreatedLines.elements(of: view) + reinsertedLines.elements(of: view), symbols: symbols
            )
            violation.earlyKey = key
            violations.append(violation)
        }
        return violations
    }

    /// How much a view's finding weighs: resets at the rule's severity, a view only removed and
    /// shown again one level below (the code asked for a new view, perhaps not knowing it loses
    /// state), either below `min_recreations` updates as a hint.
    /// A view with both weighs the heavier, so a live run's early finding never outweighs its last.
    static func weight(recreated: Recreated, reinserted: Recreated, minRecreations: Int) -> Violation.Weight {
        // Resets the log cannot tell from rows added (no disappear printed) are one level below.
        let reset: Violation.Weight = recreated.isEmpty || recreated.updates < minRecreations ? .hint
            : recreated.endsUnseen == recreated.created ? .lowered : .full
        let shownAgain: Violation.Weight = reinserted.isEmpty || reinserted.updates < minRecreations ? .hint : .lowered
        return reset.rank >= shownAgain.rank ? reset : shownAgain
    }

    /// The finding for the view named `name`, reset as `recreated` and removed and shown again as
    /// `reinserted` sum up, citing `lines`.
    func violation(name: String, recreated: Recreated, reinserted: Recreated, lines: [Int], symbols: SymbolTable) -> Violation {
        guard !recreated.isEmpty else { return reinsertion(name: name, reinserted: reinserted, lines: lines, symbols: symbols) }
        let weight = Self.weight(recreated: recreated, reinserted: reinserted, minRecreations: minRecreations)
        var violation = violation(name: name, recreated: recreated, weight: weight, lines: lines, symbols: symbols)
        if !reinserted.isEmpty {
            violation.message += " Besides, it was removed and shown again \(counted(reinserted.created, "time")) "
                + "(\(Self.changes(reinserted, symbols))), which loses no state on screen"
                + (reinserted.unconfirmed > 0 ? " (\(Self.unconfirmedRemovals(name, reinserted)))." : ".")
        }
        return violation
    }

    /// The finding for a view that was only removed and shown again: each time a new lifetime
    /// whose state starts over, by the code's design (an `if`/`else` on the change that removed
    /// it, a sheet or a screen presented again), not state lost while shown.
    func reinsertion(name: String, reinserted: Recreated, lines: [Int], symbols: SymbolTable) -> Violation {
        let state = Self.stateNames(reinserted.states, in: symbols)
        let times = reinserted.created
        var message = "\(name) was removed and shown again \(counted(times, "time")) by changes of \(Self.changes(reinserted, symbols)): "
            + "each time it got a new identity, so "
            + (state.isEmpty ? "its state started over" : "its state (\(state.joined(separator: ", "))) started over")
            + ". That is what an `if`/`else` on that value does (or a sheet or screen presented again); "
            + "nothing on screen lost its state. If it should keep its state while hidden, keep it in the hierarchy "
            + "(hide it with `.opacity` or `.hidden()`) or hold the state in the view that decides."
        if reinserted.unconfirmed > 0 { message += " " + Self.unconfirmedRemovals(name, reinserted, sentence: true) + "." }
        let weight = Self.weight(recreated: Recreated(), reinserted: reinserted, minRecreations: minRecreations)
        if weight == .hint {
            message += " Reported as info: \(counted(reinserted.updates, "update")) is below min_recreations (\(minRecreations))."
        }
        var violation = Violation(view: name, message: message, count: times, lines: lines, weight: weight)
        // Each time is a new lifetime the code asked for: nothing to rank as waste.
        violation.waste = 0
        return violation
    }

    /// Why the log is read as `name` shown again where it prints none of its ends: the change
    /// that made it anew printed none of it the time before, as when it removed it.
    static func unconfirmedRemovals(_ name: String, _ reinserted: Recreated, sentence: Bool = false) -> String {
        let all = reinserted.unconfirmed == reinserted.created
        let which = all ? (sentence ? "Each time" : "each time") : "\(reinserted.unconfirmed) of those times"
        return "\(which), the run of the same change before printed none of \(name), as when that change removes it; "
            + "the log prints no disappear or deinit of \(name) to confirm it left the screen, and if it stayed, "
            + "its state was reset while shown"
    }

    /// `ContentView._showPlayButton` for each root and property of `recreated`, as the log names them.
    static func changes(_ recreated: Recreated, _ symbols: SymbolTable) -> String {
        let roots = symbols.distinctNames(recreated.roots)
        let properties = symbols.distinctNames(recreated.properties)
        guard roots.count == 1 else { return roots.isEmpty ? "an ancestor" : roots.joined(separator: ", ") }
        guard !properties.isEmpty else { return roots[0] }
        return properties.map { ChainPhrase.named(roots[0], $0) }.joined(separator: ", ")
    }

    /// The finding for the view named `name`, re-created as `recreated` sums up, at `weight`
    /// (`weight(recreated:reinserted:minRecreations:)`), citing `lines`.
    private func violation(name: String, recreated: Recreated, weight: Violation.Weight, lines: [Int], symbols: SymbolTable) -> Violation {
        // Names are made once per distinct symbol (or state list): a later repeat adds
        // nothing to a list of first occurrences.
        let state = Self.stateNames(recreated.states, in: symbols)
        // An update without a root is a changed instance id, whose cause the log does not show.
        let roots = symbols.distinctNames(recreated.roots).joined(separator: ", ")
        let within = roots.isEmpty ? (recreated.instances.isEmpty ? "its printed instance id changed" : "it was replaced in place") : ""
        // Rows replaced in place need no unknown root named: the rows say what happened.
        let of = roots.isEmpty ? (recreated.instances.isEmpty ? " of ?" : "") : " of \(roots)"
        let created = recreated.created
        let updates = recreated.updates
        if recreated.orphans == updates, updates > 0 {
            let message = "\(name) was created anew \(counted(updates, "time")) in \(String(format: "%.1f", recreated.orphanSpan)) s "
                + "with no update of an ancestor printed (the view that re-creates it prints nothing); "
                + (state.isEmpty ? "SwiftUI rebuilt it and its subtree each time." : "its state (\(state.joined(separator: ", "))) reset each time.")
                + (weight == .hint ? " Reported as info: \(counted(updates, "reset")) is below min_recreations (\(minRecreations))." : "")
            return Violation(view: name, message: message, count: updates, lines: lines, weight: weight)
        }
        let once = updates == 1
        var message = once
            ? "\(name) was created anew \(roots.isEmpty ? "when \(within)" : "in an update of \(roots)") after it already existed; "
            : "\(name) was created anew in \(counted(updates, "update"))\(of) "
                + "(\(counted(created, "new identity", plural: "new identities"))) after it already existed; "
        if recreated.endsUnseen == created { message += "if \(created == 1 ? "it" : "each") took the place of one on screen, " }
        message += state.isEmpty ? "SwiftUI rebuilt it and its subtree" : "its state (\(state.joined(separator: ", "))) reset"
        message += once ? "." : " each time."
        if !recreated.instances.isEmpty {
            // Rows built anew, taken off screen and put back: named, so the user sees which.
            message += " Replaced in place (init, disappear, appear): \(symbols.distinctNames(recreated.instances).joined(separator: ", "))."
        }
        if recreated.endsUnseen > 0 {
            // Rows appended print the same lines where no disappear is printed: say so.
            let which = recreated.endsUnseen == created ? (created == 1 ? "it" : "these") : "\(recreated.endsUnseen) of these"
            message += " The log prints \(name)'s appears but no disappear of any view, so it cannot tell \(which) "
                + "from \(name)s added beside ones that stayed; a print in `onDisappear` would."
                + (recreated.endsUnseen == created && weight == .lowered ? " Reported one level below the rule's severity for that reason." : "")
        }
        // One reset is a hint: it may be an intended `if`, or the first of many.
        if weight == .hint {
            message += " Reported as info: \(counted(updates, "reset")) is below min_recreations (\(minRecreations))."
        }
        // The count is the state resets (new identities), what fix first calls them; the
        // threshold weighs updates, as one update may reset a whole list.
        return Violation(
            view: name, message: message, count: created,
            lines: lines, weight: weight
        )
    }

    /// The re-created views by name as bytes (SQLite's BINARY order); neighbours whose
    /// names are equal as Swift strings (canonically equivalent) are one view, as when the
    /// rows came from SQL.
    ///
    /// The lines are read from file one view at a time, as the caller takes each.
    func recreatedViews(_ symbols: SymbolTable) -> some Sequence<(name: String, recreated: Recreated, reinserted: Recreated, lines: [Int])> {
        var rows: [(name: String, recreated: Recreated, reinserted: Recreated, view: Int)] = []
        for view in recreated.indices where !recreated[view].isEmpty || !reinserted[view].isEmpty {
            rows.append((symbols[symbols.symbol(at: view)], recreated[view], reinserted[view], view))
        }
        rows.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var views: [(name: String, recreated: Recreated, reinserted: Recreated, symbols: [Int])] = []
        for row in rows {
            if let last = views.indices.last, views[last].name == row.name {
                views[last].recreated.merge(row.recreated)
                views[last].reinserted.merge(row.reinserted)
                views[last].symbols.append(row.view)
            } else {
                views.append((row.name, row.recreated, row.reinserted, [row.view]))
            }
        }
        return views.lazy.map { view in
            (view.name, view.recreated, view.reinserted,
             view.symbols.flatMap { self.recreatedLines.elements(of: $0) + self.reinsertedLines.elements(of: $0) })
        }
    }

    /// The distinct state names of `states`, in order of first occurrence, as `names(of:)`
    /// reads each list. A view re-created in many updates has many lists of few symbols:
    /// each symbol is named once, and only names holding a comma or edge spaces (which
    /// `names(of:)` splits or trims) need the lists joined and split again.
    static func stateNames(_ states: [[Symbol]], in symbols: SymbolTable) -> [String] {
        var seen = Set<Symbol>()
        var names: [String] = []
        for state in states {
            for symbol in state where seen.insert(symbol).inserted {
                let name = symbols[symbol]
                if name.isEmpty || name.contains(",") || name.first!.isWhitespace || name.last!.isWhitespace {
                    return states.flatMap { Self.names(of: $0, in: symbols) }.uniqued()
                }
                names.append(name)
            }
        }
        return names.uniqued()
    }

    /// The state tokens as the SQL's `group_concat(token, ', ')` read back: split at commas
    /// and trimmed.
    static func names(of state: [Symbol], in symbols: SymbolTable) -> [String] {
        state.map { symbols[$0] }.joined(separator: ", ").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
