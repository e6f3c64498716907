import TraceModel
import TraceStore

/// One trace laid out for drawing: a lane per view type (and per instance where the log names
/// instances), its events as marks, lifetimes as spans, and the findings on their lanes.
///
/// Built by `Timeline.build` from the scan the rules run on; the page and the Chrome trace
/// export are two drawings of it.
public struct TimelineModel: Sendable {
    /// One row of the drawing: a view type, or one instance of it.
    public struct Lane: Sendable, Equatable {
        /// The type's name, as the events name it.
        public var view: String
        /// The instance (an address, UUID or `#n`), for an instance's sub-lane.
        public var instance: String?
        /// The type's lane, for an instance's sub-lane.
        public var parent: Int?
        /// How many marks the lane holds.
        public var marks: Int
    }

    /// One event on its lane.
    public struct Mark: Sendable, Equatable {
        /// The index of the lane in `lanes`.
        public var lane: Int
        /// What the event was: init, body, appear, disappear, deinit, task or layout.
        public var kind: EventKind
        /// The 1-based line in the source.
        public var line: Int
        /// Seconds since the epoch, when the line carried a time.
        public var ts: Double?
        /// The index of the event's message in `texts`; nil when it was stored without one.
        public var text: Int?
        /// The index of its `_printChanges()` tokens (joined by `, `) in `tokenTexts`; nil for
        /// other lines.
        public var tokens: Int?
        /// How long the step took, in milliseconds, when it was measured (`events.duration_ms`):
        /// the timeline draws it as a bar ending at the mark.
        public var durationMs: Double?
    }

    /// How a lifetime began or ended.
    public enum Boundary: String, Sendable {
        /// An `init` line.
        case `init`
        /// `@identity` among the `_printChanges()` tokens: SwiftUI made new state storage.
        case identity
        /// A `deinit` line.
        case `deinit`
        /// A `disappear` line.
        case disappear
        /// The next `@identity` of the same lane took its place while it was shown: its state was
        /// thrown away (`identity_churn` judged that identity a reset).
        case replaced
        /// The next `@identity` of the same lane showed it again after it was removed (a branch
        /// or a presentation shown again): a new lifetime, its state started over by design. The
        /// log printed no end of this one, so it is drawn to the next.
        case removed
        /// The trace ended with the lifetime still open.
        case end
    }

    /// A span during which one lane's view or object lived.
    public struct Lifetime: Sendable, Equatable {
        /// The index of the lane in `lanes`.
        public var lane: Int
        /// The index in `marks` of the mark that began it.
        public var start: Int
        /// The index in `marks` of the mark that ended it: the last mark of the trace when it
        /// never ended (`endedBy == .end`).
        public var end: Int
        /// What began it: an init or a new identity.
        public var startedBy: Boundary
        /// What ended it: a deinit, a disappear, the next identity, or the end of the trace.
        public var endedBy: Boundary
        /// For a lifetime begun by a new identity that `identity_churn` judged: what it was (a
        /// reset loses the state the user saw; a re-insertion or an added row does not).
        public var verdict: LifetimeStart? = nil
    }

    /// The trace as stored.
    public var trace: TraceCatalog.Trace
    /// Type lanes and instance lanes, in order of first appearance.
    public var lanes: [Lane] = []
    /// Every event with a view, in input order.
    public var marks: [Mark] = []
    /// Every lifetime, ordered by the mark that began it.
    public var lifetimes: [Lifetime] = []
    /// What the rules found, in report order.
    public var findings: [Finding] = []
    /// For each finding, the lane of its view; nil when no lane names it.
    public var findingLanes: [Int?] = []
    /// The distinct messages the marks cite.
    public var texts: [String] = []
    /// The distinct `_printChanges()` token lists the marks cite, each joined by `, `.
    public var tokenTexts: [String] = []
    /// Events that named no view (and so have no lane).
    public var unplaced = 0

    /// True when every mark carries a time: the axis is then seconds, otherwise line order.
    public var hasTimes: Bool { !marks.isEmpty && marks.allSatisfy { $0.ts != nil } }

    /// Creates an empty model of `trace`.
    public init(trace: TraceCatalog.Trace) {
        self.trace = trace
    }
}
