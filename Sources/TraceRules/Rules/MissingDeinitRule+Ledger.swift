/// The bookkeeping behind `missing_deinit`: which objects are still alive when the trace ends,
/// and when what held them went away.
extension MissingDeinitRule {
    struct Ledger {
        struct Object {
            let id: Int
            let line: Int
            let type: String
            let instance: String?
            let holder: String?
            /// The event at which the holder went away, when it did.
            var releaseID: Int?
            var releaseLine: Int?
            var releaseKind: String?
        }

        private var objects: [Object] = []
        /// Per type, the indexes in `objects` of those not yet released, oldest first.
        private var alive: [String: [Int]] = [:]
        /// Per holder, the indexes of objects waiting for the holder's next deinit.
        private var awaitingHolder: [String: [Int]] = [:]
        /// Per kind, the deinits seen, in trace order.
        private var deinits: [String: [(id: Int, line: Int, type: String)]] = [:]
        /// Per view whose last appear/disappear line is a disappear: that line.
        private var leftForGood: [String: (id: Int, line: Int)] = [:]

        /// Records a view's last disappear and appear.
        mutating func lastSeen(view: String, disappearID: Int?, disappearLine: Int?, appearID: Int?) {
            guard let disappearID, let disappearLine, disappearID > appearID ?? 0 else { return }
            leftForGood[view] = (disappearID, disappearLine)
        }

        /// An object's init, in trace order.
        mutating func create(id: Int, line: Int, type: String, instance: String?, holder: String?) {
            objects.append(Object(id: id, line: line, type: type, instance: instance, holder: holder))
            alive[type, default: []].append(objects.count - 1)
            if let holder { awaitingHolder[holder, default: []].append(objects.count - 1) }
        }

        /// An object's deinit, in trace order: it releases the object with `instance` when the
        /// line names one, else the oldest alive, and is the release point of what it held.
        mutating func release(type: String, instance: String?, id: Int, line: Int) {
            deinits[Self.kind(of: type), default: []].append((id, line, type))
            for index in awaitingHolder.removeValue(forKey: type) ?? [] {
                objects[index].releaseID = id
                objects[index].releaseLine = line
                objects[index].releaseKind = "deinit"
            }
            guard var indexes = alive[type], !indexes.isEmpty else { return }
            if let instance, let position = indexes.firstIndex(where: { objects[$0].instance == instance }) {
                indexes.remove(at: position)
            } else {
                indexes.removeFirst()
            }
            alive[type] = indexes
        }

        /// Objects never released whose holder went away, with proof that their kind is released.
        func violations(minReleased: Int) -> [Violation] {
            var found: [String: [(object: Object, evidence: (line: Int, type: String))]] = [:]
            for index in alive.values.joined() {
                var object = objects[index]
                if object.releaseID == nil, let holder = object.holder, let gone = leftForGood[holder], gone.id > object.id {
                    object.releaseID = gone.id
                    object.releaseLine = gone.line
                    object.releaseKind = "disappear"
                }
                guard let releaseID = object.releaseID else { continue }
                // Deinits are in trace order: the later ones are a suffix, found by bisection.
                let kindDeinits = deinits[Self.kind(of: object.type)] ?? []
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
                .map { Self.violation($0) }
        }

        private static func violation(_ objects: [(object: Object, evidence: (line: Int, type: String))]) -> Violation {
            let first = objects[0].object, evidence = objects[0].evidence
            let holder = first.holder ?? "its holder"
            let gone = first.releaseKind == "deinit" ? "was released" : "disappeared for good"
            let instances = objects.count == 1 ? "" : " (\(objects.count) instances)"
            let sibling = evidence.type == first.type ? "another \(first.type)" : evidence.type
            return Violation(
                view: first.type,
                message: "\(first.type)\(instances) never logged deinit after \(holder) \(gone) (line \(first.releaseLine ?? 0)), "
                    + "though \(sibling) was released later (line \(evidence.line)): probably retained by a closure, "
                    + "a delegate or an owner that outlives the screen.",
                count: objects.count,
                lines: objects.flatMap { [$0.object.line, $0.object.releaseLine].compactMap { $0 } }
            )
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
