extension TimelineSpool {
    /// The lanes of a spooled timeline as symbol indexes, named when read: a lane per view type,
    /// and under it a lane per instance of that type, in order of first appearance.
    ///
    /// Laid out after the scan from the spooled marks (`TimelineSpoolBuilder.finish`), so none
    /// of it is in memory while the scan's own buffers are: a trace that names an instance on
    /// every few dozen lines has a lane for each. Per lane, memory holds its view and mark count
    /// (eight bytes); per instance, its first lane (four); the instance lanes of each view wait
    /// in a file until they are named in display order.
    struct Lanes {
        /// A view and an instance as numbers: the key of a lane whose instance has another view's lane first.
        private struct InstanceKey: Hashable {
            let view: UInt32
            let instance: UInt32
        }

        let symbols: SymbolTable
        /// Per lane: its view's symbol index.
        private(set) var views = ChunkedArray<UInt32>()
        /// Per lane: how many marks it holds.
        private(set) var marks = ChunkedArray<Int32>()
        /// Per view symbol index: its type lane plus one (0: none yet).
        private var typeLanes: [Int32] = []
        /// Per instance index: the lane of its first view plus one (0: none yet).
        private var instanceLanes = ChunkedArray<UInt32>()
        /// The lanes of instances met again with another view than their first: a few, if any.
        private var otherInstanceLanes: [InstanceKey: Int32] = [:]
        /// Per view symbol index: its instance lanes, in lane order.
        let instances = SpilledLists<InstanceLane>(blockCapacity: 64)

        /// No lanes yet, for the names in `symbols`.
        init(symbols: SymbolTable) {
            self.symbols = symbols
        }

        /// How many lanes there are: type lanes and instance lanes.
        var count: Int { views.count }

        /// The lane of view `view` (a symbol index) and instance `instance` (an instance index;
        /// nil for the type's own lane), added when new; adds the type's lane first when an
        /// instance comes before it.
        mutating func place(view: Int, instance: Int?) -> Int {
            guard let instance else { return typeLane(view) }
            if instance < instanceLanes.count, instanceLanes[instance] != 0 {
                let first = Int(instanceLanes[instance]) - 1
                if views[first] == UInt32(view) { return first }
                if let other = otherInstanceLanes[InstanceKey(view: UInt32(view), instance: UInt32(instance))] { return Int(other) }
            }
            // An instance's sub-lane hangs under its type's lane, which exists even when no event
            // names the type without an instance, and comes before it.
            _ = typeLane(view)
            let index = add(view: view)
            instances.append(InstanceLane(lane: Int32(index), instance: symbols.instance(at: instance)), to: view)
            instanceLanes.grow(toInclude: instance, with: 0)
            if instanceLanes[instance] == 0 {
                instanceLanes[instance] = UInt32(index + 1)
            } else {
                otherInstanceLanes[InstanceKey(view: UInt32(view), instance: UInt32(instance))] = Int32(index)
            }
            return index
        }

        /// Counts one more mark on lane `lane`.
        mutating func addMark(to lane: Int) {
            marks[lane] += 1
        }

        /// The lane `place` gave `record`'s view and instance.
        func lane(of record: Record) -> Int {
            let view = Int(record.view)
            guard record.instance != 0 else { return Int(typeLanes[view]) - 1 }
            let instance = Int(record.instance) - 1
            let first = Int(instanceLanes[instance]) - 1
            if views[first] == record.view { return first }
            return Int(otherInstanceLanes[InstanceKey(view: record.view, instance: UInt32(instance))]!)
        }

        /// The type lane of lane `index`'s view.
        func typeLane(of index: Int) -> Int { Int(typeLanes[Int(views[index])]) - 1 }

        private mutating func typeLane(_ view: Int) -> Int {
            if view < typeLanes.count, typeLanes[view] != 0 { return Int(typeLanes[view]) - 1 }
            let index = add(view: view)
            typeLanes.grow(toInclude: view, with: 0)
            typeLanes[view] = Int32(index + 1)
            return index
        }

        private mutating func add(view: Int) -> Int {
            views.append(UInt32(view))
            marks.append(0)
            return views.count - 1
        }
    }
}
