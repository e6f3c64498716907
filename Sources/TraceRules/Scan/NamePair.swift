/// Two names as one dictionary key: an owner and what it owns (a view or owner and the model
/// type it printed, `PlayButton DataModel init`; a view and its instance).
///
/// Hashed as one word, both symbol indexes side by side: the synthesized hash fed the hasher
/// each symbol and the optional's tag apart, and three rules look a pair up per event.
struct NamePair: Hashable {
    let owner: Symbol
    let owned: Symbol?

    init(owner: Symbol, owned: Symbol?) {
        self.owner = owner
        self.owned = owned
    }

    func hash(into hasher: inout Hasher) {
        let owned = owned.map { UInt64(truncatingIfNeeded: $0.index) + 1 } ?? 0
        hasher.combine(UInt64(truncatingIfNeeded: owner.index) << 32 ^ owned)
    }
}
