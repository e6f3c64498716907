import TraceModel

extension StateModelReinitRule {
    /// Per owner and model, the inits SwiftUI discarded.
    ///
    /// The detector keeps the running count of each owner's live models of each type; an init
    /// that raises it to 2 or more was made while an earlier one lived. Such an init waits for
    /// the owner's next `_printChanges()` line: without `@identity` the owner kept its identity,
    /// so SwiftUI kept its first model and discarded this one; with `@identity` (a list of rows
    /// makes several live models at once too, but each row's next line shows a new identity)
    /// it was the model of a new owner. An init no printed line of its owner follows proves
    /// nothing. Only types that are not views (see `Subjects`) count as models: a structured
    /// line's `parent=` names a child view's parent, and such "models" are views.
    ///
    /// Memory holds per owner and model type only counts (`Pair`); the init lines a finding may
    /// cite wait in spilled lists, one per pair and stage (waiting, discarded, made during a
    /// teardown), and per model type for the owner-less inits of the update under way. A stage
    /// passes its lines on with `moveAll`, without reading them back, so a long trace's lines cost
    /// file space, not memory.
    final class DiscardedModels: Detector {
        private let minReinits: Int
        /// The slot in `pairs` of each owner and model type met.
        @exclusivity(unchecked) private var slots: [NamePair: Int] = [:]
        @exclusivity(unchecked) private var pairs: [Pair] = []
        /// Per owner symbol: the slots of its pairs with inits waiting for the owner's next
        /// printed body.
        @exclusivity(unchecked) private var waiting: [[Int]] = []
        /// The view whose `_printChanges()` line came last: the parent being evaluated.
        @exclusivity(unchecked) private var evaluating: Symbol?
        /// Inits printed without an owner during `evaluating`'s update, waiting for the child
        /// whose line follows (`ContentView: …` / `ViewModel.init` / `ChildView: @self …`): the
        /// parent they were made under, and per model symbol the key of their lines' list and
        /// the first line, -1 until met.
        ///
        /// All of them have one parent: `evaluating` changes only at a printed body, which hands
        /// them on first, or at an appear or disappear, which drops them.
        @exclusivity(unchecked) private var ownerlessParent: Symbol?
        @exclusivity(unchecked) private var ownerlessModels: [Symbol] = []
        @exclusivity(unchecked) private var ownerlessKeys: [Int] = []
        @exclusivity(unchecked) private var ownerlessFirstLine: [Int] = []
        /// Per symbol: whether it printed a body, appear or disappear line. Such a type is a view
        /// for good (`Subjects.isView`), so its inits are never cited as a model's and their lines
        /// are not kept: a long trace's views made during their parents' updates would otherwise
        /// each cost a line, and each view under each parent a list.
        @exclusivity(unchecked) private var shown: [Bool] = []
        /// The lines, per key (`Pair`'s keys and `ownerlessKeys`).
        private let lines = SpilledLists<Int>()
        @exclusivity(unchecked) private var nextKey = 0

        /// What is known of one owner and model type.
        private struct Pair {
            let key: NamePair
            /// Live models.
            var alive = 0
            /// The keys of the lists of its lines: inits waiting for the owner's next printed
            /// body, inits discarded, and inits made in the update that removed the owner, with
            /// the disappear lines that followed them.
            let waiting: Int, discarded: Int, teardown: Int
            var discardedCount = 0
            /// Of `discardedCount`, those a `TraceProbe` line decided: the owner's value made in
            /// that update died unread (`seen=0`), so the owner kept its identity, exactly.
            var exactCount = 0
            /// The measured init time of the waiting and the discarded inits, and how many of them
            /// were measured (a probe's `ms=`).
            var waitingMs = 0.0, waitingTimed = 0
            var discardedMs = 0.0, discardedTimed = 0

            /// The waiting inits were discarded: their time moves with them.
            mutating func discardWaiting() {
                discardedMs += waitingMs
                discardedTimed += waitingTimed
                forgetWaiting()
            }

            mutating func forgetWaiting() {
                waitingMs = 0
                waitingTimed = 0
            }
            var teardownCount = 0
            /// The first init made in an update that removed the owner.
            var firstTeardownLine = -1
        }

        /// The token of a `TraceProbe` state token discarded unread (`seen=0`).
        private let discardedToken: Symbol

