extension SwiftFile {
    /// A stored property declared with a property wrapper: `@State private var model = Model()`.
    struct WrappedProperty {
        /// The index of the `@`.
        let attribute: Int
        /// The wrapper's name: `State`, `ObservedObject`.
        let wrapper: String
        /// The index of the property's name.
        let name: Int
        /// The initial value's tokens; empty when there is none.
        let initialValue: Range<Int>
        /// The type annotation's (last) type name, if the declaration has one: `Model` in `var model: Model`.
        var annotation: Int? = nil
    }

    /// The property whose wrapper attribute starts at the `@` at `attribute`, nil when the
    /// attribute is on something else (a function, a type, a parameter).
    func wrappedProperty(at attribute: Int) -> WrappedProperty? {
        guard isPunctuation(attribute, "@"), attribute + 1 < tokens.count, tokens[attribute + 1].isIdentifier else { return nil }
        let level = parent[attribute]
        var cursor = attribute + 2
        // `@Environment(\.dismiss)`, `@AppStorage("key")`: the wrapper's arguments.
        if isPunctuation(cursor, "(") { cursor = end(of: cursor) + 1 }
        // Further attributes and modifiers, up to `var` or `let`.
        var steps = 0
        while cursor < tokens.count, steps < 12, !isIdentifier(cursor, "var"), !isIdentifier(cursor, "let") {
            guard parent[cursor] == level else { return nil }
            if isPunctuation(cursor, "(") { cursor = end(of: cursor) }
            if isPunctuation(cursor, "{") || isPunctuation(cursor, "}") || isIdentifier(cursor, "func") || isIdentifier(cursor, "init") { return nil }
            cursor += 1
            steps += 1
        }
        guard isIdentifier(cursor, "var") || isIdentifier(cursor, "let"), cursor + 1 < tokens.count, tokens[cursor + 1].isIdentifier else { return nil }
        let name = cursor + 1
        cursor = name + 1
        // The type annotation, up to `=` or the declaration's end.
        while cursor < tokens.count, parent[cursor] == level, !isPunctuation(cursor, "="), tokens[cursor].line == tokens[name].line || isPunctuation(cursor - 1, ":") {
            if isPunctuation(cursor, "{") || isPunctuation(cursor, "}") || isPunctuation(cursor, "@") || isPunctuation(cursor, ";") { break }
            if isPunctuation(cursor, "(") || isPunctuation(cursor, "[") { cursor = end(of: cursor) }
            cursor += 1
        }
        // `var model: Module.Model` names `Model`.
        var annotation: Int?
        if isPunctuation(name + 1, ":") {
            var type = name + 2
            while isTypeName(type), isPunctuation(type + 1, "."), isTypeName(type + 2) { type += 2 }
            if isTypeName(type) { annotation = type }
        }
        guard isPunctuation(cursor, "="), parent[cursor] == level else {
            return WrappedProperty(attribute: attribute, wrapper: tokens[attribute + 1].text, name: name, initialValue: cursor..<cursor, annotation: annotation)
        }
        let start = cursor + 1
        var valueEnd = start
        // The value runs to the end of its line, brackets included whatever their lines.
        while valueEnd < tokens.count, parent[valueEnd] == level, tokens[valueEnd].line == tokens[start].line || isPunctuation(valueEnd - 1, ".") || isPunctuation(valueEnd, ".") {
            if isPunctuation(valueEnd, "}") || isPunctuation(valueEnd, ";") || isPunctuation(valueEnd, "@") { break }
            if isPunctuation(valueEnd, "(") || isPunctuation(valueEnd, "[") || isPunctuation(valueEnd, "{") { valueEnd = end(of: valueEnd) }
            valueEnd += 1
        }
        return WrappedProperty(attribute: attribute, wrapper: tokens[attribute + 1].text, name: name, initialValue: start..<max(start, valueEnd), annotation: annotation)
    }

    /// The type a value constructs: `Model` for `Model()`, `Model(id: 1)`, `Model.init()`,
    /// `Module.Model()`, and for `.init()` the type its declaration names (`var model: Model =
    /// .init()`, the name at `annotation`); nil for anything else (`.shared`, `model`, `Model.make()`).
    func constructedType(_ value: Range<Int>, annotation: Int? = nil) -> Int? {
        var index = value.lowerBound
        guard index < value.upperBound else { return nil }
        if isPunctuation(index, "."), isIdentifier(index + 1, "init"), isPunctuation(index + 2, "("), let annotation, isTypeName(annotation) {
            return annotation
        }
        while isTypeName(index), isPunctuation(index + 1, "."), isTypeName(index + 2) { index += 2 }
        guard isTypeName(index) else { return nil }
        if isPunctuation(index + 1, "(") { return index }
        if isPunctuation(index + 1, "."), isIdentifier(index + 2, "init"), isPunctuation(index + 3, "(") { return index }
        return nil
    }
}
