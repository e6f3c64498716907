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
            var violation = violation(name: view.name, recreated: view.recreated, lines: view.lines, symbols: symbols)
            violation.earlyKey = announced[view.name]?.key
            flagged.insert(view.name)
            try body(violation)
        }
        for model in recreatedModels(symbols) where model.cycles >= minRecreations && !flagged.contains(model.owner) {
            try body(Violation(
                view: model.owner,
                message: "\(model.owner)'s \(model.model) was released and created anew \(counted(model.cycles, "time")) "
                    + "(init → deinit → init): the state it held reset each time.",
                count: model.cycles,
                lines: model.lists.flatMap { cycleLines.elements(of: $0) }
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
            let full = recreated[view].updates >= minRecreations
            if let earlier = announced[name], earlier.full || !full { continue }
            let key = announced[name]?.key ?? view
            announced[name] = (key, full)
            var violation = violation(name: name, recreated: recreated[view], lines: recreatedLines.elements(of: view), symbols: symbols)
            violation.earlyKey = key
            violations.append(violation)
        }
        return violations
    }

    /// The finding for the view named `name`, re-created as `recreated` sums up, citing `lines`.
    func violation(name: String, recreated: Recreated, lines: [Int], symbols: SymbolTable) -> Violation {
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
                + (updates < minRecreations ? " Reported as info: \(counted(updates, "reset")) is below min_recreations (\(minRecreations))." : "")
            return Violation(view: name, message: message, count: updates, lines: lines, weight: updates < minRecreations ? .hint : .full)
        }
        let once = updates == 1
        var message = once
            ? "\(name) was created anew \(roots.isEmpty ? "when \(within)" : "in an update of \(roots)") after it already existed; "
            : "\(name) was created anew in \(counted(updates, "update"))\(of) "
                + "(\(counted(created, "new identity", plural: "new identities"))) after it already existed; "
        message += state.isEmpty ? "SwiftUI rebuilt it and its subtree" : "its state (\(state.joined(separator: ", "))) reset"
        message += once ? "." : " each time."
        if !recreated.instances.isEmpty {
            // Rows built anew, taken off screen and put back: named, so the user sees which.
            message += " Replaced in place (init, disappear, appear): \(symbols.distinctNames(recreated.instances).joined(separator: ", "))."
        }
        // One reset is a hint: it may be an intended `if`, or the first of many.
        if updates < minRecreations {
            message += " Reported as info: \(counted(updates, "reset")) is below min_recreations (\(minRecreations))."
        }
        // The count is the state resets (new identities), what fix first calls them; the
        // threshold weighs updates, as one update may reset a whole list.
        return Violation(
            view: name, message: message, count: created,
            lines: lines, weight: updates < minRecreations ? .hint : .full
        )
    }

    /// The re-created views by name as bytes (SQLite's BINARY order); neighbours whose
    /// names are equal as Swift strings (canonically equivalent) are one view, as when the
    /// rows came from SQL.
    ///
    /// The lines are read from file one view at a time, as the caller takes each.
    func recreatedViews(_ symbols: SymbolTable) -> some Sequence<(name: String, recreated: Recreated, lines: [Int])> {
        var rows: [(name: String, recreated: Recreated, view: Int)] = []
        for view in recreated.indices where !recreated[view].isEmpty {
            rows.append((symbols[symbols.symbol(at: view)], recreated[view], view))
        }
        rows.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var views: [(name: String, recreated: Recreated, symbols: [Int])] = []
        for row in rows {
            if let last = views.indices.last, views[last].name == row.name {
                views[last].recreated.merge(row.recreated)
                views[last].symbols.append(row.view)
            } else {
                views.append((row.name, row.recreated, [row.view]))
            }
        }
        return views.lazy.map { view in
            (view.name, view.recreated, view.symbols.flatMap { self.recreatedLines.elements(of: $0) })
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
