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
        fix: "Own the object with `@StateObject var model = Model()` (or `@State` with an `@Observable` class), or create it higher up and pass it in.",
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
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isPunctuation(index, "@") && file.isIdentifier(index + 1, "ObservedObject") {
            guard let property = file.wrappedProperty(at: index), let type = file.constructedType(property.initialValue, annotation: property.annotation) else { continue }
            let view = source.enclosingView(of: index)?.name
            violations.append(LintViolation(
                token: index, view: view,
                message: "@ObservedObject var \(file.text(property.name)) = \(file.text(type))(…): \(view ?? "the view") does not own it, so every init of \(view ?? "the view") makes a new \(file.text(type)) and its state starts over"
            ))
        }
        return violations
    }
}
