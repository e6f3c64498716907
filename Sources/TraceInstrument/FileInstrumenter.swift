import SwiftSource

/// Plans the insertions for one file: a token in each view struct, a measured body in each
/// view's `body` (wherever the file declares it), a probe in each observable model, and the
/// import. Only whole marked lines are inserted (see `SourceEdits`), never a change to a line
/// of the user's code, so the same plan can be taken back by removing marked lines.
struct FileInstrumenter {
    let file: ReadSource
    let facts: AppFacts
    let options: InstrumentOptions
    var edits: SourceEdits
    var counts = InstrumentCounts()
    /// What was seen but left alone, as `line:column: why`.
    var notes: [String] = []

    /// The property name of the inserted token and model probe.
    static let probeName = "traceProbe"
    /// The accessor through which bodies in other files than the view's read its private token.
    static let sharedProbeName = "traceProbeOfView"

    init(file: ReadSource, facts: AppFacts, options: InstrumentOptions) {
        self.file = file
        self.facts = facts
        self.options = options
        edits = SourceEdits(source: file.source)
    }

    /// Plans every insertion of the file.
    mutating func plan() {
        if options.mode == .probe, file.usesProbeName {
            notes.append("1:1: the file already uses the name '\(Self.probeName)'; left alone")
            return
        }
        for declaration in file.declarations.declarations + file.declarations.extensions {
            let name = declaration.declaration.name
            if facts.viewNames.contains(name), AppFacts.excluded.isDisjoint(with: declaration.inherited) {
                planView(declaration)
            } else if AppFacts.isObservableModel(declaration, in: file) {
                planModel(declaration)
            }
        }
        if options.mode == .probe, !edits.isEmpty { planImport() }
    }

    // MARK: Views

    private mutating func planView(_ declaration: SwiftDeclarationScanner.Found) {
        let name = declaration.declaration.name
        let holdsToken = options.mode == .probe && declaration.keyword == "struct" && facts.viewStructs.contains(name)
        if holdsToken {
            let simpleName = AppFacts.lastComponent(name)
            // Last among the stored properties: their initial values (a model in `@State`) run
            // first, so the token's init line follows them, as a hand print in init would.
            let close = Int(file.brackets.partner[declaration.openingBrace])
            // Private, so that it is no parameter of the memberwise init (`titles.map(Chip.init)`
            // keeps compiling) and stays out of autocomplete; bodies in other files read it
            // through an accessor, which, being computed, is no parameter either.
            var lines = ["@State private var \(Self.probeName) = ViewProbe(\(simpleName).self)"]
            if facts.bodiesElsewhere.contains(name) { lines.append("var \(Self.sharedProbeName): ViewProbe { \(Self.probeName) }") }
            edits.insert(options.guarded(lines),
                         beforeClosingBraceAt: file.tokens[close].offset, indent: memberIndent(declaration.openingBrace))
            counts.views += 1
        } else if options.mode == .probe, declaration.keyword == "struct", let synthesized = facts.synthesizedConformance[name] {
            let why = synthesized == "Sendable" ? "which every stored property must be" : "made by the compiler from its stored properties"
            notes.append("\(declaration.declaration.line):\(declaration.declaration.column): \(name) is \(synthesized), \(why): a token in @State would break it; left alone")
        } else if options.mode == .probe, declaration.keyword != "extension", declaration.keyword != "struct" {
            notes.append("\(declaration.declaration.line):\(declaration.declaration.column): \(name) is \(article(declaration.keyword)) \(declaration.keyword): only a struct can keep the token in @State")
        }
        for body in bodies(in: declaration.openingBrace) {
            let canHoldToken = facts.viewStructs.contains(name) && (declaration.keyword == "struct" || declaration.keyword == "extension")
            switch options.mode {
            case .probe where canHoldToken:
                guard prepareForStatements(body, in: declaration) else { continue }
                planMeasuredBody(body, probe: facts.viewFiles[name] == file.path ? Self.probeName : Self.sharedProbeName)
                counts.bodies += 1
            case .probe:
                break
            case .printChanges where !body.isModifier:
                guard prepareForStatements(body, in: declaration) else { continue }
                edits.insert(options.guarded(["let _ = Self._printChanges()"]), afterOpeningBraceAt: body.open.offset, nextTokenAt: body.next.offset, indent: bodyIndent(body))
                counts.views += 1
                counts.bodies += 1
            case .printChanges:
                break
            }
        }
    }

    private func article(_ keyword: String) -> String { keyword == "enum" || keyword == "actor" ? "an" : "a" }

    // MARK: Shared

    /// Inserts member lines just inside a type's `{`, indented as its members are.
    mutating func insertMembers(_ lines: [String], into openingBrace: Int) {
        let open = file.tokens[openingBrace], next = file.tokens[openingBrace + 1]
        edits.insert(options.guarded(lines), afterOpeningBraceAt: open.offset, nextTokenAt: next.offset, indent: memberIndent(openingBrace))
    }

    /// The indentation of a type's members: its first member's, else one level in from the type.
    func memberIndent(_ openingBrace: Int) -> [UInt8] {
        let open = file.tokens[openingBrace], next = file.tokens[openingBrace + 1]
        let close = Int(file.brackets.partner[openingBrace])
        return next.line > open.line && openingBrace + 1 < close
            ? edits.indentation(ofLineAt: next.offset) : edits.indentation(ofLineAt: open.offset) + edits.indentUnit
    }

    /// `import TraceProbe` after the last import outside any `#if`, else at the top.
    private mutating func planImport() {
        var conditionDepth = 0
        var lastImport: SwiftToken?
        var index = 0
        while index < file.tokens.count {
            let token = file.tokens[index]
            if token.text == "#", index + 1 < file.tokens.count {
                switch file.tokens[index + 1].text {
                case "if": conditionDepth += 1
                case "endif": conditionDepth -= 1
                default: break
                }
            } else if token.isIdentifier, token.text == "import", conditionDepth == 0, index == 0 || file.tokens[index - 1].text != "." {
                lastImport = token
            }
            let partner = Int(file.brackets.partner[index])
            index = partner > index ? partner + 1 : index + 1
        }
        let lines = options.guarded(["import TraceProbe"])
        if let lastImport {
            edits.insert(lines, afterLineOf: lastImport.offset)
        } else {
            edits.insertAtStart(lines)
        }
    }
}

/// What a run instrumented.
package struct InstrumentCounts: Sendable, Equatable {
    /// Views and view modifiers given a token (or, with `--print-changes`, a print).
    package var views = 0
    /// Bodies measured.
    package var bodies = 0
    /// Bodies whose appear and disappear are reported.
    package var lifecycles = 0
    /// Observable models given a probe.
    package var models = 0

    package init() {}

    static func + (left: Self, right: Self) -> Self {
        var sum = left
        sum.views += right.views
        sum.bodies += right.bodies
        sum.lifecycles += right.lifecycles
        sum.models += right.models
        return sum
    }
}
