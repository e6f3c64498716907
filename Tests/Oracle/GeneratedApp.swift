/// How a view holds its model: the property wrapper decides when SwiftUI makes a new one.
public enum ModelHolding: String, CaseIterable, Sendable {
    /// `@StateObject var model = Model()`: the autoclosure runs once per identity.
    case stateObject
    /// `@ObservedObject var model = Model()`: made with every value of the view, and each new one
    /// replaces the last (the old one is released).
    case observedInline
    /// `@State var model = Model()` with an `@Observable` class: made with every value, SwiftUI
    /// keeps the first per identity and the new ones are discarded.
    case stateClass
    /// Made once by the root (its `@StateObject`) and passed in.
    case injected
}

/// A small random app: a root whose state changes, with rows, a conditional child, a view that
/// holds a model (on screen, in a sheet or pushed), an eager navigation destination and tabs, each
/// present or not.
public struct GeneratedApp: Sendable {
    /// A child view kind.
    public struct Child: Sendable {
        public let type: String
        /// Whether its body reads what the root's update changes: then each new value is
        /// evaluated; otherwise SwiftUI finds it equal and discards it unread.
        public let evaluated: Bool
        public let initMs: Double
        public let bodyMs: Double
    }

    /// `ForEach` rows: stable ids keep identities; unstable ones (`.id(UUID())`) give each row a
    /// new identity on every root update.
    public struct Rows: Sendable {
        public let child: Child
        /// The rows of the first render.
        public let count: Int
        public let stableIDs: Bool
        /// Per update: the rows it appends (positive) or removes from the end (negative), the
        /// user adding or deleting an item; never fewer than one row.
        public var edits: [Int] = []

        /// The number of rows in `update` (0 is the first render).
        public func count(in update: Int) -> Int {
            count + edits.prefix(update).reduce(0, +)
        }
    }

    /// A view and the model it holds.
    public struct Holder: Sendable {
        public let child: Child
        public let model: String
        public let holding: ModelHolding
        public let modelMs: Double
    }

    /// One update of the root's state.
    public struct Update: Sendable {
        /// Whether it flips the conditional child (`if showX`).
        public let toggles: Bool
        /// The seconds before it.
        public let gap: Double
    }

    public let root: String
    public let rootBodyMs: Double
    public private(set) var rows: Rows?
    public let conditional: Child?
    public let holder: Holder?
    /// A `NavigationLink(destination:)` value made on every root update and never opened.
    public let destination: Child?
    /// A second such link's, of the other destination type (a list of links), or none.
    public let secondDestination: Child?
    /// Per update: whether the user opens the first destination a second after it (a
    /// `NavigationSplitView` shows it in the detail column, the list staying on screen) and
    /// closes it before the next; only when the app is made `opensDestinations` (see
    /// `OracleTests.openedDestinations`).
    public let opens: [Bool]
    /// The destination values made on every root update, in order.
    public var destinations: [Child] { [destination, secondDestination].compactMap { $0 } }
    public let updates: [Update]
    /// A `TabView` of two tabs or none.
    public let tabs: Tabs?
    /// How the holder is presented, when it is not a child on screen: absent until an update
    /// presents it, given a new identity (and, held by `@StateObject` or `@State`, a new model)
    /// by each presentation, released when an update dismisses it, and made again by the root's
    /// updates while it shows.
    public enum Presentation: String, Sendable {
        /// `.sheet(isPresented: $showsSheet) { DetailView() }`: the root's content stays on screen.
        case sheet
        /// Pushed on a `NavigationStack(path: $path)` by `navigationDestination`: the root's
        /// content disappears under it (the pushed screen appears first) and appears again when
        /// it is popped (the popped one disappears first), each keeping its identity.
        case push
    }
    public private(set) var holderPresentation: Presentation?
    /// Per update: whether it presents the holder (or dismisses it, when shown); empty without one.
    public private(set) var presentationToggles: [Bool] = []

