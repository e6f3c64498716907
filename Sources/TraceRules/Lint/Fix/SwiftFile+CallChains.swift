extension SwiftFile {
    /// One call of a view expression: the view's `Name(…)` or a modifier's `.name(…)`.
    struct ChainCall {
        /// `PlayButton` for the view, `.padding` for a modifier.
        let name: String
        /// Each argument's label (`_` for none) and its value's tokens.
        let arguments: [(label: String, value: Range<Int>)]
    }

    /// `range` read as one view expression, `Name(arguments)` followed by modifiers
    /// (`.padding()`, `.opacity(x)`, `.bold`); nil when it is anything else (a trailing
    /// closure, two statements, an operator between calls).
    func callChain(_ range: Range<Int>) -> [ChainCall]? {
        var index = range.lowerBound
        guard index < range.upperBound, isTypeName(index), isPunctuation(index + 1, "(") else { return nil }
        var calls: [ChainCall] = []
        var name = text(index)
        index += 1
        while true {
            var arguments: [(label: String, value: Range<Int>)] = []
            if index < range.upperBound, isPunctuation(index, "(") {
                let close = end(of: index)
                guard close > index, close < range.upperBound else { return nil }
                arguments = callArguments(open: index)
                index = close + 1
            }
            calls.append(ChainCall(name: name, arguments: arguments))
            if index == range.upperBound { return calls }
            guard isPunctuation(index, "."), index + 1 < range.upperBound, tokens[index + 1].isIdentifier else { return nil }
            name = "." + text(index + 1)
            index += 2
        }
    }

    /// The arguments of the call whose `(` is at `open`: labels and value ranges.
    func callArguments(open: Int) -> [(label: String, value: Range<Int>)] {
        let close = end(of: open)
        var arguments: [(label: String, value: Range<Int>)] = []
        var start = open + 1
        var index = open + 1
        while index <= close {
            if index == close || (Int(parent[index]) == open && isPunctuation(index, ",")) {
                if start < index {
                    if tokens[start].isIdentifier, isPunctuation(start + 1, ":"), Int(parent[start]) == open {
                        arguments.append((text(start), (start + 2)..<index))
                    } else {
                        arguments.append(("_", start..<index))
                    }
                }
                start = index + 1
            }
            index += 1
        }
        return arguments
    }
}
