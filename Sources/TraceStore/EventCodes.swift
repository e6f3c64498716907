import TraceModel

/// The small integers `event_rows` stores for an event's kind, origin and envelope format; the `events` view
/// turns them back into the names (version 6 in `Schema`, which spells the same table out).
///
/// A kind is stored as `EventKind.index` and a format as `EnvelopeFormat.index`: those indexes
/// are part of the schema and never change meaning.
package enum EventCodes {
    /// The kind stored as `code` (the inverse of `EventKind.index`); text for a code this binary
    /// does not know (a newer writer's kind), which no rule looks at.
    @inlinable package static func kind(code: Int) -> EventKind {
        switch code {
        case 0: .body
        case 1: .`init`
        case 2: .`deinit`
        case 3: .appear
        case 4: .disappear
        case 5: .task
        case 6: .layout
        case 8: .warning
        case 9: .hitch
        default: .text
        }
    }

    /// The code stored in `event_rows.origin` for every origin but a user pattern, whose names
    /// get their codes in `event_origins` as they first occur.
    @inlinable package static func fixedCode(of origin: Origin) -> Int? {
        switch origin {
        case .text: 0
        case .printChanges: 1
        case .lifecycle: 2
        case .structured: 3
        case .swiftUIWarning: 4
        case .lookalike: 5
        // Recorded rows get their code in `event_origins` as they first occur, as a pattern's
        // name does: a fixed code could collide with a pattern's in an existing database.
        case .pattern, .instruments: nil
        }
    }
}
