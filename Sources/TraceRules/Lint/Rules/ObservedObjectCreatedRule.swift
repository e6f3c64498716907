/// `@ObservedObject var model = Model()`: the view creates the object it only observes.
public enum ObservedObjectCreatedRule: LintRule {
    public static let description = LintRuleDescription(
        identifier: "observed_object_created",
        title: "Observed object created by the view",
        runtimeRule: "state_model_reinit",
        explains: ["heavy_initializer"],
        summary: "An `@ObservedObject` property creates its object as its initial value, so every init of the view (every update of its parent) makes a new object and the observed state starts over.",
        rationale: """
            `@ObservedObject` does not own its object: SwiftUI keeps nothing between two values \
            of the view, so `@ObservedObject var model = Model()` runs `Model()` whenever the \
            parent's body re-creates the view, and the view switches to the new, empty object. \
            Loaded data, selections and subscriptions vanish on unrelated parent updates. Traces \
            show it as model inits on every parent update (`state_model_reinit`, `heavy_initializer`).
            """,
        fix: "Own the object with `@StateObject private var model = Model()`, whose autoclosure SwiftUI runs once per identity (for an `@Observable` class, `@State` keeps one object per identity but evaluates `Model()` on every init), or create it higher up and pass it in.",
        seed: "001 (the `DataModel` made again on every update of `ContentView`)",
        triggeringExamples: [
            LintExample("""
                struct PlayButton: View {
                    ↓@ObservedObject var model = PlayerModel()
                    var body: some View { Text(model.title) }
                }
                """),
            LintExample(note: "Modifiers and a type annotation change nothing.", """
                struct Profile: View {
                    ↓@ObservedObject private var loader: ProfileLoader = ProfileLoader(id: 1)
                    ↓@ObservedObject var settings: Settings = .init()
                    var body: some View { Text("x") }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "Owned, passed in, or a shared instance that outlives the view.", """
                struct PlayButton: View {
                    @StateObject private var owned = PlayerModel()
                    @ObservedObject var passed: PlayerModel
                    @ObservedObject var shared = PlayerModel.shared
                    var body: some View { Text("x") }
                }
                """),
        ],
        corrections: [
            LintCorrection("""
                struct SettingsScreen: View {
                    @ObservedObject var model = SettingsModel()
                    var body: some View { Text(model.title) }
                }
                final class SettingsModel: ObservableObject { var title = "Settings" }
                """, """
                struct SettingsScreen: View {
                    @StateObject private var model = SettingsModel()
                    var body: some View { Text(model.title) }
                }
                final class SettingsModel: ObservableObject { var title = "Settings" }
                """),
            LintCorrection(note: "An access level written stays; a property a caller passes is not made `private`.", """
                struct Profile: View {
                    @ObservedObject public var loader: ProfileLoader = ProfileLoader(id: 1)
                    @ObservedObject var settings = Settings()
                    var body: some View { Text("x") }
                }
                struct Root: View {
                    var body: some View { Profile(settings: Settings()) }
                }
                final class ProfileLoader: ObservableObject { init(id: Int) {} }
                final class Settings: ObservableObject {}
                """, """
                struct Profile: View {
                    @StateObject public var loader: ProfileLoader = ProfileLoader(id: 1)
                    @StateObject var settings = Settings()
                    var body: some View { Text("x") }
                }
                struct Root: View {
                    var body: some View { Profile(settings: Settings()) }
                }
                final class ProfileLoader: ObservableObject { init(id: Int) {} }
                final class Settings: ObservableObject {}
                """),
            LintCorrection.unchanged(note: "An init that sets the property itself is left as it is.", """
                struct Editor: View {
                    @ObservedObject var model = EditorModel()
                    init(model: EditorModel) { _model = ObservedObject(wrappedValue: model) }
                    var body: some View { Text("x") }
                }
                """),
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isPunctuation(index, "@") && file.isIdentifier(index + 1, "ObservedObject") {
            guard let property = file.wrappedProperty(at: index), let type = file.constructedType(property.initialValue, annotation: property.annotation) else { continue }
            let enclosing = source.enclosingView(of: index)
            let view = enclosing?.name
            let name = file.text(property.name), typeName = file.text(type)
            var violation = LintViolation(
                token: index, view: view,
                message: "@ObservedObject var \(name) = \(typeName)(…): \(view ?? "the view") does not own it, so every init of \(view ?? "the view") makes a new \(typeName) and its state starts over"
            )
            let declaration = index..<property.initialValue.upperBound
            if let enclosing, let written = file.rawText(declaration), !written.contains("\n") {
                let reason = Self.refusal(file, property: property, in: enclosing)
                // `@ObservedObject` → `@StateObject`, and `private` when no access is written and no caller passes it.
                var edits = [LintEdit(range: file.tokens[index].offset..<file.endOffset(of: index + 1), replacement: "@StateObject")]
                let keyword = property.name - 1
                let modifiers = (index + 2)..<keyword
                let hasAccess = modifiers.contains { ["private", "fileprivate", "internal", "public", "open", "package"].contains(file.text($0)) }
                let callerPasses = source.project.passedLabels[enclosing.name]?.contains(name) == true
                if !hasAccess, !callerPasses { edits.append(LintEdit(range: file.tokens[keyword].offset..<file.tokens[keyword].offset, replacement: "private ")) }
                let start = file.tokens[index].offset
                let shifted = edits.map { LintEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), replacement: $0.replacement) }
                let after = String(decoding: LintEdit.apply(shifted, to: Array(written.utf8)).bytes, as: UTF8.self)
                violation.fix = "In `\(enclosing.name)`, `\(written)` → `\(after)`, so \(enclosing.name) makes one \(typeName) per identity and keeps it"
                    + (callerPasses && !hasAccess ? " (not `private`: a caller passes `\(name):`)" : "")
                    + (reason.map { "; `fix` leaves it: \($0)" } ?? "")
                if reason == nil { violation.edits = edits }
            }
            violations.append(violation)
        }
        return violations
    }

    /// Why `fix` must not make the property a `@StateObject`, or nil when it may: an init that
    /// sets it (`_model = ObservedObject(…)`, `self.model = m`) would no longer compile.
    private static func refusal(_ file: SwiftFile, property: SwiftFile.WrappedProperty, in view: (brace: Int, name: String)) -> String? {
        let name = file.text(property.name)
        let close = file.end(of: view.brace)
        for index in (view.brace + 1)..<max(view.brace + 1, close) where file.tokens[index].isIdentifier {
            if index >= property.attribute && index < property.initialValue.upperBound { continue }
            if file.tokens[index].text == "_" + name { return "\(view.name) sets `_\(name)` itself" }
            if file.tokens[index].text == name, file.isPunctuation(index + 1, "="), !file.isPunctuation(index + 2, "=") {
                return "\(view.name) assigns `\(name)`, which a `@StateObject` does not allow"
            }
        }
        return nil
    }
}
