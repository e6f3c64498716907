/// The distinct `_printChanges` token lists of a timeline, each stored once: a mark keeps the
/// index of its list, and the page names every list once (`tokenTexts`).
struct TokenLists {
    private var index: [Tokens: Int] = [:]
    private var lists: [Tokens] = []

    /// The index of `tokens`, adding the list when it is new.
    mutating func index(of tokens: Tokens) -> Int {
        if let known = index[tokens] { return known }
        let added = lists.count
        index[tokens] = added
        lists.append(tokens)
        return added
    }

    /// Each list as the page shows it (`_count, _title`), in index order.
    func texts(_ symbols: SymbolTable) -> [String] {
        lists.map { $0.map { symbols[$0] }.joined(separator: ", ") }
    }
}
