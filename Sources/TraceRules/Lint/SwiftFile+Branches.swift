extension SwiftFile {
    /// One branch of an `if` chain or one case of a `switch`: the brace that holds it, and the
    /// views it lists directly (`viewsListed(in:)`).
    struct Branch {
        let open: Int
        let views: [Int]
    }

    /// The argument labels of the call named at `name`, `_` for an unlabelled one; none for `Name {`.
    func labels(call name: Int) -> [String] {
        guard isPunctuation(name + 1, "(") else { return [] }
        let open = name + 1
        var labels: [String] = []
        var expectingArgument = true
        for child in children(of: open) {
            if isPunctuation(child, ",") { expectingArgument = true; continue }
            guard expectingArgument else { continue }
            expectingArgument = false
            labels.append(tokens[child].isIdentifier && isPunctuation(child + 1, ":") ? text(child) : "_")
        }
        return labels
    }

    /// True when the `if` at `index` continues a chain (`else if`); after `#else` it starts one
    /// of its own, in the other configuration's code.
    func continuesChain(_ index: Int) -> Bool {
        isIdentifier(index - 1, "else") && !isPunctuation(index - 2, "#")
    }

    /// The bodies of an `if` / `else if` / `else` chain starting at `index`.
    func ifBranches(at index: Int) -> [Branch] {
        var branches: [Branch] = []
        var keyword = index
        while true {
            guard let open = bodyBrace(after: keyword) else { return branches }
            branches.append(Branch(open: open, views: viewsListed(in: open)))
            let close = end(of: open)
            guard isIdentifier(close + 1, "else") else { return branches }
            if isIdentifier(close + 2, "if") {
                if isPunctuation(close + 3, "#") { return branches }
                keyword = close + 2
            } else if isPunctuation(close + 2, "{") {
                let last = close + 2
                branches.append(Branch(open: last, views: viewsListed(in: last)))
                return branches
            } else {
                return branches
            }
        }
    }

    /// The first `{` after the statement keyword at `keyword`, on its own level: its body.
    func bodyBrace(after keyword: Int) -> Int? {
        let level = parent[keyword]
        var cursor = keyword + 1
        while cursor < tokens.count, parent[cursor] >= level {
            if parent[cursor] == level {
                if isPunctuation(cursor, "{") { return cursor }
                if isPunctuation(cursor, "}") || isPunctuation(cursor, ";") { return nil }
            }
            cursor += 1
        }
        return nil
    }

    /// The cases of a `switch` at `index`: the views each lists after its `case …:`.
    func switchBranches(at index: Int) -> [Branch] {
        guard let open = bodyBrace(after: index) else { return [] }
        var branches: [Branch] = []
        var views: [Int] = []
        var labelEnd: Int?
        var started = false
        for child in children(of: open) {
            if isIdentifier(child, "case") || isIdentifier(child, "default") {
                if started { branches.append(Branch(open: open, views: views)) }
                started = true
                views = []
                labelEnd = nil
                continue
            }
            if labelEnd == nil {
                if isPunctuation(child, ":") { labelEnd = child }
                continue
            }
            guard isTypeName(child), isPunctuation(child + 1, "(") || isPunctuation(child + 1, "{") else { continue }
            if child - 1 == labelEnd || startsStatement(child, in: open) { views.append(child) }
        }
        if started { branches.append(Branch(open: open, views: views)) }
        return branches
    }
}
