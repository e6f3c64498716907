import TraceModel
import TraceStore

/// A long trace laid out for drawing at a few levels of detail: per type lane and level, which
/// kinds of mark, lifetimes, identity resets and finding flags fall in each bin of lines.
///
/// Built by `Timeline.summarize` while the rules' scan streams the trace, so its size depends
/// on the number of view types and bins, never on the number of events: the page of a
/// ten-million-line trace costs what the page of a million lines costs. Instances are folded
/// into their type's lane; exact marks of a range come from `Timeline.build` with `lines`.
public struct TimelineSummary: Sendable {
    /// Bits of `Lane.extras`: finding flags by severity, an identity reset, a lifetime alive.
    public enum Extra {
        /// An info finding cites a line in the bin.
        public static let info: UInt8 = 1
        /// A warning finding cites a line in the bin.
        public static let warning: UInt8 = 2
        /// An error finding cites a line in the bin.
        public static let error: UInt8 = 4
        /// A new identity took the place of one still shown (`identity_churn`'s reset): its state was lost.
        public static let reset: UInt8 = 8
        /// A lifetime covers (part of) the bin.
        public static let alive: UInt8 = 16

        /// The flag bit of a finding of `severity`.
        public static func flag(_ severity: Severity) -> UInt8 {
            switch severity {
            case .info: info
            case .warning: warning
            case .error: error
            }
        }
    }

    /// One type lane.
    public struct Lane: Sendable {
        /// The type's name, as the events name it.
        public var view: String
        /// Marks per kind (indexed by `EventKind.index`), instances' marks included.
        public var kindCounts: [Int]
        /// How many of its marks named an instance (folded into this lane).
        public var instanceMarks: Int
        /// How many lifetimes of the type (events without an instance) it holds.
        public var lifetimes: Int
        /// Per level, one byte per bin: bit `EventKind.index` set when a mark of that kind falls in it.
        public var kinds: [[UInt8]]
        /// Per level, one byte per bin of `Extra` bits.
        public var extras: [[UInt8]]
    }

    /// The trace as stored.
    public var trace: TraceCatalog.Trace
    /// The lines the bins divide: 1 through `lines`.
    public var lines: Int
    /// Bins per level, coarsest first; a bin of level `l` holds `lines / levels[l]` lines.
    public var levels: [Int]
    /// Type lanes in order of first appearance.
    public var lanes: [Lane] = []
    /// Events that named no view (and so have no lane).
    public var unplaced = 0
    /// All findings, how many.
    public var findingCount = 0
    /// Findings per severity.
    public var severityCounts: [Severity: Int] = [:]
    /// The first findings in report order (the page lists these), each with its lane.
    public var findings: [(finding: Finding, lane: Int?)] = []
    /// Levels given up because the lanes' bins outgrew the memory budget (finest first).
    public var droppedLevels: [Int] = []

    /// The bin of 1-based `line` at a level of `bins` bins.
    @inlinable public func bin(of line: Int, bins: Int) -> Int {
        Swift.min(bins - 1, Swift.max(0, (line - 1) * bins / Swift.max(1, lines)))
    }
}
