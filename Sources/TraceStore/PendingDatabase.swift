/// A database opened when it is first asked for, and kept: an ingest starts reading and parsing
/// its input first, so opening, checking and migrating the file (and, for a new file, the syncs
/// of switching it to WAL, tens of milliseconds on a slow disk) overlap the first lines.
///
/// For one thread: the command that owns the ingest asks for it, and closes it afterwards.
public final class PendingDatabase {
    private let open: () throws -> Database
    /// The database once it has been opened; nil before, or when opening it failed.
    public private(set) var opened: Database?

    /// A database that `open` opens when first asked for.
    public init(_ open: @escaping () throws -> Database) {
        self.open = open
    }

    /// A database that is open already.
    public init(_ database: Database) {
        open = { database }
        opened = database
    }

    /// The database, opened now if it is not yet; an error opening it is thrown to every caller.
    public func database() throws -> Database {
        if let opened { return opened }
        let database = try open()
        opened = database
        return database
    }
}
