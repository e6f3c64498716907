import Foundation
import Testing
import TraceStore

/// `check`'s temporary database: a file no one else sees, read through a second connection
/// by the text report while the first reads findings.
@Suite struct TemporaryDatabaseTests {
    @Test func itsSecondConnectionReadsWhatTheFirstStoresAfterTheFileLostItsName() throws {
        let database = try TraceDatabase.openTemporary()
        let reader = try #require(try database.openReader())
        #expect(database.path == "a temporary database")
        #expect(reader.path == "a temporary database")
        // Handed out once: the file has no name to open again.
        #expect(try database.openReader() == nil)
        // The first connection writes on after the name went (its journal is in memory), and
        // the second sees each committed change.
        for count in 1 ... 3 {
            try database.transaction {
                try database.run("INSERT INTO traces (source, ingested_at) VALUES (?, 'now')", ["log \(count)"])
            }
            #expect(try reader.scalarInt("SELECT count(*) FROM traces") == count)
        }
        #expect(throws: SQLiteError.self) { try reader.execute("DELETE FROM traces") }
    }

    @Test func aDatabaseFileOpensReadersByItsPathAnInMemoryOneHasNone() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("traces.db"))
        try database.run("INSERT INTO traces (source, ingested_at) VALUES ('a.log', 'now')")
        let first = try #require(try database.openReader())
        let second = try #require(try database.openReader())
        #expect(try first.scalarInt("SELECT count(*) FROM traces") == 1)
        #expect(try second.scalarText("SELECT source FROM traces") == "a.log")
        #expect(try Database(path: ":memory:", mode: .readWrite).openReader() == nil)
    }
}
