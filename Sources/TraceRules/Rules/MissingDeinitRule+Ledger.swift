/// The bookkeeping behind `missing_deinit`: which objects are still alive when the trace ends,
/// and when what held them went away. Types, instances and holders are symbol indexes (-1 for
/// none); names are made only for the findings.
///
/// `Unreleased.finish` reads the trace's object lines several times, in trace order, and hands
/// each pass to the ledger: the kinds' deinits (`noteDeinit`), the replay of inits and deinits
/// (`create`, `release`), then, for the objects still alive, their holders' deinits
/// (`holderDeinit`) and the deinits of their kinds after that (`kindDeinit`). Only objects
/// alive at the point reached are held, never one per line of the trace, and of those only a
/// count for a run that can never be reported (no holder, no instance).
extension MissingDeinitRule {
    struct Ledger {
        /// One object's init: 32 bytes, as a trace can make an object every few lines (orders and
        /// lines fit 32 bits, symbol indexes 31).
        struct Object {
            private let storedID: UInt32
            private let storedLine: UInt32
            private let storedType: Int32
            private let storedInstance: Int32
            private let storedHolder: Int32
            /// The event at which the holder went away, when it did (its deinit or its last
            /// disappear), and its line; 0 for none, as event orders start at 1.
            private var storedReleaseID: UInt32 = 0
            private var storedReleaseLine: UInt32 = 0
            var releasedByDeinit = false

            init(id: Int, line: Int, type: Int, instance: Int, holder: Int) {
                storedID = UInt32(truncatingIfNeeded: id)
                storedLine = UInt32(truncatingIfNeeded: line)
                storedType = Int32(truncatingIfNeeded: type)
                storedInstance = Int32(truncatingIfNeeded: instance)
                storedHolder = Int32(truncatingIfNeeded: holder)
            }

            var id: Int { Int(storedID) }
            var line: Int { Int(storedLine) }
            var type: Int { Int(storedType) }
            var instance: Int { Int(storedInstance) }
            var holder: Int { Int(storedHolder) }

            var releaseID: Int? {
                get { storedReleaseID == 0 ? nil : Int(storedReleaseID) }
                set { storedReleaseID = UInt32(truncatingIfNeeded: newValue ?? 0) }
            }

            var releaseLine: Int? {
                get { storedReleaseID == 0 ? nil : Int(storedReleaseLine) }
                set { storedReleaseLine = UInt32(truncatingIfNeeded: newValue ?? 0) }
            }
        }

        /// An object alive at the end whose holder is known: what the last passes learn of it.
        private struct Candidate {
            var object: Object
            /// Deinits of its kind after its holder went away, once the pass got there.
            var laterDeinits: Int?
            /// The first of them: its line and type.
            var evidence: (line: Int, type: Int)?
        }

        /// Objects alive side by side in their type's list: one that may be reported, or a run
        /// of those that never can be (no holder, no instance), which matter only as the oldest
        /// to release, so a count stands for them.
        private enum Alive {
            case object(Object)
            case anonymous(Int)
        }

        private let symbols: SymbolTable
        /// Per type, the objects not yet released, oldest first.
        private var alive: [Int: [Alive]] = [:]
        /// Per kind (see `kind(of:)`, numbered), its deinits in the whole trace and the event of
        /// the last; then, in the last pass, how many of them it has passed.
        private var deinitCount: [Int: Int] = [:]
        private var lastDeinit: [Int: Int] = [:]
        private var deinitsPassed: [Int: Int] = [:]
        /// Per type seen, its kind's number, and the numbers of the kinds' names.
        private var kinds: [Int: Int] = [:]
        private var kindNumbers: [String: Int] = [:]
        /// Per view whose last appear/disappear line is a disappear: that line.
        private var leftForGood: [Int: (id: Int, line: Int)] = [:]
        /// The objects alive at the end with a holder (`settleAlive`), by object id.
        private var candidates: [Candidate] = []
        /// Per holder, the positions in `candidates` still waiting for its next deinit, from
        /// `waitingFrom` on (in id order).
        private var byHolder: [Int: (positions: [Int], waitingFrom: Int)] = [:]
        /// The positions in `candidates` with a release point, by that point, and how many the
        /// last pass has resolved.
        private var byRelease: [Int] = []
        private var resolved = 0
        /// Per kind, the positions whose first later deinit of the kind is still to come.
        private var awaitingKindDeinit: [Int: [Int]] = [:]