        /// An init printed without an owner, held for one event: a property initialiser runs
        /// before its view's init prints, so a view's init right after it names the owner.
        @exclusivity(unchecked) private var held: (model: Symbol, line: Int, ms: Double?, during: Symbol?)?
        /// Per model symbol: the instance of its last init made again while an earlier one lived,
        /// waiting for the model's next deinit to say which instance went: the new one (SwiftUI
        /// kept the first) or an earlier one (the new one replaced it). Then how often each was seen.
        @exclusivity(unchecked) private var fates: [Fate] = []

        /// Which instance of a model type SwiftUI holds, read from instance ids: the one made
        /// with the identity (`current`), inits made since (`outstanding`, the newest last), and
        /// what their deinits showed: a later one released while `current` lived (SwiftUI kept
        /// the first, `@State`), or `current` released for the newest (replaced, an inline
        /// `@ObservedObject`).
        struct Fate {
            var current: Symbol?
            var newest: Symbol?
            var outstanding = 0
            var keptFirst = 0
            var replaced = 0
        }
        /// Per symbol: whether it printed a deinit: an object (a view's value is a struct, which
        /// prints none). An init claimed for the child that printed next, by order alone, must be
        /// an object's.
        @exclusivity(unchecked) private var deinited: [Bool] = []
        /// Per pair slot: made by order alone (the child whose line came next), not by a printed owner.
        @exclusivity(unchecked) private var byNextChild: Set<Int> = []

        /// The app's sources (`--sources`): the property that holds the model says what a re-init means.
        private let sources: SourceIndex?

        init(minReinits: Int, sources: SourceIndex? = nil, symbols: SymbolTable) {
            self.minReinits = minReinits
            self.sources = sources
            discardedToken = symbols.intern(StructuredMessage.discardedToken)
        }

        /// The owner's fate, from a probe line rather than a `_printChanges()` line: its value
        /// made in this update was discarded (the owner kept its identity: the models waiting
        /// were discarded with it), or its first body began a new identity (they were the new
        /// owner's). Mirrors the `_printChanges()` case of `observe`.
        private func ownerDecided(_ owner: Int, keptIdentity: Bool) {
            guard owner < waiting.count, !waiting[owner].isEmpty else { return }
            for pair in waiting[owner] {
                if keptIdentity {
                    let count = lines.count(of: pairs[pair].waiting)
                    pairs[pair].discardedCount += count
                    pairs[pair].exactCount += count
                    pairs[pair].discardWaiting()
                    lines.moveAll(from: pairs[pair].waiting, to: pairs[pair].discarded)
                } else {
                    pairs[pair].forgetWaiting()
                    lines.removeAll(of: pairs[pair].waiting)
                }
            }
            waiting[owner].clear()
        }

