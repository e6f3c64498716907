import Foundation
import TraceStore

/// The model form: an owner's model released and made anew (init → deinit → init).
extension IdentityChurnRule.Recreations {
    func model(_ event: LifecycleEvent, owner: Symbol) {
        let key = NamePair(owner: owner, owned: event.view)
        let isInit = event.kind == .`init`
        if let previous = models[key] {
            if isInit && previous.alive == 0 && previous.lastWasDeinit {
                let list = cycles[key] ?? cycles.count
                cycles[key] = list
                cycleLines.append(previous.lastLine, to: list)
                cycleLines.append(event.line, to: list)
                if previous.lastUpdate == updateStart { inPlaceCycles[key, default: 0] += 1 }
            }
            models[key] = ModelState(
                alive: previous.alive + (isInit ? 1 : -1), lastWasDeinit: !isInit, lastLine: event.line, lastUpdate: updateStart
            )
        } else {
            models[key] = ModelState(alive: isInit ? 1 : -1, lastWasDeinit: !isInit, lastLine: event.line, lastUpdate: updateStart)
        }
    }

    /// The models' cycles by owner, then model (a model without a name, `?`, first), as
    /// bytes; neighbours equal as Swift strings are one model, as when the rows came from SQL.
    ///
    /// Each comes with its count of cycles and its lists in `cycleLines`.
    func recreatedModels(_ symbols: SymbolTable) -> [(owner: String, model: String, cycles: Int, inPlace: Int, lists: [Int])] {
        var rows: [(owner: String, model: String?, cycles: Int, inPlace: Int, lists: [Int])] = []
        for (key, list) in cycles {
            rows.append((symbols[key.owner], key.owned.map { symbols[$0] }, cycleLines.count(of: list) / 2, inPlaceCycles[key] ?? 0, [list]))
        }
        rows.sort {
            if !$0.owner.utf8.elementsEqual($1.owner.utf8) { return $0.owner.utf8.lexicographicallyPrecedes($1.owner.utf8) }
            guard let right = $1.model else { return false }
            guard let left = $0.model else { return true }
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        var models: [(owner: String, model: String, cycles: Int, inPlace: Int, lists: [Int])] = []
        for row in rows {
            let model = row.model ?? "?"
            if let last = models.indices.last, models[last].owner == row.owner, models[last].model == model {
                models[last].cycles += row.cycles
                models[last].inPlace += row.inPlace
                models[last].lists += row.lists
            } else {
                models.append((row.owner, model, row.cycles, row.inPlace, row.lists))
            }
        }
        return models
    }
}
