/// The bookkeeping behind `missing_deinit`: which objects are still alive when the trace ends.
extension MissingDeinitRule {
    struct Ledger {
        struct Object {
            let id: Int
            let line: Int
            let type: String
            let instance: String?
            let holder: String?
            /// The event at which the holder went away, when it did.
            let releaseID: Int?
            let releaseLine: Int?
            let releaseKind: String?
        }

        private var alive: [String: [Object]] = [:]
        /// Per kind, the deinits seen, in trace order.
        private var deinits: [String: [(id: Int, line: Int, type: String)]] = [:]

        mutating func create(_ object: Object) {
            alive[object.type, default: []].append(object)
        }

        /// Releases the object with `instance` when the line names one, else the oldest alive.
        mutating func release(type: String, instance: String?, id: Int, line: Int) {
            deinits[Self.kind(of: type), default: []].append((id, line, type))
            guard var objects = alive[type], !objects.isEmpty else { return }
            if let instance, let index = objects.firstIndex(where: { $0.instance == instance }) {
                objects.remove(at: index)
            } else {
                objects.removeFirst()
            }
            alive[type] = objects
        }

        /// Objects never released whose holder went away, with proof that their kind is released.
        func violations(minReleased: Int) -> [Violation] {
            var found: [String: [(object: Object, evidence: (line: Int, type: String))]] = [:]
            for object in alive.values.joined() {
                guard let releaseID = object.releaseID else { continue }
                let later = (deinits[Self.kind(of: object.type)] ?? []).filter { $0.id > releaseID }
                guard later.count >= minReleased, let first = later.first else { continue }
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
