/// `EditSheet(model: EditModel())` in a view builder: the parent makes a new model for the
/// child every time that body (or `.sheet` closure) runs.
public enum ModelMadeForChildRule: LintRule {
    /// Modifiers whose closure builds a presented view: named in the message, as the place to look.
    static let presenting: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination", "inspector"]

    public static let description = LintRuleDescription(
        identifier: "model_made_for_child",
        title: "Model made in a parent's body for a child view",
        runtimeRule: "state_model_reinit",
        explains: ["heavy_initializer", "missing_deinit"],
        summary: "A view builder passes a newly made object of one of the app's classes to a child view (`EditSheet(model: EditModel())`), so every evaluation of that body, or of the `.sheet` closure, makes another one.",
        rationale: """
            A body, and the closure of `.sheet`, `.fullScreenCover`, `.popover` or \
            `.navigationDestination`, runs whenever SwiftUI needs its views again: on every update \
            of the parent. The argument `EditModel()` is evaluated each time, before the child \
            is even compared. If the child observes it with `@ObservedObject`, it switches to \
            the new, empty object; if it keeps it in `@StateObject` or `@State`, SwiftUI keeps \
            the first and throws the rest away, but their inits (and their side effects) still \
            run. A trace shows the model's inits repeating (`state_model_reinit`, `heavy_initializer`).
            """,
        fix: "Make the object once in the owner (`@StateObject private var editModel = EditModel()` in the parent, or `@State` with an `@Observable` class created in `.task`) and pass that (`EditSheet(model: editModel)`), or let the child own it.",
        swiftFix: [
            SwiftPair(
                note: "The `.sheet` closure makes a new `NoteEditorModel` each time it runs, which is on every update of `NotesList` while the sheet is up: the draft is read from disk again and `NoteEditor` observes the new, fresh model. The list owns one model with `@StateObject` (its autoclosure runs once per identity) and hands that to the sheet; the draft now outlives the sheet, so reopening it shows the same text, which is the judgement this change asks for.",
                before: #"""
                    import SwiftUI

                    @MainActor final class NoteEditorModel: ObservableObject {
                        @Published var text = ""

                        init() {
                            // Reads the saved draft from disk.
                            text = NoteEditorModel.savedDraft()
                        }

                        static func savedDraft() -> String { "Buy milk" }
                    }

                    struct NoteEditor: View {
                        @ObservedObject var model: NoteEditorModel

                        var body: some View {
                            Text(model.text)
                        }
                    }

                    struct NotesList: View {
                        @State private var isEditing = false

                        var body: some View {
                            VStack {
                                Text("Groceries")
                                Button("New note") { isEditing = true }
                            }
                            .sheet(isPresented: $isEditing) {
                                // A new model every time this closure runs.
                                NoteEditor(model: NoteEditorModel())
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    @MainActor final class NoteEditorModel: ObservableObject {
                        @Published var text = ""

                        init() {
                            // Reads the saved draft from disk.
                            text = NoteEditorModel.savedDraft()
                        }

                        static func savedDraft() -> String { "Buy milk" }
                    }

                    struct NoteEditor: View {
                        @ObservedObject var model: NoteEditorModel

                        var body: some View {
                            Text(model.text)
                        }
                    }

                    struct NotesList: View {
                        @State private var isEditing = false
                        // Made once per identity of the list, and handed to each presentation of the sheet.
                        @StateObject private var editorModel = NoteEditorModel()

                        var body: some View {
                            VStack {
                                Text("Groceries")
                                Button("New note") { isEditing = true }
                            }
                            .sheet(isPresented: $isEditing) {
                                NoteEditor(model: editorModel)
                            }
                        }
                    }
                    """#,
                lintRules: ["model_made_for_child"]
            ),
        ],
        seed: "004 (`FirstCoordinator` made with its view); a sheet's model made in the parent's `.sheet` closure",
        triggeringExamples: [
            LintExample("""
                struct NotesList: View {
                    @State private var editing = false
                    var body: some View {
                        List { Text("notes") }
                            .sheet(isPresented: $editing) {
                                EditSheet(model: ↓EditModel(noteID: 1))
                            }
                    }
                }
                struct EditSheet: View {
                    @ObservedObject var model: EditModel
                    var body: some View { Text("edit") }
                }
                final class EditModel: ObservableObject {
                    init(noteID: Int) { print("EditModel init") }
                }
                """),
            LintExample(note: "In the body itself.", """
                struct Root: View {
                    var body: some View {
                        VStack { Player(engine: ↓Engine()) }
                    }
                }
                struct Player: View {
                    let engine: Engine
                    var body: some View { Text("p") }
                }
                final class Engine { init() { print("Engine init") } }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "An object made once and passed, values, SwiftUI's own types, and an action's closure.", """
                struct NotesList: View {
                    @StateObject private var editModel = EditModel()
                    var body: some View {
                        EditSheet(model: editModel)
                        Row(item: Item(id: 1))
                        Button("New") { open(EditModel()) }
                    }
                    func open(_ model: EditModel) {}
                }
                struct EditSheet: View { @ObservedObject var model: EditModel; var body: some View { Text("e") } }
                struct Row: View { let item: Item; var body: some View { Text("r") } }
                struct Item { let id: Int }
                final class EditModel: ObservableObject {}
                """),
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isPunctuation(index, "(") {
            guard let name = file.callName(of: index), file.isTypeName(name), source.isView(file.text(name)),
                  !Linter.swiftUIViews.contains(file.text(name)),
                  file.inViewBuilder(name, scopes: source.scopes), let parent = source.enclosingView(of: index)?.name else { continue }
            for argument in file.callArguments(open: index) where argument.label != "_" {
                guard let type = file.constructedType(argument.value), argument.value.upperBound == file.end(of: type + 1) + 1 || file.isPunctuation(type + 1, "."),
                      source.project.classes[file.text(type)] != nil else { continue }
                let child = file.text(name), model = file.text(type)
                let place = presentingModifier(file, around: index).map { "its `.\($0)` closure" } ?? "its body"
                let owned = model.prefix(1).lowercased() + model.dropFirst()
                violations.append(LintViolation(
                    token: type, view: child,
                    message: "\(parent) makes a new \(model) for \(child)(\(argument.label):) each time \(place) runs: every update of \(parent) builds another one",
                    fix: "In `\(parent)`, make the \(model) once (`@StateObject private var \(owned) = \(model)(…)`, or `@State` for an `@Observable` class created in `.task`) and pass it: `\(child)(\(argument.label): \(owned))`; or let \(child) own it"
                ))
            }
        }
        return violations
    }

    /// The presenting modifier (`sheet`, `navigationDestination`…) whose closure holds `index`, if any.
    static func presentingModifier(_ file: SwiftFile, around index: Int) -> String? {
        var outer = Int(file.parent[index])
        while outer >= 0 {
            if file.isPunctuation(outer, "{"), let name = file.callName(of: outer), presenting.contains(file.text(name)) { return file.text(name) }
            outer = Int(file.parent[outer])
        }
        return nil
    }
}
