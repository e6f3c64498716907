import TraceModel

/// The writer's side of `event_contexts` and `event_origins`: the id of an envelope's repeated
/// fields (but its format, a code of its own) and of an origin, found in memory and inserted the first time the store lacks them.
///
/// Ids are looked up (or inserted) inside the writer's open transaction, and rows of those tables
/// are never deleted, so an id once known stays valid, also for another ingest writing the same
/// file: each writer finds what the other stored before inserting its own.
final class EventDictionary {
    /// An envelope's fields that repeat from line to line.
    private struct Context: Hashable {
        let process: String?
        let subsystem: String?
        let category: String?
        let level: String?

        init(_ envelope: Envelope) {
            process = envelope.process
            subsystem = envelope.subsystem
            category = envelope.category
            level = envelope.level
        }

        /// Compared field by field, without building a key: most lines repeat a recent context.
        func matches(_ envelope: Envelope) -> Bool {
            process == envelope.process && subsystem == envelope.subsystem
                && category == envelope.category && level == envelope.level
        }
    }

    /// A context and its id.
    private struct Entry {
        let context: Context
        let id: Int

        /// `id` when `envelope` has this context.
        @inline(__always) func id(matching envelope: Envelope) -> Int? {
            context.matches(envelope) ? id : nil
        }
    }

    private let database: Database
    /// The context each envelope format used last, looked at before hashing: most lines repeat
    /// the one before them in their format. Held through a pointer, read in place: a Swift
    /// array handed out copies of its entries, retaining four strings per row.
    private let lastByFormat: UnsafeMutablePointer<Entry?> = {
        let pointer = UnsafeMutablePointer<Entry?>.allocate(capacity: EnvelopeFormat.allCases.count)
        pointer.initialize(repeating: nil, count: EnvelopeFormat.allCases.count)
        return pointer
    }()
    private var contexts: [Context: Int] = [:]
    private var patterns: [String: Int] = [:]

    init(database: Database) {
        self.database = database
    }

    deinit {
        lastByFormat.deinitialize(count: EnvelopeFormat.allCases.count)
        lastByFormat.deallocate()
    }

    /// The `event_contexts` id of `envelope`'s repeated fields.
    @inline(__always) func contextID(of envelope: Envelope) throws -> Int {
        let slot = lastByFormat + envelope.format.index
        if let id = slot.pointee?.id(matching: envelope) { return id }
        let context = Context(envelope)
        let id = try contexts[context] ?? stored(context)
        contexts[context] = id
        slot.pointee = Entry(context: context, id: id)
        return id
    }

    /// The `event_origins` id of `origin`: fixed for the built-in origins, found or inserted for
    /// a user pattern's name.
    @inline(__always) func originID(of origin: Origin) throws -> Int {
        if let code = EventCodes.fixedCode(of: origin) { return code }
        let name = origin.storedValue
        if let id = patterns[name] { return id }
        try database.run("INSERT INTO event_origins (origin) VALUES (?) ON CONFLICT DO NOTHING", [name])
        guard let id = try database.scalarInt("SELECT id FROM event_origins WHERE origin = ?", [name]) else {
            preconditionFailure("event_origins lost \(name) inside the writer's transaction")
        }
        patterns[name] = id
        return id
    }

    private func stored(_ context: Context) throws -> Int {
        let values: [SQLBindable] = [context.process, context.subsystem, context.category, context.level]
        let lookup = """
            SELECT id FROM event_contexts
            WHERE process IS ? AND subsystem IS ? AND category IS ? AND level IS ? LIMIT 1
            """
        if let id = try database.scalarInt(lookup, values) { return id }
        try database.run("INSERT INTO event_contexts (process, subsystem, category, level) VALUES (?, ?, ?, ?)", values)
        return database.lastInsertRowID
    }
}
