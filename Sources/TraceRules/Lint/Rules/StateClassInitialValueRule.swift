/// `@State var model = SomeClass()` where the class's init does work: it runs on every view init.
public enum StateClassInitialValueRule: LintRule {
    /// Foundation classes that are costly to make and are often kept in `@State`.
    static let costlyFoundationClasses: Set<String> = [
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "MeasurementFormatter", "ByteCountFormatter",
        "RelativeDateTimeFormatter", "DateComponentsFormatter", "PersonNameComponentsFormatter", "ListFormatter",
        "JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder", "NSCache", "URLSession", "CLLocationManager",
    ]

    public static let description = LintRuleDescription(
        identifier: "state_class_initial_value",
        title: "Class made in a @State initial value",
        runtimeRule: "state_model_reinit",
        explains: ["heavy_initializer"],
        // SwiftUI keeps the first object: work repeats, no state is lost (state_model_reinit's warning, one below).
        defaultSeverity: .info,
        summary: "A `@State` property's initial value creates an object whose init does work; the initial value is evaluated on every init of the view, and SwiftUI throws all but the first object away.",
        rationale: """
            `@State var model = DataModel()` keeps the first `DataModel` for the view's \
            lifetime, but the expression `DataModel()` is part of the view's init and runs every \
            time the parent re-creates the view value. With an `@Observable` class (or a \
            formatter, a decoder) whose init loads, subscribes or logs, that work repeats on every \
            parent update and its side effects happen for objects nobody uses. \
            `state_model_reinit` sees the discarded inits in a trace. Flagged only for classes \
            whose init does work (an `init` with a body, a property made by a call) and costly \
            Foundation classes.
            """,
        fix: "Create the object once: in a `.task { if model == nil { model = DataModel() } }` with an optional `@State`, higher up and passed in, or with `@StateObject` (whose autoclosure runs once) for an `ObservableObject`; keep the class's init free of work.",
        swiftFix: [
            SwiftPair(
                note: "`@State private var library = PhotoLibrary()` keeps the first library, but `PhotoLibrary()` is part of `AlbumsScreen`'s init: every update of the parent reads the album index again, for objects SwiftUI throws away. Hold it optional and make it in `.task` while it is still nil (`.task` runs on each appearance; the check makes one library per identity), or pass it in from an owner.",
                before: #"""
                    import SwiftUI
                    import Observation

                    @Observable @MainActor final class PhotoLibrary {
                        var albumNames: [String] = []

                        init() {
                            // Reads the album index from disk.
                            albumNames = PhotoLibrary.loadAlbumNames()
                        }

                        static func loadAlbumNames() -> [String] { ["Recents", "Favourites", "Holidays"] }
                    }

                    struct AlbumsScreen: View {
                        // Evaluated on every init of AlbumsScreen; SwiftUI keeps the first library and drops the rest.
                        @State private var library = PhotoLibrary()

                        var body: some View {
                            VStack {
                                ForEach(library.albumNames, id: \.self) { name in
                                    Text(name)
                                }
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI
                    import Observation

                    @Observable @MainActor final class PhotoLibrary {
                        var albumNames: [String] = []

                        init() {
                            // Reads the album index from disk.
                            albumNames = PhotoLibrary.loadAlbumNames()
                        }

                        static func loadAlbumNames() -> [String] { ["Recents", "Favourites", "Holidays"] }
                    }

                    struct AlbumsScreen: View {
                        // Nil in every init; made once per identity, when the screen first appears.
                        @State private var library: PhotoLibrary? = nil

                        var body: some View {
                            VStack {
                                if let library {
                                    ForEach(library.albumNames, id: \.self) { name in
                                        Text(name)
                                    }
                                } else {
                                    Text("Loading albums…")
                                }
                            }
                            .task {
                                if library == nil { library = PhotoLibrary() }
                            }
                        }
                    }
                    """#,
                lintRules: ["state_class_initial_value"]
            ),
        ],
        seed: "001 (`@State var dataModel = DataModel()` with `@Observable`: init on every parent update)",
        triggeringExamples: [
            LintExample("""
                struct PlayButton: View {
                    ↓@State private var dataModel = DataModel()
                    var body: some View { Text(dataModel.name) }
                }
                @Observable final class DataModel {
                    var name = "x"
                    init() { print("DataModel init") }
                }
                """),
            LintExample(note: "A formatter kept in state is made on every init too.", """
                struct Price: View {
                    ↓@State var formatter = NumberFormatter()
                    var body: some View { Text("x") }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "Values, classes with nothing to do in init, and @StateObject's autoclosure.", """
                struct PlayButton: View {
                    @State private var count = 0
                    @State private var tags = Set<String>()
                    @State private var light = Light()
                    @StateObject private var model = HeavyModel()
                    var body: some View { Text("x") }
                }
                final class Light { var on = false }
                final class HeavyModel: ObservableObject { init() { load() } }
                """),
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isPunctuation(index, "@") && file.isIdentifier(index + 1, "State") {
            guard let property = file.wrappedProperty(at: index), let type = file.constructedType(property.initialValue, annotation: property.annotation) else { continue }
            let name = file.text(type)
            guard source.project.classes[name] == true || costlyFoundationClasses.contains(name) else { continue }
            let view = source.enclosingView(of: index)?.name
            let propertyName = file.text(property.name)
            violations.append(LintViolation(
                token: index, view: view,
                message: "@State var \(propertyName) = \(name)(…): \(name)'s init runs on every init of \(view ?? "the view"), and SwiftUI discards all but the first instance",
                fix: "\(view.map { "In `\($0)`, " } ?? "")make it `@State private var \(propertyName): \(name)?` and create it once in `.task { if \(propertyName) == nil { \(propertyName) = \(name)() } }`, or pass the \(name) in from an owner (for an `ObservableObject`, `@StateObject private var \(propertyName) = \(name)()` runs its autoclosure once per identity)"
            ))
        }
        return violations
    }
}
