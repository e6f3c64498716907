/// The bookkeeping behind `missing_deinit`: which objects are still alive when the trace ends,
/// and when what held them went away. Types, instances and holders are symbol indexes (-1 for
/// none); names are made only for the findings.
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

        private let symbols: SymbolTable
        private var objects: [Object] = []
        /// Per type, the indexes in `objects` of those not yet released, oldest first.
        private var alive: [Int: [Int]] = [:]
        /// Per holder, the indexes of objects waiting for the holder's next deinit.
        private var awaitingHolder: [Int: [Int]] = [:]
        /// Per kind (see `kind(of:)`, numbered), the deinits seen, in trace order.
        private var deinits: [Int: [(id: Int, line: Int, type: Int)]] = [:]
        /// Per type seen, its kind's number, and the numbers of the kinds' names.
        private var kinds: [Int: Int] = [:]
        private var kindNumbers: [String: Int] = [:]
        /// Per view whose last appear/disappear line is a disappear: that line.
        private var leftForGood: [Int: (id: Int, line: Int)] = [:]
        /// Per kind, the event of its last deinit in the whole trace (see `noteDeinit`).
        private var lastDeinit: [Int: Int] = [:]

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
        }

        /// Records a view's last disappear and appear.
        mutating func lastSeen(view: Int, disappearID: Int?, disappearLine: Int?, appearID: Int?) {
            guard let disappearID, let disappearLine, disappearID > appearID ?? 0 else { return }
            leftForGood[view] = (disappearID, disappearLine)
        }

        /// An object's init, in trace order; left out when no deinit of its kind comes after it.
        mutating func create(id: Int, line: Int, type: Int, instance: Int, holder: Int) {
            guard let last = lastDeinit[kind(of: type)], last > id else { return }
            objects.append(Object(id: id, line: line, type: type, instance: instance, holder: holder))
            alive[type, default: []].append(objects.count - 1)
            if holder >= 0 { awaitingHolder[holder, default: []].append(objects.count - 1) }
        }

        /// An object's deinit, in trace order: it releases the object with `instance` when the
        /// line names one, else the oldest alive, and is the release point of what it held.
        mutating func release(type: Int, instance: Int, id: Int, line: Int) {
            deinits[kind(of: type), default: []].append((id, line, type))
            for index in awaitingHolder.removeValue(forKey: type) ?? [] {
                objects[index].releaseID = id
                objects[index].releaseLine = line
                objects[index].releasedByDeinit = true
            }
            guard alive[type]?.isEmpty == false else { return }
            if instance >= 0, let position = alive[type]!.firstIndex(where: { objects[$0].instance == instance }) {
                alive[type]!.remove(at: position)
            } else {
                alive[type]!.removeFirst()
            }
        }

        /// Objects never released whose holder went away, with proof that their kind is released.
        mutating func violations(minReleased: Int) -> [Violation] {
            var found: [Int: [(object: Object, evidence: (line: Int, type: Int))]] = [:]
            for index in alive.values.joined() {
                var object = objects[index]
                if object.releaseID == nil, object.holder >= 0, let gone = leftForGood[object.holder], gone.id > object.id {
                    object.releaseID = gone.id
                    object.releaseLine = gone.line
                    object.releasedByDeinit = false
                }
                guard let releaseID = object.releaseID else { continue }
                // Deinits are in trace order: the later ones are a suffix, found by bisection.
                let kindDeinits = deinits[kind(of: object.type)] ?? []
                var low = 0, high = kindDeinits.count
                while low < high {
                    let middle = (low + high) / 2
                    if kindDeinits[middle].id > releaseID { high = middle } else { low = middle + 1 }
                }
                guard kindDeinits.count - low >= minReleased, low < kindDeinits.count else { continue }
                let first = kindDeinits[low]
                found[object.type, default: []].append((object, (first.line, first.type)))
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
