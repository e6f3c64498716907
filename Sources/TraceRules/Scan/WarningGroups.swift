/// SwiftUI warnings grouped by the type they name (a `ForEach<…>`, a lazy layout), each with
/// its lines, the slots `WarningNeighbours` keeps for them, and the IDs they repeat.
struct WarningGroups {
    struct Group {
        let type: Symbol
        var lines: [Int] = []
        var slots: [Int] = []
        var ids: [Symbol] = []
    }

    private(set) var groups: [Group] = []
    private var indexOfType: [Symbol: Int] = [:]

    /// Files a warning naming `type` at `line`, its neighbours in `slot`, repeating `id` if any.
    mutating func add(type: Symbol, line: Int, slot: Int, id: Symbol? = nil) {
        let index: Int
        if let known = indexOfType[type] {
            index = known
        } else {
            index = groups.count
            indexOfType[type] = index
            groups.append(Group(type: type))
        }
        groups[index].lines.append(line)
        groups[index].slots.append(slot)
        if let id, !groups[index].ids.contains(id) { groups[index].ids.append(id) }
    }
}