        func observe(_ event: LifecycleEvent) {
            if let made = held {
                held = nil
                if event.kind == .`init`, event.owner == nil, let view = event.view, view != made.model {
                    // `DetailViewModel init` then `DetailView init`: DetailView's property made it.
                    madeBy(view, model: made.model, line: made.line, ms: made.ms)
                } else if let parent = made.during {
                    madeWithoutOwner(made.model, line: made.line, during: parent)
                }
            }
            noteRelease(event)
            switch event.kind {
            case .body, .appear, .disappear:
                if let view = event.view { shown.grow(toInclude: view.index, with: false); shown[view.index] = true }
            default:
                break
            }
            switch event.kind {
            case .`init`, .`deinit`:
                if event.kind == .`deinit`, event.owner == nil, !event.isPrintChanges, event.tokens.last == discardedToken,
                   let view = event.view {
                    return ownerDecided(view.index, keptIdentity: true)
                }
                guard let owner = event.owner else {
                    if event.kind == .`init`, let model = event.view, !isShown(model) {
                        held = (model, event.line, event.durationMilliseconds, evaluating)
                    }
                    return
                }
                let isInit = event.kind == .`init`
                let pair = slot(NamePair(owner: owner, owned: event.view))
                pairs[pair].alive += isInit ? 1 : -1
                // A model that is a view is never cited (nor one without a name): it is counted, its line not kept.
                guard isInit, pairs[pair].alive >= 2, let model = event.view, !isShown(model) else { return }
                wait(pair, owner: owner, line: event.line, ms: event.durationMilliseconds)
            case .body:
                guard event.isPrintChanges else {
                    if event.newIdentity, let view = event.view { ownerDecided(view.index, keptIdentity: false) }
                    return
                }
                defer { evaluating = event.view }
                // A child's line after an owner-less init made during its parent's update: the
                // child kept its identity, so the model made for it was thrown away or replaced one.
                if !ownerlessModels.isEmpty, let child = event.view {
                    let discards = ownerlessParent != child && !event.newIdentity
                    for model in ownerlessModels {
                        if discards {
                            let pair = slot(NamePair(owner: child, owned: model))
                            byNextChild.insert(pair)
                            pairs[pair].discardedCount += lines.count(of: ownerlessKeys[model.index])
                            lines.moveAll(from: ownerlessKeys[model.index], to: pairs[pair].discarded)
                        }
                        endOwnerless(model)
                    }
                    ownerlessModels.clear()
                }
                guard let view = event.view?.index, view < waiting.count, !waiting[view].isEmpty else { return }
                for pair in waiting[view] {
                    if !event.newIdentity {
                        pairs[pair].discardedCount += lines.count(of: pairs[pair].waiting)
                        pairs[pair].discardWaiting()
                        lines.moveAll(from: pairs[pair].waiting, to: pairs[pair].discarded)
                    } else {
                        pairs[pair].forgetWaiting()
                        lines.removeAll(of: pairs[pair].waiting)
                    }
                }
                waiting[view].clear()
            case .appear, .disappear:
                // A model made in the update that removes a view, right before it disappears:
                // made for a view that is going away, never used.
                let removed = event.kind == .disappear ? event.view : nil
                for model in ownerlessModels {
                    if let removed, ownerlessParent != removed {
                        let pair = slot(NamePair(owner: removed, owned: model))
                        if pairs[pair].teardownCount == 0 { pairs[pair].firstTeardownLine = ownerlessFirstLine[model.index] }
                        pairs[pair].teardownCount += lines.count(of: ownerlessKeys[model.index])
                        lines.moveAll(from: ownerlessKeys[model.index], to: pairs[pair].teardown)
                        lines.append(event.line, to: pairs[pair].teardown)
                    }
                    endOwnerless(model)
                }
                // The update is over: an owner-less init after it belongs to no parent's update.
                evaluating = nil
                ownerlessModels.clear()
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

        /// The findings one by one, each with its lines read back as it is made: a long trace's
        /// findings cite hundreds of thousands of inits between them.
        func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            if let made = held, let parent = made.during { madeWithoutOwner(made.model, line: made.line, during: parent) }
            held = nil
            try discardedModels(subjects, each: body)
            try teardownModels(subjects, each: body)
        }

        /// One finding per view whose removal made models: work done for a view on its way out.
        private func teardownModels(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            // Per removed view, its models' pairs in the order the models were first made for it.
            var byView: [Symbol: [Pair]] = [:]
            let names = subjects.symbols
            for pair in pairs where pair.teardownCount > 0 {
                guard let model = pair.key.owned, !subjects.isView(model) else { continue }
                // Owner-less inits are claimed by order alone: only an object's is a model; a
                // link's destination value made in the same update is a view's.
                guard isObject(model, named: names[model]) else { continue }
                byView[pair.key.owner, default: []].append(pair)
            }
            let views = byView.mapValues { $0.sorted { $0.firstTeardownLine < $1.firstTeardownLine } }
                .sorted { $0.value[0].firstTeardownLine < $1.value[0].firstTeardownLine }
            for (view, made) in views {
                let models = names.distinctNames(made.map { $0.key.owned! }).joined(separator: ", ")
                let count = made.reduce(0) { $0 + $1.teardownCount }
                try body(Violation(
                    view: names[view],
                    message: "\(models) was initialised during the update that removed \(names[view]) "
                        + "(\(count == 1 ? "once" : "\(count) times")), right before it disappeared: a model made for a view "
                        + "on its way out is wasted work, and its init's side effects run for nothing.",
                    count: count,
                    lines: cited(made.map(\.teardown)),
                    // Nothing on screen loses its state: one level below a replacement's.
                    weight: count < minReinits ? .hint : .lowered
                ))
            }
        }

        private func discardedModels(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            let names = subjects.symbols
            var rows: [(owner: String, model: String, pairs: [Pair])] = []
            for (slot, pair) in pairs.enumerated() where pair.discardedCount > 0 {
                // Model lines always name the model; one without (a hand-made store) is left out.
                guard let model = pair.key.owned, !subjects.isView(model) else { continue }
                // Claimed by order alone, an init is a model's only if the type is an object: a
                // view's value made for a link or a sibling is none.
                if byNextChild.contains(slot), !isObject(model, named: names[model]) { continue }
                rows.append((names[pair.key.owner], names[model], [pair]))
            }
            // By owner, then model, as bytes (SQLite's BINARY order); neighbours whose names
            // are equal as Swift strings (canonically equivalent, such as a precomposed `é` and
            // `e` with a combining accent) are one finding, as when the rows came from SQL.
            rows.sort {
                !$0.owner.utf8.elementsEqual($1.owner.utf8)
                    ? $0.owner.utf8.lexicographicallyPrecedes($1.owner.utf8)
                    : $0.model.utf8.lexicographicallyPrecedes($1.model.utf8)
            }
            var found: [(owner: String, model: String, pairs: [Pair])] = []
            for row in rows {
                if let last = found.indices.last, found[last].owner == row.owner, found[last].model == row.model {
                    found[last].pairs += row.pairs
                } else {
                    found.append(row)
                }
            }
            for found in found {
                let model = found.pairs[0].key.owned!
                let count = found.pairs.reduce(0) { $0 + $1.discardedCount }
                let exact = found.pairs.reduce(0) { $0 + $1.exactCount }
                let timed = found.pairs.reduce(0) { $0 + $1.discardedTimed }
                let milliseconds = found.pairs.reduce(0) { $0 + $1.discardedMs }
                let fate = fate(of: model, owner: found.owner, name: found.model)
                // Severity follows what the user loses: a model replaced under a view on screen
                // loses what was typed or chosen in it (an error, however cheap the inits);
                // a kept first instance loses nothing, and the repeated work is a warning.
                let losesState = fate.replaces && isShown(found.pairs[0].key.owner)
                // Measured and cheap in all, with nothing lost: a hint that says how cheap.
                let cheap = !losesState && timed == count && milliseconds < Self.cheapMilliseconds
                let cost = timed == count
                    ? String(format: " They took %.3f ms in all (measured)", milliseconds) + (cheap ? ", under \(Self.cheapMilliseconds) ms: cheap, so reported as info." : ".")
                    : ""
                let source = exact == count ? " (exact, from TraceProbe: each time \(found.owner)'s new value died unread)"
                    : exact > 0 ? " (\(exact) of them exact, from TraceProbe)" : ""
                try body(Violation(
                    view: found.owner,
                    message: "\(found.owner)'s \(found.model) was initialised \(counted(count, "more time")) while "
                        + "\(found.owner) kept its identity and an earlier \(found.model) was alive\(source): "
                        + fate.words + (losesState ? " Its state (whatever was typed or chosen in it on screen) started over each time." : "")
                        + cost,
                    count: count,
                    lines: cited(found.pairs.map(\.discarded)),
                    // Fewer than the threshold is a hint: one init may be an intended replacement.
                    weight: count < minReinits || cheap ? .hint : losesState ? .full : .lowered
                ))
            }
        }

        /// The lines of the lists `keys`, read into one array of the right size.
        private func cited(_ keys: [Int]) -> [Int] {
            var cited: [Int] = []
            cited.reserveCapacity(keys.reduce(0) { $0 + lines.count(of: $1) })
            for key in keys { lines.forEach(of: key) { cited.append($0) } }
            return cited
        }

        /// The slot of `key`'s pair, made when new.
        @inline(__always) private func slot(_ key: NamePair) -> Int {
            if let slot = slots[key] { return slot }
            pairs.append(Pair(key: key, waiting: nextKey, discarded: nextKey + 1, teardown: nextKey + 2))
            nextKey += 3
            slots[key] = pairs.count - 1
            return pairs.count - 1
        }

        /// An init of `pair`'s model made while an earlier one lived, waiting for the owner's next line.
        private func wait(_ pair: Int, owner: Symbol, line: Int, ms: Double?) {
            if let ms {
                pairs[pair].waitingMs += ms
                pairs[pair].waitingTimed += 1
            }
            waiting.grow(toInclude: owner.index, with: [])
            if lines.count(of: pairs[pair].waiting) == 0 { waiting[owner.index].append(pair) }
            lines.append(line, to: pairs[pair].waiting)
        }

        /// An init of `model` printed right before `view`'s init: made by `view`'s property.
        /// Its deinits print no owner, so the running count only rises: every init after the
        /// first waits for `view`'s next line, which says whether `view` kept its identity.
        private func madeBy(_ view: Symbol, model: Symbol, line: Int, ms: Double?) {
            let pair = slot(NamePair(owner: view, owned: model))
            pairs[pair].alive += 1
            guard pairs[pair].alive >= 2 else { return }
            wait(pair, owner: view, line: line, ms: ms)
        }

        /// Whether `model`, whose inits were claimed by order alone, is an object: it printed a
        /// deinit, or its name says so (`ObjectNames`); `AboutScreen` made for a link is a view's value.
        private func isObject(_ model: Symbol, named name: String) -> Bool {
            (model.index < deinited.count && deinited[model.index]) || ObjectNames.looksLikeObject(name)
        }

        /// Below a millisecond in all, thrown-away model inits cost less than one frame's slack.
        static let cheapMilliseconds = 1.0

        /// A model's deinit after an init made again: which instance went says which was kept.
        private func noteRelease(_ event: LifecycleEvent) {
            guard let model = event.view else { return }
            if event.kind == .`deinit` {
                deinited.grow(toInclude: model.index, with: false)
                deinited[model.index] = true
            }
            guard event.kind == .`init` || event.kind == .`deinit`, let instance = event.instance, !isShown(model) else { return }
            fates.grow(toInclude: model.index, with: Fate())
            var fate = fates[model.index]
            if event.kind == .`init` {
                if fate.current == nil { fate.current = instance } else { fate.newest = instance; fate.outstanding += 1 }
            } else if instance == fate.current {
                if fate.outstanding > 0, let newest = fate.newest {
                    fate.replaced += 1
                    fate.current = newest
                    fate.outstanding -= 1
                } else {
                    fate.current = nil
                }
            } else if fate.outstanding > 0 {
                fate.keptFirst += 1
                fate.outstanding -= 1
            }
            fates[model.index] = fate
        }

        /// What a re-init means, in words: from the property that holds the model when the
        /// sources show it (the finding cites that line, so its words must agree with it), else
        /// from what the log shows of which instance SwiftUI kept.
        private func fate(of model: Symbol, owner: String, name: String) -> (words: String, replaces: Bool) {
            let sites = sources?.sites(explaining: StateModelReinitRule.description.identifier, view: owner) ?? []
            if let site = sites.first(where: { $0.rule == "observed_object_created" }) {
                return ("the source makes it inline in an @ObservedObject (\(site.shortLocation)), so each new instance replaces "
                    + "the one before it and \(owner)'s \(name) starts over on every update of its parent.", true)
            }
            if let site = sites.first(where: { $0.rule == "state_class_initial_value" }) {
                return ("the source holds it in @State (\(site.shortLocation)), so SwiftUI keeps the first instance and discards "
                    + "each new one: each init is wasted work and its side effects run again.", false)
            }
            if let site = sites.first(where: { StateObjectHolders.holds($0, model: name) }) {
                return ("the source holds it in @StateObject (\(site.shortLocation)), whose initial value SwiftUI runs once per identity "
                    + "of \(owner), so SwiftUI did not keep the first here: either \(owner) got a new identity the log does not show, "
                    + "or \(name) is also made outside that property (in an init, a parent, another property); each init is work repeated.", false)
            }
            let kept = model.index < fates.count ? fates[model.index].keptFirst : 0
            let gone = model.index < fates.count ? fates[model.index].replaced : 0
            if kept > 0 && gone == 0 {
                return ("SwiftUI kept the first instance and released each new one (the log shows the new instances' deinit), "
                    + "so each init is wasted work and its side effects run again.", false)
            }
            if gone > 0 && kept == 0 {
                return ("each new instance replaced the one before it (the log shows the earlier instance's deinit), "
                    + "so \(owner)'s \(name) starts over on every update of its parent, as an @ObservedObject made inline does.", true)
            }
            return ("the log does not say which instance was kept; either way each init is work repeated, and its side effects run again.", false)
        }

        /// Notes an init of `model` printed without an owner while `parent` was being evaluated.
        private func madeWithoutOwner(_ model: Symbol, line: Int, during parent: Symbol) {
            assert(ownerlessModels.isEmpty || ownerlessParent == parent, "owner-less inits of one update have one parent")
            ownerlessParent = parent
            if model.index >= ownerlessKeys.count {
                ownerlessKeys.grow(toInclude: model.index, with: -1)
                ownerlessFirstLine.grow(toInclude: model.index, with: -1)
            }
            if ownerlessKeys[model.index] < 0 {
                ownerlessKeys[model.index] = nextKey
                nextKey += 1
            }
            if lines.count(of: ownerlessKeys[model.index]) == 0 {
                ownerlessModels.append(model)
                ownerlessFirstLine[model.index] = line
            }
            lines.append(line, to: ownerlessKeys[model.index])
        }

        @inline(__always) private func isShown(_ view: Symbol) -> Bool {
            view.index < shown.count && shown[view.index]
        }

        /// Forgets the owner-less inits of `model` that were not handed on.
        @inline(__always) private func endOwnerless(_ model: Symbol) {
            lines.removeAll(of: ownerlessKeys[model.index])
        }
    }
}
