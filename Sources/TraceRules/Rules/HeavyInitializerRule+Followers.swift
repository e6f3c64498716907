/// How `heavy_initializer` keeps its candidates until the end, and turns shape 1's pairs of
/// inits into views and their helpers once the names are known.
extension HeavyInitializerRule.InitWork {
    /// The shapes of a sign of work, each the key of its list in `signs`.
    enum Shape: Int {
        /// An init right after another type's init that names no owner: which of the two is the
        /// view is known only at the end (`first` the earlier, `second` the later).
        case pair
        /// An init that names its owner (`first` the owner, `second` the helper).
        case owned
        /// An init that logged a duration above the limit (`first` the view).
        case slow
    }

    /// One candidate as it waits on file: types as symbol indexes (32 bits, as in a `Symbol`,
    /// which is not a plain value to copy as bytes), their lines and a duration; what each field means depends on the
    /// `Shape`. The shapes share one record so they share one spill file.
    struct Sign {
        private let first: UInt32, second: UInt32
        let firstLine: Int, secondLine: Int
        /// For a pair, the later init's own duration or the time since the earlier one,
        /// whichever is longer; for a slow init, its duration.
        let milliseconds: Double
        /// For a pair, the later init was followed at once by the body of a view with no
        /// identity on screen: `@StateObject` installing that view's model as it got its
        /// identity. When that view is not the earlier init's, the earlier init did not make it.
        var installs = Install.none

        init(_ first: Symbol, _ firstLine: Int, _ second: Symbol, _ secondLine: Int, milliseconds: Double = 0) {
            self.first = UInt32(truncatingIfNeeded: first.index)
            self.second = UInt32(truncatingIfNeeded: second.index)
            self.firstLine = firstLine
            self.secondLine = secondLine
            self.milliseconds = milliseconds
        }

        var firstIndex: Int { Int(first) }
        var secondIndex: Int { Int(second) }
    }

    /// Whose first body followed a pair's later init at once (`Sign.installs`).
    enum Install: UInt8 {
        case none
        /// The earlier init's view: its `@StateObject` installed, or its init's own work.
        case earlierView
        /// Another view's: that view's `@StateObject` installed as it got its identity.
        case otherView
    }

    /// A view and a helper of shape 1, once the names are known.
    struct Follower {
        let view: Symbol, line: Int, helper: Symbol, helperLine: Int, milliseconds: Double
        /// The helper was printed after the view's init line.
        let after: Bool
        /// That helper came right before the view's first body on screen.
        var installing = false
    }

    /// A view and a type its init made.
    private struct Made: Hashable {
        let view: Symbol, helper: Symbol
    }

    /// Calls `body` with shape 1's pairs as views and helpers, one view per helper line, in
    /// trace order.
    func forEachFollower(_ subjects: Subjects, _ body: (Follower) -> Void) {
        // A helper printed after the view's init once, or only as the view got its identity
        // (each presentation), is what `@StateObject` does when the view is installed; made
        // after its inits while it shows too, it is the init's own work, the first one
        // included. Which is known after a first pass over the pairs.
        var afterCounts: [Made: (all: Int, whileShown: Int)] = [:]
        forEachChosen(subjects) { follower in
            guard follower.after else { return }
            let made = Made(view: follower.view, helper: follower.helper)
            afterCounts[made, default: (0, 0)].all += 1
            if !follower.installing { afterCounts[made, default: (0, 0)].whileShown += 1 }
        }
        forEachChosen(subjects) { follower in
            guard follower.after else { return body(follower) }
            let counts = afterCounts[Made(view: follower.view, helper: follower.helper), default: (0, 0)]
            if counts.all >= 2, counts.whileShown >= 1 { body(follower) }
        }
    }

    /// Calls `body` with the follower chosen for each helper line, in trace order.
    ///
    /// A helper line can be claimed by the pair that ends at it and by the one that starts at it,
    /// and these are neighbours in the list; every pair's helper line is at or after the one
    /// before's. So the followers of one helper line come one after another, and the one chosen
    /// among them is known when the next line's comes: one is held, not a map of every line.
    private func forEachChosen(_ subjects: Subjects, _ body: (Follower) -> Void) {
        let symbols = subjects.symbols
        var held: Follower?
        func consider(_ candidate: Follower) {
            guard let current = held, current.helperLine == candidate.helperLine else {
                if let held { body(held) }
                held = candidate
                return
            }
            let helper = symbols[candidate.helper]
            let mine = Self.sharedWords(helper, symbols[candidate.view])
            let theirs = Self.sharedWords(helper, symbols[current.view])
            if mine > theirs || (mine == theirs && !candidate.after && current.after) { held = candidate }
        }
        signs.forEach(of: Shape.pair.rawValue) { pair in
            let earlier = symbols.symbol(at: pair.firstIndex), later = symbols.symbol(at: pair.secondIndex)
            // By order alone, the helper must be an object by evidence (`ObjectNames`): a
            // sibling's value made next (a link's destination) is no helper.
            if subjects.isView(later), ObjectNames.isObject(earlier, in: subjects) {
                consider(Follower(view: later, line: pair.secondLine, helper: earlier, helperLine: pair.firstLine,
                                  milliseconds: pair.milliseconds, after: false))
            }
            // A helper installed for another view, whose body came next, is not the earlier init's work.
            if subjects.isView(earlier), ObjectNames.isObject(later, in: subjects), pair.installs != .otherView {
                consider(Follower(view: earlier, line: pair.firstLine, helper: later, helperLine: pair.secondLine,
                                  milliseconds: pair.milliseconds, after: true, installing: pair.installs == .earlierView))
            }
        }
        if let held { body(held) }
    }

    /// How many leading CamelCase words two names share: `SecondCoordinator` and `SecondView` one.
    static func sharedWords(_ left: String, _ right: String) -> Int {
        func words(_ name: String) -> [Substring] {
            var result: [Substring] = []
            var start = name.startIndex
            for index in name.indices.dropFirst() where name[index].isUppercase {
                result.append(name[start..<index])
                start = index
            }
            result.append(name[start...])
            return result
        }
        return zip(words(left), words(right)).prefix { $0 == $1 }.count
    }
}
