/// What really happened in one run, step by step, and summed per view and per model: the
/// reference every finding is compared with.
public struct Truth: Sendable {
    /// One thing SwiftUI (or the app) did, at `time` nanoseconds.
    public enum Step: Sendable, Equatable {
        /// A view's value was made (its struct's init); `value` is its probe token's number.
        case viewInit(view: String, value: Int, ms: Double)
        /// A body was evaluated on identity `token` (the token SwiftUI kept); `changes` is what
        /// `_printChanges()` says.
        case body(view: String, token: Int, changes: [String], ms: Double, newIdentity: Bool)
        case appear(view: String, token: Int)
        case disappear(view: String, token: Int)
        /// A value's state token was released: unread (`seen == false`, a discarded value's) or
        /// as its identity ended.
        case tokenEnd(view: String, value: Int, seen: Bool)
        case modelInit(model: String, id: Int, owner: String, ms: Double)
        case modelDeinit(model: String, id: Int, owner: String)
    }

    public struct Timed: Sendable {
        public let step: Step
        public let time: UInt64
    }

    /// Per view type.
    public struct ViewFacts: Sendable, Equatable {
        public var inits = 0
        public var bodies = 0
        /// Values made and never evaluated.
        public var dropped = 0
        public var identities = 0
        /// Identities begun in the place of one removed in the same root update (state reset).
        public var recreations = 0
        /// The root updates with at least one re-creation.
        public var recreationUpdates = 0
        /// Identities begun after every earlier one of the type was removed (an `if` branch shown
        /// again, a destination opened again): a new lifetime, no state lost on screen.
        public var reinsertions = 0
        public var reinsertionUpdates = 0
        public var appears = 0
        public var disappears = 0
        public var bodyMs = 0.0
        /// The init time of the dropped values.
        public var droppedInitMs = 0.0
        /// Each init's time, in order: the init's own, and with the models its property
        /// initialisers made (which a gap between printed lines measures).
        public var initMs: [Double] = []
        public var initWithModelsMs: [Double] = []
    }

    /// Per model type (each generated model has one owner).
    public struct ModelFacts: Sendable, Equatable {
        public let owner: String
        public let holding: ModelHolding
        public var inits = 0
        /// Inits while the owner kept its identity: discarded (`@State`) or replacing the last
        /// (`@ObservedObject` inline).
        public var extra = 0
        public var initMs = 0.0
        /// The init time of the `extra` inits.
        public var extraMs = 0.0
    }

    public private(set) var steps: [Timed] = []
    public internal(set) var views: [String: ViewFacts] = [:]
    public internal(set) var models: [String: ModelFacts] = [:]
    /// The app's root: its first body is the trace's start, never a cause.
    public let root: String
    /// The types of the app's `NavigationLink(destination:)` values.
    public internal(set) var destinations: [String] = []
    /// The app's rows were appended to or removed from by some update.
    public internal(set) var rowsEdited = false
    /// The view holding the model is presented and dismissed by updates (a sheet, a pushed screen).
    public internal(set) var holderPresentation: GeneratedApp.Presentation?

    init(root: String) { self.root = root }

    mutating func record(_ step: Step, at time: UInt64) {
        steps.append(Timed(step: step, time: time))
        switch step {
        case let .viewInit(view, _, ms):
            views[view, default: ViewFacts()].inits += 1
            views[view, default: ViewFacts()].initMs.append(ms)
        case let .body(view, _, _, ms, newIdentity):
            views[view, default: ViewFacts()].bodies += 1
            views[view, default: ViewFacts()].bodyMs += ms
            if newIdentity { views[view, default: ViewFacts()].identities += 1 }
        case let .appear(view, _): views[view, default: ViewFacts()].appears += 1
        case let .disappear(view, _): views[view, default: ViewFacts()].disappears += 1
        case let .modelInit(model, _, _, ms):
            models[model]?.inits += 1
            models[model]?.initMs += ms
        case .tokenEnd, .modelDeinit: break
        }
    }
}
