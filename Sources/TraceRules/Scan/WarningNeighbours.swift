import TraceModel

/// The views SwiftUI evaluated (or created) right around each of a rule's warnings: the
/// nearest such line before the warning and the nearest after it, each within `reach` events.
///
/// SwiftUI's warnings name no view; the `_printChanges()` and body lines next to them do. A
/// warning printed while a body ran sits between that body's line and the next update's, so
/// the nearest lines on either side are the suspects. Memory stays flat: only the last line
/// before, and the warnings still waiting for a line after, are kept.
struct WarningNeighbours {
    /// One line next to a warning.
    struct Neighbour: Equatable {
        let line: Int
        let view: Symbol
    }

    /// How many events either side count as "around".
    let reach: Int
    /// The kinds that count as neighbours, one bit per `EventKind.index`: every event of the
    /// trace is tested, and hashing a kind costs more than the rest of `advance`.
    private let kinds: UInt32
    private var position = 0
    private var last: (position: Int, neighbour: Neighbour)?
    /// Recorded warnings still looking for a line after them, oldest first.
    private var waiting: [(slot: Int, position: Int)] = []
    /// Per recorded warning, the lines around it.
    private(set) var around: [[Neighbour]] = []

    init(reach: Int, kinds: Set<EventKind> = [.body]) {
        self.reach = reach
        self.kinds = kinds.reduce(0) { $0 | 1 << $1.index }
    }

    /// Takes the next event of the trace; call for every event, before `record`. Inlined into
    /// each of the four rules that keep neighbours: nearly every call takes the first `return`,
    /// and the call itself cost as much.
    @inline(__always) mutating func advance(_ event: LifecycleEvent) {
        position += 1
        guard kinds & 1 << event.kind.index != 0, let view = event.view else {
            // Nearly every trace has no warning waiting: its array is left alone.
            if !waiting.isEmpty { while let first = waiting.first, position - first.position > reach { waiting.removeFirst() } }
            return
        }
        let neighbour = Neighbour(line: event.line, view: view)
        if !waiting.isEmpty {
            for waiter in waiting where position - waiter.position <= reach { around[waiter.slot].append(neighbour) }
            waiting.removeAll(keepingCapacity: true)
        }
        last = (position, neighbour)
    }

    /// Starts collecting the lines around the warning just advanced past; returns its slot.
    mutating func record() -> Int {
        let slot = around.count
        if let last, position - last.position <= reach {
            around.append([last.neighbour])
        } else {
            around.append([])
        }
        waiting.append((slot, position))
        return slot
    }

    /// The views around `slots`, most frequent first (ties by first appearance), each with its count.
    func views(of slots: [Int]) -> [(view: Symbol, count: Int)] {
        var counts: [Symbol: Int] = [:]
        var order: [Symbol] = []
        for slot in slots {
            for view in Set(around[slot].map(\.view)) {
                if counts[view] == nil { order.append(view) }
                counts[view, default: 0] += 1
            }
        }
        return order.enumerated()
            .sorted { counts[$0.element]! != counts[$1.element]! ? counts[$0.element]! > counts[$1.element]! : $0.offset < $1.offset }
            .map { ($0.element, counts[$0.element]!) }
    }

    /// The lines around `slots`.
    func lines(of slots: [Int]) -> [Int] {
        slots.flatMap { around[$0].map(\.line) }
    }

    /// `around ContentView (3), ItemRow` for a message, or nil when no view was around.
    static func phrase(_ views: [(view: Symbol, count: Int)], _ symbols: SymbolTable, total: Int, limit: Int = 4) -> String? {
        guard !views.isEmpty else { return nil }
        let named = views.prefix(limit).map { total > 1 ? "\(symbols[$0.view]) (\($0.count) of \(total))" : symbols[$0.view] }
        let more = views.count > limit ? " and \(views.count - limit) more" : ""
        return named.joined(separator: ", ") + more
    }
}
