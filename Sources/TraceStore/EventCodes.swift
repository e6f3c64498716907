import TraceModel

/// The small integers `event_rows` stores for an event's kind, origin and envelope format; the `events` view
/// turns them back into the names (version 6 in `Schema`, which spells the same table out).
package enum EventCodes {
    /// The code stored in `event_rows.kind`.
    @inlinable package static func code(of kind: EventKind) -> Int {
        switch kind {
        case .body: 0
        case .`init`: 1
        case .`deinit`: 2
        case .appear: 3
        case .disappear: 4
        case .task: 5
        case .layout: 6
        case .text: 7
        case .warning: 8
        }
    }

    /// The kind stored as `code`; text for a code this binary does not know (a newer writer's
    /// kind), which no rule looks at.
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
        default: .text
        }
    }

    /// The code stored in `event_rows.envelope`.
    @inlinable package static func code(of format: EnvelopeFormat) -> Int {
        switch format {
        case .plain: 0
        case .nslog: 1
        case .oslog: 2
        case .oslogCompact: 3
        case .syslog: 4
        case .ndjson: 5
        case .json: 6
        case .idevicesyslog: 7
        case .swiftlog: 8
        case .noise: 9
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
        case .pattern: nil
        }
    }
}
