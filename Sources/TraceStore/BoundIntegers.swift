import CSQLite

/// The integers last bound to the parameters of a writer's prepared statements, so that a value
/// equal to the one a parameter already holds is not bound again.
///
/// SQLite keeps a statement's bindings across `sqlite3_reset`, and a bind costs about eighty
/// instructions (the old value released, the new one set), where the comparison costs two: an
/// event's kind, origin, envelope, context, process and thread ids and prefix flag mostly repeat
/// those of the row the same parameter held before. Each parameter has a slot; a slot holding
/// `unknown` never matches, so a parameter whose binding is not known (never bound, or set NULL)
/// is always bound.
///
/// A value type holding a pointer: its slots change without the exclusivity check a class's
/// stored array pays on every write.
struct BoundIntegers {
    /// The slot value that matches nothing: the parameter's binding is not known.
    static let unknown = Int64.min
    private let slots: UnsafeMutablePointer<Int64>
    /// How many slots there are.
    let count: Int

    /// `count` slots, all unknown.
    init(count: Int) {
        self.count = count
        slots = UnsafeMutablePointer<Int64>.allocate(capacity: count)
        slots.initialize(repeating: Self.unknown, count: count)
    }

    /// Frees the slots; call once, when the statements are done with.
    func deallocate() {
        slots.deallocate()
    }

    /// Binds `value` to parameter `index` of `statement` unless slot `slot` says it holds it.
    @inline(__always)
    func bind(_ value: Int, slot: Int, at index: Int32, of statement: Statement) {
        let value = Int64(value)
        if slots[slot] == value, value != Self.unknown { return }
        slots[slot] = value
        sqlite3_bind_int64(statement.handle, index, value)
    }

    /// Records that the parameter of `slot` no longer holds a known integer (it was set NULL).
    @inline(__always)
    func forget(slot: Int) {
        slots[slot] = Self.unknown
    }
}
