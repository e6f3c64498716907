/// The tables of an `xctrace export` that trace-analyze reads, by schema name, and the
/// columns it reads from them, by mnemonic.
///
/// Columns are found by mnemonic, never by position: Xcode versions add, drop and reorder them
/// (Xcode 27's `swiftui-updates` adds `id`, `allocations`, `description`, `category`, `thread`
/// and more to the columns Instruments 26 documents). A column that is not known is skipped.
public enum InstrumentsTable: String, CaseIterable, Sendable {
    /// View body and other updates: `swiftui-updates` (`SwiftUIFilteredUpdates` holds the same columns).
    case updates = "swiftui-updates"
    /// Layout updates: `swiftui-layout-updates`.
    case layoutUpdates = "swiftui-layout-updates"
    /// Cause & Effect edges, source node to destination node: `swiftui-causes`, `swiftui-full-causes`.
    case causes = "swiftui-causes"
    /// Frames shown late: `hitches`.
    case hitches = "hitches"
    /// The main thread blocked: `potential-hangs`.
    case hangs = "potential-hangs"
    /// Code the Hangs instrument found could hang: `hang-risks`. Its rows are counted, not read:
    /// no public export holds one to read them by.
    case hangRisks = "hang-risks"
    /// Each frame's render pass: `hitches-renders`. Counted, not read: a hitch's row already
    /// says how late its frame was.
    case renders = "hitches-renders"

    /// True for a table whose rows become events; `hang-risks` and `hitches-renders` are counted only.
    public var isRead: Bool { self != .hangRisks && self != .renders }

    /// The table a `<schema name="…">` stands for; nil for one trace-analyze does not read.
    public init?(schema name: String) {
        switch name {
        case "swiftui-updates", "SwiftUIFilteredUpdates": self = .updates
        case "swiftui-layout-updates", "SwiftUILayoutUpdates2": self = .layoutUpdates
        case "swiftui-causes", "swiftui-full-causes": self = .causes
        case "hitches": self = .hitches
        case "potential-hangs": self = .hangs
        case "hang-risks": self = .hangRisks
        case "hitches-renders": self = .renders
        default: return nil
        }
    }
}

/// A column trace-analyze reads, whatever its position.
enum InstrumentsColumn: Int, CaseIterable {
    case start, duration, nodeID, updateType, description, module, viewName, process, thread, rootCauses, severity
    case causeGraphNode, sourceNodeID, sourceNode, destinationNodeID, destinationNode, label, valueType, changedProperties
    case hangType, isSystem, display, selfDuration, cached

    /// The column a mnemonic names; nil for one not read.
    init?(mnemonic: String) {
        switch mnemonic {
        case "start", "timestamp", "time": self = .start
        case "duration": self = .duration
        case "id": self = .nodeID
        case "update-type", "type": self = .updateType
        case "description", "narrative-description": self = .description
        case "module": self = .module
        case "view-name", "view": self = .viewName
        case "process": self = .process
        case "thread": self = .thread
        case "root-causes", "root-cause", "cause": self = .rootCauses
        case "severity": self = .severity
        case "cause-graph-node", "full-cause-graph-node": self = .causeGraphNode
        case "source-node-event-id": self = .sourceNodeID
        case "source-node": self = .sourceNode
        case "destination-node-event-id": self = .destinationNodeID
        case "destination-node": self = .destinationNode
        case "label": self = .label
        case "value-type": self = .valueType
        case "changed-properties": self = .changedProperties
        case "hang-type": self = .hangType
        case "is-system": self = .isSystem
        case "display": self = .display
        case "self-duration": self = .selfDuration
        case "cached": self = .cached
        default: return nil
        }
    }
}
