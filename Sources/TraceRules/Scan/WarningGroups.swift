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

extension WarningGroups.Group {
    /// The finding for this group: `headline`, the views evaluated around its warnings, then
    /// `advice`; about `rowView` when the type names one, else the first view around it, else
    /// the type. It cites the warnings and the lines around them.
    func violation(_ headline: String, advice: String, rowView: String?, neighbours: WarningNeighbours, symbols: SymbolTable) -> Violation {
        var message = headline
        let views = neighbours.views(of: slots)
        if let around = WarningNeighbours.phrase(views, symbols, total: lines.count) {
            message += "; views evaluated around it: \(around)"
        }
        return Violation(
            view: rowView ?? views.first.map { symbols[$0.view] } ?? symbols[type],
            message: message + ". " + advice,
            count: lines.count,
            lines: lines + neighbours.lines(of: slots)
        )
    }
}