        init(symbols: SymbolTable) { self.symbols = symbols }

        /// Notes, before the replay, an object's deinit anywhere in the trace.
        ///
        /// An object can be reported only with a deinit of its kind after its holder went away,
        /// so after its own init; one made after its kind's last deinit never is, and no later
        /// deinit of its type can release it in place of another. `create` leaves such objects
        /// out: a trace's never-released models, made all along, are not all held to the end.
        mutating func noteDeinit(type: Int, id: Int) {
            let kind = kind(of: type)
            lastDeinit[kind] = max(lastDeinit[kind] ?? 0, id)
            deinitCount[kind, default: 0] += 1
        }

        /// Records a view's last disappear and appear.
        mutating func lastSeen(view: Int, disappearID: Int?, disappearLine: Int?, appearID: Int?) {
            guard let disappearID, let disappearLine, disappearID > appearID ?? 0 else { return }
            leftForGood[view] = (disappearID, disappearLine)
        }

        /// An object's init, in trace order; left out when no deinit of its kind comes after it.
        mutating func create(id: Int, line: Int, type: Int, instance: Int, holder: Int) {
            guard let last = lastDeinit[kind(of: type)], last > id else { return }
            guard holder < 0 && instance < 0 else {
                alive[type, default: []].append(.object(Object(id: id, line: line, type: type, instance: instance, holder: holder)))
                return
            }
            if case .anonymous(let count)? = alive[type]?.last {
                alive[type]![alive[type]!.count - 1] = .anonymous(count + 1)
            } else {
                alive[type, default: []].append(.anonymous(1))
            }
        }

        /// An object's deinit, in trace order: it releases the object with `instance` when the
        /// line names one, else the oldest alive.
        mutating func release(type: Int, instance: Int) {
            guard alive[type]?.isEmpty == false else { return }
            if instance >= 0, let position = alive[type]!.firstIndex(where: {
                if case .object(let object) = $0 { object.instance == instance } else { false }
            }) {
                alive[type]!.remove(at: position)
            } else if case .anonymous(let count) = alive[type]![0], count > 1 {
                alive[type]![0] = .anonymous(count - 1)
            } else {
                alive[type]!.removeFirst()
            }
        }

        /// After the replay: the objects alive at the end that have a holder are the candidates;
        /// true when there are any (else the last passes can be skipped).
        mutating func settleAlive() -> Bool {
            candidates = alive.values.joined().compactMap { entry -> Candidate? in
                guard case .object(let object) = entry, object.holder >= 0 else { return nil }
                return Candidate(object: object)
            }.sorted { $0.object.id < $1.object.id }
            alive = [:]
            for (position, candidate) in candidates.enumerated() {
                byHolder[candidate.object.holder, default: ([], 0)].positions.append(position)
            }
            return !candidates.isEmpty
        }

        /// An object's deinit, in trace order, in the pass after `settleAlive`: the release point
        /// of the candidates it held that were made before it and not yet released.
        mutating func holderDeinit(type: Int, id: Int, line: Int) {
            guard var waiting = byHolder[type] else { return }
            while waiting.waitingFrom < waiting.positions.count, candidates[waiting.positions[waiting.waitingFrom]].object.id < id {
                let position = waiting.positions[waiting.waitingFrom]
                candidates[position].object.releaseID = id
                candidates[position].object.releaseLine = line
                candidates[position].object.releasedByDeinit = true
                waiting.waitingFrom += 1
            }
            byHolder[type] = waiting
        }

        /// After the holders' deinits: a candidate whose holder never deinit after it but is a
        /// view that disappeared for good after it was made was released there.
        mutating func releaseLeftForGood() {
            for position in candidates.indices where candidates[position].object.releaseID == nil {
                let object = candidates[position].object
                if let gone = leftForGood[object.holder], gone.id > object.id {
                    candidates[position].object.releaseID = gone.id
                    candidates[position].object.releaseLine = gone.line
                    candidates[position].object.releasedByDeinit = false
                }
            }
            byRelease = candidates.indices.filter { candidates[$0].object.releaseID != nil }
                .sorted { candidates[$0].object.releaseID! < candidates[$1].object.releaseID! }
        }

