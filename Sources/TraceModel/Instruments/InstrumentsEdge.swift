/// One Cause & Effect edge of a recording (`swiftui-causes`, `swiftui-full-causes`): the node
/// at `source` caused the update at `destination`, as `label` says (`@State`, `Update`, …).
///
/// Node ids are the `id` column of `swiftui-updates` (each recorded update's event id), so an
/// edge links two stored events once both are read, whatever the tables' order.
public struct InstrumentsEdge: Sendable, Equatable {
    /// The 1-based line of the edge's row in the export.
    public var line: Int
    /// The cause's node id; nil when the row names none.
    public var source: Int64?
    /// The caused update's node id.
    public var destination: Int64
    /// The edge's label: `@State`, `@Binding`, `@Environment`, `Update`, `Creation`, ….
    public var label: String?
    /// The changed value's type, when the row names it.
    public var valueType: String?
    /// The properties that changed, as the row lists them.
    public var changedProperties: String?

    /// Creates an edge.
    public init(line: Int, source: Int64?, destination: Int64, label: String?, valueType: String?, changedProperties: String?) {
        self.line = line
        self.source = source
        self.destination = destination
        self.label = label
        self.valueType = valueType
        self.changedProperties = changedProperties
    }
}
