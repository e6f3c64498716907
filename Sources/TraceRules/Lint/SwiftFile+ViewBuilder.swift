extension SwiftFile {
    /// Modifiers and functions whose closure is a view builder: a view listed there is shown.
    static let viewBuilderModifiers: Set<String> = [
        "overlay", "background", "toolbar", "sheet", "fullScreenCover", "popover", "contextMenu", "swipeActions",
        "navigationDestination", "alert", "confirmationDialog", "safeAreaInset", "mask", "searchSuggestions",
        "ToolbarItem", "ToolbarItemGroup", "item", "inspector", "tabItem", "labelStyle", "header", "footer",
        "content", "label", "destination", "placeholder", "sectionHeader", "detail", "sidebar",
    ]

    /// Types whose first trailing closure is an action, not a view builder, unless the call
    /// gives its action as an argument.
    static let actionFirstTypes: Set<String> = ["Button", "Task", "DispatchQueue"]

    /// True when the token at `index` is in a view builder: a `body`, a `some View` property or
    /// function, a `@ViewBuilder` one, or a closure of a container view or of a modifier that
    /// takes views, with only conditions between. An action (`Button`'s, `onAppear`'s), an
    /// `init` or a plain function is not.
    func inViewBuilder(_ index: Int, scopes: [Int: TypeScope]) -> Bool {
        var outer = Int(parent[index])
        while outer >= 0 {
            defer { outer = Int(parent[outer]) }
            guard isPunctuation(outer, "{") else { continue }
            if scopes[outer] != nil { return false }
            if declaresViewBuilder(outer) { return true }
            if let name = callName(of: outer) {
                let callee = tokens[name].text
                if isTypeName(name) {
                    if Self.actionFirstTypes.contains(callee), isActionClosure(outer, name: name) { return false }
                    continue
                }
                if Self.viewBuilderModifiers.contains(callee) { continue }
                // A labelled trailing closure (`} label: {`) of a view is a view builder.
                if isPunctuation(outer - 1, ":"), Self.viewBuilderModifiers.contains(text(outer - 2)) { continue }
                return false
            }
            if isIdentifier(outer - 1, "else") || inCondition(outer - 1) { continue }
            // A `switch` case's statements sit directly in the switch's braces: handled above.
            return false
        }
        return false
    }

    /// True when the `{` at `brace` opens a `some View` (or `@ViewBuilder`) property or function.
    private func declaresViewBuilder(_ brace: Int) -> Bool {
        if isIdentifier(brace - 1, "View"), isIdentifier(brace - 2, "some") || isPunctuation(brace - 2, ".") { return true }
        if isIdentifier(brace - 1, "Content") || isIdentifier(brace - 1, "AnyView") || isIdentifier(brace - 1, "Scene") {
            if isPunctuation(brace - 2, ">") || isPunctuation(brace - 2, ":") { return true }
        }
        // `@ViewBuilder var content: some View {` / `@ViewBuilder func row(...) -> T {`.
        var cursor = brace - 1
        let level = Int(parent[brace])
        var steps = 0
        while cursor > level, steps < 80 {
            if Int(parent[cursor]) == level {
                if isPunctuation(cursor, "{") || isPunctuation(cursor, "}") || isPunctuation(cursor, ";") { return false }
                if isIdentifier(cursor, "ViewBuilder"), isPunctuation(cursor - 1, "@") { return true }
                if isIdentifier(cursor, "func") || isIdentifier(cursor, "var") {
                    // The attribute comes before the keyword and its modifiers.
                    var before = cursor - 1
                    while before > level, before > cursor - 8 {
                        if isIdentifier(before, "ViewBuilder") { return true }
                        if isPunctuation(before, "}") || isPunctuation(before, "{") { break }
                        before -= 1
                    }
                    return false
                }
            }
            cursor -= 1
            steps += 1
        }
        return false
    }

    /// True when the `{` at `brace` is the action of the `Button` (or `Task`) named at `name`.
    private func isActionClosure(_ brace: Int, name: Int) -> Bool {
        if isPunctuation(brace - 1, ":") { return text(brace - 2) == "action" }
        // `Button(action: f) { label }`: the trailing closure is the label.
        if isPunctuation(name + 1, "("), argument("action", of: name + 1) != nil { return false }
        return true
    }
}