        /// An object's deinit, in trace order, in the last pass: counts toward its kind, and is
        /// the first deinit of its kind after the release point of candidates released before it.
        mutating func kindDeinit(type: Int, id: Int, line: Int) {
            resolve(before: id)
            let kind = kind(of: type)
            for position in awaitingKindDeinit.removeValue(forKey: kind) ?? [] {
                candidates[position].evidence = (line, type)
            }
            deinitsPassed[kind, default: 0] += 1
        }

        /// Candidates released before event `id`: every deinit of their kind up to their release
        /// point has been passed, so the rest come later.
        private mutating func resolve(before id: Int) {
            while resolved < byRelease.count, candidates[byRelease[resolved]].object.releaseID! < id {
                let position = byRelease[resolved]
                let kind = kind(of: candidates[position].object.type)
                candidates[position].laterDeinits = (deinitCount[kind] ?? 0) - (deinitsPassed[kind] ?? 0)
                awaitingKindDeinit[kind, default: []].append(position)
                resolved += 1
            }
        }

        /// Objects never released whose holder went away, with proof that their kind is released.
        mutating func violations(minReleased: Int) -> [Violation] {
            resolve(before: Int.max)
            var found: [Int: [(object: Object, evidence: (line: Int, type: Int))]] = [:]
            for candidate in candidates {
                guard let later = candidate.laterDeinits, later >= minReleased, let evidence = candidate.evidence else { continue }
                found[candidate.object.type, default: []].append((candidate.object, evidence))
            }
            return found.values
                .map { $0.sorted { $0.object.id < $1.object.id } }
                .sorted { $0[0].object.id < $1[0].object.id }
                .map { violation($0) }
        }

        private func violation(_ objects: [(object: Object, evidence: (line: Int, type: Int))]) -> Violation {
            let first = objects[0].object, evidence = objects[0].evidence
            let type = symbols[symbols.symbol(at: first.type)]
            let holder = first.holder >= 0 ? symbols[symbols.symbol(at: first.holder)] : "its holder"
            let gone = first.releasedByDeinit ? "was released" : "disappeared for good"
            let instances = objects.count == 1 ? "" : " (\(objects.count) instances)"
            let sibling = evidence.type == first.type ? "another \(type)" : symbols[symbols.symbol(at: evidence.type)]
            return Violation(
                view: type,
                message: "\(type)\(instances) never logged deinit after \(holder) \(gone) (line \(first.releaseLine ?? 0)), "
                    + "though \(sibling) was released later (line \(evidence.line)): probably retained by a closure, "
                    + "a delegate or an owner that outlives the screen.",
                count: objects.count,
                lines: objects.flatMap { [$0.object.line, $0.object.releaseLine].compactMap { $0 } }
            )
        }

        /// The number of the kind of `type`: types of one kind share it.
        private mutating func kind(of type: Int) -> Int {
            if let number = kinds[type] { return number }
            let name = Self.kind(of: symbols[symbols.symbol(at: type)])
            let number = kindNumbers[name] ?? kindNumbers.count
            kindNumbers[name] = number
            kinds[type] = number
            return number
        }

        /// The kind of an object type: the last word of its name, `FirstCoordinator` → `Coordinator`.
        ///
        /// Generic arguments and outer types are dropped first (`Outer.Store<Item>` → `Store`).
        static func kind(of type: String) -> String {
            var name = Substring(type)
            if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
            if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
            guard var start = name.lastIndex(where: \.isUppercase), start != name.startIndex else { return String(name) }
            // A trailing acronym (`ImageURL`) is one word with the capitals before it.
            if name.index(after: start) == name.endIndex || !name[name.index(after: start)].isLowercase {
                while start > name.startIndex, name[name.index(before: start)].isUppercase {
                    start = name.index(before: start)
                }
            }
            return String(name[start...])
        }
    }
}