    /// Two tabs, made by the root with every update as any child is, their identities given at
    /// once, only the selected one on screen. A switch (a change of the root's selection) makes
    /// the other appear and the shown one disappear, in that order as SwiftUI calls them: each
    /// keeps its identity and state, so a tab shown again appears again within one lifetime.
    public struct Tabs: Sendable {
        public let first: Child
        public let second: Child
        /// Per update: whether it switches tabs.
        public let switches: [Bool]
    }

    private static let roots = ["ContentView", "HomeScreen", "LibraryView"]
    private static let rowTypes = ["ItemRow", "PostRow", "TrackCell"]
    private static let conditionals = ["PlayButton", "Badge", "Banner"]
    private static let holders = ["DetailView", "ProfilePane", "PlayerView"]
    private static let destinations = ["SettingsView", "AboutScreen"]
    private static let unrelatedModels = ["SessionStore", "FeedLoader", "AccountService"]

    /// The app of `seed`: the same app on every machine; with `opensDestinations`, the same
    /// app whose user opens its first destination now and then.
    public init(seed: UInt64, opensDestinations: Bool = false) {
        var random = SplitMix(seed: seed)
        func child(_ names: [String]) -> Child {
            Child(
                type: names.randomElement(using: &random)!, evaluated: random.chance(0.35),
                initMs: random.chance(0.2) ? random.milliseconds(0.3, 4) : random.milliseconds(0.001, 0.03),
                bodyMs: random.milliseconds(0.02, 3)
            )
        }
        root = Self.roots.randomElement(using: &random)!
        rootBodyMs = random.milliseconds(0.05, 2)
        rows = random.chance(0.7)
            ? Rows(child: child(Self.rowTypes), count: Int.random(in: 1...4, using: &random), stableIDs: random.chance(0.7)) : nil
        conditional = random.chance(0.5) ? child(Self.conditionals) : nil
        if random.chance(0.7) {
            let view = child(Self.holders)
            // Often named after its view (`DetailViewModel`), sometimes not, so no rule can lean on the name.
            let model = random.chance(0.6) ? view.type + "Model" : Self.unrelatedModels.randomElement(using: &random)!
            holder = Holder(
                child: view, model: model, holding: ModelHolding.allCases.randomElement(using: &random)!,
                modelMs: random.chance(0.5) ? random.milliseconds(0.5, 5) : random.milliseconds(0.002, 0.05)
            )
        } else {
            holder = nil
        }
        destination = random.chance(0.3) ? child(Self.destinations) : nil
        updates = (0..<Int.random(in: 1...7, using: &random)).map { _ in
            Update(toggles: random.chance(0.4), gap: random.milliseconds(300, 3000) / 1000)
        }
        // Drawn last, so the parts above are each seed's as before.
        let updateCount = updates.count
        tabs = random.chance(0.3)
            ? Tabs(first: child(["FeedTab"]), second: child(["SearchTab"]), switches: (0..<updateCount).map { _ in random.chance(0.5) })
            : nil
        let first = destination?.type
        let other = Self.destinations.filter { $0 != first }
        secondDestination = destination != nil && random.chance(0.5) ? child(other) : nil
        opens = destination == nil || !opensDestinations ? [] : (0..<updateCount).map { _ in random.chance(0.25) }
        if var rows, random.chance(0.4) {
            var count = rows.count
            rows.edits = (0..<updateCount).map { _ in
                let edit = random.chance(0.35) ? (random.chance(0.6) ? Int.random(in: 1...2, using: &random) : -1) : 0
                let applied = count + edit >= 1 ? edit : 0
                count += applied
                return applied
            }
            self.rows = rows
        }
        if holder != nil, random.chance(0.3) {
            presentationToggles = (0..<updateCount).map { _ in random.chance(0.5) }
            holderPresentation = random.chance(0.5) ? .sheet : .push
        }
    }
}
