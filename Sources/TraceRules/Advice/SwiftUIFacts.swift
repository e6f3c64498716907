import Foundation

/// The SwiftUI facts behind every piece of advice, each with its source.
///
/// A rule's text may simplify a fact but never contradict it: `contradiction(in:)` finds the
/// sentences that do, and a test runs it over every rule's texts, every lint message and docs/.
public enum SwiftUIFacts {
    static let stateDocs = "Apple, SwiftUI documentation: State (\"Store observable objects\": a State property always instantiates its default value when SwiftUI instantiates the view), https://developer.apple.com/documentation/swiftui/state"
    static let stateObjectDocs = "Apple, SwiftUI documentation: StateObject (SwiftUI creates a new instance of the model object only once during the lifetime of the container that declares the state object), https://developer.apple.com/documentation/swiftui/stateobject"
    static let observedObjectDocs = "Apple, SwiftUI documentation: ObservedObject (don't specify a default or initial value for the observed object), https://developer.apple.com/documentation/swiftui/observedobject"
    static let dataEssentials = "WWDC20, Data Essentials in SwiftUI (session 10040), https://developer.apple.com/videos/play/wwdc2020/10040/"
    static let demystify = "WWDC21, Demystify SwiftUI (session 10022): identity, lifetime and dependencies, https://developer.apple.com/videos/play/wwdc2021/10022/"
    static let performance = "WWDC23, Demystify SwiftUI performance (session 10160), https://developer.apple.com/videos/play/wwdc2023/10160/"
    static let observation = "WWDC23, Discover Observation in SwiftUI (session 10149), https://developer.apple.com/videos/play/wwdc2023/10149/"
    static let migrating = "Apple, Migrating from the Observable Object protocol to the Observable macro, https://developer.apple.com/documentation/swiftui/migrating-from-the-observable-object-protocol-to-the-observable-macro"
    static let navigationCookbook = "WWDC22, The SwiftUI cookbook for navigation (session 10054), https://developer.apple.com/videos/play/wwdc2022/10054/"
    static let navigationLinkDocs = "Apple, SwiftUI documentation: NavigationLink and navigationDestination(for:destination:), https://developer.apple.com/documentation/swiftui/navigationlink"
    static let idDocs = "Apple, SwiftUI documentation: id(_:) (when the proxy value specified by the id parameter changes, the identity of the view is reset), https://developer.apple.com/documentation/swiftui/view/id(_:)"
    static let forEachDocs = "Apple, SwiftUI documentation: ForEach (the identifier of each element must be stable), https://developer.apple.com/documentation/swiftui/foreach"
    static let taskDocs = "Apple, SwiftUI documentation: task(priority:_:) (starts before the view appears, cancelled when it disappears), https://developer.apple.com/documentation/swiftui/view/task(priority:_:)"

