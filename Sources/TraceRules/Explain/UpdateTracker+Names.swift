import TraceModel

extension UpdateTracker {
    /// The cause of `row` in words the store keeps: `ownProperty` resolved by the property's name.
    func cause(of row: Row, names: inout PropertyNames) -> Cause {
        switch row.code {
        case .ownProperty: row.property == 0 ? .unknown : names.cause(ofIndex: Int(row.property) - 1)
        case .parent: .parent
        case .identity: .identity
        case .unknown: .unknown
        }
    }

    /// What started updates with `root`, in a sentence: `ContentView._showPlayButton changed`;
    /// `mentioningText` adds that an unrecognised line came right before, where it matters.
    func rootCause(of root: Root, names: inout PropertyNames, mentioningText: Bool = true) -> String {
        let view = root.view == 0 ? "an unnamed view" : names.name(ofIndex: Int(root.view) - 1)
        var text: String
        switch root.kind {
        case .body:
            switch root.code {
            case .ownProperty?:
                let property = root.property == 0 ? "?" : names.name(ofIndex: Int(root.property) - 1)
                text = property.hasPrefix("_") ? "\(view).\(property) changed" : "\(view) \(property) changed"
            case .identity?: text = "\(view) got a new identity"
            case .parent?: text = "\(view) got a new value from a parent the log does not show"
            case .unknown?, nil: text = "\(view) body ran; the log does not say why"
            }
        case .appear: text = "\(view) appeared"
        case .disappear: text = "\(view) disappeared"
        case .`init`: text = "\(view) init; its creator is not in the log"
        default: text = "\(view) \(root.kind.rawValue)"
        }
        if mentioningText && root.afterText && !(root.kind == .body && root.code == .ownProperty) {
            text += " (after an unrecognised line)"
        }
        return text
    }
}

/// Property names read once per symbol: a million rows name a few dozen properties.
struct PropertyNames {
    let symbols: SymbolTable
    private var names: [String?] = []
    private var causes: [Cause?] = []
    private var roots: [Int] = []
    private var words: [String] = []
    private var wordIDs: [String: Int] = [:]

    init(symbols: SymbolTable) { self.symbols = symbols }

    mutating func name(ofIndex index: Int) -> String {
        names.grow(toInclude: index, with: nil)
        if let name = names[index] { return name }
        let name = symbols[symbols.symbol(at: index)]
        names[index] = name
        return name
    }

    /// The words for root `key` as a number, the same for roots whose words are equal; `make`
    /// makes them the first time the root is asked for.
    mutating func rootWords(_ key: UInt32, _ make: (inout PropertyNames) -> String) -> Int {
        let index = Int(key)
        roots.grow(toInclude: index, with: -1)
        if roots[index] >= 0 { return roots[index] }
        let text = make(&self)
        let id: Int
        if let known = wordIDs[text] {
            id = known
        } else {
            id = words.count
            words.append(text)
            wordIDs[text] = id
        }
        roots[index] = id
        return id
    }

    /// The words numbered `id` by `rootWords`.
    func words(_ id: Int) -> String { words[id] }

    mutating func cause(ofIndex index: Int) -> Cause {
        causes.grow(toInclude: index, with: nil)
        if let cause = causes[index] { return cause }
        let cause = Cause.of(property: name(ofIndex: index))
        causes[index] = cause
        return cause
    }
}
