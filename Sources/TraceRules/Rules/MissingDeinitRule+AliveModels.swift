extension MissingDeinitRule {
    /// The models `Replaced` keeps alive, per type in creation order, with the records on file:
    /// a trace that makes models every few lines and seldom releases them (inits logged, deinits
    /// not) kept one in memory per model, 3 MB at 10M benchmark lines and growing with the trace.
    ///
    /// Each type's models are a chain through a `SpilledArray`: a record points at the type's
    /// next model, and memory holds per type only the chain's ends and how many are alive. A
    /// deinit releases the oldest alive (the chain's head, moving past models released out of
    /// order) or, when it names an instance, the oldest alive model of that instance: those are
    /// found through a table of the alive models that have an instance, with a second chain per
    /// instance for the rare instance made twice before its deinit.
    final class AliveModels {
        /// A model as `Replaced.finish` reads it.
        struct Model {
            let line: Int
            let holder: Symbol
            let presentation: Int
        }

        private struct Record {
            let holder: Symbol
            let line: Int
            let presentation: Int
            /// The instance's symbol index; -1 for none.
            let instance: Int
            /// The type's next model; -1 for none yet.
            var next = -1
            /// The type's next model of the same instance; -1 for none yet.
            var nextOfInstance = -1
            var released = false
        }

        private struct Chain {
            var head = -1
            var tail = -1
            var alive = 0
            /// Per instance symbol index: its oldest and newest alive model.
            var instances: [Int: (first: Int, last: Int)] = [:]
        }

        @exclusivity(unchecked) private var chains: [Symbol: Chain] = [:]
        private let records = SpilledArray<Record>(chunkCapacity: 256, cachedChunks: 8)

        /// True when a model of `type` was ever made (its deinits then release one).
        func hasModels(of type: Symbol) -> Bool { chains[type] != nil }

        /// Adds a model of `type` made at `line` for `holder`, newest of its type.
        func append(type: Symbol, line: Int, holder: Symbol, presentation: Int, instance: Symbol?) {
            let index = records.count
            let named = instance?.index ?? -1
            records.append(Record(holder: holder, line: line, presentation: presentation, instance: named))
            var chain = chains.removeValue(forKey: type) ?? Chain()
            if chain.tail >= 0 { records.update(at: chain.tail) { $0.next = index } }
            if chain.head < 0 { chain.head = index }
            chain.tail = index
            chain.alive += 1
            if named >= 0 {
                if let ends = chain.instances[named] {
                    records.update(at: ends.last) { $0.nextOfInstance = index }
                    chain.instances[named] = (ends.first, index)
                } else {
                    chain.instances[named] = (index, index)
                }
            }
            chains[type] = chain
        }

        /// A deinit of `type`: releases the oldest alive model of `instance` when the line names
        /// one that is alive, else the type's oldest alive model.
        func release(type: Symbol, instance: Symbol?) {
            guard var chain = chains.removeValue(forKey: type) else { return }
            defer { chains[type] = chain }
            guard chain.alive > 0 else { return }
            if let named = instance?.index, let ends = chain.instances[named] {
                release(ends.first, in: &chain)
            } else {
                release(chain.head, in: &chain)
            }
        }

        private func release(_ index: Int, in chain: inout Chain) {
            let record = records[index]
            records.update(at: index) { $0.released = true }
            chain.alive -= 1
            if record.instance >= 0, let ends = chain.instances[record.instance] {
                // The released model was its instance's oldest alive: the instance's next follows.
                chain.instances[record.instance] = record.nextOfInstance >= 0 ? (record.nextOfInstance, ends.last) : nil
            }
            guard chain.alive > 0 else {
                chain = Chain()
                return
            }
            // The head moves to the oldest model still alive, past those released out of order;
            // one is alive, so the walk ends before the chain does.
            while records[chain.head].released { chain.head = records[chain.head].next }
        }

        /// The types that have models alive.
        var types: [Symbol] { chains.filter { $0.value.alive > 0 }.map(\.key) }

        /// Calls `body` with each alive model of `type`, oldest first, read back from file.
        func forEach(of type: Symbol, _ body: (Model) throws -> Void) rethrows {
            var index = chains[type]?.head ?? -1
            while index >= 0 {
                let record = records[index]
                if !record.released { try body(Model(line: record.line, holder: record.holder, presentation: record.presentation)) }
                index = record.next
            }
        }
    }
}