    /// Every fact, in the order the docs list them.
    public static let all: [SwiftUIFact] = [
        SwiftUIFact(
            identifier: "state_initial_value",
            statement: "A `@State` property's initial value is part of the view's init: it is evaluated on every init of the view value, and SwiftUI keeps the value from the identity's first init and discards the rest.",
            sources: [stateDocs, dataEssentials],
            rules: ["state_model_reinit", "state_class_initial_value", "heavy_initializer", "heavy_view_initializer", "reinit_while_shown", "unstable_view_value"],
            contradictions: [
                #"@State\b(?!Object)[^.\n]{0,40}\((made|created|built|evaluated|initiali[sz]ed) once"#,
                #"@State\b(?!Object)`?\s*(\(|—|,)?\s*(is |are )?(made|created|built|evaluated|initiali[sz]ed) once"#,
                #"@State\b(?!Object)[^.\n]{0,60}\b(initial value|default value|expression)[^.\n]{0,20}\b(runs|is evaluated|is made) (only )?once"#,
                #"@State\b(?!Object)[^.\n]{0,40}\b(is|are) (made|created|built|evaluated|initiali[sz]ed) (only )?once"#,
            ],
            wrongExamples: [
                "Create objects in `@StateObject`/`@State` (made once per identity)",
                "own models with `@StateObject`/`@State` created once",
                "`@State var id = UUID()` is made once per identity",
            ]
        ),
        SwiftUIFact(
            identifier: "state_object_autoclosure",
            statement: "A `@StateObject`'s initial value is an autoclosure that SwiftUI calls once per identity of the view, before its first body; later inits of the same identity do not call it.",
            sources: [stateObjectDocs, dataEssentials],
            rules: ["state_model_reinit", "state_object_outside_view", "observed_object_created", "missing_deinit"],
            contradictions: [
                #"@StateObject`?[^.\n]{0,40}\b(is |are )?(re-?created|made again|re-?made|initiali[sz]ed again) on every (init|update)"#,
            ],
            wrongExamples: ["`@StateObject` is re-created on every update of the parent"]
        ),
        SwiftUIFact(
            identifier: "observed_object_inline",
            statement: "`@ObservedObject` does not own its object: with an initial value (`@ObservedObject var model = Model()`) every init of the view makes a new object and the view observes it, so its state starts over whenever the parent re-creates the view.",
            sources: [observedObjectDocs, dataEssentials],
            rules: ["observed_object_created", "state_model_reinit", "heavy_initializer"],
            contradictions: [
                #"@ObservedObject`?[^.\n]{0,40}\b(keeps|owns|retains) (its|the) (object|model)"#,
                #"@ObservedObject`?[^.\n]{0,40}\b(is |are )?(made|created) once"#,
            ],
            wrongExamples: ["`@ObservedObject var model = Model()` keeps its object across parent updates"]
        ),
        SwiftUIFact(
            identifier: "observable_in_state",
            statement: "An `@Observable` class is held with `@State` (not `@StateObject`); the object is kept per identity like any `@State` value, its initial value still evaluated on every init, and a body depends only on the properties it reads.",
            sources: [migrating, observation],
            rules: ["state_model_reinit", "state_class_initial_value", "avoidable_body_evaluation"],
            contradictions: [
                #"@Observable[^.\n]{0,40}\bin (a |an )?`?@StateObject"#,
                #"@Observable[^.\n]{0,60}@State\b(?!Object)[^.\n]{0,30}\b(made|created|evaluated) once"#,
            ],
            wrongExamples: ["hold an `@Observable` model in a `@StateObject`"]
        ),
        SwiftUIFact(
            identifier: "uuid_in_rebuilt_value",
            statement: "`UUID()` in a value that a body or computed property rebuilds (`let id = UUID()` in a row value made by `.map`, `Row(id: UUID())`) gives a new id every time it is rebuilt; stable ids come from the data (a database key, an id stored once in the model object that lives across updates).",
            sources: [forEachDocs, demystify],
            rules: ["unstable_foreach_id", "duplicate_identity", "identity_churn", "unstable_view_value"],
            contradictions: [
                #"store ids once \(`let id = UUID\(\)` in the model"#,
                #"`let id = UUID\(\)`[^.\n]{0,30}\b(is|are|stays?) stable"#,
            ],
            wrongExamples: ["store ids once (`let id = UUID()` in the model, not computed)"]
        ),
        SwiftUIFact(
            identifier: "navigation_link_destination",
            statement: "`NavigationLink(destination:)` takes a view value, so the destination's init runs when the link's row is built; `NavigationLink(value:)` with one `.navigationDestination(for:)` builds the destination when the link is activated.",
            sources: [navigationLinkDocs, navigationCookbook],
            rules: ["non_lazy_navigation_destination", "eager_navigation_destination", "missing_navigation_destination"],
            contradictions: [
                #"NavigationLink\(destination:[^.\n]{0,60}\b(lazily|built (only )?when (it is )?(opened|tapped|activated))"#,
            ],
            wrongExamples: ["`NavigationLink(destination:)` builds its destination lazily"]
        ),
        SwiftUIFact(
            identifier: "id_modifier",
            statement: "`.id(x)` gives the view a new identity whenever `x` changes: its state starts over and it appears again; `.id(UUID())` changes on every body evaluation of the parent.",
            sources: [idDocs, demystify],
            rules: ["identity_churn", "random_view_id", "state_from_init_parameter"],
            contradictions: [
                #"\.id\(UUID\(\)\)`?[^.\n]{0,40}\b(keeps|preserves) (its|the) (state|identity)"#,
                #"\.id\([^)]*\)`?[^.\n]{0,30}\bwithout (changing|resetting) (its|the) identity"#,
            ],
            wrongExamples: ["`.id(UUID())` keeps its state between updates"]
        ),
        SwiftUIFact(
            identifier: "conditional_identity",
            statement: "The branches of an `if`/`else` in a view builder are two identities (`_ConditionalContent`'s true and false sides): when the condition flips, the view in one branch is removed, its state lost, and the other's is inserted; one view with the condition in its arguments or modifiers keeps one identity.",
            sources: [demystify],
            rules: ["identity_churn", "conditional_view_identity"],
            contradictions: [
                #"both branches[^.\n]{0,40}\b(shares?|keeps?|has|have) (one|the same) identity"#,
            ],
            wrongExamples: ["the same view in both branches of an `if` keeps the same identity"]
        ),
        SwiftUIFact(
            identifier: "view_init_repeats",
            statement: "A view's init runs each time its parent's body makes it, which can be on every update of the parent; SwiftUI compares the new value with the old one and keeps state in its own storage, not in the struct.",
            sources: [dataEssentials, performance],
            rules: ["heavy_initializer", "heavy_view_initializer", "redundant_instance_creation", "reinit_while_shown", "unstable_view_value"],
            contradictions: [
                #"(a|the|each|every) view'?s init (runs|is called) (only )?once\b(?! per (presentation|appearance))"#,
            ],
            wrongExamples: ["a view's init runs only once"]
        ),
        SwiftUIFact(
            identifier: "state_from_init_parameter",
            statement: "`_value = State(initialValue: parameter)` (or a `@StateObject` made from a parameter) sets the value for the identity's first init only; later inits with a different parameter are ignored while the identity lives.",
            sources: [stateDocs, stateObjectDocs],
            rules: ["state_from_init_parameter"],
            contradictions: [
                #"State\(initialValue:[^.\n]{0,60}\b(follows|tracks|updates with) (the|each|every|later)"#,
            ],
            wrongExamples: ["`State(initialValue: id)` follows each new parameter"]
        ),
        SwiftUIFact(
            identifier: "task_and_appear",
            statement: "`.onAppear` and `.task` run each time the view appears (`.task` is cancelled when it disappears, and `.task(id:)` restarts when its id changes), not once per identity.",
            sources: [taskDocs, demystify],
            rules: ["repeated_appear", "heavy_initializer", "state_class_initial_value", "state_model_reinit"],
            contradictions: [
                #"(`\.task`|`\.onAppear`|onAppear)[^.\n]{0,30}\b(runs|fires|is called) (only )?once per identity"#,
            ],
            wrongExamples: ["`.onAppear` runs once per identity"]
        ),
    ]

    /// The fact a sentence of `text` contradicts, with the sentence; nil when it contradicts none.
    public static func contradiction(in text: String) -> (fact: SwiftUIFact, match: String)? {
        for fact in all {
            for pattern in fact.contradictions {
                guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
                let range = NSRange(text.startIndex..., in: text)
                if let match = expression.firstMatch(in: text, range: range), let found = Range(match.range, in: text) {
                    return (fact, String(text[found]))
                }
            }
        }
        return nil
    }

    /// The facts a rule's advice rests on, in table order.
    public static func facts(for rule: String) -> [SwiftUIFact] {
        all.filter { $0.rules.contains(rule) }
    }
}
