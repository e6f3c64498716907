/// The same view in both branches of an `if` in a view builder: two identities.
public enum ConditionalViewIdentityRule: LintRule {
    public static let description = LintRuleDescription(
        identifier: "conditional_view_identity",
        title: "Same view in two branches",
        runtimeRule: "identity_churn",
        summary: "A view builder lists the same view, made with the same argument labels, in both branches of an `if`, so the view gets a new identity, and fresh state, whenever the condition flips.",
        rationale: """
            SwiftUI identifies a view by its place in the body, and the two branches of an `if` \
            are two places (`_ConditionalContent`'s true and false sides). `if isPlaying { \
            PlayerControls(big: true) } else { PlayerControls(big: false) }` therefore holds two \
            different `PlayerControls`: each flip destroys one and creates the other, resetting \
            its `@State`, re-running `onAppear` and `.task`, and breaking animations between the \
            two looks. `identity_churn` sees it in a trace; this rule sees the shape in the code. \
            Only views that have state to lose are flagged: the app's own views and SwiftUI's \
            stateful ones (`ScrollView`, `List`, `TextField`, `TabView`, navigation stacks).
            """,
        fix: "Keep one view and move the condition into its arguments or modifiers (`PlayButton(title: isPlaying ? \"Pause\" : \"Play\")`, `.opacity(isPlaying ? 1 : 0)`), so it keeps one identity.",
        seed: "001 (the `if showPlayButton` toggle)",
        triggeringExamples: [
            LintExample("""
                struct PlayerView: View {
                    @State private var isPlaying = false
                    var body: some View {
                        VStack {
                            ↓if isPlaying {
                                PlayButton(title: "Pause")
                            } else {
                                PlayButton(title: "Play")
                            }
                        }
                    }
                }
                struct PlayButton: View {
                    let title: String
                    @State private var taps = 0
                    var body: some View { Text(title) }
                }
                """),
LintExample(note: "An `if let` that swaps a placeholder for the loaded view, with modifiers after each.", """
                struct Feed: View {
                    var loaded: [Post]?
                    @ViewBuilder var content: some View {
                        ↓if let loaded {
                            ScrollView { PostList(posts: loaded) }
                                .refreshable { }
                        } else {
                            ScrollView { PostList(posts: Post.placeholders) }
                                .redacted(reason: .placeholder)
                        }
                    }
                    var body: some View { content }
                }
                """),
            LintExample(note: "Inside `#if` blocks, and an `if` that opens a `#else` (not an `else if`); branches that add different modifiers.", """
                #if os(iOS)
                struct Board: View {
                    @State private var editing = false
                    var body: some View {
                        #if DEBUG
                        Text("debug")
                        #else
                        ↓if editing {
                            Card(title: "a").border(.blue)
                        } else {
                            Card(title: "a")
                        }
                        #endif
                    }
                }
                struct Card: View {
                    let title: String
                    @State private var flipped = false
                    var body: some View { Text(title) }
                }
                #endif
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "One view whose argument follows the condition keeps its identity.", """
                struct PlayerView: View {
                    @State private var isPlaying = false
                    var body: some View {
                        PlayButton(title: isPlaying ? "Pause" : "Play")
                    }
                }
                struct PlayButton: View { let title: String; var body: some View { Text(title) } }
                """),
            LintExample(note: "Different views in the branches, and stateless leaves, are what branches are for.", """
                struct Row: View {
                    var done: Bool
                    var body: some View {
                        if done { Text("Done") } else { Text("Open") }
                        if done { DoneBadge() } else { ProgressView() }
                    }
                }
                struct DoneBadge: View { var body: some View { Image(systemName: "checkmark") } }
                """),
            LintExample(note: "A `switch` picks between destinations, tabs or scopes: their views are meant to start over.", """
                struct Feed: View {
                    var mode: Mode
                    var body: some View {
                        switch mode {
                        case .compact: ScrollView { Text("a") }
                        case .full: ScrollView { Text("b") }
                        }
                    }
                }
                """),
            LintExample(note: "Availability and the device never change while the app runs; an action is no view builder.", """
                struct Root: View {
                    var body: some View {
                        if #available(iOS 16, *) { NavigationStack { Home() } } else { NavigationStack { Home() } }
                        if UIDevice.current.userInterfaceIdiom == .pad { Home(compact: false) } else { Home(compact: true) }
                        Button("Go") {
                            if Bool.random() { Home() } else { Home() }
                        }
                    }
                }
                struct Home: View { var body: some View { Text("home") } }
                """),
        ],
        corrections: corrections
    )

    static let corrections: [LintCorrection] = [
        LintCorrection("""
            struct AccountCard: View {
                var isCompact: Bool
                var body: some View {
                    if isCompact {
                        Avatar(size: 24, showsName: false)
                            .padding(4)
                    } else {
                        Avatar(size: 64, showsName: true)
                            .padding(12)
                    }
                }
            }
            struct Avatar: View {
                let size: Int
                let showsName: Bool
                @State private var loaded = false
                var body: some View { Text("a") }
            }
            """, """
            struct AccountCard: View {
                var isCompact: Bool
                var body: some View {
                    Avatar(size: isCompact ? 24 : 64, showsName: isCompact ? false : true)
                        .padding(isCompact ? 4 : 12)
                }
            }
            struct Avatar: View {
                let size: Int
                let showsName: Bool
                @State private var loaded = false
                var body: some View { Text("a") }
            }
            """),
        LintCorrection.unchanged(note: "Different modifiers, an `if let` or a comment: not mechanical, left as they are.", """
            struct Board: View {
                @State private var editing = false
                var loaded: [String]?
                var body: some View {
                    if editing {
                        Card(title: "a").border(.blue)
                    } else {
                        Card(title: "a")
                    }
                    if let loaded {
                        Card(title: loaded[0])
                    } else {
                        Card(title: "none")
                    }
                    if editing {
                        Card(title: "b") // editing
                    } else {
                        Card(title: "c")
                    }
                }
            }
            struct Card: View {
                let title: String
                @State private var flipped = false
                var body: some View { Text(title) }
            }
            """),
    ]

    /// Names whose value is fixed for the life of the process: a condition on them never flips.
    static let constantConditions: Set<String> = ["userInterfaceIdiom", "idiom", "UIDevice", "ProcessInfo", "isPreview", "isRunningTests", "isSimulator"]

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.tokens[index].isIdentifier {
            // `if` only: a `switch` mostly picks between destinations, tabs or scopes, whose views
            // are meant to start over (`check --sources` still links a switch's cases).
            guard file.tokens[index].text == "if", !file.isPunctuation(index - 1, "#"), !file.continuesChain(index),
                  !file.isIdentifier(index - 1, "case") else { continue }
            if file.isPunctuation(index + 1, "#") { continue }
            // A condition on the device or the process never flips while the app runs.
            if let body = file.bodyBrace(after: index), ((index + 1)..<body).contains(where: { constantConditions.contains(file.text($0)) }) { continue }
            guard file.inViewBuilder(index, scopes: source.scopes) else { continue }
            let branches = file.ifBranches(at: index)
            guard branches.count > 1, let body = branches.first?.open else { continue }
            // The same view made with the same argument labels in two branches: one view whose
            // values differ by the condition. Different initialisers (`Detail(id:)`,
            // `Detail(account:)`) are usually different destinations, as a router's cases are.
            var seen: [String: Int] = [:]
            var repeated: String?
            // In source order, each view once per branch, so the view named is the same on every run.
            for branch in branches {
                var inBranch: Set<String> = []
                let keys = branch.views.map { file.text($0) + "(" + file.labels(call: $0).joined(separator: ":") + ")" }
                for key in keys where inBranch.insert(key).inserted {
                    let name = String(key.prefix { $0 != "(" })
                    guard source.isView(name) else { continue }
                    seen[key, default: 0] += 1
                    if seen[key] == 2, repeated == nil { repeated = name }
                }
            }
            guard let repeated else { continue }
            let condition = file.code((index + 1)..<body)
            var violation = LintViolation(
                token: index, view: repeated,
                message: "the same view \(repeated) in both branches of 'if \(condition)': it gets a new identity, and its state resets, whenever the condition flips"
            )
            let container = source.enclosingView(of: index)?.name
            let place = container.map { "In `\($0)`, k" } ?? "K"
            if let merged = merged(file, if: index, branches: branches) {
                violation.edits = [merged.edit]
                violation.fix = "\(place)eep one `\(repeated)` with the condition in its arguments: `\(merged.shown)`, so it keeps one identity and its state"
            } else {
                violation.fix = "\(place)eep one `\(repeated)` and move `\(condition)` into its arguments or modifiers (`\(repeated)(…: \(condition) ? … : …)`, `.opacity(\(condition) ? 1 : 0)`), so it keeps one identity"
            }
            violations.append(violation)
        }
        return violations
    }

    /// The `if`/`else` at `keyword` as one view with the condition in its arguments, when both
    /// branches hold the same view expression (the same calls, labels and modifiers) that
    /// differ only in argument values, the condition is a plain expression (no `let`, `case`
    /// or `,`), and no comment would be lost; nil otherwise.
    static func merged(_ file: SwiftFile, if keyword: Int, branches: [SwiftFile.Branch]) -> (edit: LintEdit, shown: String)? {
        guard branches.count == 2, let first = branches.first, let second = branches.last else { return nil }
        let close = file.end(of: second.open)
        // `if a {…} else {…}` exactly: the second brace follows `} else`.
        guard file.isIdentifier(second.open - 1, "else"), file.end(of: first.open) == second.open - 2, close > second.open else { return nil }
        let conditionRange = (keyword + 1)..<first.open
        guard !conditionRange.isEmpty, !conditionRange.contains(where: { ["let", "var", "case", ",", "#", "{"].contains(file.text($0)) }),
              !file.holdsComment(from: keyword, through: close),
              let condition = file.rawText(conditionRange) else { return nil }
        let thenRange = (first.open + 1)..<file.end(of: first.open), elseRange = (second.open + 1)..<close
        guard let thenChain = file.callChain(thenRange), let elseChain = file.callChain(elseRange), thenChain.count == elseChain.count else { return nil }
        var argumentEdits: [LintEdit] = []
        for (a, b) in zip(thenChain, elseChain) {
            guard a.name == b.name, a.arguments.map(\.label) == b.arguments.map(\.label) else { return nil }
            for (x, y) in zip(a.arguments, b.arguments) {
                guard let left = file.rawText(x.value), let right = file.rawText(y.value) else { return nil }
                if left == right { continue }
                // A closure or a nested condition is no value to choose between.
                if x.value.contains(where: { file.isPunctuation($0, "{") }) || y.value.contains(where: { file.isPunctuation($0, "{") }) { return nil }
                let wrap = { (range: Range<Int>, text: String) in
                    range.contains { ["?", ":", "=", "try", "await"].contains(file.text($0)) } ? "(\(text))" : text
                }
                let test = conditionRange.contains { file.isPunctuation($0, "?") } ? "(\(condition))" : condition
                argumentEdits.append(LintEdit(
                    range: file.tokens[x.value.lowerBound].offset..<file.endOffset(of: x.value.upperBound - 1),
                    replacement: "\(test) ? \(wrap(x.value, left)) : \(wrap(y.value, right))"
                ))
            }
        }
        // Identical branches: the `if` does nothing but reset the view; not a mechanical change.
        guard !argumentEdits.isEmpty, let thenText = file.rawText(thenRange) else { return nil }
        let start = file.tokens[thenRange.lowerBound].offset
        let shifted = argumentEdits.map { LintEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), replacement: $0.replacement) }
        var view = String(decoding: LintEdit.apply(shifted, to: Array(thenText.utf8)).bytes, as: UTF8.self)
        // Lines after the first move out by one level: from the branch's indentation to the `if`'s.
        let branchIndent = file.indentation(ofLine: file.tokens[thenRange.lowerBound].line)
        let ifIndent = file.indentation(ofLine: file.tokens[keyword].line)
        if view.contains("\n") {
            view = view.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, line in
                offset > 0 && line.hasPrefix(branchIndent) ? ifIndent + line.dropFirst(branchIndent.count) : String(line)
            }.joined(separator: "\n")
        }
        let edit = LintEdit(range: file.tokens[keyword].offset..<file.endOffset(of: close), replacement: view)
        let shown = view.split(separator: "\n").first.map(String.init) ?? view
        return (edit, shown + (view.contains("\n") ? " …" : ""))
    }
}
