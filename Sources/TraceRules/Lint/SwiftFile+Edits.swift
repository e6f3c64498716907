extension SwiftFile {
    /// Calls that change a value in place: `isOn.toggle()`, `items.append(x)`.
    static let mutatingCalls: Set<String> = [
        "toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "move", "swapAt", "sort", "shuffle",
        "reverse", "formUnion", "subtract", "merge", "updateValue", "removeValue",
    ]

    /// The first place in `range` (outside `skipping`) where the property `name` is edited: a
    /// binding to it (`$name`, `$name.text`), an assignment (`name = …`, `self.name += …`) or a
    /// mutating call on it (`name.toggle()`); nil when the code only reads it.
    func firstEdit(of name: String, in range: Range<Int>, skipping: Range<Int>) -> Int? {
        let binding = "$" + name
        for index in range where !skipping.contains(index) && tokens[index].isIdentifier {
            let word = tokens[index].text
            if word == binding { return index }
            guard word == name else { continue }
            // `other.name` is another value's property; `self.name` is this one.
            if isPunctuation(index - 1, "."), !isIdentifier(index - 2, "self") { continue }
            if isAssignment(after: index) { return index }
            if isPunctuation(index + 1, "."), Self.mutatingCalls.contains(text(index + 2)), isPunctuation(index + 3, "(") { return index }
        }
        return nil
    }

    /// True when an assignment operator follows token `index`: `=`, `+=`, `-=`, `*=`, `/=`, `??=`
    /// (each character is a token of its own), not `==`.
    private func isAssignment(after index: Int) -> Bool {
        var cursor = index + 1
        while cursor < index + 3, ["+", "-", "*", "/", "?"].contains(text(cursor)), !tokens[cursor].isIdentifier { cursor += 1 }
        guard isPunctuation(cursor, "="), !isPunctuation(cursor + 1, "=") else { return false }
        // Glued to what comes before: `a =` after `==`'s first `=` or `!=`'s `!` is no assignment.
        return !isPunctuation(cursor - 1, "=") && !isPunctuation(cursor - 1, "!") && !isPunctuation(cursor - 1, "<") && !isPunctuation(cursor - 1, ">")
    }
}
